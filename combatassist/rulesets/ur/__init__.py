"""Ur (docs/rules.md §4): multi-step units, ranged and melee phases, modifiers, walls.

The ruleset-module interface (``parse``, ``to_document``, ``compute``, ``summarise``) plus
what the GUI uses: ``UrRules`` (the phases, for the table-side mode), ``WallTracker`` and
``odds_by_wall_strength`` (the wall-step tracker and the what-if plot).
"""
from __future__ import annotations

from collections.abc import Callable

from ...result import BattleResult
from .rules import (MeleePhase, RangedPhase, UrRules, check_spread, compute_result,
                     roll_table, spread_hits)
from .scenario import (STACKING_LIMIT, Position, Side, Unit, UrScenario, Wall, check, parse,
                    to_document)
from .data import tables
from .summary import summarise
from .walls import WallTracker, damage_for_strength, wall_strength
from .what_if import WallPoint, odds_by_wall_strength

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
