"""Ur (docs/rules.md §4): multi-step units, ranged and melee phases, modifiers, walls.

``RULESET`` is the ruleset (``combatassist.ruleset``). The pieces: ``data`` (the tables of
``resources/ur/``), ``scenario`` (parse, to_document, checks), ``rules`` (the battle: a
round's modifiers, end and exact distribution), ``phases`` (ranged and melee), ``hits`` (the
hit spreading), ``walls`` (wall strength and the wall-step tracker), ``what_if`` (odds at
every wall strength, for the plot), ``choices`` (hits in the players' words), ``summary``.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...result import BattleResult
from ...ruleset import Ruleset, compute as _compute
from ...scenario import Scenario
from .choices import format_ur_choice, parse_ur_choice
from .hits import check_spread, spread_hits
from .phases import MeleePhase, RangedPhase
from .rules import UrRules, roll_table, with_extras
from .scenario import (STACKING_LIMIT, STANCES, Position, Side, Unit, UrScenario, Wall, check, parse,
                    to_document)
from .data import TERRAINS, read_tables, tables
from .summary import summarise
from .walls import WallTracker, damage_for_strength, wall_strength
from .what_if import WallPoint, odds_by_wall_strength

__all__ = [
    "RULESET", "parse", "to_document", "compute", "default_scenario", "summarise", "make_rules", "UrScenario", "Side", "Unit", "Position",
    "Wall", "UrRules", "RangedPhase", "MeleePhase", "spread_hits", "check_spread",
    "WallTracker", "WallPoint", "wall_strength", "damage_for_strength",
    "odds_by_wall_strength", "roll_table", "tables", "check", "STACKING_LIMIT",
]


class Ur(Ruleset):
    """Ur battles: multi-step units, ranged and melee phases, walls."""

    name = "ur"
    title = "Ur"
    kind = "battle"
    order = 40
    data_files = {"tables.toml": read_tables}
    #: docs/rules.md §4: either side may break off a battle
    retreat_sides = ("attacker", "defender")

    def labels_from_tables(self) -> dict[str, dict[str, str]]:
        """units and walls, from the tables (which name them)."""
        t = tables()
        return {"units": {u.id: u.name for u in t.units.values()},
                "walls": {w.id: w.name for w in t.walls.values()}}

    def label_ids(self) -> dict[str, tuple[str, ...]]:
        return {"terrain": TERRAINS, "stances": STANCES}

    def data_terms(self) -> list[str]:
        """The units' names and the terrains."""
        return [*(u.name for u in tables().units.values()), *TERRAINS]

    def parse(self, reader) -> UrScenario:
        return parse(reader)

    def to_document(self, payload: UrScenario) -> dict[str, Any]:
        return to_document(payload)

    def make_rules(self, payload: UrScenario) -> UrRules:
        """The battle rules (the table-side mode drives their phases)."""
        return UrRules(payload)

    def battle_result(self, payload: UrScenario, rules: UrRules,  # type: ignore[override]
                      outcome) -> BattleResult:
        return with_extras(super().battle_result(payload, rules, outcome), rules)

    def summarise(self, result: BattleResult, title: str | None = None) -> str:
        return summarise(result, title)

    def format_choice(self, choice: Any) -> str:
        return format_ur_choice(choice)

    def parse_choice(self, text: str, proposal: Any, *, rules=None) -> Any:
        return parse_ur_choice(text, proposal)


RULESET = Ur()


def compute(payload: UrScenario, *, method: str = "exact", trials: int = 100_000,
            seed: int | None = None, cancel: Callable[[], bool] | None = None) -> BattleResult:
    """``combatassist.ruleset.compute`` for Ur (``to_json()``: the docs/scenario-format.md keys;
    losses in steps)."""
    return _compute(RULESET, payload, method=method, trials=trials, seed=seed, cancel=cancel)


def make_rules(payload: UrScenario) -> UrRules:
    """The battle rules of a scenario (the table-side mode drives their phases)."""
    return UrRules(payload)


def default_scenario() -> Scenario:
    """Storming a battered outer wall (``resources/ur/default.toml``)."""
    return RULESET.default_scenario()
