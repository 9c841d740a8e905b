"""Low Luck A&A (docs/rules.md §2): battles, strategic bombing and low-luck tech research.

``RULESET`` is the ruleset (``combatassist.ruleset``). The pieces: ``edition`` (an edition's
units and rules, ``resources/lowluck/editions/``), ``dice`` (low luck and ordinary dice),
``data`` (the SBR and research tables of ``resources/lowluck/``), ``scenario`` (parse,
to_document), ``rules`` (the scenario) and ``later`` (every edition's battle, its steps read
from the edition's data: its ``later_phases``, ``casualties`` and ``hits``), ``solvers`` (the exact solvers' table: ``plain_rounds_grid``,
``first_strike_grid``, ``surprise_strike_grid``, each vectorised for the battles it names,
the general solver for the rest; ``chains``, ``subbattles`` and ``grid_values``, their
pieces), ``sbr`` and ``tech`` (the bombing-raid and research calculators, CLI ``sbr`` and
``tech`` in ``cli``), ``summary``.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ...result import BATTLE_KEYS, BattleResult
from ...ruleset import FIGURE_KEYS, Ruleset, compute as _compute
from ...scenario import Scenario
from . import attack, cli, scenario, solvers, summary
from .outcomes import outcome_and_words, outcome_of, policy_outcome
from .withdrawals import defender_hits, forced_rule, only_air_rule, retreat_options
from .data import read_tables, tables
from .dice import DICE_MODES
from .edition import (BATTLE_KINDS, SHIPPED, Edition, UnitType, classic, read_edition,
                      shipped)
from .later import LaterRules
from .rules import LowLuckOptions, LowLuckScenario, LowLuckSide, default_order, make_rules
from .scenario import MAX_PER_SIDE, MAX_PER_TYPE, MAX_ROUNDS, parse, to_document
from .summary import summarise

__all__ = ["BATTLE_KINDS", "DICE_MODES", "Edition", "LaterRules", "LowLuckOptions",
           "LowLuckScenario", "LowLuckSide", "MAX_PER_SIDE", "MAX_PER_TYPE", "MAX_ROUNDS",
           "RULESET", "SHIPPED", "UnitType", "classic", "compute", "default_order",
           "default_scenario", "make_rules", "parse", "shipped", "summarise", "to_document"]

NAME = "lowluck"


class LowLuck(Ruleset):
    """Low Luck battles; the ``tech`` and ``sbr`` commands."""

    name = NAME
    title = "Low Luck"
    kind = "battle"
    order = 10
    commands = cli.COMMANDS
    json_keys = ("ruleset",) + BATTLE_KEYS + FIGURE_KEYS
    data_files = {"tables.toml": read_tables,
                  **{f"editions/{name}.toml": functools.partial(read_edition, name=name)
                     for name in SHIPPED}}

    def label_ids(self) -> dict[str, tuple[str, ...]]:
        research = tuple(t for b in tables().research.values() for t in b.techs)
        editions = [shipped(name) for name in SHIPPED]
        units = tuple(dict.fromkeys(uid for e in editions for uid in e.ids))
        techs = tuple(tech for e in editions for tech in e.tech_effects)
        return {"units": units, "techs": tuple(dict.fromkeys(techs + research)),
                "dice": DICE_MODES, "battles": BATTLE_KINDS, "editions": SHIPPED}

    def data_terms(self) -> tuple[str, ...]:
        """The unit ids of every shipped edition (``casualties.unit_name``)."""
        return tuple(dict.fromkeys(u for name in SHIPPED for u in shipped(name).ids))

    def parse(self, reader) -> LowLuckScenario:
        return scenario.parse(reader)

    def to_document(self, payload: LowLuckScenario) -> dict[str, Any]:
        return scenario.to_document(payload)

    def make_rules(self, payload: LowLuckScenario) -> LaterRules:
        return make_rules(payload)

    def exact(self, payload: LowLuckScenario, *, cancel: Callable[[], bool] | None = None
              ) -> BattleResult:
        """Exact odds under the retreat rules (the grid solver for ordinary dice) or policy;
        an attack in waves or with a counter-attack by ``attack``."""
        return attack.answer(self, payload, outcome_and_words, cancel=cancel)

    def simulate(self, payload: LowLuckScenario, *, trials: int = 100_000,
                 seed: int | None = None, cancel: Callable[[], bool] | None = None
                 ) -> BattleResult:
        return attack.answer(self, payload, outcome_and_words, method="simulate",
                             trials=trials, seed=seed, cancel=cancel)

    def table_odds(self, rules: LaterRules, state, *, band: int, generic,  # type: ignore[override]
                   cancel: Callable[[], bool] | None = None) -> BattleResult:
        """The table's odds from ``state`` (before phase ``band`` of its round) by the first
        of ``solvers.SOLVERS`` that answers from there — the rest of the round and the rounds
        after it as ``exact`` solves them (the general solver took seconds for 50-60 units a
        side or a 20 v 20 fleet, and refused battles with AA guns past ~50) —, else the rules'
        own (``generic``)."""
        question = solvers.Question(start=state, band=band)
        solver = solvers.pick(rules, question)
        if solver is None:
            return generic()
        return self.battle_result(rules.scenario, rules,
                                  solver.solve(rules, question, cancel=cancel))

    def summarise(self, result: BattleResult, title: str | None = None) -> str:
        return summary.summarise(result, title)

    def help_values(self, language: str = "en") -> dict[str, Any]:
        return summary.help_values(self.help_words(language))


RULESET = LowLuck()


def compute(payload: LowLuckScenario, *, method: str = "exact", trials: int = 100_000,
            seed: int | None = None, cancel: Callable[[], bool] | None = None) -> BattleResult:
    """``combatassist.ruleset.compute`` for Low Luck (kept for callers of the module)."""
    return _compute(RULESET, payload, method=method, trials=trials, seed=seed, cancel=cancel)


def default_scenario() -> Scenario:
    """The seed's Finland example (``resources/lowluck/default.toml``)."""
    return RULESET.default_scenario()
