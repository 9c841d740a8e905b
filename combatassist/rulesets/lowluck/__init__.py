"""Low Luck A&A (docs/rules.md §2): battles, strategic bombing and low-luck tech research.

The ruleset-module interface (see ``combatassist.rulesets``): parse, to_document, compute,
summarise; plus ``make_rules`` for the table-side mode and the ``sbr`` / ``tech`` modules.
"""
from __future__ import annotations

from typing import Any

from ...result import BattleResult, battle_result
from ...scenario import Scenario
from ...solver import simulate, solve
from . import grid
from .rules import (BATTLE_KINDS, DICE_MODES, LowLuckOptions, LowLuckRules, LowLuckScenario,
                     LowLuckSide, default_order, make_rules)
from .data import BATTLE_TECHS, UnitType, units
from .scenario import MAX_PER_SIDE, MAX_PER_TYPE, MAX_ROUNDS, parse, to_document
from .summary import summarise

__all__ = ["LowLuckOptions", "LowLuckRules", "LowLuckScenario", "LowLuckSide", "UNITS",
           "BATTLE_TECHS", "UnitType", "compute", "default_order", "default_scenario",
           "make_rules", "parse", "summarise", "to_document"]

NAME = "lowluck"
UNITS: dict[str, UnitType] = units()
def compute(payload: LowLuckScenario, *, method: str = "exact", trials: int = 100_000,
            seed: int | None = None, cancel=None) -> BattleResult:
    """Odds of the battle: exact (absorbing chain) or a seeded simulation of the same rules."""
    rules = make_rules(payload)
    opts = payload.options
    retreats = opts.retreat_after > 0 and (opts.max_rounds == 0 or
                                           opts.retreat_after <= opts.max_rounds)
    max_rounds = opts.retreat_after if retreats else opts.max_rounds
    if method == "simulate":
        outcome = simulate(rules, trials, seed, max_rounds=max_rounds, cancel=cancel)
    elif rules.standard and grid.applicable(rules):
        # Ordinary dice spread each round over dozens of hit counts per side: the vectorised
        # grid is ~40x faster there (low luck's two-point rounds are faster generically).
        outcome = grid.solve_grid(rules, max_rounds=max_rounds, cancel=cancel)
    else:
        outcome = solve(rules, max_rounds=max_rounds, cancel=cancel)
    result = battle_result(NAME, rules, outcome)
    if retreats:
        # The battle still on after the retreat round: the attacker withdraws, the defender
        # holds. Losses stay what they were when it withdrew.
        result.defender_wins += result.undecided
        result.undecided = 0.0
    return result


def default_scenario() -> Scenario:
    """The seed's Finland example: what a new Low Luck view starts with."""
    return Scenario(NAME, LowLuckScenario(
        attacker=LowLuckSide(units={"infantry": 3, "armor": 3, "fighter": 1}),
        defender=LowLuckSide(units={"infantry": 3, "armor": 1, "fighter": 1})),
        title="Finland, Russia turn 1")
