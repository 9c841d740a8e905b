"""Ur (docs/rules.md §4): multi-step units, ranged and melee phases, modifiers, walls.

The ruleset-module interface (``parse``, ``to_document``, ``compute``, ``summarise``) plus
what the GUI uses: ``UrRules`` (the phases, for the table-side mode), ``WallTracker`` and
``odds_by_wall_strength`` (the wall-step tracker and the what-if plot).
"""
from __future__ import annotations

from collections.abc import Callable

from ...result import BattleResult, summarise_battle
from .rules import (MeleePhase, RangedPhase, UrRules, check_spread, compute_result,
                     roll_table, spread_hits)
from .scenario import (STACKING_LIMIT, Position, Side, Unit, UrScenario, Wall, check, parse,
                    to_document)
from .data import tables
from .walls import (WallPoint, WallTracker, damage_for_strength, odds_by_wall_strength,
                    wall_strength)

__all__ = [
    "parse", "to_document", "compute", "summarise", "make_rules", "UrScenario", "Side", "Unit", "Position",
    "Wall", "UrRules", "RangedPhase", "MeleePhase", "spread_hits", "check_spread",
    "WallTracker", "WallPoint", "wall_strength", "damage_for_strength",
    "odds_by_wall_strength", "roll_table", "tables", "check", "STACKING_LIMIT",
]


def compute(payload: UrScenario, *, method: str = "exact", trials: int = 100_000,
            seed: int | None = None, cancel: Callable[[], bool] | None = None) -> BattleResult:
    """The scenario's odds (``to_json()``: the docs/scenario-format.md keys; losses in steps)."""
    return compute_result(payload, method=method, trials=trials, seed=seed, cancel=cancel)


def make_rules(payload: UrScenario) -> UrRules:
    """The battle rules of a scenario (the table-side mode drives their phases)."""
    return UrRules(payload)


def summarise(result: BattleResult, title: str | None = None) -> str:
    """The CLI's human summary: the shared battle figures plus how each unit rolls."""
    lines = [summarise_battle(result, title)]
    wall = result.extra.get("wall_strength")
    if wall:
        lines.append(f"  wall strength: {wall}")
    start = result.extra.get("start_steps")
    if start:
        lines[0] = lines[0].replace("expected losses:", "expected steps lost:")
        lines.append(f"  steps at the start: attacker {start[0]}, defender {start[1]}")
    for row in result.extra.get("rolls", []):
        faces = row["hits_per_face"]
        hitting = [f for f, h in enumerate(faces, start=1) if h]
        rng = (f"{hitting[0]}-{hitting[-1]}" if len(hitting) > 1 else str(hitting[0])
               ) if hitting else "never"
        lines.append(f"  {row['phase']:<6} {row['side']} {row['type']} #{row['unit'] + 1}: "
                     f"{row['why']} = {row['value']:+d}; hits on {rng} "
                     f"(per face {''.join(map(str, faces))})")
    return "\n".join(lines)
