"""Pieces the vectorised Low Luck solvers share (``plain_rounds_grid``: land and sea
without a first strike; ``first_strike_grid``: sea battles with the submarines' first strike).

A side's *chain*: its compositions from its start as the casualty policy takes one hit at a
time (``policy(comps[k], h) == comps[k + h]``, tested), with the hit table of each; and the
BLAS set-up the solvers' small matrix products want. What the grid asks of a battle's rules is
``ChainRules`` (``later.LaterRules``, every edition's).
"""
from __future__ import annotations

import functools
import itertools
from contextlib import contextmanager
from typing import Any, Protocol

import numpy as np
from threadpoolctl import ThreadpoolController

from ...battle import phase_exact
from ...heap import keep_freed_memory
from ...solver import CURVE_ROUNDS, BattleOutcome, Cancelled
from .hits import TAIL_CUTOFF

#: A cell whose self-loop is at least this likely can't end (a stalemate), as in solver.py.
STALEMATE = 1.0 - 1e-15
#: The curve stops once all but this much is decided (as ``solver._decided_curve``).
CURVE_DONE = 1e-9
#: To the end with the curve, the grid solvers push round by round, and hand what a battle
#: still has on after this many rounds (weak dice on both sides) to their sweep.
MAX_ROUNDS_THEN_SWEEP = CURVE_ROUNDS


@functools.cache
def _blas_libraries() -> list:
    """numpy's BLAS libraries (``threadpoolctl``), found once: numpy is loaded by then."""
    return [lib for lib in ThreadpoolController().lib_controllers if lib.user_api == "blas"]


def push_rows(make_run, max_rounds: int, curve: bool):
    """The row-pushing grid solvers' answer (``first_strike_grid``, ``surprise_strike_grid``):
    ``make_run(out)`` makes a run pushing into ``out`` (its ``rounds(n)``, ``to_the_end()``,
    ``rounds_to_the_end(cap)`` and ``explored``); round by round with ``max_rounds``; to the
    end with the "decided by round N" curve round by round too, the curve and the end in the
    same pass (what is still on after ``MAX_ROUNDS_THEN_SWEEP`` rounds swept to the end);
    without the curve, swept."""
    out = BattleOutcome()
    with one_blas_thread():
        run = make_run(out)
        if max_rounds > 0:
            run.rounds(max_rounds)
        elif curve:
            run.rounds_to_the_end(MAX_ROUNDS_THEN_SWEEP)
        else:
            run.to_the_end()
        out.states_explored = run.explored
    return out


class RowRun:
    """What ``push_rows`` asks of a run besides its pushes (``first_strike_grid``, ``surprise_strike_grid``):
    ``explored``, the positions it met, each once however many rounds it met them in (round
    1's start when it fought that round, ``started``, and those marked in ``seen``); and
    ``_poll``, which stops it when ``cancel`` says so."""

    def __init__(self, cancel, positions: tuple[int, ...]):
        self.cancel = cancel
        self.started = 0
        self.seen = np.zeros(positions, dtype=bool)

    @property
    def explored(self) -> int:
        return self.started + int(np.count_nonzero(self.seen))

    def _poll(self) -> None:
        if self.cancel is not None and self.cancel():
            raise Cancelled()


def over_at_the_start(state: Any, bucket: str = "retreated") -> BattleOutcome:
    """The outcome of a battle nobody fights: all of it in ``bucket`` at ``state`` — the
    attacker withdraws before round 1 ("retreated"), or nothing can happen there
    ("stalemates")."""
    out = BattleOutcome()
    getattr(out, bucket)[state] = 1.0
    out.decided_by_round = [1.0]
    out.states_explored = 1
    return out


def sub_battle_starts(rules: Any, state0: Any, out: Any, prune_below: float,
                      phases: list | None = None) -> list[tuple[Any, Any, bool, float]]:
    """Round 1's phases before the fire (``phases``, default all of ``state0``'s round),
    pushed exactly (``phase_exact``): the positions they reach, each a sub-battle's start
    (attacker, defender, round 1, its chance). What they drop, and the positions lighter
    than ``prune_below`` (as the generic solver prunes them), go to ``out.pruned``."""
    phases = rules.phases(state0) if phases is None else phases
    if not phases or phases[-1] is not rules.main_fire:
        raise AssertionError("a Low Luck round ends with the fire phase")
    current: dict = {state0: 1.0}
    for phase in phases[:-1]:
        current = phase_exact(phase, current)
    dropped = 1.0 - sum(current.values())
    out.pruned += dropped if dropped > 1e-15 else 0.0
    starts = []
    for (a, d, round1), p in current.items():
        if p < prune_below:
            out.pruned += p
        else:
            starts.append((a, d, round1, p))
    return starts


