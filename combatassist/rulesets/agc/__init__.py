"""Alternate Ground Combat (docs/rules.md §3, seed 001): one combat resolution.

``data`` (the tables of ``resources/agc/``), ``scenario`` (the question: terrain, sides,
options; parse, to_document), ``lineup`` (every unit's die and modifier), ``rules`` (the shared
resolution code and the table's real dice), ``odds`` (exact and simulated), ``rounds`` (the
combat as a one-round battle: the table side), ``forces`` (random forces), ``summary``.
``RULESET`` is the ruleset (``combatassist.ruleset``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...result import BattleResult
from ...ruleset import Ruleset, compute as _compute
from ...scenario import Scenario
from .data import BASE_TYPES, agc_data, read_tables, dice, margin_bands, terrains, unit_types
from .forces import composition_distribution, force_from_rolls, generate_force
from .lineup import (Lineup, SideLineup, UnitRoll, _side_lineup, default_engineer_type, lineup,
                     unit_mean)
from .odds import exact, simulate
from .rules import (FIRST, SECOND, TIE, ContestResolution, TableResolution, classify,
                    dice_to_roll, resolve_table)
from .scenario import MAX_UNITS_PER_SIDE, SIDES, AgcScenario, AgcSide, parse, to_document, validate
from .rounds import AgcRules
from .summary import help_values, summarise

__all__ = [
    "agc_data", "AgcRules", "AgcScenario", "AgcSide", "BASE_TYPES", "classify",
    "composition_distribution", "compute", "ContestResolution", "default_engineer_type",
    "default_scenario", "dice", "dice_to_roll", "exact", "FIRST", "force_from_rolls",
    "generate_force", "Lineup", "lineup", "margin_bands", "MAX_UNITS_PER_SIDE", "parse",
    "resolve_table", "RULESET", "SECOND", "SideLineup", "SIDES", "simulate", "summarise",
    "TableResolution", "terrains", "TIE", "to_document", "unit_mean", "unit_types", "UnitRoll",
    "validate",
]
class Agc(Ruleset):
    """AGC: one combat resolution per question (kind "resolution")."""

    name = "agc"
    title = "Alternate Ground Combat"
    kind = "resolution"
    order = 30
    data_files = {"tables.toml": read_tables}
    #: one resolution: there is no next round to retreat before
    retreat_sides = ()

    def parse(self, reader) -> AgcScenario:
        return parse(reader)

    def to_document(self, payload: AgcScenario) -> dict[str, Any]:
        return to_document(payload)

    def make_rules(self, payload: AgcScenario) -> AgcRules:
        """The combat as a one-round battle (the table side)."""
        return AgcRules(payload)

    def exact(self, payload: AgcScenario, *, cancel: Callable[[], bool] | None = None
              ) -> BattleResult:
        return exact(payload, cancel)

    def table_odds(self, rules: AgcRules, state: Any, *, band: int,  # type: ignore[override]
                   generic: Callable[[], BattleResult],
                   cancel: Callable[[], bool] | None = None) -> BattleResult:
        """Before the unit dice (the set-up itself) the odds are ``exact``'s: the rules roll
        every unit's dice in one phase, far too many rolls for the generic solver to
        enumerate (the shipped example has 5.7e10). Once they are entered, the damage dice
        left are few: the rest is pushed through exactly (``generic``)."""
        if band == 0 and state == rules.initial_state():
            return self.exact(rules.payload, cancel=cancel)
        return generic()

    def simulate(self, payload: AgcScenario, *, trials: int = 100_000, seed: int | None = None,
                 cancel: Callable[[], bool] | None = None) -> BattleResult:
        return simulate(payload, trials, seed, cancel)

    def summarise(self, result: BattleResult, title: str | None = None) -> str:
        return summarise(result, title)

    def label_ids(self) -> dict[str, tuple[str, ...]]:
        return {"short_units": BASE_TYPES}

    def data_terms(self) -> list[str]:
        """Terrains, units (their names in lower case and their ids in words), bands."""
        data = agc_data()
        return [*data.terrain_names.values(), *(n.lower() for n in data.unit_names.values()),
                *(u.replace("_", " ") for u in data.unit_names), *(b.name for b in data.bands)]

    def labels_from_tables(self) -> dict[str, dict[str, str]]:
        """units and terrain, from the tables (which name them)."""
        data = agc_data()
        return {"units": dict(data.unit_names), "terrain": dict(data.terrain_names)}

    def help_values(self, language: str = "en") -> dict[str, Any]:
        return help_values(self.help_words(language))


RULESET = Agc()


def compute(payload: AgcScenario, *, method: str = "exact", trials: int = 100_000,
            seed: int | None = None, cancel: Callable[[], bool] | None = None) -> BattleResult:
    """``combatassist.ruleset.compute`` for AGC (kept for callers of the module)."""
    return _compute(RULESET, payload, method=method, trials=trials, seed=seed, cancel=cancel)


def default_scenario() -> Scenario:
    """Combined arms into forest (``resources/agc/default.toml``)."""
    return RULESET.default_scenario()
