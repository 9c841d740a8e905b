"""Medium Luck (docs/rules.md §1): colour bands, boosts, exact battles, table-side help.

``RULESET`` is the ruleset (``combatassist.ruleset``). The pieces: ``chart`` (the colour chart
as data), ``data`` (the default chart and the charts scenarios name), ``setups`` (the
payload), ``scenario`` (parse, to_document), ``bands`` (boost minimax and exact band tables,
cached), ``slots`` (slots, the side model, the heuristic casualty picks), ``phase`` (one band
as a phase), ``rules`` (the battle and the table-side resolution), ``policy``, ``positions``
(optimal play), ``heuristic`` and ``forward`` (the grids and the exact forward pass),
``choices`` (casualties in the players' words), ``batch`` and ``advisor`` (search for good
assignments), ``explain``, ``summary``.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...result import BATTLE_KEYS, BattleResult
from ...ruleset import FIGURE_KEYS, Ruleset, compute as _compute
from ... import limits
from ...retreat import RetreatOptions, run_battle  # noqa: F401 (run_battle: benchmarks)
from ...solver import estimate_work
from ...scenario import Scenario
from . import choices, cli, scenario, summary
from .bands import check_band_start
from .chart import BATTLE_KINDS, default_chart, read_chart
from .rules import MediumLuckRules, MediumLuckSetup, SideSetup, format_casualties
from .scenario import MAX_COUNT, MAX_UNITS_PER_SIDE, parse, to_document
from .summary import summarise
from .explain import lost_first
from .forward import outcome as grid_outcome
from .heuristic import HeuristicGrid, grid_work_estimate
from .policy import choose_policy
from .positions import PositionValues, optimal_values

__all__ = ["MAX_COUNT", "MAX_UNITS_PER_SIDE", "MediumLuckRules", "MediumLuckSetup", "RULESET", "SideSetup", "compute",
           "default_chart", "default_scenario", "make_rules", "parse", "summarise",
           "to_document"]


class MediumLuck(Ruleset):
    """Medium Luck battles (colour bands)."""

    name = "mediumluck"
    title = "Medium Luck"
    kind = "battle"
    order = 20
    json_keys = ("ruleset",) + BATTLE_KEYS + FIGURE_KEYS
    commands = cli.COMMANDS
    data_files = {"default_chart.toml": read_chart}

    def label_ids(self) -> dict[str, tuple[str, ...]]:
        """The shipped chart's units and bands (a house chart's own show their ids)."""
        chart = default_chart()
        return {"units": tuple(chart.units), "bands": chart.band_names,
                "battles": BATTLE_KINDS}

    def data_terms(self) -> list[str]:
        """The shipped chart's bands, units (as ids and in words) and boost kinds."""
        chart = default_chart()
        return [*chart.band_names, *chart.units, *(u.replace("_", " ") for u in chart.units),
                *(kind for band in chart.bands for kind in band.boost.values())]

    def parse(self, reader) -> MediumLuckSetup:
        return scenario.parse(reader)

    def to_document(self, payload: MediumLuckSetup) -> dict[str, Any]:
        return scenario.to_document(payload)

    def make_rules(self, payload: MediumLuckSetup) -> MediumLuckRules:
        """The battle rules (table-side mode: ``rules.table_band``, ``play_round``)."""
        return MediumLuckRules(payload)

    def exact(self, payload: MediumLuckSetup, *, cancel: Callable[[], bool] | None = None
              ) -> BattleResult:
        """Exact odds (absorbing chain over band tables) under the retreat rules."""
        return self._run(payload, "exact", cancel=cancel)

    def simulate(self, payload: MediumLuckSetup, *, trials: int = 100_000,
                 seed: int | None = None, cancel: Callable[[], bool] | None = None
                 ) -> BattleResult:
        return self._run(payload, "simulate", trials=trials, seed=seed, cancel=cancel)

    def _run(self, payload: MediumLuckSetup, method: str, *,
             cancel: Callable[[], bool] | None = None, **kwargs) -> BattleResult:
        rules = self.make_rules(payload)
        policy, why = choose_policy(payload, rules)
        retreat = retreat_options(payload)
        for phase in rules.phases(rules.start):     # d12 tables: refused at once if too big
            check_band_start(phase.config(rules.start), payload.die)
        on_grid = method == "exact" and policy == "heuristic" and not payload.max_rounds \
            and retreat == RetreatOptions()
        # refuse at once what the solver used can't do within the limits: the optimal grid
        # is bounded by its positions (choose_policy), the heuristic grid by its cells x
        # outcomes, the chain solver (retreat rules, max_rounds) by its transitions
        if on_grid:
            limits.check_exact(grid_work_estimate(rules), limits.MAX_BAND_GRID_WORK,
                               "grid cells x outcomes")
        elif method == "exact" and policy == "heuristic":
            limits.check_exact(estimate_work(rules, rules.initial_state()))
        try:
            values = None
            if policy == "optimal":
                values = PositionValues(rules, cancel=cancel)
                rules.use_optimal(values)
            if method == "exact" and values is not None:
                outcome = grid_outcome(values)
            elif on_grid:
                outcome = grid_outcome(HeuristicGrid(rules))
            else:
                outcome = run_battle(rules, retreat, rules.attacker_units,
                                     max_rounds=payload.max_rounds, method=method,
                                     cancel=cancel, **kwargs)
        finally:
            rules.tables.flush()     # keep the band tables computed for the next time
        result = self.battle_result(payload, rules, outcome)
        result.extra["casualties"] = policy
        result.extra["casualties_why"] = why
        result.extra["lost_first"] = lost_first(payload)
        return result

    def battle_result(self, payload: MediumLuckSetup, rules: MediumLuckRules,  # type: ignore[override]
                      outcome
                      ) -> BattleResult:
        result = super().battle_result(payload, rules, outcome)
        result.extra["slots"] = {"attacker": rules.models[0].names,
                                 "defender": rules.models[1].names}
        return result

    def summarise(self, result: BattleResult, title: str | None = None) -> str:
        return summary.summarise(result, title)

    def table_odds(self, rules: MediumLuckRules, state, *, band: int,  # type: ignore[override]
                   generic: Callable[[], BattleResult],
                   cancel: Callable[[], bool] | None = None) -> BattleResult:
        """The table's odds under the casualty policy ``exact`` uses for this battle
        (``choose_policy``): optimal play from the grid of every position, else the
        heuristic the rules follow; the result's extras name the policy and why."""
        policy, why = choose_policy(rules.setup, rules)
        if policy == "optimal":
            values = optimal_values(rules, cancel)
            result = self.battle_result(rules.setup, rules, grid_outcome(
                values, start=values.flat(state), band=band))
        else:
            result = generic()
        result.extra["casualties"] = policy
        result.extra["casualties_why"] = why
        return result

    def format_choice(self, choice: Any) -> str:
        return format_casualties(choice)

    def parse_choice(self, text: str, proposal: Any, *, rules=None) -> Any:
        known = None
        if isinstance(rules, MediumLuckRules):
            known = {side: rules.models[s].names for s, side in enumerate(("attacker",
                                                                             "defender"))}
        return choices.parse_casualties(text, proposal, known)


RULESET = MediumLuck()


def retreat_options(setup: MediumLuckSetup) -> RetreatOptions:
    return RetreatOptions(setup.retreat_after, setup.retreat_when_units, setup.retreat_below)


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