def as_drawn(curve: list[float]) -> list[float]:
    """``curve`` (P(decided within N rounds), N = 1, 2, ...) cut as the generic solver draws
    it: up to the first round after which all but ``CURVE_DONE`` is decided, at most
    ``CURVE_ROUNDS`` rounds."""
    last = next((n for n, c in enumerate(curve) if 1.0 - c < CURVE_DONE), len(curve) - 1)
    return curve[:min(last + 1, CURVE_ROUNDS)]


@contextmanager
def one_blas_thread():
    """The solvers' matrix products are small: a BLAS thread pool only makes them wait for
    each other (10-40x slower when the cores are busy), so they run on this thread. The
    libraries are set directly (threadpoolctl's ``limit`` looks them all up again each time:
    ~30 us a solve). (And the heap keeps the memory their work arrays free: ``heap``.)"""
    keep_freed_memory()
    libraries = _blas_libraries()
    before = [lib.get_num_threads() for lib in libraries]
    for lib, threads in zip(libraries, before):
        if threads != 1:
            lib.set_num_threads(1)
    try:
        yield
    finally:
        for lib, threads in zip(libraries, before):
            if threads != 1:
                lib.set_num_threads(threads)


class ChainRules(Protocol):
    """What the grid solver (``grid``, ``subbattles``) asks of a battle's rules besides the
    ``BattleRules`` members (``initial_state``, ``phases``, ``verdict``, ``end_round``) and the
    rules' fire phase ``main_fire`` (the last phase of every round)."""

    main_fire: Any

    def initial_state(self) -> Any: ...

    def phases(self, state: Any) -> Any: ...

    def verdict(self, state: Any) -> Any: ...

    def end_round(self, state: Any) -> Any: ...

    def grid_applicable(self) -> bool:
        """From round 2 on, every round is one fire phase in which each side's hits take its
        units in one fixed sequence (so its compositions form a chain)."""

    def chain(self, role: str, start: tuple[int, ...]) -> list[tuple[int, ...]]:
        """``start`` and its compositions after 1, 2, ... hits by the casualty policy, to
        nothing left (a two-hit unit's first hit is a step too)."""

    def chain_hits(self, role: str, comps: list[tuple[int, ...]]) -> np.ndarray:
        """Hit tables of ``comps`` in the fire of rounds after the first, as rows of one
        array (``hits[k, h]``: P(h hits with ``comps[k]``), cut below ``TAIL_CUTOFF``)."""

    def opening_hits(self, comp: tuple[int, ...]) -> np.ndarray | None:
        """The attacker's hit table in round 1's fire when it differs from ``chain_hits``
        (a shore bombardment); None: round 1 is like the others."""

    def alone_at_end(self, role: str, comp: tuple[int, ...]) -> bool:
        """``end_round`` may take this side's units at the end of a round (left alone)."""


class Chain:
    """One side's compositions from ``start``, taking one hit at a time (``rules.chain``).

    ``comps[k]`` has taken k hits (``policy(start, k)``; the casualty policy takes hits one at
    a time in a fixed sequence, so ``policy(comps[k], h) == comps[k + h]`` — tested).
    ``hits[k, h]`` = P(the side scores h hits in the main fire with ``comps[k]``; an
    attacker's first-striking submarines excluded), zero-padded; the last row (nothing left)
    scores 0 surely.
    """

    #: The batch engine's: the compositions' rows in its table of a batch (``batch``).
    rows: np.ndarray

    def __init__(self, rules: Any, role: str, start: tuple[int, ...]):
        self.comps = rules.chain(role, start)
        self.n = len(self.comps) - 1
        self.hits = rules.chain_hits(role, self.comps)


