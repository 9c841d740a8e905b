"""A vectorised exact solver for Low Luck battles whose rounds are one fire phase: Classic's
without submarine first strike, the later editions' without submarines (what it asks of the
rules: ``chains.ChainRules``).

Without submarine first strike a Low Luck round (after round 1's AA fire) is one fire phase in
which each side's casualties depend only on the *other* side's hits, taken by the order of
loss. So the battle splits into **sub-battles**, one per outcome of the phases before round
1's fire (AA fire: one per number of aircraft shot down), and in each a side's compositions
form a *chain*: its start, then one more unit lost at a time by the order of loss. A position
is a cell (k, r, j) = (sub-battle, attacker units left, defender units lost), and a round
moves it to (k, r - a, j + d) with probability P(defender scores a) x P(attacker scores d),
losses past the last unit merging into "wiped out" (r = 0, or j = the defender's size).

To the end, the mass is pushed one attacker row r at a time, from the full row down, every
sub-battle at once: nothing feeds row r but the rows above it and row r itself (the attacker
takes no hit), so row r is final once the rows above are pushed and its own within-row flow
is solved (a triangular system, self-loops included, ``subbattles.within``: while the
defender is large a cell leaves within the row only if it scores no hit at all, so a series
each term of which is at most 1e-2 of the last, summed to 1e-20 of the mass; the defender's
last few units by their inverses, kept up front for every row). Row r then feeds the rows
below in batched matrix products: the defender's hit tables of the row's cells times the
defender's move matrix under the attacker's hits (a banded Toeplitz matrix, losses past the
end folded into the last column). Round by round (``max_rounds``) the box of live cells moves
at once, every sub-battle in one call (a box of nearly whole rows as one run of the kept
move matrices, ``_Solver._push_rows``; round 1, from one cell a sub-battle, as outer
products, ``Group.first_fire``). To the end *with* the "decided by round N" curve the
rounds themselves answer (``_rounds_to_the_end``: the curve and the end in the same pass,
finished by the sweep if a battle is still on after ``MAX_ROUNDS_THEN_SWEEP`` rounds); the
sweep alone answers when no curve is asked for (retreat values, the advisor).

Retreat rules are cells the attacker withdraws from (``Group.withdraw_cells``): mass that
lands there at a round's end stays (retreated). "Withdraw with N units or fewer"
(``solve_grid(withdraws=...)``) is a set of bottom rows (a side's units only decrease down its
chain): the rounds move their cells out before the next, the sweep stops above them, the
corner solve counts them as exits. "Withdraw when the chance falls below X" (``below``) first
values every cell backwards (``grid_values``); its cells are then any set: the rounds move
them out, the sweep lets them collect (like folded cells) and sets aside what reached them.

The later editions add round 1's own fire (shore bombardment: that round is fought before the
sweep, which starts from its end) and the round's end taking a side left alone (a defender
with only AA guns, lone transports: those cells fold into the cell the rules name,
``subbattles``). The pieces are the rules' own: the phases before the fire run through
``phase_exact``, chains through the casualty policy, hit tables from the rules' dice. It
answers what ``solver.solve`` answers — tests compare the two on random battles — in a few
BLAS calls per row or round instead of one Python step per pair of outcomes. Hit-table tails
below ``TAIL_CUTOFF`` and cells lighter than ``prune_below`` are reported in ``pruned``, as
there.
"""
from __future__ import annotations

import bisect
import math
from typing import Any, Callable, cast

import numpy as np

from ... import limits
from ...solver import BattleOutcome, Cancelled, CURVE_ROUNDS, DEFAULT_PRUNE
from .chains import (CURVE_DONE, MAX_ROUNDS_THEN_SWEEP, STALEMATE, ChainRules, as_drawn,
                     chains_of, one_blas_thread, over_at_the_start, sub_battle_starts)
from . import grid_values
from .subbattles import Group, span, within

#: The sweep pushes a row of several sub-battles in parts of this many cells or more.
SPREAD_SPLIT = 24
#: Numbers a round's push weighs at once (``_Solver._push_box``: sub-battles side by side).
STEP_CHUNK = 2_000_000
#: A round's box of live cells bigger than this is pushed in STEP_SPLIT x STEP_SPLIT parts.
STEP_SPLIT_CELLS, STEP_SPLIT = 1000, 3
#: To the end with the curve, a group's live cells in a corner of at most this many cells
#: are solved at once (``_rounds_to_the_end``).
TAIL_SOLVE_CELLS = 80
#: ... and the rest of its curve computed a round a product for this many rounds (most
#: corners fade by then: 29 v 28's in 7), then this many rounds a product (``_solve_tail``).
TAIL_ROUNDS, TAIL_BLOCK = 10, 4
#: A group that keeps its move matrices pushes a round's box as whole rows
#: (``_Solver._push_rows``) when those hold at most this many times the box's cells
#: (measured: the 1942 30 v 30's 21 x 22 box of 7 sub-battles, 1.39, ~140 us as rows against
#: ~175 us as a box; 29 v 28's 19 x 19 box of one, 1.5, is faster as a box)...
ROWS_WASTE = 1.4
#: ... in products of this many rows; the kept moves are built for a box whose moves are
#: this share of them or more (a big battle's last few small boxes would pay more for
#: them than they save).
ROW_BLOCK, ROWS_BUILD = 6, 0.5


def applicable(rules: ChainRules) -> bool:
    """Later rounds are a single fire phase whose hits take each side's units in one sequence
    (``ChainRules.grid_applicable``: Classic without submarine first strike; a later edition
    without submarines)."""
    return rules.grid_applicable()


def work_estimate(groups: list["Group"]) -> float:
    """Multiply-adds the solve needs (``limits.MAX_GRID_WORK``), from the groups' sizes: per
    attacker row, the push to the rows below (sub-battles x defender hit counts x cells^2),
    about as much again for the rounds of the curve (measured: 150 v 150 with 50 aircraft
    and an AA gun, ~3e10, takes ~1 s)."""
    return sum(2.0 * g.K * g.R * g.hd.shape[1] * (g.nd + 1) ** 2 for g in groups)


