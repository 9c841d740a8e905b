"""Low Luck A&A (docs/rules.md §2): battles, strategic bombing and low-luck tech research.

``RULESET`` is the ruleset (``combatassist.ruleset``). The pieces: ``data`` (the unit and tech
tables of ``resources/lowluck/``), ``scenario`` (parse, to_document), ``rules`` (the battle's
phases), ``grid`` (a vectorised exact solver for ordinary dice), ``sbr`` and ``tech`` (the
bombing-raid and research calculators, CLI ``sbr`` and ``tech`` in ``cli``), ``summary``.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...result import BattleResult
from ...ruleset import Ruleset, compute as _compute
from ...scenario import Scenario
from . import cli, grid, scenario, summary
from .data import BATTLE_TECHS, UnitType, battle_kinds, fights_in, units
from .rules import (BATTLE_KINDS, DICE_MODES, LowLuckOptions, LowLuckRules, LowLuckScenario,
                    LowLuckSide, default_order, make_rules)
from .scenario import MAX_PER_SIDE, MAX_PER_TYPE, MAX_ROUNDS, parse, to_document
from .summary import summarise

__all__ = ["BATTLE_KINDS", "BATTLE_TECHS", "DICE_MODES", "LowLuckOptions", "LowLuckRules",
           "LowLuckScenario", "LowLuckSide", "MAX_PER_SIDE", "MAX_PER_TYPE", "MAX_ROUNDS",
           "RULESET", "UNITS", "UnitType", "battle_kinds", "compute", "default_order",
           "default_scenario", "fights_in",
           "make_rules", "parse", "summarise", "to_document"]

NAME = "lowluck"
UNITS: dict[str, UnitType] = units()


def _retreat_round(options: LowLuckOptions) -> int:
    """The round after which the attacker retreats (0: never, or not before max_rounds)."""
    retreats = options.retreat_after > 0 and (options.max_rounds == 0 or
                                              options.retreat_after <= options.max_rounds)
    return options.retreat_after if retreats else 0


class LowLuck(Ruleset):
    """Low Luck battles; the ``tech`` and ``sbr`` commands."""

    name = NAME
    title = "Low Luck"
    kind = "battle"
    commands = cli.COMMANDS

    def parse(self, reader) -> LowLuckScenario:
        return scenario.parse(reader)

    def to_document(self, payload: LowLuckScenario) -> dict[str, Any]:
        return scenario.to_document(payload)

    def make_rules(self, payload: LowLuckScenario) -> LowLuckRules:
        return make_rules(payload)

    def max_rounds(self, payload: LowLuckScenario) -> int:
        return _retreat_round(payload.options) or payload.options.max_rounds

    def exact(self, payload: LowLuckScenario, *, cancel: Callable[[], bool] | None = None
              ) -> BattleResult:
        rules = self.make_rules(payload)
        if rules.standard and grid.applicable(rules):
            # Ordinary dice spread each round over dozens of hit counts per side: the
            # vectorised grid is ~40x faster there (low luck's two-point rounds are faster
            # generically).
            outcome = grid.solve_grid(rules, max_rounds=self.max_rounds(payload), cancel=cancel)
            return self.battle_result(payload, rules, outcome)
        return super().exact(payload, cancel=cancel)

    def battle_result(self, payload: LowLuckScenario, rules, outcome) -> BattleResult:
        result = super().battle_result(payload, rules, outcome)
        if _retreat_round(payload.options):
            # The battle still on after the retreat round: the attacker withdraws, the
            # defender holds. Losses stay what they were when it withdrew.
            result.defender_wins += result.undecided
            result.undecided = 0.0
        return result

    def summarise(self, result: BattleResult, title: str | None = None) -> str:
        return summary.summarise(result, title)

    def help_values(self) -> dict[str, Any]:
        return summary.help_values()


RULESET = LowLuck()


def compute(payload: LowLuckScenario, *, method: str = "exact", trials: int = 100_000,
            seed: int | None = None, cancel: Callable[[], bool] | None = None) -> BattleResult:
    """``combatassist.ruleset.compute`` for Low Luck (kept for callers of the module)."""
    return _compute(RULESET, payload, method=method, trials=trials, seed=seed, cancel=cancel)


def default_scenario() -> Scenario:
    """The seed's Finland example (``resources/lowluck/default.toml``)."""
    return RULESET.default_scenario()
