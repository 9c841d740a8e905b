"""Low luck's battles without submarines, cell by cell in plain Python.

The battles ``plain_rounds_grid`` answers (every round after round 1's AA fire one fire phase
whose hits take each side's units in one fixed order: ``chains``), with low luck's dice. A
position is a cell (r, j) of a sub-battle, as there: the attacker has r units left on its
chain, the defender has taken j hits. With low luck a side's fire scores its sure hits
(power // 6) and one more with chance (power % 6) / 6: two hit counts a side, so a cell has
at most four successors and a round moves the battle at most one cell further than the sure
hits. From the start few cells are ever reached (the 1942 30 v 30 with two AA guns: 61
visits in 21 rounds; 100 v 100: 46 in 5), so a dictionary of live cells, round by round,
costs a fraction of the grid's array set-up and of its numpy calls on a box of mostly empty
cells (measured: 30 v 30 ~0.1 ms here against ~0.75 ms for the grid's chains, groups and
rounds).

Round by round, as the grid's ``_rounds_to_the_end`` and ``_solve_rounds`` do it: every live
cell's mass moves to its successors; decided cells (row 0, column nd) collect; a round's end
folds the cells where it takes a side left alone (``rules.end_round``); cells lighter than
``prune_below`` are pruned and stalemates (neither side can hit) set aside. The "decided by
round N" curve is the live mass after each round. Once the curve is drawn (all but
``CURVE_DONE`` decided: the weak units' last cells may fight on for dozens of rounds more),
or after ``MAX_ROUNDS_THEN_SWEEP`` rounds, the battle is finished by one sweep of the
cells alive then, each cell once in an order no round goes back against (units left
descending, hits taken ascending), its self-loop summed as a geometric series.

It answers from the battle's start without retreat rules (the table's positions and the
retreat rules stay with the grid and the general solver); ``tests/engine/test_lowluck_solvers``
compares it with the general solver state by state.
"""
from __future__ import annotations

import heapq
from typing import Any, Callable

import numpy as np

from ...solver import BattleOutcome, Cancelled, DEFAULT_PRUNE
from .chains import (CURVE_DONE, MAX_ROUNDS_THEN_SWEEP, STALEMATE, as_drawn,
                     sub_battle_starts)
from .hits import lowluck_table
from .subbattles import alone_suffix

#: A table entry (hit count, chance).
Table = list[tuple[int, float]]


def applicable(rules: Any) -> bool:
    """Low luck's dice (each side's fire two hit counts), on the chains of
    ``plain_rounds_grid`` (no submarines), land or sea."""
    return not rules.dice.independent and rules.grid_applicable()


#: ``lowluck_table`` of every power below ``POWERS`` (a side of some 150-250 units), made
#: once on import (~0.2 ms) and shared, never changed: a chain's tables are looked up. Made
#: for each battle they cost ~0.35 us each, 62 for the 1942 30 v 30's two chains, 202 for
#: the 100 v 100's (made when a cell first asked, ~0.7 us each: ~27 and ~45 of them).
POWERS = 400
_TABLES: list[Table] = [lowluck_table(p) for p in range(POWERS)]


class _Side:
    """One side's chain from its start (``rules.chain``: ``comps[i]`` has taken i hits) and
    each composition's hit table (its non-zero entries), chance of no hit and table sum."""

    def __init__(self, rules: Any, role: str, start: tuple[int, ...]):
        self.comps = rules.chain(role, start)
        self.n = len(self.comps) - 1
        powers = rules.chain_powers(role, self.comps)
        #: low luck's pooled powers (None: ``tables`` is the list of every table)
        self.powers = powers
        if powers is not None:               # low luck's pooled power: two hit counts
            known = _TABLES
            self.tables: list[Table] = [known[p] if 0 <= p < POWERS else lowluck_table(p)
                                        for p in powers]
            # no hit only without a sure hit: power < 6 misses with (6 - power) / 6
            # (``lowluck_table``'s float, 1 - power / 6)
            self.miss = [1 - p / 6 if p < 6 else 0.0 for p in powers]
            self.total = [1.0] * len(powers)
            #: some table's tail is cut (ordinary dice' ``TAIL_CUTOFF``; low luck's never)
            self.cut = False
            return
        hits = rules.chain_hits(role, self.comps)   # any other table, as the grid has it
        rows, cols = np.nonzero(hits)
        self.tables = [[] for _ in range(len(hits))]
        for i, h, p in zip(rows.tolist(), cols.tolist(), hits[rows, cols].tolist()):
            self.tables[i].append((h, p))
        self.miss, self.total = hits[:, 0].tolist(), hits.sum(axis=1).tolist()
        self.cut = min(self.total) < 1.0 - 1e-15