def solve_grid(rules: ChainRules, *, max_rounds: int = 0, prune_below: float = DEFAULT_PRUNE,
               curve: bool = True, cancel: Callable[[], bool] | None = None,
               withdraws: Callable[[Any], bool] | None = None,
               below: float = 0.0, start: Any = None,
               phases: list | None = None) -> BattleOutcome:
    """Exact outcome of ``rules`` from its initial state (see the module docstring); refused
    at once (EngineError) beyond ``limits.MAX_GRID_WORK``.

    From another position (the table: ``start`` with ``phases``, what is left of its round;
    default: all of it): that round's phases before the fire are pushed through exactly,
    then its fire and the rounds after it as from the start (a round 1's fire with the
    bombardment only when ``start`` is in round 1).

    Retreat rules, asked before every round (round 1 included; not after the last of
    ``max_rounds``): the attacker withdraws where ``withdraws(state)`` is true, and where its
    chance to win by fighting on, under these rules, is below ``below`` (to the end only:
    ``grid_values``). Those positions are ``retreated``, as the generic solver's ``retreat``
    rule leaves them. ``withdraws`` must look at the attacker's units only and hold once they
    are few enough ("withdraw with N units or fewer"), and every unit must be able to leave
    (``retreats_on_the_grid``)."""
    out = BattleOutcome()
    state0 = rules.initial_state() if start is None else start
    if rules.verdict(state0) is not None:
        out.decided[state0] = 1.0
        out.decided_by_round = [1.0]
        return out
    if below > 0.0 and max_rounds > 0:
        raise ValueError("retreat_below on the grid is solved to the end only")
    if withdraws is not None and withdraws(state0):
        return over_at_the_start(state0)
    with one_blas_thread():
        groups = _groups(rules, state0, out, prune_below, phases)
        if withdraws is not None:
            for g in groups:
                d0 = g.dfn.comps[0]
                g.retreat_when(lambda comp: withdraws((comp, d0, False)))
        work = work_estimate(groups)
        if below > 0.0:
            work += sum(grid_values.work(g) for g in groups)
        limits.check_exact(work, limits.MAX_GRID_WORK, "multiply-adds")
        if below > 0.0 and _chance_at_the_start(groups, below, prune_below, cancel) < below:
            return over_at_the_start(state0)
        solver = _Solver(out, prune_below, cancel)
        if max_rounds > 0:
            _solve_rounds(solver, groups, max_rounds)
        elif curve:
            _rounds_to_the_end(solver, groups)
        else:
            for group in groups:
                solver.to_the_end(group)
    out.states_explored = solver.cells
    return out


def retreats_on_the_grid(rules: ChainRules) -> bool:
    """``solve_grid`` answers retreat rules for ``rules``: all the attacker's units may leave
    (no amphibious assault, whose landed units stay: ``rules.withdraw`` would move the battle
    off its chains)."""
    withdraw = getattr(rules, "withdraw", None)
    return withdraw is None or withdraw(rules.initial_state()) is None


def _chance_at_the_start(groups: list[Group], below: float, prune_below: float,
                         cancel) -> float:
    """Values every group's cells under "withdraw below ``below``" (``grid_values``), marks
    the cells the attacker withdraws from (``Group.retreat_from``), and returns its chance to
    win by fighting round 1: its cells' values, weighed by round 1 (AA fire and the fire)."""
    chance = 0.0
    scratch = _Solver(BattleOutcome(), prune_below, cancel)    # round 1; cancel polled
    for g in groups:
        on, value = grid_values.fight_on(g, below, g.withdraw_cells, scratch._poll)
        leaves = on < below
        if g.withdraw_cells is not None:
            leaves |= g.withdraw_cells
        if g.fold_d is not None:
            leaves &= ~g.fold_any
        chance += float((scratch.first_round(g) * value).sum())
        g.retreat_from(leaves)
    return chance


def _groups(rules: ChainRules, state0: Any, out: BattleOutcome, prune_below: float,
            phases: list | None = None) -> list[Group]:
    """Round 1's phases before the fire (``phases``, default all of ``state0``'s round),
    exactly (``phase_exact``): one sub-battle per state they reach, grouped by the
    defender's composition (AA fire leaves it as it is) and by whether it is round 1."""
    by_defender: dict = {}
    for a, d, round1, p in sub_battle_starts(rules, state0, out, prune_below, phases):
        by_defender.setdefault((d, round1), []).append((a, p))
    keys = list(by_defender)
    attackers = chains_of(rules, "attacker", [a for key in keys for a, _ in by_defender[key]])
    defenders = chains_of(rules, "defender", [d for d, _ in keys])
    groups, at = [], 0
    for key, dfn in zip(keys, defenders):
        subs = by_defender[key]
        groups.append(Group(attackers[at:at + len(subs)], [p for _, p in subs], dfn, rules,
                            round1=key[1]))
        at += len(subs)
    return groups


class WorkArrays:
    """Arrays a solve reuses round after round and row after row, instead of new ones each
    time: glibc maps an array of more than ~128 KiB afresh, and hands it back to the
    system when freed, so every round paid the page faults of its products again (measured:
    a fifth of a 29 v 28 battle). Each array grows to the largest size asked for."""

    def __init__(self):
        self._flat: dict[str, np.ndarray] = {}
        self._grids: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def array(self, name: str, shape: tuple[int, ...]) -> np.ndarray:
        """A C-ordered array of ``shape`` (contents undefined): the one named ``name``, which
        the caller is done with (its previous use's contents are overwritten)."""
        size = math.prod(shape)
        flat = self._flat.get(name)
        if flat is None or flat.size < size:
            flat = self._flat[name] = np.empty(size)
        return flat[:size].reshape(shape)

    def ones(self, size: int) -> np.ndarray:
        """At least ``size`` ones (read-only: shared)."""
        ones = self._flat.get("ones")
        if ones is None or ones.size < size:
            ones = self._flat["ones"] = np.ones(size)
            ones.flags.writeable = False
        return ones

    def other_grid(self, g: Group, grid: np.ndarray) -> np.ndarray:
        """A zeroed grid of ``grid``'s shape for group ``g``'s next round, never ``grid``
        itself: two grids per group take turns (the round before last is done with)."""
        pair = self._grids.get(id(g))
        if pair is None or pair[0].shape != grid.shape:
            pair = self._grids[id(g)] = (np.zeros_like(grid), np.zeros_like(grid))
            return pair[0]
        nxt = pair[1] if pair[0] is grid else pair[0]
        nxt.fill(0.0)
        return nxt


