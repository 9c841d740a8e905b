"""Low Luck's exact solvers as one ordered table: the first whose ``applicable`` holds for a
question solves it; when none does, the general solver (``combatassist.solver``, the battle's
absorbing Markov chain, position by position) does.

A question (``Question``) is a battle's rules, where it starts (its initial state, or a
position at the table with what is left of its round), its round limit and the retreat rules
that look at positions ("withdraw with N units or fewer", "withdraw when the chance falls
below X"). Every solver here answers exactly what the general solver answers, faster, for the
battles it knows (``tests/engine/test_lowluck_solvers.py`` compares each with the general
solver on random questions of its kind). Exact odds (``outcome_of``), the table side's odds
(``LowLuck.table_odds``) and the batch engine (``solve_batch``: many battles at once, the
rows that batch — ``batches``, ``solve_batch`` — in the same numpy calls, ``batch``) all
choose through this table.

The solvers, in order:

- ``low_luck_cells``: low luck's battles of ``plain_rounds_grid``'s kind (land or sea), from
  the start without retreat rules: a side's fire has two hit counts, so few cells are ever
  reached, pushed one by one in plain Python (faster than the grid's arrays there);
- ``plain_rounds_grid``: every round after the first is one fire phase whose hits take each
  side's units in one fixed order (the first-strike rules without the submarines' strike,
  every other edition's battle without submarines): ordinary dice, and low-luck land
  battles with retreat rules;
- ``first_strike_grid``: sea battles with the attacking submarines' first strike (Classic's
  rules), ordinary dice;
- ``surprise_strike_grid``: the later editions' sea battles with submarines (surprise strike,
  submerging at a round's start or, Revised's, at its end, destroyers), ordinary dice.

Low luck's sea battles with submarines, and its positions at the table, stay with the
general solver: their rounds have two hit counts a side and a battle meets few positions,
which it handles faster than the grid (the grid's low luck values a planner's forces at
once: ``sea_values``).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

import numpy as np

from ...solver import BattleOutcome

Cancel = Callable[[], bool] | None


@dataclass(frozen=True)
class Question:
    """What a solver is asked: the outcome of ``rules`` from ``start`` (None: the battle's
    initial state) before phase ``band`` of that position's round (the table: the phases
    before it were played), for at most ``max_rounds`` rounds (0: to the end), with the
    attacker withdrawing where ``withdraws(state)`` holds (it looks at the attacker's units
    only and holds once they are few enough) or where its chance to win by fighting on is
    below ``below``."""

    start: Any = None
    band: int = 0
    max_rounds: int = 0
    withdraws: Callable[[Any], bool] | None = None
    below: float = 0.0

    @property
    def retreats(self) -> bool:
        return self.withdraws is not None or self.below > 0.0

    @property
    def from_the_start(self) -> bool:
        return self.start is None


class Solver(Protocol):
    """One row of the table."""

    #: What it solves, in a few words (shown by ``describe`` and in test ids).
    name: str

    def applicable(self, rules: Any, question: Question) -> bool:
        """It answers ``question`` about ``rules`` exactly (cheap: no solving)."""

    def solve(self, rules: Any, question: Question, *, cancel: Cancel = None,
              curve: bool = True) -> BattleOutcome:
        """The exact outcome (``applicable`` must hold); EngineError past its work limit.
        ``curve`` False: without the "decided by round N" curve where leaving it out saves
        work (to the end: swept, each position once, not round by round; its
        ``decided_by_round`` may then be empty)."""


class BatchSolver(Solver, Protocol):
    """A row that also solves many battles in the same calls (``solve_batch``)."""

    def batches(self, rules: Any, question: Question) -> bool:
        """``solve_batch`` answers ``question`` about ``rules`` (cheap: no solving)."""

    def solve_batch(self, rules_list: Sequence[Any], question: Question, *,
                    cancel: Cancel = None, curve: bool = True,
                    progress: Callable[[int, int], None] | None = None,
                    ends: Callable[..., None] | None = None) -> list[BattleOutcome]:
        """Each battle's exact outcome, as ``solve`` gives it (``batches`` must hold);
        ``ends``: the end positions as arrays (``batch.solve``)."""


def _fire_ends_the_rest(rules: Any, question: Question) -> list | None:
    """What is left of the start's round (from ``band``), when it ends with the main fire as
    every round does (None otherwise: a position the grids' rounds don't start from)."""
    if question.from_the_start:
        return None
    phases = rules.phases(question.start)[question.band:]
    if not phases or phases[-1] is not rules.main_fire:
        return None
    return phases


def _retreats_allowed(rules: Any, question: Question) -> bool:
    """The grids withdraw whole sides: every attacker unit must be able to leave (an
    amphibious assault's landed units stay: the general solver answers those), and "below X"
    is solved to the end from the start only (with a round limit the chances depend on the
    rounds left)."""
    if not question.retreats:
        return True
    if not question.from_the_start:
        return False
    if question.below > 0.0 and question.max_rounds > 0:
        return False
    from . import plain_rounds_grid
    return plain_rounds_grid.retreats_on_the_grid(rules)


def _undecided(rules: Any, question: Question) -> bool:
    state = rules.initial_state() if question.from_the_start else question.start
    return rules.verdict(state) is None


class LowLuckCells:
    name = "low luck cells"

    def applicable(self, rules: Any, question: Question) -> bool:
        from . import low_luck_cells
        return (question.from_the_start and not question.retreats
                and low_luck_cells.applicable(rules))

    def solve(self, rules: Any, question: Question, *, cancel: Cancel = None,
              curve: bool = True) -> BattleOutcome:
        from . import low_luck_cells
        # (its curve costs nothing beside its rounds: always drawn)
        return low_luck_cells.solve(rules, max_rounds=question.max_rounds, cancel=cancel)


class PlainRoundsGrid:
    name = "plain rounds grid"

    def applicable(self, rules: Any, question: Question) -> bool:
        from . import plain_rounds_grid
        if not plain_rounds_grid.applicable(rules):
            return False
        if not rules.dice.independent and rules.scenario.options.battle != "land":
            # low luck: land battles only. Their rounds cost the general solver ~35 us a
            # position (the phases' batches in Python), the grid a few array operations a
            # round. Measured (1942, CPU): 30 v 30 with artillery and AA guns ~1.4 ms on
            # both; 100 v 100 1.6-2.8 ms against 3.4-3.6; 150 v 150 4.7 against 5.7-6.1. At
            # sea the two take the same time.
            return False
        if not question.from_the_start:
            return (rules.dice.independent and _undecided(rules, question)
                    and _fire_ends_the_rest(rules, question) is not None)
        return _retreats_allowed(rules, question)

    def solve(self, rules: Any, question: Question, *, cancel: Cancel = None,
              curve: bool = True) -> BattleOutcome:
        from . import plain_rounds_grid
        return plain_rounds_grid.solve_grid(
            rules, max_rounds=question.max_rounds, cancel=cancel, curve=curve,
            withdraws=question.withdraws, below=question.below, start=question.start,
            phases=_fire_ends_the_rest(rules, question))


    def batches(self, rules: Any, question: Question) -> bool:
        from . import batch
        return (question.from_the_start and not question.retreats
                and batch.batchable(rules))

    def batches_all(self, rules_list: Sequence[Any], question: Question) -> list[bool]:
        """``batches`` of each of ``rules_list``, asked together."""
        from . import batch
        if not question.from_the_start or question.retreats:
            return [False] * len(rules_list)
        return batch.batchable_all(rules_list)

    def solve_batch(self, rules_list: Sequence[Any], question: Question, *,
                    cancel: Cancel = None, curve: bool = True,
                    progress: Callable[[int, int], None] | None = None,
                    ends: Callable[..., None] | None = None) -> list[BattleOutcome]:
        from . import batch
        return batch.solve(rules_list, max_rounds=question.max_rounds, curve=curve,
                           cancel=cancel, progress=progress, ends=ends)


class FirstStrikeGrid:
    name = "first strike grid"

    def applicable(self, rules: Any, question: Question) -> bool:
        from . import first_strike_grid
        if not (rules.dice.independent and first_strike_grid.applicable(rules)):
            return False
        if not question.from_the_start:
            # the table: at a round's start, on one of the grid's cells
            return (question.band == 0 and _undecided(rules, question)
                    and first_strike_grid.on_the_grid(rules, question.start))
        return _retreats_allowed(rules, question)

    def solve(self, rules: Any, question: Question, *, cancel: Cancel = None,
              curve: bool = True) -> BattleOutcome:
        from . import first_strike_grid
        return first_strike_grid.solve_sea(
            rules, max_rounds=question.max_rounds, cancel=cancel, curve=curve,
            start=question.start,
            withdraws=question.withdraws, below=question.below)


class SurpriseStrikeGrid:
    name = "surprise strike grid"

    def applicable(self, rules: Any, question: Question) -> bool:
        from . import surprise_strike_grid
        if not (rules.dice.independent
                and surprise_strike_grid.applicable(rules, submerge_at_end=True,
                                                    techs=True)):
            # low luck: its rounds have two hit counts a side, and a battle meets few
            # positions: the general solver answers ~3-7x faster (1942 fleets with
            # submarines of 6-60 ships a side: 0.9-2.5 ms against 3-12 ms). The grid's low
            # luck values a planner's forces at once (``sea_values``).
            return False
        if not question.from_the_start:
            # the table: at its round's start, or mid-round before the general combat alone
            phases = _fire_ends_the_rest(rules, question)
            return (phases is not None and (question.band == 0 or len(phases) == 1)
                    and _undecided(rules, question)
                    and surprise_strike_grid.on_the_grid(rules, question.start))
        return _retreats_allowed(rules, question)

    def solve(self, rules: Any, question: Question, *, cancel: Cancel = None,
              curve: bool = True) -> BattleOutcome:
        from . import surprise_strike_grid
        return surprise_strike_grid.solve(
            rules, max_rounds=question.max_rounds, cancel=cancel, curve=curve,
            start=question.start,
            mid_round=question.band > 0, withdraws=question.withdraws, below=question.below)


#: The table, in the order the solvers are tried.
SOLVERS: tuple[Solver, ...] = (LowLuckCells(), PlainRoundsGrid(), FirstStrikeGrid(),
                                SurpriseStrikeGrid())


def pick(rules: Any, question: Question, table: Sequence[Solver] | None = None
         ) -> Solver | None:
    """The first solver of ``table`` (default ``SOLVERS``) that answers ``question``; None:
    the general solver does."""
    for solver in SOLVERS if table is None else table:
        if solver.applicable(rules, question):
            return solver
    return None


def solve_batch(rules_list: Sequence[Any], question: Question = Question(), *,
                cancel: Cancel = None, curve: bool = True,
                progress: Callable[[int, int], None] | None = None,
                table: Sequence[Solver] | None = None,
                ends: Callable[..., None] | None = None) -> list[BattleOutcome]:
    """Each battle's exact outcome from its start, as solving them one by one gives it (to
    the rounding of the sums): the battles a row of the table batches (``batches``) go to
    its ``solve_batch`` together, the others are solved one by one (the table's solver,
    else the general solver). ``curve`` False: without the "decided by round N" curve
    where that saves work (the batch, and the battles solved one by one: their
    ``decided_by_round`` may then be empty).
    ``progress(done, of)`` is called as battles are answered. Retreat rules and table
    positions are single questions: ValueError. ``ends`` (to the end only): the batch
    engine's battles' end positions as arrays (``batch.solve``), their ``decided`` empty;
    the others' in their outcomes."""
    from ...solver import solve as general
    if not question.from_the_start or question.retreats:
        raise ValueError("a batch is solved from the start, without retreat rules")
    table = SOLVERS if table is None else table
    outs: list[BattleOutcome | None] = [None] * len(rules_list)
    rest = list(range(len(rules_list)))
    total, done = len(rules_list), 0
    for solver in table:
        if not hasattr(solver, "solve_batch"):
            continue
        batcher = cast(BatchSolver, solver)
        if hasattr(batcher, "batches_all"):
            flags = batcher.batches_all([rules_list[i] for i in rest], question)
            mine = [i for i, yes in zip(rest, flags) if yes]
        else:
            mine = [i for i in rest if batcher.batches(rules_list[i], question)]
        if not mine:
            continue
        before = done

        def step(n: int, _of: int, before=before) -> None:
            if progress is not None:
                progress(before + n, total)

        extra = {} if ends is None else {"ends": _renumbered(ends, mine)}
        for i, out in zip(mine, batcher.solve_batch([rules_list[i] for i in mine], question,
                                                    cancel=cancel, curve=curve,
                                                    progress=step, **extra)):
            outs[i] = out
        done += len(mine)
        taken = set(mine)
        rest = [i for i in rest if i not in taken]
    for i in rest:
        rules = rules_list[i]
        alone = pick(rules, question, table)
        outs[i] = (general(rules, max_rounds=question.max_rounds, cancel=cancel, curve=curve)
                   if alone is None else alone.solve(rules, question, cancel=cancel,
                                                     curve=curve))
        done += 1
        if progress is not None:
            progress(done, total)
    return cast("list[BattleOutcome]", outs)           # every battle answered


def _renumbered(ends: Callable[..., None], mine: list[int]) -> Callable[..., None]:
    """``ends`` told the battles' indices in the whole list (a row solves ``mine``)."""
    index = np.array(mine, dtype=np.int64)

    def told(battle, *rest) -> None:
        ends(index[battle], *rest)
    return told


def describe(rules: Any, question: Question = Question()) -> str:
    """Which solver answers ``question`` (``general solver`` when none of the table does)."""
    solver = pick(rules, question)
    return "general solver" if solver is None else solver.name