class _SubBattle:
    """One outcome of round 1's phases before the fire (AA fire: the aircraft left): the
    attacker's and the defender's chains and tables, indexed by units left r and hits taken
    j, and the round's end on its cells.

    A cell (r, j) is kept as the number ``r * W + j`` (``W`` = nd + 1): a round's few hundred
    sums into dictionaries cost a third less with numbers for keys than with pairs (made
    and hashed at each sum; measured: the 1942 30 v 30's rounds ~70 -> ~50 us)."""

    def __init__(self, rules: Any, att: _Side, dfn: _Side, mass: float, round1: bool):
        self.att, self.dfn, self.mass = att, dfn, mass
        self.R, self.nd = att.n, dfn.n
        self.W = self.nd + 1
        #: a_table[r]: the attacker's hit table with r units left (its chance of no hit,
        #: its sum); d_table[j]: the defender's after j hits
        self.a_table, self.a_miss, self.a_total = att.tables[::-1], att.miss[::-1], \
            att.total[::-1]
        self.d_table, self.d_miss, self.d_total = dfn.tables, dfn.miss, dfn.total
        #: some table's tail is cut (ordinary dice' ``TAIL_CUTOFF``; low luck's never are)
        self.cut = att.cut or dfn.cut
        opening = rules.opening_hits(att.comps[0]) if round1 else None
        #: round 1's attacker table when it differs (a shore bombardment firing with it)
        self.opening: Table | None = None if opening is None else \
            [(h, p) for h, p in enumerate(opening.tolist()) if p > 0.0]
        self.may_stall = (any(m >= STALEMATE for m in self.a_miss[1:])
                          and any(m >= STALEMATE for m in self.d_miss[:self.nd]))
        # the cells whose round end may take a side left alone (``subbattles._folds``)
        self.a_alone = set(alone_suffix(rules, "attacker", att.comps))
        self.d_alone = {self.nd - r for r in alone_suffix(rules, "defender", dfn.comps)}
        self.folds = bool(self.a_alone or self.d_alone)
        self._folds: dict[tuple[int, int], tuple[int, int]] = {}
        self.rules = rules

    def state(self, r: int, j: int) -> Any:
        return (self.att.comps[self.R - r], self.dfn.comps[j], False)

    def fold(self, r: int, j: int) -> tuple[int, int]:
        """Where the round's end moves live cell (r, j): itself, or the cell with the side it
        takes left alone wiped out."""
        if r not in self.a_alone and j not in self.d_alone:
            return r, j
        found = self._folds.get((r, j))
        if found is None:
            a, d = self.att.comps[self.R - r], self.dfn.comps[j]
            end = self.rules.end_round((a, d, False))
            lost_a, lost_d = self.att.comps[self.R], self.dfn.comps[self.nd]
            found = {(a, d, False): (r, j), (a, lost_d, False): (r, self.nd),
                     (lost_a, d, False): (0, j), (lost_a, lost_d, False): (0, self.nd)}.get(end)
            if found is None:
                raise AssertionError("a round's end leaves the chains")
            self._folds[(r, j)] = found
        return found

    def dropped(self, live: dict, opening: Table | None) -> float:
        """The mass a round from ``live`` cells lands in cut tails of the hit tables (the
        general solver's ``pruned``)."""
        first = None if opening is None else sum(p for _, p in opening)
        lost = 0.0
        for c, m in live.items():
            r, j = divmod(c, self.W)
            gone = 1.0 - (self.a_total[r] if first is None else first) * self.d_total[j]
            lost += m * gone if gone >= 1e-15 else 0.0
        return lost

    def stale(self, r: int, j: int) -> bool:
        """Neither side can score a hit: the cell never leaves."""
        return self.may_stall and self.a_miss[r] * self.d_miss[j] >= STALEMATE