class _Solver:
    """Pushes groups' mass into one ``BattleOutcome`` (decided states summed)."""

    def __init__(self, out: BattleOutcome, prune_below: float, cancel):
        self.out = out
        self.prune_below = prune_below
        self.cancel = cancel
        #: Rounds leave the mass their hit tables' cut tails drop to the caller, who reports
        #: it once from the cells' visits (``_rounds_to_the_end``).
        self.tails_later = False
        #: The box of live cells (r0, r1, j0, j1) the last ``step`` pushed: after it, every
        #: live cell lies in rows 1..r1-1 and columns j0..nd-1.
        self.last_box = (0, 0, 0, 0)
        self.work = WorkArrays()
        self.cells = 0
        #: Per group (by id): the grid ``settle_live`` last settled, with its live mass by
        #: sub-battle and row ([k, r - 1]) and by sub-battle and column ([k, j - j0]), and j0:
        #: the next ``step`` on that grid reads its box of live cells from them.
        self._settled: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray, int]] = {}

    def _poll(self) -> None:
        if self.cancel is not None and self.cancel():
            raise Cancelled()

    def _record(self, bucket: dict, key: Any, m: float) -> None:
        bucket[key] = bucket.get(key, 0.0) + m

    @staticmethod
    def retreat_out(g: Group, grid: np.ndarray, into: np.ndarray | None) -> np.ndarray:
        """Move the cells the attacker withdraws from (``Group.withdraw_cells``) out of
        ``grid`` (the positions at a round's end) into ``into``; returns ``grid``."""
        if g.withdraw_cells is None:
            return grid
        assert into is not None                       # given whenever there are such cells
        if g.retreat_rows is not None:                # bottom rows: slices
            part = grid[:, 1:g.retreat_rows + 1, :g.nd]
            into[:, 1:g.retreat_rows + 1, :g.nd] += part
            part[...] = 0.0
        else:
            into[g.withdraw_cells] += grid[g.withdraw_cells]
            grid[g.withdraw_cells] = 0.0
        return grid

    def _record_retreats(self, g: Group, *grids: np.ndarray) -> None:
        """Record the withdrawal cells of ``grids`` (summed) as ``retreated``."""
        if g.withdraw_cells is None:
            return
        cells = np.where(g.withdraw_cells, sum(grids), 0.0)
        for k, r, j in zip(*np.nonzero(cells)):
            self._record(self.out.retreated, g.state(k, r, j), float(cells[k, r, j]))

    # -- to the end ------------------------------------------------------------------------
    def to_the_end(self, g: Group, grid: np.ndarray | None = None) -> None:
        """Push all of ``g``'s mass to the end, row by row (see the module docstring), from
        its start or from ``grid`` (the cells alive at the start of a round: ``_rounds_to_the_end``
        hands over what is left after its last round)."""
        if g.dense:
            self._to_the_end_dense(g, grid)
            return
        out = self.out
        nd = g.nd
        grid = self.start(g) if grid is None else grid
        leaves_at = g.withdraw_cells
        # rows the attacker withdraws from in every sub-battle: their cells stay put; the
        # withdrawal cells of other rows are moved to ``kept`` as their row is solved
        withdrawn = cast(np.ndarray, np.zeros(g.R + 1, dtype=bool) if leaves_at is None else
                         leaves_at[:, :, :nd].all(axis=(0, 2)))
        kept = np.zeros_like(grid) if leaves_at is not None else None
        kk: slice | np.ndarray
        for r in range(g.R, 0, -1):
            row = grid[:, r, :]                  # final from here on: worked on in place
            self._fold_row(g, grid, slice(None), r, row)
            if withdrawn[r]:
                continue
            live_k = row.any(axis=1)
            if live_k.all():
                kk, ks = slice(None), g.all_k
            elif live_k.any():
                ks = np.flatnonzero(live_k)
                if ks[-1] - ks[0] + 1 == len(ks):         # a range (AA fire: always)
                    kk = slice(int(ks[0]), int(ks[-1]) + 1)
                    row = row[kk]
                else:
                    kk, row = ks, row[ks]                 # a copy: written back below
            else:
                continue
            self._poll()
            jl = int(row.any(axis=0).argmax())            # the first cell with mass
            alive = row[:, jl:nd]
            tiny = alive < self.prune_below
            tiny &= alive > 0
            if leaves_at is not None:
                tiny &= ~leaves_at[kk, r, jl:nd]        # withdrawn, however light
            if tiny.any():
                out.pruned += float(alive[tiny].sum())
                alive[tiny] = 0.0
            j0 = max(jl, g.first_miss)
            # the row's move matrices from its first cell: its own flow's and its spread's
            # (when the flow starts there too: otherwise the two differ too much in size)
            moves = g.moves(kk, r, jl, nd, jl, nd + 1) if j0 == jl else None
            if j0 < nd and alive[:, j0 - jl:].any():
                self._within_row(g, kk, r, j0, row, moves)
                self._fold_row(g, grid, kk, r, row)
            if leaves_at is not None:                     # what reached them stays there
                leaving = leaves_at[kk, r, jl:nd]
                if leaving.any():
                    assert kept is not None
                    kept[kk, r, jl:nd] += np.where(leaving, alive, 0.0)
                    alive[leaving] = 0.0
            if g.may_stall:
                stale = g.stalemate(kk, r, jl, nd) & (alive > 0)
                for n, j in zip(*np.nonzero(stale)):
                    self._record(out.stalemates, g.state(ks[n], r, jl + j), float(alive[n, j]))
                alive[stale] = 0.0
            if not isinstance(kk, slice):
                grid[kk, r] = row                         # recorded with the others below
            j0, j1 = span(alive.any(axis=0))
            if j0 == j1:
                continue
            j0, j1 = jl + j0, jl + j1
            leave = row[:, j0:j1]
            self.cells += int(np.count_nonzero(leave))
            out.expected_rounds += float(leave.sum())
            if g.drops:
                out.pruned += float((leave * g.dropped(kk, r, j0, j1)).sum())
            # the rows below: the defender scores a >= 1 hits. A product spans the cells
            # plus the attacker's hits: a long row of several sub-battles goes in parts of
            # SPREAD_SPLIT cells or more, which overlap less (fewer multiply-adds than the
            # calls cost; one sub-battle's row is cheaper whole, measured).
            parts = max(1, (j1 - j0) // SPREAD_SPLIT) if len(row) > 1 else 1
            cuts = [j0 + (j1 - j0) * i // parts for i in range(parts + 1)]
            for h0, h1 in zip(cuts[:-1], cuts[1:]):
                self._spread(g, grid, kk, r, row, h0, h1, moves, jl)
        self._record_ends(g, grid)
        if kept is not None:
            self._record_retreats(g, grid, kept)

    @staticmethod
    def _spread(g: Group, grid: np.ndarray, kk, r: int, row: np.ndarray, j0: int, j1: int,
                moves: np.ndarray | None, jl: int) -> None:
        """Push what cells j0..j1-1 of row r (sub-battles ``kk``) leave to the rows below
        (the defender scores a >= 1 hits); ``moves``: the row's move matrices from cell jl,
        or None (built here)."""
        nd = g.nd
        a0 = max(1, int(g.d_first[j0:j1].min()))
        a1 = int(g.d_last[j0:j1].max()) + 1
        if a1 <= a0:
            return
        c0 = min(nd, j0 + int(g.a_first[kk, r].min()))
        c1 = min(nd, j1 - 1 + int(g.a_last[kk, r].max())) + 1
        spread = np.matmul((row[:, j0:j1, None] * g.hd[None, j0:j1, a0:a1]).transpose(0, 2, 1),
                           g.moves(kk, r, j0, j1, c0, c1) if moves is None else
                           moves[:, j0 - jl:j1 - jl, c0 - jl:c1 - jl])  # [k, a - a0, j']
        inside = max(0, min(a1, r) - a0)                        # rows r - a >= 1
        if inside:
            if isinstance(kk, slice):
                grid[kk, r - a0 - inside + 1:r - a0 + 1, c0:c1] += spread[:, inside - 1::-1]
            else:
                targets = r - a0 - np.arange(inside)
                grid[kk[:, None], targets[None, :], c0:c1] += spread[:, :inside]
        if inside < a1 - a0:
            grid[kk, 0, c0:c1] += spread[:, inside:].sum(axis=1)

    def _record_ends(self, g: Group, grid: np.ndarray) -> None:
        """Record the decided cells of a swept ``grid``: the defender wiped out (column nd,
        rows r >= 1) and the attacker (row 0), in that order."""
        nd, decided = g.nd, self.out.decided
        comps = [(att.comps, att.n) for att in g.attackers]
        dfn = g.dfn.comps
        # (a row's list per sub-battle, its zeros skipped in the loop: cheaper than picking
        # the nonzero cells out first, in the same order)
        get, wiped_out = decided.get, dfn[nd]
        for (chain, n), row in zip(comps, grid[:, 1:, nd].tolist()):    # [k][r - 1]
            for r, m in enumerate(row):
                if m:
                    key = (chain[n - r - 1], wiped_out, False)
                    decided[key] = get(key, 0.0) + m
        lost = grid[:, 0, :]                          # [k, j]
        ends = {chain[n] for chain, n in comps}
        if len(ends) == 1 and len(comps) > 1:
            # every sub-battle's attacker ends the same (AA fire's: nothing left), so its
            # ends are the same positions: summed over the sub-battles first, in their order
            (end,) = ends
            by_cell = lost.sum(axis=0)
            js = np.flatnonzero(by_cell)
            for j, m in zip(js.tolist(), by_cell[js].tolist()):
                key = (end, dfn[j], False)
                decided[key] = decided.get(key, 0.0) + m
            return
        ks, js = np.nonzero(lost)
        for k, j, m in zip(ks.tolist(), js.tolist(), lost[ks, js].tolist()):
            chain, n = comps[k]
            key = (chain[n], dfn[j], False)
            decided[key] = decided.get(key, 0.0) + m

    def _to_the_end_dense(self, g: Group, grid: np.ndarray | None = None) -> None:
        """``to_the_end`` for a small group (``Group.dense``): rows from their first cell with
        mass, the few numpy calls a row needs; what the rows leave is summed up after the
        sweep."""
        out, nd, prune = self.out, g.nd, self.prune_below
        grid = self.start(g) if grid is None else grid
        fm, inverse, moves = g.first_miss, g.within_inverse, g._all_moves
        assert moves is not None                          # dense: kept
        below = g.hd[None, :nd, 1:]                       # the defender scores a >= 1 hits
        width = below.shape[2]
        leaves = np.zeros((g.K, g.R + 1, nd))
        d_most = g.d_last[:nd]
        for r in range(g.R, 0, -1):
            row = grid[:, r, :]                           # final from here on
            self._poll()
            self._fold_row(g, grid, slice(None), r, row)
            if r <= cast(int, g.retreat_rows):         # dense: an int
                continue                # the attacker withdraws from here: the cells stay
            alive = row[:, :nd]
            live = cast(np.ndarray, alive.any(axis=0))
            jl = int(live.argmax())                       # the first cell with mass
            if not live[jl]:
                continue
            cells = alive[:, jl:]
            tiny = cells < prune
            tiny &= cells > 0
            if tiny.any():
                out.pruned += float(cells[tiny].sum())
                cells[tiny] = 0.0
            if inverse is not None:
                j0 = max(fm, jl)          # cells before j0 hold no mass or cannot flow
                row[:, j0:] = np.matmul(row[:, None, j0:],
                                        inverse[:, r - 1, j0 - fm:, j0 - fm:])[:, 0, :]
            elif fm < nd:
                first = int(alive[:, fm:].any(axis=0).argmax()) + fm if alive[:, fm:].any() \
                    else nd
                if first < nd:
                    self._within_row(g, slice(None), r, first, row)
            self._fold_row(g, grid, slice(None), r, row)
            leaves[:, r, jl:] = cells
            most = min(width, int(d_most[jl]))            # the most hits from cells jl on
            if most < 1:
                continue
            spread = np.matmul((cells[:, :, None] * below[:, jl:, :most]).transpose(0, 2, 1),
                               moves[:, r, jl:nd, jl:])   # [k, a - 1, j' - jl]
            inside = min(most, r - 1)                     # rows r - a >= 1
            if inside:
                grid[:, r - inside:r, jl:] += spread[:, inside - 1::-1]
            if inside < most:
                grid[:, 0, jl:] += spread[:, inside:].sum(axis=1)
        self.cells += int(np.count_nonzero(leaves))
        out.expected_rounds += float(leaves.sum())
        if g.drops:
            out.pruned += float((leaves * g.dropped_all()).sum())
        self._record_ends(g, grid)
        self._record_retreats(g, grid)

    def start(self, g: Group) -> np.ndarray:
        """The grid the sweep starts from: the starts (without a shore bombardment round 1
        is swept like the others), or the end of round 1 (the opening round of an assault
        with bombarding ships, ``first_round``;
        and when the attacker withdraws from some rows: a start there fights round 1 all
        the same, the withdrawal comes before round 2)."""
        if g.opening is None and g.withdraw_cells is None:
            self.out.expected_rounds += float(g.masses[g.over_at_start()].sum())  # fought
            return g.start_grid()
        self.out.expected_rounds += float(g.masses.sum())
        self.cells += g.K
        return self.first_round(g)

    @staticmethod
    def _fold_row(g: Group, grid: np.ndarray, kk, r: int, row: np.ndarray) -> None:
        """Row r's cells that a round's end folds (``Group.fold_row``), in place."""
        lost = g.fold_row(kk, r, row)
        if lost is not None:
            grid[kk, 0, :] += lost

    def _within_row(self, g: Group, kk, r: int, j0: int, row: np.ndarray,
                    moves: np.ndarray | None = None) -> None:
        """Solve row r's own flow (the attacker takes no hit) from cell j0 on, in place: cells
        j0..nd-1 of ``row`` become the mass leaving each (self-loops included), cell nd what
        reaches "wiped out". A cell only this flow reaches may be lighter than prune_below: it
        is kept."""
        if g.within_inverse is not None:
            fm = g.first_miss
            row[:, fm:] = np.matmul(row[:, None, fm:], g.within_inverse[kk, r - 1])[:, 0, :]
            return
        m = tail = None
        if g.tail_inverse is not None:
            m, cut = max(0, g.split - j0), max(0, j0 - g.split)
            tail = g.tail_inverse[kk, r - 1, cut:, cut:]
        if moves is None:
            moves = g.moves(kk, r, j0, g.nd, j0, g.nd + 1)
        else:                                       # the row's, from its first cell jl
            cut = moves.shape[1] - (g.nd - j0)
            moves = moves[:, cut:, cut:]
        row[:, j0:] = within(moves, g.miss(kk, r, j0), row[:, j0:], m, tail)

    # -- round by round ------------------------------------------------------------------
    def step(self, g: Group, alive: np.ndarray) -> np.ndarray:
        """One round from ``alive`` (live cells only); self-loops stay where they are.

        The box of live cells (r, j), all live sub-battles together: one matrix product per
        sub-battle gives every target row at once, the defender's hits skewed so that column
        t is "t attacker units left" (``Group.down``, the same in every sub-battle) against
        the cells' move matrices for the defender weighted by their mass
        (``Group.weighted_moves``; both operands C-ordered), all in one call. A product
        spans the box's targets, its rows plus the defender's hits by its columns plus the
        attacker's: a big box is cut in ``STEP_SPLIT`` x ``STEP_SPLIT`` parts, whose targets
        overlap less (3 x 3: about 40 % of one product's work; 150 v 150 30 % faster than
        2 x 2)."""
        nxt = self.work.other_grid(g, alive)
        found = self._live_box(g, alive)
        if found is None:
            return nxt
        kk, rows, j0, j1 = found
        if not rows:
            return nxt
        self._poll()
        r0, r1 = rows.start + 1, rows.stop + 1
        self.last_box = (r0, r1, j0, j1)
        if (r1 - r0) * (j1 - j0) < STEP_SPLIT_CELLS:
            self._push_box(g, kk, alive, r0, r1, j0, j1, nxt, fresh=True)
            g.fold(nxt)
            return nxt
        rs = sorted({r0 + (r1 - r0) * i // STEP_SPLIT for i in range(STEP_SPLIT + 1)})
        js = sorted({j0 + (j1 - j0) * i // STEP_SPLIT for i in range(STEP_SPLIT + 1)})
        # each part's live rows and columns from two reductions of the box's live cells
        # (a few numpy calls a step instead of a few a part)
        box = cast(np.ndarray, alive[kk, r0:r1, j0:j1].any(axis=0))           # [r - r0, j - j0]
        rows_of = np.logical_or.reduceat(box, [b - j0 for b in js[:-1]], axis=1).T.tolist()
        cols_of = np.logical_or.reduceat(box, [a - r0 for a in rs[:-1]], axis=0).tolist()
        for a, (a0, a1) in enumerate(zip(rs[:-1], rs[1:])):
            for b, (b0, b1) in enumerate(zip(js[:-1], js[1:])):
                rows = rows_of[b][a0 - r0:a1 - r0]                # rows with a cell in b0..b1
                if True in rows:
                    cols = cols_of[a][b0 - j0:b1 - j0]            # columns with one in a0..a1
                    p0, p1 = rows.index(True), len(rows) - rows[::-1].index(True)
                    q0, q1 = cols.index(True), len(cols) - cols[::-1].index(True)
                    self._push_box(g, kk, alive, a0 + p0, a0 + p1, b0 + q0, b0 + q1, nxt)
        g.fold(nxt)
        return nxt

    def _push_box(self, g: Group, kk, alive: np.ndarray, r0: int, r1: int, j0: int, j1: int,
                  nxt: np.ndarray, fresh: bool = False) -> None:
        """One round from the cells (kk, r0..r1-1, j0..j1-1) of ``alive`` (``kk``: a range or
        a list of sub-battles), added to ``nxt``; a few sub-battles at a time when their
        weighted moves would pass ``STEP_CHUNK`` numbers. ``fresh``: ``nxt`` is zero where
        these cells go and nothing else goes there (the whole box in one push), so its
        products may be written into it rather than added."""
        nd = g.nd
        ks = np.arange(g.K)[kk]
        most = max(1, STEP_CHUNK // ((r1 - r0) * (j1 - j0) * (nd + 1)))
        if len(ks) > most:
            for at in range(0, len(ks), most):
                part = ks[at:at + most]
                self._push_box(g, slice(int(part[0]), int(part[-1]) + 1)
                               if part[-1] - part[0] + 1 == len(part) else part,
                               alive, r0, r1, j0, j1, nxt, fresh)
            return
        m = alive[kk, r0:r1, j0:j1]                                     # [k, r, j]
        rr = slice(r0, r1)
        if not self.tails_later and g.drops:
            lost = 1.0 - g.a_total[kk, rr][..., None] * g.d_total[j0:j1]
            lost[lost < 1e-15] = 0.0                    # float rounding, not a pruned tail
            self.out.pruned += float((m * lost).sum())
        t0 = max(0, r0 - g.d_most_from[j0])
        t1 = max(1, r1 - g.d_fewest_from[j0])
        c0 = min(nd, j0 + g.a_fewest_from[r0])
        c1 = min(nd, j1 - 1 + g.a_most_upto[r1 - 1]) + 1
        n, k = (r1 - r0) * (j1 - j0), len(m)
        if isinstance(kk, slice) and g._keeps_moves and \
                (r1 - r0 - 1) * (nd + 1) + j1 - j0 <= ROWS_WASTE * n and \
                (g._kept_moves() is not None or
                 n * (c1 - c0) >= ROWS_BUILD * (g.R + 1) * (nd + 1) ** 2):
            self._push_rows(g, kk, alive, r0, r1, j0, j1, t0, t1, c0, c1, nxt, fresh)
            return
        work = self.work
        down = g.down(r0, r1, j0, j1, t0, t1, out=work.array("down", (r1 - r0, j1 - j0, t1 - t0)))
        weighted = g.weighted_moves(kk, rr, j0, j1, c0, c1, m,          # [k, r, j, j']
                                    out=work.array("moves", (k, r1 - r0, j1 - j0, c1 - c0)))
        if fresh and isinstance(kk, slice):
            np.matmul(down.reshape(n, t1 - t0).T, weighted.reshape(k, n, c1 - c0),
                      out=nxt[kk, t0:t1, c0:c1])
            return
        nxt[kk, t0:t1, c0:c1] += np.matmul(down.reshape(n, t1 - t0).T,
                                           weighted.reshape(k, n, c1 - c0),
                                           out=work.array("product", (k, t1 - t0, c1 - c0)))

    def _push_rows(self, g: Group, kk: slice, alive: np.ndarray, r0: int, r1: int, j0: int,
                   j1: int, t0: int, t1: int, c0: int, c1: int, nxt: np.ndarray,
                   fresh: bool = False) -> None:
        """``_push_box`` when ``g`` keeps every move matrix (``Group._all_moves``) and the box
        is nearly whole rows: its cells are then one run of the grid's flat cells (row after
        row, nd + 1 a row), so the kept move matrices of that run are a plain slice of them,
        and the mass weighs the defender's hits instead (one long product per target row:
        weighing the moves, a strided view of the hit tables, took a third of the push). The
        run's cells outside the box weigh nothing. A product spans its targets' sources:
        the target rows go in blocks of ``ROW_BLOCK``, whose sources lie at or above them,
        by at most the defender's most hits (a round takes units, never gives them): about
        60 % of one product's work. Each block's weighed hits are made just before its
        product, which reads them from the cache; a ``fresh`` push writes each block's
        product into its targets at once (no other block reaches them: no sum after it)."""
        nd, width = g.nd, g.nd + 1
        k = len(range(*kk.indices(g.K)))
        rows = r1 - r0
        work = self.work
        mass = work.array("mass", (k, rows, width))
        np.copyto(mass, alive[kk, r0:r1])
        mass[:, :, :j0] = 0.0
        mass[:, :, j1:] = 0.0
        s0, s1 = j0, (rows - 1) * width + j1                  # the run, from row r0's cell 0
        every = g.all_down
        down = every[t0:t1, r0 - 1:r1 - 1] if every is not None else \
            g.down_rows(r0, r1, t0, t1, work.array("down", (t1 - t0, rows, width)))
        down = down.reshape(t1 - t0, -1)                                    # [t, cell]
        mass = mass.reshape(k, -1)
        moves = cast(np.ndarray, g._all_moves)[kk].reshape(k, -1, width)   # [k, flat cell, j']
        # sub-battles ordered by their starts, most units first (AA fire's, one per number
        # of aircraft shot down): a block of rows above a start is that sub-battle's no more
        tops = g.starts[kk].tolist()
        ordered = all(a >= b for a, b in zip(tops, tops[1:]))
        rising = tops[::-1]
        into = nxt[kk]
        most, fewest = g.d_most_from[j0], g.d_fewest_from[j0]
        a_fewest, a_most = g.a_fewest_from, g.a_most_upto
        # the blocks' weighed hits and products: flat buffers, a view of each per block
        # (the most a block may need: every sub-battle, ROW_BLOCK rows, the whole run)
        block = min(ROW_BLOCK, t1 - t0)
        weighed = work.array("weighted", (k * block * (s1 - s0),))
        product = None if fresh else work.array("product", (k * block * (c1 - c0),))
        einsum, matmul = np.einsum, np.matmul
        for u0 in range(t0, t1, ROW_BLOCK):
            u1 = min(t1, u0 + ROW_BLOCK)
            a0, a1 = max(r0, u0 + fewest), min(r1, u1 + most)     # rows that reach u0..u1-1
            if a1 <= a0:
                continue
            b0, b1 = max(s0, (a0 - r0) * width), min(s1, (a1 - r0) * width)
            v0 = max(c0, min(nd, j0 + a_fewest[a0]))
            v1 = min(c1, min(nd, j1 - 1 + a_most[a1 - 1]) + 1)
            n = k - bisect.bisect_left(rising, a0) if ordered else k   # starts >= a0
            if v1 <= v0 or not n:
                continue
            # the block's weighed hits, used while they are still in the cache (einsum's
            # loop: ~20 % faster than multiply's broadcasting both operands, the same products)
            u, b = u1 - u0, b1 - b0
            weighted = einsum("ub,kb->kub", down[u0 - t0:u1 - t0, b0:b1], mass[:n, b0:b1],
                              out=weighed[:n * u * b].reshape(n, u, b))
            run = moves[:n, r0 * width + b0:r0 * width + b1, v0:v1]
            if product is None:         # nothing else reaches these targets: written at once
                matmul(weighted, run, out=into[:n, u0:u1, v0:v1])
            else:
                into[:n, u0:u1, v0:v1] += matmul(
                    weighted, run, out=product[:n * u * (v1 - v0)].reshape(n, u, v1 - v0))

    def settle(self, g: Group, grid: np.ndarray, prune_below: float) -> np.ndarray:
        """Move decided, stalemate and tiny cells out of ``grid`` (recorded one by one);
        return the rest, alive."""
        out, nd = self.out, g.nd
        for k, j in zip(*np.nonzero(grid[:, 0, :])):
            self._record(out.decided, g.state(k, 0, j), float(grid[k, 0, j]))
        for k, r in zip(*np.nonzero(grid[:, 1:, nd])):
            self._record(out.decided, g.state(k, r + 1, nd), float(grid[k, r + 1, nd]))
        grid[:, 0, :] = 0.0
        grid[:, :, nd] = 0.0
        self.settle_live(g, grid)
        return grid

    def settle_live(self, g: Group, grid: np.ndarray, box: tuple[int, int] | None = None
                    ) -> float:
        """Prune ``grid``'s live cells lighter than ``prune_below`` (reported) and move its
        stalemates out (recorded); its decided cells (row 0, column nd) stay. Returns the
        live mass left. ``box`` (r1, j0): every live cell lies in rows 1..r1-1 and columns
        j0..nd-1 (after a ``step``: its ``last_box``'s), so only those are looked at."""
        r1, j0 = (g.R + 1, 0) if box is None else box
        live = grid[:, 1:r1, j0:g.nd]
        if 3 * live.size >= grid.size and grid.flags.c_contiguous:
            # most of the grid: all of it in flat loops (cells outside the box are empty),
            # its decided cells (row 0, column nd) kept out
            flat = grid.reshape(-1)
            tiny = flat < self.prune_below                     # zeros too: they add nothing
            cells = tiny.reshape(grid.shape)
            cells[:, 0, :] = False
            cells[:, :, g.nd] = False
            cut = np.multiply(flat, tiny, out=self.work.array("cut", flat.shape))
            flat -= cut                                        # exact: x - 0, x - x
        else:
            cut = np.where(live < self.prune_below, live, 0.0)
            live -= cut
        self.out.pruned += float(cut.sum())
        if g.may_stall:
            kk, rr, jj = np.nonzero(live)
            jj += j0
            stale = g.ha[kk, rr + 1, 0] * g.hd[jj, 0] >= STALEMATE
            for k, r, j in zip(kk[stale], rr[stale] + 1, jj[stale]):
                self._record(self.out.stalemates, g.state(k, r, j), float(grid[k, r, j]))
                grid[k, r, j] = 0.0
        # the live mass by row and by column (products: a reduction over a strided box cost
        # more than the products), for the next step's box (``_live_box``)
        ones = self.work.ones(max(r1, g.nd - j0))
        by_row = np.matmul(live, ones[:g.nd - j0])
        by_column = np.matmul(ones[:r1 - 1], live)
        self._settled[id(g)] = (grid, by_row, by_column, j0)
        return float(by_row.sum())

    def _live_box(self, g: Group, alive: np.ndarray
                  ) -> tuple[slice | np.ndarray, range, int, int] | None:
        """(kk, rows, j0, j1) of ``alive``'s live cells (rows 1.., columns ..nd-1): the
        sub-battles with one (a range as a slice, else listed; None when there are none),
        the span of rows with one (minus one, a range: empty when there are none) and their
        columns' span. From
        ``settle_live``'s sums when it settled ``alive`` last, else from the cells. The
        spans are read from lists (a few small reductions, no ``flatnonzero`` each)."""
        settled = self._settled.pop(id(g), None)
        if settled is not None and settled[0] is alive:
            _, by_row, by_column, base = settled
            live = by_row > 0.0                                 # [k, r - 1]
            columns = by_column.any(axis=0)
        else:
            inner = alive[:, 1:, :g.nd]         # decided cells (row 0, column nd) may be there
            live = cast(np.ndarray, inner.any(axis=2))
            columns, base = None, 0
        kk: slice | np.ndarray
        if g.K == 1:
            kk = slice(None)
        else:
            ks = [k for k, on in enumerate(cast(list, live.any(axis=1).tolist())) if on]
            if not ks:
                return None
            kk = slice(ks[0], ks[-1] + 1) if ks[-1] - ks[0] + 1 == len(ks) else np.array(ks)
        # the rows of every sub-battle: those outside kk's have no live cell
        r0, r1 = _span_of(cast(list, live.any(axis=0).tolist()))
        if r0 == r1:
            return kk, range(0), 0, 0
        if columns is None:
            columns = alive[kk, r0 + 1:r1 + 1, :g.nd].any(axis=(0, 1))
        j0, j1 = _span_of(cast(list, columns.tolist()))
        return kk, range(r0, r1), base + j0, base + j1

    def first_round(self, g: Group) -> np.ndarray:
        """Round 1's fire from the starts; a sub-battle over at its start stays put."""
        if g.opening is not None:
            grid, dropped = g.opening_round()
            self.out.pruned += dropped
            return grid
        # every start a single cell: outer products, no round's product (``step``)
        grid, dropped = g.first_fire()
        if not self.tails_later:
            self.out.pruned += dropped
        return grid


def _span_of(flags: list[bool]) -> tuple[int, int]:
    """(first, last + 1) of the True entries of a short list; (0, 0) when there are none."""
    if True not in flags:
        return 0, 0
    return flags.index(True), len(flags) - flags[::-1].index(True)


def _solve_tail(g: Group, alive: np.ndarray, r1: int, j0: int, sums: np.ndarray,
                lo: int = 1, retreats: np.ndarray | None = None) -> list[float]:
    """Push ``alive`` (live cells in rows lo..r1-1, columns j0..nd-1 only: a corner no round
    leaves but to "wiped out", or to rows 1..lo-1, which the attacker withdraws from) to the
    end at once: its visits x solve x (I - Q) = alive for the corner's one-round moves Q; x
    and what it sends to "wiped out" (row 0, column nd) are added to the group's ``sums``
    (``_rounds_to_the_end``), what it sends to the withdrawal rows to ``retreats``. Returns
    the mass alive after each following round (the curve's), from products by Q (by
    Q^TAIL_BLOCK after the first ``TAIL_ROUNDS``), until below ``CURVE_DONE`` / 1000.

    Q is its self-loops S (a diagonal) plus moves L to other cells, each of which takes
    units from a side: a path of moves is at most (rows - 1) + (columns - 1) long, so L is
    nilpotent and x = start (I - E L)^-1 E, E = (I - S)^-1, is the finite series
    start E (L E)^i, i < rows + columns - 1: one product by L E a term, non-negative terms
    only (a batched LU solve of these small systems took 3x as long)."""
    nd, rn, jn = g.nd, r1 - lo, g.nd - j0
    n = rn * jn
    # down[t, cell]: the attacker from the cell (r, j) to t units left; moves[k, c, cell]: the
    # defender from it to c losses (nd: wiped out); one round moves cell to (t, c) with
    # their product (target-major below: the products' inner loops run over the cells)
    down = np.ascontiguousarray(g.down(lo, r1, j0, nd, 0, r1).transpose(2, 0, 1)).reshape(r1, n)
    moves = np.ascontiguousarray(g.moves(slice(None), slice(lo, r1), j0, nd, j0, nd + 1)
                                 .transpose(0, 3, 1, 2)).reshape(g.K, jn + 1, n)
    into = (down[None, lo:, None, :] * moves[:, None, :-1, :]).reshape(g.K, n, n)  # Q^T
    q = into.transpose(0, 2, 1)                               # Q: the corner's cells in order
    start = alive[:, lo:r1, j0:nd].reshape(g.K, 1, n)
    leave = 1.0 / (1.0 - into.reshape(g.K, n * n)[:, ::n + 1])[:, :, None]   # E (dense: no
    step = into * leave                                         # stalemate), then (L E)^T
    step.reshape(g.K, n * n)[:, ::n + 1] = 0.0
    step = step.transpose(0, 2, 1)
    terms = np.empty((rn + jn - 1, g.K, 1, n))
    np.multiply(start, leave.transpose(0, 2, 1), out=terms[0])
    for i in range(1, len(terms)):
        np.matmul(terms[i - 1], step, out=terms[i])
    x = terms.sum(axis=0)                                       # [k, 1, cell]
    sums[:, lo:r1, j0:nd] += x.reshape(g.K, rn, jn)
    ended = np.matmul(x * down, moves.transpose(0, 2, 1))       # [k, t, c]
    sums[:, 0, j0:] += ended[:, 0, :]
    sums[:, 1:r1, nd] += ended[:, 1:, -1]
    if lo > 1:
        assert retreats is not None                 # rows the attacker withdraws from
        retreats[:, 1:lo, j0:nd] += ended[:, 1:lo, :-1]
    # the rest of the curve: a round a product for the first TAIL_ROUNDS rounds (most
    # corners are done by then), then TAIL_BLOCK rounds a product: a corner of weak units
    # (1 v 1 infantry) takes dozens of rounds to fade
    # (the first TAIL_ROUNDS rounds' products in two halves, then each half's sums in one
    # call: each sum is the one the round's own call would make; most corners are done
    # after the first half)
    firsts = np.empty((TAIL_ROUNDS, g.K, 1, n))
    now = start
    tail: list[float] = []
    half = (TAIL_ROUNDS + 1) // 2
    for i0, i1 in ((0, half), (half, TAIL_ROUNDS)) if TAIL_ROUNDS > 1 else ((0, 1),):
        for i in range(i0, i1):
            now = np.matmul(now, q, out=firsts[i])
        tail += firsts[i0:i1].reshape(i1 - i0, -1).sum(axis=1).tolist()
        done = next((i for i, m in enumerate(tail) if m < CURVE_DONE * 1e-3), None)
        if done is not None:
            return tail[:done + 1]
    block = np.empty((g.K, TAIL_BLOCK, n))                     # [k, rounds, cell]
    block[:, :1] = now
    for i in range(1, TAIL_BLOCK):
        np.matmul(block[:, i - 1:i], q, out=block[:, i:i + 1])
    tail += block.sum(axis=(0, 2)).tolist()[1:]
    if tail[-1] >= CURVE_DONE * 1e-3:
        ahead = np.linalg.matrix_power(q, TAIL_BLOCK)
        while tail[-1] >= CURVE_DONE * 1e-3 and len(tail) < CURVE_ROUNDS:
            block = np.matmul(block, ahead)
            tail += block.sum(axis=(0, 2)).tolist()
    done = next((n for n, m in enumerate(tail) if m < CURVE_DONE * 1e-3), len(tail) - 1)
    return tail[:min(done + 1, CURVE_ROUNDS)]


def _solve_rounds(solver: _Solver, groups: list[Group], max_rounds: int) -> None:
    out = solver.out
    prune = solver.prune_below
    withdrawn = [np.zeros((g.K, g.R + 1, g.nd + 1)) for g in groups]

    def before_next(g: Group, grid: np.ndarray, w: np.ndarray, fought: int) -> np.ndarray:
        # no retreat after the last round: what is still on then is ``undecided`` (the
        # generic solver's reading; "retreat after round N" counts it as withdrawn)
        return grid if fought == max_rounds else solver.retreat_out(g, grid, w)

    alive = [solver.settle(g, before_next(g, solver.first_round(g), w, 1), prune)
             for g, w in zip(groups, withdrawn)]
    out.expected_rounds = 1.0
    out.decided_by_round.append(1.0 - sum(float(a.sum()) for a in alive))
    for fought in range(2, max_rounds + 1):
        out.expected_rounds += sum(float(a.sum()) for a in alive)
        alive = [solver.settle(g, before_next(g, solver.step(g, a), w, fought), prune)
                 for g, a, w in zip(groups, alive, withdrawn)]
        out.decided_by_round.append(1.0 - sum(float(a.sum()) for a in alive))
    for g, a, w in zip(groups, alive, withdrawn):
        for k, r, j in zip(*np.nonzero(a)):
            solver._record(out.undecided, g.state(k, r, j), float(a[k, r, j]))
        solver._record_retreats(g, w)


def _rounds_to_the_end(solver: _Solver, groups: list[Group]) -> None:
    """To the end with the "decided by round N" curve in the same pass: round by round, every
    cell alive at once (``step``), cells lighter than ``prune_below`` pruned as the sweep
    prunes them. Each group's grids are summed round after round into one: the live cells'
    visits (the expected rounds, the cells explored and the mass the hit tables' cut tails
    drop) and, in row 0 and column nd, the decided ones (recorded once at the end).

    Once a group's live cells fit in a small corner (``TAIL_SOLVE_CELLS``: the last units of
    both sides), its rounds to the end are one linear solve (``_solve_tail``), and the rest
    of its curve one product per round. A battle still on after ``MAX_ROUNDS_THEN_SWEEP``
    rounds (weak dice on both sides: the self-loops decay slowly) is finished by the sweep
    from the cells alive then, so no battle costs more than that many rounds plus one sweep.
    Measured against the sweep and the curve's own rounds it replaced: 1.5-2x faster, 29 v 28
    to 150 v 150."""
    out = solver.out
    sums = [np.zeros((g.K, g.R + 1, g.nd + 1)) for g in groups]
    # the cells the attacker withdraws from (``Group.retreat_when``), moved out every round
    withdrawn = [np.zeros_like(total) if g.withdraw_cells is not None else None
                 for g, total in zip(groups, sums)]
    alive: list[np.ndarray | None] = [solver.retreat_out(g, solver.first_round(g), w)
                                      for g, w in zip(groups, withdrawn)]
    lefts: list[float] = [sum(solver.settle_live(g, cast(np.ndarray, a))   # after round 1
                              for g, a in zip(groups, alive))]
    out.expected_rounds += 1.0
    later: list[float] = []                 # the solved corners' alive after each round, too
    solver.tails_later = True
    try:
        while any(a is not None for a in alive):
            if len(lefts) >= MAX_ROUNDS_THEN_SWEEP:
                for g, a in zip(groups, alive):
                    if a is not None:
                        solver.to_the_end(g, a)
                break
            left = 0.0
            for i, g in enumerate(groups):
                a = alive[i]
                if a is None:
                    continue
                total = sums[i]
                total += a
                solver.last_box = (0, g.R + 1, 0, g.nd)   # (a step with no live row keeps it)
                a = solver.retreat_out(g, solver.step(g, a), withdrawn[i])
                _, r1, j0, _ = solver.last_box
                mass = solver.settle_live(g, a, (r1, j0))
                left += mass
                lo = 1 + (g.retreat_rows or 0)          # the first row the attacker stays in
                if mass == 0.0:
                    total += a                          # this round's decided cells
                    a = None
                elif g.dense and g.fold_d is None and \
                        (r1 - lo) * (g.nd - j0) <= TAIL_SOLVE_CELLS:
                    total[:, 0, :] += a[:, 0, :]
                    total[:, 1:, g.nd] += a[:, 1:, g.nd]
                    tail = _solve_tail(g, a, r1, j0, total, lo, withdrawn[i])
                    at = len(lefts) + 1                 # this round's is lefts[len(lefts)]
                    later.extend([0.0] * (at + len(tail) - len(later)))
                    for n, m in enumerate(tail):
                        later[at + n] += m
                    a = None
                alive[i] = a
            lefts.append(left)
    finally:
        solver.tails_later = False
    for g, total, w in zip(groups, sums, withdrawn):
        solver._record_ends(g, total)
        if w is not None:
            solver._record_retreats(g, w)
        visits = total[:, 1:, :g.nd]
        out.expected_rounds += float(visits.sum())
        if g.drops:
            out.pruned += float((visits * g.dropped_all()[:, 1:]).sum())
        solver.cells += g.K + int(np.count_nonzero(visits))
    lefts.extend([0.0] * (len(later) - len(lefts)))
    curve = [1.0 - (left + (later[n] if n < len(later) else 0.0))
             for n, left in enumerate(lefts)]
    out.decided_by_round = as_drawn(curve)