def chains_of(rules: Any, role: str, starts: list[tuple[int, ...]]) -> list[Chain]:
    """``Chain(rules, role, s)`` for each of ``starts``, the hit tables of all their
    compositions (each once) from one ``chain_hits`` call: a battle's sub-battles (one per
    number of aircraft the AA guns shoot down) have a chain each, and one call's numpy
    work costs about what each chain's own did."""
    lists = [rules.chain(role, s) for s in starts]
    number: dict[tuple[int, ...], int] = {}
    for comps in lists:
        for c in comps:
            number.setdefault(c, len(number))
    table = rules.chain_hits(role, list(number))
    if len(lists) == 1 and len(number) == len(lists[0]):
        rows, hits = np.arange(len(number)), table         # one chain: its own table
    else:
        # every chain's rows in one gather, each chain a slice of it, as wide as its widest
        # row (the last hit count any of them may score, plus one)
        nonzero = table > 0
        last = np.where(nonzero.any(axis=1),
                        table.shape[1] - 1 - nonzero[:, ::-1].argmax(axis=1), 0)
        rows = np.fromiter(map(number.__getitem__, itertools.chain.from_iterable(lists)),
                           dtype=np.int64)
        hits = table[rows]
    bounds = np.cumsum([0] + [len(comps) for comps in lists]).tolist()
    widths = ([table.shape[1]] if len(lists) == 1 and hits is table else
              (np.maximum.reduceat(last[rows], bounds[:-1]) + 1).tolist())
    out = []
    for comps, a, b, w in zip(lists, bounds[:-1], bounds[1:], widths):
        chain = Chain.__new__(Chain)
        chain.comps, chain.n = comps, len(comps) - 1
        chain.hits = hits[a:b, :w]
        out.append(chain)
    return out


def removed_units(comps: list[tuple[int, ...]]) -> np.ndarray:
    """The unit type lost at each step of a chain (``comps[k]`` to ``comps[k + 1]``)."""
    counts = np.array(comps, dtype=np.int64)
    if len(counts) < 2:
        return np.zeros(0, dtype=np.int64)
    return (counts[:-1] - counts[1:]).argmax(axis=1)


def hit_tables(rules: Any, groups_of, comps: list[tuple[int, ...]]) -> np.ndarray:
    """Hit tables of every composition of a chain, as rows of one array.

    Ordinary dice are independent, so a composition's table is its units' own tables (each
    from ``rules.hit_dist``) convolved: built from the chain's end, one unit added per step,
    then cut like ``standard_hits`` (entries below ``TAIL_CUTOFF``). Low luck's two-point
    tables come from ``rules.hit_dist`` directly.
    """
    n = len(comps) - 1
    tables: list[np.ndarray] = [np.ones(1)] * (n + 1)
    if rules.dice.independent:
        # From the chain's end, units come back a run of one type at a time: the run's
        # tables are the table before it convolved with the unit's table's powers, one
        # product for the whole run (``_with_powers``) instead of a convolution per unit.
        width = len(comps[0])
        removed = removed_units(comps).tolist()
        table = np.ones(1)
        k = n
        while k > 0:
            u, top = removed[k - 1], k
            while k > 0 and removed[k - 1] == u:
                k -= 1
            one = tuple(1 if t == u else 0 for t in range(width))
            unit = tuple(as_array(rules.hit_dist(groups_of(one))).tolist())
            run = _with_powers(table, _powers(unit, top - k))
            tables[k:top] = list(run[::-1])
            table = run[-1]
    else:
        tables = [as_array(rules.hit_dist(groups_of(c))) for c in comps]
    out = np.zeros((n + 1, max(len(t) for t in tables)))
    for k, t in enumerate(tables):
        out[k, :len(t)] = t
    if rules.dice.independent:
        out[out < TAIL_CUTOFF] = 0.0
    return out


@functools.lru_cache(maxsize=4096)
def _powers(unit: tuple[float, ...], count: int) -> np.ndarray:
    """[c - 1, h] = P(h hits from c units of one kind) for c = 1..count (``unit``: one unit's
    table), by repeated convolution. Read-only (shared between battles)."""
    rows = np.zeros((count, (len(unit) - 1) * count + 1))
    one, power = np.array(unit), np.ones(1)
    for c in range(count):
        power = np.convolve(power, one)
        rows[c, :len(power)] = power
    rows.setflags(write=False)
    return rows


def _with_powers(table: np.ndarray, powers: np.ndarray) -> np.ndarray:
    """[c, :] = ``table`` convolved with ``powers[c]``, every row in one product: powers
    times the Toeplitz matrix of ``table`` (a strided view of it, zero-padded)."""
    a, b = len(table), powers.shape[1]
    padded = np.zeros(a + 2 * (b - 1))
    padded[b - 1:b - 1 + a] = table
    # toeplitz[j, i] = padded[b - 1 - j + i] = table[i - j] (the ndarray constructor checks
    # the view lies inside ``padded``, and costs far less than ``as_strided``)
    size = padded.itemsize
    toeplitz = np.ndarray((b, a + b - 1), padded.dtype, padded, (b - 1) * size, (-size, size))
    return powers @ toeplitz


def as_array(dist) -> np.ndarray:
    """A hit-count ``Dist`` as an array indexed by hits."""
    arr = np.zeros(max(dist) + 1 if dist else 1)
    for h, p in dist.items():
        arr[h] = p
    return arr
