"""Low Luck A&A (docs/rules.md §2): battles, strategic bombing and low-luck tech research.

``RULESET`` is the ruleset (``combatassist.ruleset``). The pieces: ``edition`` (an edition's
units and rules, ``resources/lowluck/editions/``), ``dice`` (low luck and ordinary dice),
``data`` (the SBR and research tables of ``resources/lowluck/``), ``scenario`` (parse, to_document), ``rules`` (the battle:
its ``phases``, ``casualties`` and ``hits``), ``grid`` and ``seagrid`` (vectorised exact solvers
for ordinary dice, ``seagrid`` for sea battles with the submarines' first strike; ``chains`` and
``subbattles``, their pieces), ``sbr`` and
``tech`` (the bombing-raid and research calculators, CLI ``sbr`` and ``tech`` in ``cli``),
``summary``.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ...result import BATTLE_KEYS, BattleResult
from ...ruleset import FIGURE_KEYS, Ruleset, compute as _compute
from ...retreat import RetreatOptions, run_battle
from ...scenario import Scenario
from . import cli, scenario, summary
from .data import read_tables, tables
from .dice import DICE_MODES
from .edition import (BATTLE_KINDS, SHIPPED, Edition, UnitType, classic, read_edition,
                      shipped)
from .rules import (LowLuckOptions, LowLuckRules, LowLuckScenario, LowLuckSide,
                    default_order, make_rules)
from .scenario import MAX_PER_SIDE, MAX_PER_TYPE, MAX_ROUNDS, parse, to_document
from .summary import summarise

__all__ = ["BATTLE_KINDS", "DICE_MODES", "Edition", "LowLuckOptions", "LowLuckRules",
           "LowLuckScenario", "LowLuckSide", "MAX_PER_SIDE", "MAX_PER_TYPE", "MAX_ROUNDS",
           "RULESET", "SHIPPED", "UnitType", "classic", "compute", "default_order",
           "default_scenario", "make_rules", "parse", "shipped", "summarise", "to_document"]

NAME = "lowluck"


def retreat_options(opts: LowLuckOptions) -> RetreatOptions:
    return RetreatOptions(opts.retreat_after, opts.retreat_when_units, opts.retreat_below)


def outcome_of(rules: LowLuckRules, opts: LowLuckOptions, *, method: str = "exact",
               trials: int = 100_000, seed: int | None = None, cancel=None):
    """The solver's (or simulator's) outcome of ``rules`` under the options' retreat rules.

    A battle still on after ``retreat_after`` rounds withdraws (``retreated``), losses stay
    what they were when it withdrew."""
    exact = exact_retreating = None
    solve = _exact_solver(rules)
    if solve is not None:
        def exact(r, max_rounds):
            return solve(r, max_rounds=max_rounds, cancel=cancel)

        from . import grid
        if grid.retreats_on_the_grid(rules):        # every unit can leave
            def exact_retreating(r, max_rounds, options):
                # "withdraw with N units or fewer": a side's units only decrease, so its
                # cells are a grid's last; "below X": the chances solved backwards first,
                # to the end only (with a round limit they depend on the rounds left)
                if options.below > 0.0 and max_rounds > 0:
                    return None
                few = options.when_units
                return solve(r, max_rounds=max_rounds, cancel=cancel, below=options.below,
                             withdraws=(lambda state: r.attacker_units(state) <= few)
                             if few else None)
    return run_battle(rules, retreat_options(opts), rules.attacker_units,
                      max_rounds=opts.max_rounds, method=method, trials=trials, seed=seed,
                      cancel=cancel, exact=exact, exact_retreating=exact_retreating)


def _exact_solver(rules: LowLuckRules):
    """The vectorised solver for ``rules`` (each answers the retreat rules too: its
    ``withdraws`` and ``below``), or None (the generic solver). Ordinary dice spread each
    round over dozens of hit counts per side: the grids are 40-60x faster there (low luck's
    two-point rounds are faster generically, but in a later edition's land battle).
    Imported here: a low-luck battle, the default, never needs them."""
    if rules.dice.independent:
        from . import grid, later_seagrid, seagrid
        if grid.applicable(rules):
            return grid.solve_grid
        if rules.edition.classic:
            return seagrid.solve_sea                 # Classic at sea: the first strike
        if later_seagrid.applicable(rules):
            return later_seagrid.solve
        return None
    if _low_luck_on_the_grid(rules):
        from . import grid
        return grid.solve_grid
    return None


def _low_luck_on_the_grid(rules: LowLuckRules) -> bool:
    """A later edition's low-luck land battle is solved on the grid: its rounds cost the
    generic solver ~35 us a position (the phases' batches in Python), the grid a few array
    operations a round, and its chains' tables come from arrays. Measured (1942, CPU):
    30 v 30 with artillery and AA guns ~1.4 ms on both; 100 v 100 1.6-2.8 ms against
    3.4-3.6; 150 v 150 4.7 against 5.7-6.1. At sea (no submarines) the two take the same
    time, and Classic's positions cost the generic solver less: those stay with it."""
    if rules.edition.classic or rules.scenario.options.battle != "land":
        return False
    from . import grid
    return grid.applicable(rules)


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

    def make_rules(self, payload: LowLuckScenario) -> LowLuckRules:
        return make_rules(payload)

    def exact(self, payload: LowLuckScenario, *, cancel: Callable[[], bool] | None = None
              ) -> BattleResult:
        """Exact odds under the retreat rules (the grid solver for ordinary dice)."""
        rules = self.make_rules(payload)
        return self.battle_result(payload, rules,
                                  outcome_of(rules, payload.options, cancel=cancel))

    def simulate(self, payload: LowLuckScenario, *, trials: int = 100_000,
                 seed: int | None = None, cancel: Callable[[], bool] | None = None
                 ) -> BattleResult:
        rules = self.make_rules(payload)
        return self.battle_result(payload, rules, outcome_of(
            rules, payload.options, method="simulate", trials=trials, seed=seed, cancel=cancel))

    def table_odds(self, rules: LowLuckRules, state, *, band: int, generic,
                   cancel: Callable[[], bool] | None = None) -> BattleResult:
        """The table's odds from ``state`` (before phase ``band`` of its round) on the grids
        for ordinary dice where the odds view uses them — the rest of the round and the
        rounds after it as ``exact`` solves them (the generic solver took seconds for 50-60
        units a side or a 20 v 20 fleet, and refused battles with AA guns past ~50) —, else
        the rules' own (``generic``)."""
        if not rules.dice.independent or rules.verdict(state) is not None:
            return generic()                      # (decided mid-round: nothing to solve)
        from . import grid, later_seagrid, seagrid
        phases = rules.phases(state)[band:]
        if not phases or phases[-1] is not rules._fire:
            return generic()
        if grid.applicable(rules):           # its chains start from the position itself
            outcome = grid.solve_grid(rules, start=state, phases=phases, cancel=cancel)
            return self.battle_result(rules.scenario, rules, outcome)
        try:
            if later_seagrid.applicable(rules) and (band == 0 or len(phases) == 1):
                # at its round's start, or mid-round before the general combat alone
                outcome = later_seagrid.solve(rules, start=state, mid_round=band > 0,
                                              cancel=cancel)
            elif rules.edition.classic and seagrid.applicable(rules) and band == 0:
                outcome = seagrid.solve_sea(rules, start=state, cancel=cancel)
            else:
                return generic()
        except KeyError:        # a position off the sea grids' cells (other casualties)
            return generic()
        return self.battle_result(rules.scenario, rules, outcome)

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
