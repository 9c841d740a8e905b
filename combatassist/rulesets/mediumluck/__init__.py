"""Medium Luck (docs/rules.md §1): colour bands, boosts, exact battles, table-side help.

``RULESET`` is the ruleset (``combatassist.ruleset``). The pieces: ``chart`` (the colour chart
as data), ``data`` (the default chart and the charts scenarios name), ``scenario`` (parse,
to_document), ``bands`` (boost minimax and exact band tables, cached), ``rules`` (the battle's
band phases and the table-side resolution), ``choices`` (casualties in the players' words),
``advisor`` (search for good assignments), ``summary``.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...result import BattleResult
from ...ruleset import Ruleset, compute as _compute
from ...scenario import Scenario
from . import choices, scenario, summary
from .bands import BAND_TABLES
from .chart import default_chart
from .rules import MediumLuckRules, MediumLuckSetup, SideSetup, format_casualties
from .scenario import parse, to_document
from .summary import summarise

__all__ = ["MediumLuckRules", "MediumLuckSetup", "RULESET", "SideSetup", "compute",
           "default_chart", "default_scenario", "make_rules", "parse", "summarise",
           "to_document"]


class MediumLuck(Ruleset):
    """Medium Luck battles (colour bands)."""

    name = "mediumluck"
    title = "Medium Luck"
    kind = "battle"

    def parse(self, reader) -> MediumLuckSetup:
        return scenario.parse(reader)

    def to_document(self, payload: MediumLuckSetup) -> dict[str, Any]:
        return scenario.to_document(payload)

    def make_rules(self, payload: MediumLuckSetup) -> MediumLuckRules:
        """The battle rules (table-side mode: ``rules.table_band``, ``play_round``)."""
        return MediumLuckRules(payload)

    def exact(self, payload: MediumLuckSetup, *, cancel: Callable[[], bool] | None = None
              ) -> BattleResult:
        try:
            return super().exact(payload, cancel=cancel)
        finally:
            BAND_TABLES.flush()      # keep the band tables computed for the next time

    def simulate(self, payload: MediumLuckSetup, *, trials: int = 100_000,
                 seed: int | None = None, cancel: Callable[[], bool] | None = None
                 ) -> BattleResult:
        try:
            return super().simulate(payload, trials=trials, seed=seed, cancel=cancel)
        finally:
            BAND_TABLES.flush()

    def battle_result(self, payload: MediumLuckSetup, rules: MediumLuckRules, outcome
                      ) -> BattleResult:
        result = super().battle_result(payload, rules, outcome)
        result.extra["slots"] = {"attacker": rules.models[0].names,
                                 "defender": rules.models[1].names}
        return result

    def summarise(self, result: BattleResult, title: str | None = None) -> str:
        return summary.summarise(result, title)

    def format_choice(self, choice: Any) -> str:
        return format_casualties(choice)

    def parse_choice(self, text: str, proposal: Any, *, rules=None) -> Any:
        known = None
        if isinstance(rules, MediumLuckRules):
            known = {side: rules.models[s].names for s, side in enumerate(("attacker",
                                                                             "defender"))}
        return choices.parse_casualties(text, proposal, known)


RULESET = MediumLuck()


def compute(setup: MediumLuckSetup, *, method: str = "exact", trials: int = 100_000,
            seed: int | None = None, cancel: Callable[[], bool] | None = None) -> BattleResult:
    """``combatassist.ruleset.compute`` for Medium Luck (kept for callers of the module)."""
    return _compute(RULESET, setup, method=method, trials=trials, seed=seed, cancel=cancel)


def make_rules(setup: MediumLuckSetup) -> MediumLuckRules:
    """The battle rules of a scenario (table-side mode: ``rules.table_band``, ``play_round``)."""
    return MediumLuckRules(setup)


def default_scenario() -> Scenario:
    """The designer's worked example (``resources/mediumluck/default.toml``)."""
    return RULESET.default_scenario()