class _Cells:
    """The live cells of every sub-battle and where the mass ends."""

    def __init__(self, subs: list[_SubBattle], out: BattleOutcome, prune_below: float,
                 cancel: Callable[[], bool] | None):
        self.subs, self.out, self.prune_below, self.cancel = subs, out, prune_below, cancel
        #: per sub-battle: {cell: mass} at a round's start (cell r * W + j: ``_SubBattle``)
        self.live: list[dict[int, float]] = [{} for _ in subs]
        #: per sub-battle: the decided cells' masses (row 0, column nd)
        self.ends: list[dict[int, float]] = [{} for _ in subs]
        #: per sub-battle: the cells live at a round's start (explored)
        self.seen: list[set[int]] = [set() for _ in subs]

    def poll(self) -> None:
        if self.cancel is not None and self.cancel():
            raise Cancelled()

    def first_round(self) -> None:
        """Round 1's fire from each sub-battle's start (its opening table where it has one);
        a sub-battle over at its start stays where it is."""
        for k, sub in enumerate(self.subs):
            start = sub.R * sub.W                  # (R, 0)
            if sub.R == 0 or sub.stale(sub.R, 0):
                self._land(k, {start: sub.mass})
                continue
            self._fire(k, {start: sub.mass}, sub.opening)

    def round(self) -> float:
        """One more round from every live cell (they count as explored); returns the live
        mass after it."""
        self.poll()
        for k, live in enumerate(self.live):
            if live:
                self.seen[k].update(live)
                self.live[k] = {}
                self._fire(k, live, None)
        return self.alive()

    def _fire(self, k: int, live: dict, opening: Table | None, loop: bool = True) -> None:
        """One round's fire from ``live`` cells of sub-battle k (with ``opening``: the
        attacker's round-1 table); ``loop`` False: a cell's mass that stays put is left out
        (the sweep sums it)."""
        sub = self.subs[k]
        nd, W, a_table, d_table = sub.nd, sub.W, sub.a_table, sub.d_table
        ends = self.ends[k]                    # decided cells: no fold, no pruning
        after: dict[int, float] = {}
        for c, m in live.items():
            r, j = divmod(c, W)
            d_hits = d_table[j]
            for ha, pa in (a_table[r] if opening is None else opening):
                mp = m * pa
                jj = j + ha
                if jj >= nd:                   # the defender is wiped out: (r - hd, nd)
                    for hd, pd in d_hits:
                        cell = (r - hd) * W + nd if hd < r else nd
                        ends[cell] = ends.get(cell, 0.0) + mp * pd
                    continue
                to = c + ha                    # (r, jj)
                for hd, pd in d_hits:
                    if hd < r:                 # (r - hd, jj)
                        cell = to - hd * W
                        after[cell] = after.get(cell, 0.0) + mp * pd
                    else:                      # the attacker is: (0, jj)
                        ends[jj] = ends.get(jj, 0.0) + mp * pd
        if sub.cut or opening is not None:    # a hit table's cut tail (none with low luck)
            self.out.pruned += sub.dropped(live, opening)
        if not loop:
            for cell in live:
                after.pop(cell, None)
        if self.live[k] or sub.folds or sub.may_stall:
            self._land(k, after)
            return
        # the common case: every cell is live but the lightest
        prune = self.prune_below
        for cell in [cell for cell, m in after.items() if m < prune]:
            self.out.pruned += after.pop(cell)
        self.live[k] = after

    def _land(self, k: int, after: dict[int, float]) -> None:
        """Masses at cells at a round's end: each folded, then decided, pruned, stalemated
        or live for the next round."""
        sub = self.subs[k]
        nd, W, folds, stall, prune = sub.nd, sub.W, sub.folds, sub.may_stall, self.prune_below
        ends, live, out = self.ends[k], self.live[k], self.out
        for cell, m in after.items():
            r, j = divmod(cell, W)
            if folds and r and j < nd:
                r, j = sub.fold(r, j)
                cell = r * W + j
            if r == 0 or j == nd:
                ends[cell] = ends.get(cell, 0.0) + m
            elif m < prune:
                out.pruned += m
            elif stall and sub.stale(r, j):
                state = sub.state(r, j)
                out.stalemates[state] = out.stalemates.get(state, 0.0) + m
            else:
                live[cell] = live.get(cell, 0.0) + m

    def alive(self) -> float:
        """The live mass."""
        if len(self.live) == 1:
            return sum(self.live[0].values())
        return sum([sum(live.values()) for live in self.live])

    def sweep(self) -> float:
        """Every live cell's mass to the end at once (no curve): cells in the order units
        left descending, hits taken ascending (a round moves a cell only to itself or later
        in it), each cell's self-loop summed; returns the visits (the expected rounds)."""
        visits = 0.0
        for k, sub in enumerate(self.subs):
            pending = self.live[k]
            self.live[k] = {}
            W = sub.W
            heap = [(-(c // W), c % W) for c in pending]
            heapq.heapify(heap)
            while heap:
                r, j = heapq.heappop(heap)
                r = -r
                c = r * W + j
                m = pending.pop(c, None)
                if m is None:                     # pushed twice
                    continue
                stay = sub.a_miss[r] * sub.d_miss[j]
                m /= 1.0 - stay                   # its visits (self-loops summed)
                visits += m
                self.seen[k].add(c)
                self._fire(k, {c: m}, None, loop=False)
                moved = self.live[k]
                self.live[k] = {}
                for cell, q in moved.items():
                    if cell not in pending:
                        heapq.heappush(heap, (-(cell // W), cell % W))
                    pending[cell] = pending.get(cell, 0.0) + q
                self.poll()
        return visits

    def record(self) -> None:
        """The decided cells as states, and the cells still live as undecided."""
        decided, undecided = self.out.decided, self.out.undecided
        for sub, ends, live in zip(self.subs, self.ends, self.live):
            W = sub.W
            for c, m in ends.items():
                state = sub.state(*divmod(c, W))
                decided[state] = decided.get(state, 0.0) + m
            for c, m in live.items():
                state = sub.state(*divmod(c, W))
                undecided[state] = undecided.get(state, 0.0) + m
        self.out.states_explored = len(self.subs) + sum(len(seen) for seen in self.seen)


def solve(rules: Any, *, max_rounds: int = 0, prune_below: float = DEFAULT_PRUNE,
          cancel: Callable[[], bool] | None = None) -> BattleOutcome:
    """The exact outcome of ``rules`` from its initial state (``applicable`` must hold), to
    the end (``max_rounds`` 0) or for at most ``max_rounds`` rounds (what is still on then is
    ``undecided``), as ``plain_rounds_grid.solve_grid`` answers it."""
    out = BattleOutcome()
    state0 = rules.initial_state()
    if rules.verdict(state0) is not None:
        out.decided[state0] = 1.0
        out.decided_by_round = [1.0]
        return out
    cells = _Cells(_sub_battles(rules, state0, out, prune_below), out, prune_below, cancel)
    cells.first_round()
    out.expected_rounds = 1.0
    lefts = [cells.alive()]
    while lefts[-1] > 0.0 and (len(lefts) < max_rounds or not max_rounds):
        # to the end, the rounds draw the curve; once it is drawn (``as_drawn``: all but
        # CURVE_DONE decided), or after MAX_ROUNDS_THEN_SWEEP rounds, the sweep finishes
        if not max_rounds and (len(lefts) >= MAX_ROUNDS_THEN_SWEEP
                               or 1.0 - (1.0 - lefts[-1]) < CURVE_DONE):
            out.expected_rounds += cells.sweep()
            break
        out.expected_rounds += lefts[-1]          # the live mass fights one more round
        lefts.append(cells.round())
    cells.record()
    curve = [1.0 - left for left in lefts]
    # with a round limit, a point per round (as ``plain_rounds_grid._solve_rounds``)
    out.decided_by_round = curve + curve[-1:] * (max_rounds - len(curve)) if max_rounds \
        else as_drawn(curve)
    return out


def _sub_battles(rules: Any, state0: Any, out: BattleOutcome, prune_below: float
                 ) -> list[_SubBattle]:
    """Round 1's phases before the fire, exactly (``phase_exact``): a sub-battle for each
    position they reach (lighter than ``prune_below``: pruned, as the general solver prunes
    it), with its chains."""
    starts = sub_battle_starts(rules, state0, out, prune_below)
    defenders = {d: _Side(rules, "defender", d)
                 for d in dict.fromkeys(d for _, d, _, _ in starts)}
    return [_SubBattle(rules, _Side(rules, "attacker", a), defenders[d], p, round1)
            for a, d, round1, p in starts]
