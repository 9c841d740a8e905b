"""Medium Luck (docs/rules.md §1): colour bands, boosts, exact battles, table-side help.

The ruleset interface (see ``combatassist.rulesets``): ``parse``, ``to_document``,
``compute``, ``summarise``. The pieces: ``chart`` (the colour chart as data), ``bands`` (boost
minimax and exact band tables, cached), ``battle`` (the battle rules and table-side
resolution), ``advisor`` (search for good assignments).
"""
from __future__ import annotations

from collections.abc import Callable

from ...errors import ScenarioError
from ...result import BattleResult, battle_result
from ...scenario import Scenario
from ...solver import simulate, solve
from .bands import BAND_TABLES
from .rules import MediumLuckRules, MediumLuckSetup, SideSetup
from .chart import default_chart
from .scenario import parse, to_document
from .summary import summarise

__all__ = ["parse", "to_document", "compute", "summarise", "make_rules", "default_scenario",
           "MediumLuckSetup", "SideSetup", "MediumLuckRules", "default_chart"]

def compute(setup: MediumLuckSetup, *, method: str = "exact", trials: int = 100_000,
            seed: int | None = None, cancel: Callable[[], bool] | None = None) -> BattleResult:
    """Odds of the battle: exact (absorbing chain over band tables) or seeded simulation."""
    rules = MediumLuckRules(setup)
    try:
        if method == "exact":
            outcome = solve(rules, max_rounds=setup.max_rounds, cancel=cancel)
        elif method == "simulate":
            outcome = simulate(rules, trials, seed, max_rounds=setup.max_rounds, cancel=cancel)
        else:
            raise ScenarioError(f"unknown method '{method}'", hint="exact or simulate")
    finally:
        BAND_TABLES.flush()
    result = battle_result("mediumluck", rules, outcome)
    result.extra["slots"] = {"attacker": rules.models[0].names, "defender": rules.models[1].names}
    return result


def make_rules(setup: MediumLuckSetup) -> MediumLuckRules:
    """The battle rules of a scenario (table-side mode: ``rules.table_band``, ``play_round``)."""
    return MediumLuckRules(setup)


def default_scenario() -> Scenario:
    """The seed's worked example (played before the defender's extra white die)."""
    attacker = SideSetup(bands={"red": {"roll": {"tank": 3}, "boost": {"mech_infantry": 1}},
                                "white": {"roll": {"infantry": 6},
                                          "boost": {"artillery": 2, "fighter": 3}}})
    defender = SideSetup(bands={"red": {"roll": {"tank": 2}},
                                "white": {"roll": {"infantry": 5}, "boost": {"artillery": 2}}})
    return Scenario("mediumluck", MediumLuckSetup(default_chart(), attacker, defender,
                                                  defender_extra_white=False),
                    title="Worked example from the designer")
