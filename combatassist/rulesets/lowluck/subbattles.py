"""Sub-battles of a Low Luck grid solve (``grid``), batched: the cells (k, r, j) of the
sub-battles sharing the defender's start, their hit tables and move matrices.

Cell (k, r, j): sub-battle k (one per outcome of round 1's phases before the fire), the
attacker with r units left, the defender with j units lost (``grid``'s module docstring).

The later editions add two things, asked of the rules (``chains.ChainRules``): round 1's fire
may differ from the others (shore bombardment: ``opening``, fought before the sweep), and the
end of a round may take a side left alone (a defender with only AA guns, lone transports:
``end_round``). A side is left alone only at the end of its chain, so those cells are few: each
*folds* at the end of a round into the cell ``end_round`` names, (k, r, nd) when the defender
loses them, (k, 0, j) when the attacker does, (k, 0, nd) when both do (lone transports that
fire, on both sides: a draw).
"""

from __future__ import annotations

import functools
from typing import Any, cast

import numpy as np

from .chains import STALEMATE, Chain, ChainRules

#: Battles whose move matrices fit in this many numbers keep them all (slices, no gathers)...
MOVES_CACHE = 2_000_000
#: ... and solve every row's within-row flow up front when the inverses fit in this many.
INVERSE_CACHE = 60_000
#: A row's cells whose within-row outflow is at most this are solved by a series (``within``).
SERIES_BELOW = 1e-2
#: ... summed until a term carries at most this share of the row's mass: far below the
#: rounding of the sums (and below ``DEFAULT_PRUNE`` for any cell).
SERIES_TAIL = 1e-20
#: ... and the rest of every row solved up front when its inverses fit in this many numbers.
TAIL_CACHE = 2_000_000
#: A series of terms each at most SERIES_BELOW of the last reaches SERIES_TAIL well before.
MAX_SERIES_TERMS = 64


def strided(base: np.ndarray, start: int, shape: tuple[int, ...], steps: tuple[int, ...],
            writeable: bool = False) -> np.ndarray:
    """A view of C-contiguous ``base``: entry [i, ...] is its flat entry start + sum of
    i * steps (in entries); numpy checks that every entry lies inside ``base``. The numpy
    constructor, not ``as_strided`` (whose set-up costs 40x more: these views are made
    thousands of times a battle)."""
    size = base.itemsize
    view = np.ndarray(shape, base.dtype, base, start * size, tuple(x * size for x in steps))
    if not writeable:
        view.flags.writeable = False
    return view


def span(mask: np.ndarray | np.bool_) -> tuple[int, int]:
    """(first, last + 1) of the True entries of a 1-D mask; (0, 0) when there are none."""
    where = np.flatnonzero(mask)
    if not where.size:
        return 0, 0
    return int(where[0]), int(where[-1]) + 1


def ranges(hits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per row of hit tables: the fewest and the most hits possible (0, 0 for empty rows)."""
    nonzero = hits > 0
    first = nonzero.argmax(axis=-1)
    last = hits.shape[-1] - 1 - nonzero[..., ::-1].argmax(axis=-1)
    empty = ~nonzero.any(axis=-1)
    first[empty] = 0
    last[empty] = 0
    return first, last


class Group:
    """Sub-battles sharing the defender's start, batched: cell (k, r, j) as in the module
    docstring. Sub-battle k's attacker starts with ``starts[k]`` units and mass ``masses[k]``;
    ``round1``: they start in round 1 (a later edition's opening fire: ``opening``)."""

    #: Set with ``fold_d`` (``_folds``): the cells folding into the attacker's end, both
    #: sides', any.
    fold_a: np.ndarray
    fold_b: np.ndarray
    fold_any: np.ndarray

    def __init__(self, attackers: list[Chain], masses: list[float], dfn: Chain,
                 rules: ChainRules, round1: bool = True):
        self.attackers, self.dfn = attackers, dfn
        self.K = len(attackers)
        self.R = max(c.n for c in attackers)
        nd = self.nd = dfn.n
        self.starts = np.array([c.n for c in attackers])
        self.masses = np.array(masses)
        width = max(c.hits.shape[1] for c in attackers)
        # ha[k, r]: the attacker's hit table in sub-battle k with r units left
        self.ha = self._attacker_tables(width)
        self.ha[:, 0, 0] = 1.0
        self.a_first, self.a_last = ranges(self.ha)
        self.a_total = self.ha.sum(axis=2)
        self.hd = dfn.hits
        self.d_first, self.d_last = ranges(self.hd)
        self.d_total = self.hd.sum(axis=1)
        #: Some cell's round drops more than float rounding (``dropped``: hit tables' cut
        #: tails); else its drops are all 0 and need not be summed. (1 - a d is largest at
        #: the least totals a, d: rounding is monotonic.)
        self.drops = bool(nd) and \
            1.0 - float(self.a_total.min()) * float(self.d_total[:nd].min()) >= 1e-15
        # Bounds on a box's hits with no reduction per round (``grid._push_box``), as lists
        # (scalar reads): the most the defender may score from cell j on, the fewest; the
        # fewest the attacker may score with r units or more, the most with r or fewer (every
        # sub-battle). A box's own bounds lie within them, and are nearly them: the tables
        # shrink as units are lost.
        self.d_most_from = np.maximum.accumulate(self.d_last[:nd][::-1])[::-1].tolist()
        self.d_fewest_from = np.minimum.accumulate(self.d_first[:nd][::-1])[::-1].tolist()
        self.a_fewest_from = np.minimum.accumulate(self.a_first.min(axis=0)[::-1])[::-1].tolist()
        self.a_most_upto = np.maximum.accumulate(self.a_last.max(axis=0)).tolist()
        # Later editions: round 1's attacker tables, and the cells a round's end folds.
        self.opening = self._opening(rules) if round1 else None
        self.fold_d: np.ndarray | None = None      # with it: fold_a, fold_b, fold_any
        self._folds(rules)
        # the first defender cell (losses j) that may score no hit: from there on all may
        # (a unit lost only raises that chance), and only there can a row flow within itself
        may_miss = np.flatnonzero(self.hd[:nd, 0] > 0)
        self.first_miss = int(may_miss[0]) if may_miss.size else nd
        # Move matrices are windows of the padded hit tables: entry [j, j'] of the defender's
        # move matrix under (k, r) is ha[k, r, j' - j] = padded[k, r, offset + j' - j].
        self._offset = nd + 1
        self._padded = np.zeros((self.K, self.R + 1, 2 * (nd + 1) + width))
        self._padded[:, :, self._offset:self._offset + width] = self.ha
        self._at_least = np.zeros((self.K, self.R + 1, max(width + 1, nd + 2)))
        self._at_least[:, :, :width] = np.cumsum(self.ha[:, :, ::-1], axis=2)[:, :, ::-1]
        #: [k, r, j]: P(the attacker's hits wipe out the defender from cell j), the move
        #: matrices' last column (a view: slices of it, no gather)
        self._wipes_out = self._at_least[:, :, nd::-1]
        # The defender's hit tables laid out for ``down`` (zeros on both sides), and
        # P(at least h hits) for the column "wiped out".
        dw = self.hd.shape[1]
        self._hd_offset = self.R + 1
        self._hd_padded = np.zeros((nd + 1, 2 * (self.R + 1) + dw))
        self._hd_padded[:, self._hd_offset:self._hd_offset + dw] = self.hd
        self._hd_at_least = np.zeros((nd + 1, max(dw + 1, self.R + 2)))
        self._hd_at_least[:, :dw] = np.cumsum(self.hd[:, ::-1], axis=1)[:, ::-1]
        # stalemates need both sides unable to hit: rare, so looked for only when possible
        self.may_stall = bool((self.ha[:, 1:, 0] >= STALEMATE).any()
                              and (self.hd[:nd, 0] >= STALEMATE).any())
        self.all_k = np.arange(self.K)
        # Small battles: every move matrix once (slices instead of a gather per row:
        # ``_all_moves``, built when first asked for), and every row's within-row solution
        # up front, all rows at once (see ``_inverses``).
        self._keeps_moves = self.K * (self.R + 1) * (nd + 1) ** 2 <= MOVES_CACHE
        # Where the within-row series stops (``within``): the first cell whose chance to
        # leave within the row may pass SERIES_BELOW.
        big = np.flatnonzero(self.hd[self.first_miss:nd, 0] > SERIES_BELOW)
        self.split = self.first_miss + int(big[0]) if big.size else nd
        #: Small enough for whole-row sweeps (every move matrix kept, no stalemate to look
        #: for).
        self.dense = self._keeps_moves and not self.may_stall
        #: The live cells the attacker withdraws from before a round (``retreat_when``,
        #: ``retreat_from``): [k, r, j], or None. ``retreat_rows``: 0 without them, n when
        #: they are rows 1..n of every sub-battle, None for any other set of cells.
        self.withdraw_cells: np.ndarray | None = None
        self.retreat_rows: int | None = 0

    def _attacker_tables(self, width: int) -> np.ndarray:
        """ha[k, r]: the attacker's hit table in sub-battle k with r units left."""
        ha = np.zeros((self.K, self.R + 1, width))
        for k, c in enumerate(self.attackers):
            ha[k, :c.n + 1, :c.hits.shape[1]] = c.hits[::-1]
        return ha

    def retreat_when(self, withdraws) -> None:
        """The attacker withdraws before a round from the rows where ``withdraws(comp)``
        (its composition there) is true: a side's units only decrease down its chain, so
        those are the bottom rows 1..n of each sub-battle (AssertionError otherwise)."""
        upto = []
        for att in self.attackers:
            flags = [bool(withdraws(att.comps[att.n - r])) for r in range(1, att.n + 1)]
            n = sum(flags)
            if flags != [True] * n + [False] * (att.n - n):
                raise AssertionError("a retreat rule must hold on the bottom rows of a chain")
            upto.append(n)
        rows = np.arange(self.R + 1)
        in_rows = (rows[None, :] >= 1) & (rows[None, :] <= np.array(upto)[:, None])
        cells = np.repeat(in_rows[:, :, None], self.nd + 1, axis=2)
        cells[:, :, self.nd] = False
        self.retreat_from(cells, upto[0] if len(set(upto)) == 1 else None)

    def retreat_from(self, cells: np.ndarray, rows: int | None = None) -> None:
        """The attacker withdraws before a round from ``cells`` [k, r, j] (live cells only:
        row 0 and column nd are ignored); ``rows``: n when those are rows 1..n of every
        sub-battle. A withdrawal cell only collects, like a folded one (``miss``)."""
        cells = cells.copy()
        cells[:, 0, :] = False
        cells[:, :, self.nd] = False
        if not cells.any():
            return
        self.withdraw_cells = cells
        self.retreat_rows = rows
        # the dense sweep and the corner solve need the same bottom rows in every sub-battle
        self.dense = self.dense and rows is not None

    @functools.cached_property
    def _all_moves(self) -> np.ndarray | None:
        """Every move matrix ([k, r, j, j'], as ``moves``) when they fit in ``MOVES_CACHE``
        numbers, else None: built when first asked for (the sweeps ask; the rounds read the
        same numbers through strided views, ``moves``: a battle decided in a few rounds, low
        luck's 100 v 100, spent a quarter of its time building them)."""
        if not self._keeps_moves:
            return None
        return self.weighted_moves(slice(None), slice(None), 0, self.nd + 1, 0, self.nd + 1)

    def _kept_moves(self) -> np.ndarray | None:
        """``_all_moves`` once built, else None (``moves`` reads them: the same numbers)."""
        return self.__dict__.get("_all_moves")

    # -- the sweep's within-row solutions, up front (only the sweep asks: built on demand) --
    @functools.cached_property
    def within_inverse(self) -> np.ndarray | None:
        """Every row's within-row solution, all rows at once, when they fit in
        ``INVERSE_CACHE`` numbers (row r: x = b @ within_inverse[:, r - 1]); else None."""
        size = self.nd + 1 - self.first_miss
        if size > 1 and self.K * self.R * size ** 2 <= INVERSE_CACHE:
            return inverses(self.within_flow(slice(None), slice(1, None), self.first_miss))
        return None

    @functools.cached_property
    def tail_inverse(self) -> np.ndarray | None:
        """Without ``within_inverse``: the rest of every row from ``split`` on (the defender's
        last few units, so a handful of cells) solved up front, all rows at once, when it fits
        in ``TAIL_CACHE`` numbers ([k, r - 1]: cells split..nd); else None."""
        tail = self.nd + 1 - self.split
        if self.within_inverse is None and tail > 1 and \
                self.K * self.R * tail ** 2 <= TAIL_CACHE:
            return inverses(self.within_flow(slice(None), slice(1, None), self.split))
        return None

    # -- the later editions' round 1 and round ends --------------------------------------
    def _opening(self, rules: ChainRules) -> list[np.ndarray] | None:
        tables = [rules.opening_hits(c.comps[0]) for c in self.attackers]
        return None if any(t is None for t in tables) else cast("list[np.ndarray]", tables)

    def _folds(self, rules: ChainRules) -> None:
        """Mark the cells whose round end takes a side left alone (``rules.end_round``)."""
        nd = self.nd
        d_alone = [nd - r for r in alone_suffix(rules, "defender", self.dfn.comps)]
        a_alones = [set(alone_suffix(self.rules_of_sub_battle(k, rules), "attacker",
                                     att.comps))
                    for k, att in enumerate(self.attackers)]
        if not d_alone and not any(a_alones):
            return                                  # Classic; most later battles
        fold_d = np.zeros((self.K, self.R + 1, nd + 1), dtype=bool)
        fold_a = np.zeros_like(fold_d)
        fold_b = np.zeros_like(fold_d)
        for k, (att, a_alone) in enumerate(zip(self.attackers, a_alones)):
            for r in range(1, att.n + 1):
                a = att.comps[att.n - r]
                for j in (range(nd) if r in a_alone else d_alone):
                    d = self.dfn.comps[j]
                    end = self.rules_of_sub_battle(k, rules).end_round((a, d, False))
                    if end == (a, d, False):
                        continue
                    if end == (a, self.dfn.comps[nd], False):
                        fold_d[k, r, j] = True
                    elif end == (att.comps[att.n], d, False):
                        fold_a[k, r, j] = True
                    elif end == (att.comps[att.n], self.dfn.comps[nd], False):
                        fold_b[k, r, j] = True
                    else:
                        raise AssertionError("a round's end leaves the chains")
        if fold_d.any() or fold_a.any() or fold_b.any():
            self.fold_d, self.fold_a, self.fold_b = fold_d, fold_a, fold_b
            self.fold_any = fold_d | fold_a | fold_b

    def rules_of_sub_battle(self, k: int, rules: ChainRules) -> ChainRules:
        """The rules of sub-battle k (``rules``: they are one battle's; the batch engine's
        groups hold several)."""
        return rules

    def fold(self, grid: np.ndarray) -> None:
        """The round's end on a grid of end-of-round masses [k, r, j], in place."""
        if self.fold_d is None:
            return
        nd = self.nd
        grid[:, :, nd] += np.where(self.fold_d, grid, 0.0).sum(axis=2)
        grid[:, 0, :] += np.where(self.fold_a, grid, 0.0).sum(axis=1)
        grid[:, 0, nd] += np.where(self.fold_b, grid, 0.0).sum(axis=(1, 2))
        grid[self.fold_any] = 0.0

    def fold_row(self, kk, r: int, row: np.ndarray) -> np.ndarray | None:
        """The round's end on row r of sub-battles ``kk`` (``row``, in place): what goes to
        row 0 (the attacker loses its lone units; both sides do: its cell nd), or None."""
        if self.fold_d is None:
            return None
        fd, fa, fb = self.fold_d[kk, r], self.fold_a[kk, r], self.fold_b[kk, r]
        row[:, self.nd] += np.where(fd, row, 0.0).sum(axis=1)
        lost = np.where(fa, row, 0.0)
        lost[:, self.nd] += np.where(fb, row, 0.0).sum(axis=1)
        row[fd | fa | fb] = 0.0
        return lost

    def opening_round(self) -> tuple[np.ndarray, float]:
        """Round 1's fire from the starts with the opening tables, its end folded; and the
        mass its hit tables' cut tails drop."""
        grid = np.zeros((self.K, self.R + 1, self.nd + 1))
        nd, hd0 = self.nd, self.hd[0]
        assert self.opening is not None
        dropped = 0.0
        for k, (s, m) in enumerate(zip(self.starts, self.masses)):
            if s == 0:                            # AA fire shot every unit down
                grid[k, 0, 0] += m
                continue
            h1 = self.opening[k]
            to_dfn = np.zeros(nd + 1)             # the defender's cell after the attacker's hits
            to_dfn[:min(len(h1), nd)] = h1[:nd]
            to_dfn[nd] = h1[nd:].sum()
            to_att = np.zeros(s + 1)              # the attacker's row after the defender's
            a = np.arange(min(len(hd0), s))
            to_att[s - a] = hd0[a]
            to_att[0] = hd0[s:].sum()
            grid[k, :s + 1, :] += m * np.outer(to_att, to_dfn)
            lost = 1.0 - h1.sum() * hd0.sum()
            dropped += m * lost if lost >= 1e-15 else 0.0
        self.fold(grid)
        return grid, dropped

    def first_fire(self) -> tuple[np.ndarray, float]:
        """Round 1's fire from the starts with the later rounds' tables, every sub-battle at
        once (a start is one cell: its mass times P(the attacker goes to t units left) times
        P(the defender to cell j'), what a round's product gives it), its end folded; a
        sub-battle over at its start stays put. And the mass the hit tables' cut tails
        drop."""
        ks, starts, nd = self.all_k, self.starts, self.nd
        over = self.over_at_start()
        mass = np.where(over, 0.0, self.masses)
        # the defender from cell 0, its last column "wiped out" (``weighted_moves``)
        to_dfn = self._padded[ks, starts, self._offset:self._offset + nd + 1]
        to_dfn[:, nd] = self._wipes_out[ks, starts, 0]
        # the attacker from its start (``down``): t = 0 wiped out
        to_att = self._hd_padded[0, self._hd_offset + starts[:, None]
                                 - np.arange(self.R + 1)[None, :]]
        to_att[:, 0] = self._hd_at_least[0, starts]
        grid = (mass[:, None] * to_att)[:, :, None] * to_dfn[:, None, :]
        grid[ks[over], starts[over], 0] = self.masses[over]
        lost = 1.0 - self.a_total[ks, starts] * self.d_total[0]
        lost[lost < 1e-15] = 0.0                   # float rounding, not a pruned tail
        self.fold(grid)
        return grid, float((mass * lost).sum())

    def miss(self, kk, rr, j0: int) -> np.ndarray:
        """[k, j]: P(the defender scores no hit) in cells j0..nd-1 of rows (kk, rr) — each
        cell's within-row flow is that times its move matrix row (``within``) —, zero where
        the attacker can't hit either (a stalemate never leaves), where a round's end
        folds the cell and where the attacker withdraws (those only collect)."""
        miss = self.hd[j0:self.nd, 0]
        collects = False
        if self.fold_d is not None:                   # a folded cell only collects
            miss = np.where(self.fold_any[kk, rr, j0:self.nd], 0.0, miss)
            collects = True
        if self.withdraw_cells is not None:           # so does one the attacker leaves
            miss = np.where(self.withdraw_cells[kk, rr, j0:self.nd], 0.0, miss)
            collects = True
        if not self.may_stall:
            return miss if collects else miss[None, :]
        stale = self.ha[kk, rr, 0][..., None] * miss >= STALEMATE
        return np.where(stale, 0.0, miss)

    def within_flow(self, kk, rr, j0: int) -> np.ndarray:
        """Rows (kk, rr)'s own flow from cells j0..nd-1 (the defender scores no hit) to cells
        j0..nd, self-loops on the diagonal; a stalemate's row is empty (it never leaves)."""
        return self.moves(kk, rr, j0, self.nd, j0, self.nd + 1) * self.miss(kk, rr, j0)[..., None]

    def down(self, r0: int, r1: int, j0: int, j1: int, t0: int, t1: int,
             out: np.ndarray | None = None) -> np.ndarray:
        """[r, j, t] = P(the attacker goes from r units left to t | the defender in cell j),
        for r0 <= r < r1, j0 <= j < j1, t0 <= t < t1 (t = 0: wiped out). A strided view, or
        written into ``out`` (shaped so) when given."""
        base = self._hd_padded
        width = base.shape[1]
        # entry [r, j, t] = padded[j0 + j, offset + r0 + r - t0 - t]: r moves right, t left
        view = strided(base, j0 * width + self._hd_offset + r0 - t0,
                       (r1 - r0, j1 - j0, t1 - t0), (1, width, -1))
        if out is not None:
            np.copyto(out, view)
            view = out
        elif t0 == 0:
            view = view.copy()
        if t0 == 0:
            view[:, :, 0] = self._hd_at_least[j0:j1, r0:r1].T
        return view

    def down_rows(self, r0: int, r1: int, t0: int, t1: int, out: np.ndarray) -> np.ndarray:
        """``down`` of whole rows, targets first: ``out`` [t, r, j] (shaped so) = P(the
        attacker goes from r units left to t | the defender in cell j), for t0 <= t < t1,
        r0 <= r < r1 and every cell j = 0..nd (``_Solver._push_rows``: a row's cells are
        one run of the grid's flat cells)."""
        base = self._hd_padded
        width = base.shape[1]
        # entry [t, r, j] = padded[j, offset + r0 + r - t0 - t]
        np.copyto(out, strided(base, self._hd_offset + r0 - t0,
                               (t1 - t0, r1 - r0, self.nd + 1), (-1, 1, width)))
        if t0 == 0:
            out[0] = self._hd_at_least[:, r0:r1].T
        return out

    @functools.cached_property
    def all_down(self) -> np.ndarray | None:
        """``down_rows`` of every row: [t, r - 1, j] for t = 0..R, r = 1..R, every cell j,
        when it fits in ``MOVES_CACHE`` numbers (else None), built when first asked for:
        a box of whole rows' is then a view of it, [t0:t1, r0 - 1:r1 - 1] (its rows and
        cells one run each), not a copy a round."""
        if (self.R + 1) * self.R * (self.nd + 1) > MOVES_CACHE:
            return None
        out = self.down_rows(1, self.R + 1, 0, self.R + 1,
                             np.empty((self.R + 1, self.R, self.nd + 1)))
        out.flags.writeable = False
        return out

    def state(self, k: int, r: int, j: int) -> Any:
        att = self.attackers[k]
        return (att.comps[att.n - r], self.dfn.comps[j], False)

    def moves(self, kk, rr, j0: int, j1: int, c0: int, c1: int) -> np.ndarray:
        """The defender's move matrices under attacker rows (kk, rr): [n, j, j'] = P(the
        defender goes from cell j to j'), rows j0..j1-1, columns c0..c1-1 (nd: wiped out)."""
        kept = self._kept_moves()
        if kept is not None:
            return kept[kk, rr, j0:j1, c0:c1]
        return self.weighted_moves(kk, rr, j0, j1, c0, c1)

    def weighted_moves(self, kk, rr, j0: int, j1: int, c0: int, c1: int,
                       mass: np.ndarray | None = None, out: np.ndarray | None = None
                       ) -> np.ndarray:
        """``moves`` times ``mass`` (one number per source cell [..., j], or None: 1), built
        in one pass from a strided view of the padded hit tables (a C-ordered array: a
        fancy-indexed gather comes out with its first axis innermost, and every product
        after it crawls); written into ``out`` (shaped so) when given and ``mass`` is."""
        kept = self._kept_moves()
        if kept is not None:
            block = kept[kk, rr, j0:j1, c0:c1]
            if mass is None:
                return np.array(block)
            return np.multiply(block, mass[..., None], out=out)
        # entry [k, r, j, j'] = padded[k, r, offset + j' - j]: a view of the padded tables
        # themselves for sub-battles and rows that are ranges, of a small copy otherwise
        base, start, lead, steps = self._padded, self._offset + c0 - j0, [], []
        width = base.shape[2]
        for index, size, step in ((kk, self.K, (self.R + 1) * width), (rr, self.R + 1, width)):
            if isinstance(index, slice) and index.step in (None, 1):
                first, stop, _ = index.indices(size)
                start += first * step
                lead.append(max(0, stop - first))
                steps.append(step)
            elif isinstance(index, (int, np.integer)):
                start += int(index) * step
            else:                                   # listed sub-battles: a copy
                base = np.ascontiguousarray(self._padded[kk, rr])
                lead, steps = list(base.shape[:-1]), [width]
                for size in lead[:0:-1]:
                    steps.insert(0, steps[0] * size)
                start = self._offset + c0 - j0
                break
        view = strided(base, start, tuple(lead) + (j1 - j0, c1 - c0), tuple(steps) + (-1, 1))
        block = np.array(view) if mass is None else np.multiply(view, mass[..., None], out=out)
        if c1 == self.nd + 1:
            block[..., -1] = self._wipes_out[kk, rr, j0:j1]
            if mass is not None:
                block[..., -1] *= mass
        return block

    def dropped_all(self) -> np.ndarray:
        """``dropped`` of every cell but "wiped out": [k, r, j]."""
        lost = 1.0 - self.a_total[:, :, None] * self.d_total[None, None, :self.nd]
        lost[lost < 1e-15] = 0.0
        return lost

    def dropped(self, kk, rr, j0: int, j1: int) -> np.ndarray:
        """Per cell, the chance a round lands in a hit-table tail cut off (reported pruned)."""
        lost = 1.0 - self.a_total[kk, rr][:, None] * self.d_total[None, j0:j1]
        lost[lost < 1e-15] = 0.0                   # float rounding, not a pruned tail
        return lost

    def stalemate(self, kk, rr, j0: int, j1: int) -> np.ndarray:
        """Cells (k, r, j) nobody can leave: neither side can score a hit."""
        return self.ha[kk, rr, 0][:, None] * self.hd[None, j0:j1, 0] >= STALEMATE

    def start_grid(self) -> np.ndarray:
        grid = np.zeros((self.K, self.R + 1, self.nd + 1))
        grid[np.arange(self.K), self.starts, 0] = self.masses
        return grid

    def over_at_start(self) -> np.ndarray:
        """Sub-battles over before round 1's fire (AA shot every unit down; nobody can hit)."""
        ks = np.arange(self.K)
        return (self.starts == 0) | self.stalemate(ks, self.starts, 0, 1)[:, 0]


def alone_suffix(rules: ChainRules, role: str, comps: list[tuple[int, ...]]) -> list[int]:
    """The units left r >= 1 at which a side's chain (``comps``: ``comps[i]`` after i hits)
    is left alone (``alone_at_end``): a side is left alone with units of one kind
    (transports, AA guns) lost after all its others, so those compositions are the chain's
    last ones, found from its end."""
    n = len(comps) - 1
    out = []
    for r in range(1, n + 1):
        if not rules.alone_at_end(role, comps[n - r]):
            break
        out.append(r)
    return out


def inverses(flow: np.ndarray) -> np.ndarray:
    """(I - N)^-1 for each within-row flow N (``flow``: its rows but the last, which is
    zero: "wiped out" stays), every matrix at once.

    N is upper triangular and non-negative, so the inverse Y = I + Y N is built one column
    at a time from the columns before it: only sums of non-negative terms (no cancellation),
    one batched product per column instead of one LAPACK call per row."""
    size = flow.shape[-1]
    n = np.zeros(flow.shape[:-2] + (size, size))
    n[..., :-1, :] = flow
    y = np.zeros_like(n)
    for c in range(size):
        col = np.matmul(y[..., :, :c], n[..., :c, c, None])[..., 0] if c else y[..., :, 0]
        col[..., c] += 1.0
        y[..., :, c] = col / (1.0 - n[..., c, c, None])
    return y


def within(moves: np.ndarray, miss: np.ndarray, b: np.ndarray, m: int | None = None,
           tail: np.ndarray | None = None) -> np.ndarray:
    """x with x (I - N) = b for each stacked within-row flow N = miss * moves (row i of
    ``moves`` [k, i, c] scaled by ``miss`` [k or 1, i]; the rows but the last, which is zero:
    "wiped out" stays) and mass ``b`` [k, c]: the mass that passes each cell of the row
    (self-loops included).

    N is upper triangular and non-negative. Where the defender is large a cell's outflow
    within the row (at most ``miss``: it must score no hit at all) is tiny, so the row
    splits at cell ``m`` (default: the first whose ``miss`` exceeds ``SERIES_BELOW``; none
    before it may): before it, x = b (I + N + N^2 + ...), each term at most
    ``SERIES_BELOW`` times the one before, summed until the terms are below ``SERIES_TAIL``
    of the mass; from it on (the defender's last few units), ``tail`` [k, i, c] (that part's
    (I - N)^-1, ``Group.tail_inverse``) or a dense solve. The dense solve was the whole row's
    before: its size, cubed, was the row's work. N itself is never built: the series scales
    its vector by ``miss`` instead."""
    k, rows, size = moves.shape
    if m is None:
        big = np.flatnonzero(miss.max(axis=0) > SERIES_BELOW)
        m = int(big[0]) if big.size else rows
    x = np.empty_like(b)
    rhs = b
    if m:
        block, scale = moves[:, :m, :m], miss[:, None, :m]
        term = b[:, None, :m]
        x1 = b[:, :m].copy()
        tail_mass = SERIES_TAIL * float(x1.sum())
        for _ in range(MAX_SERIES_TERMS):
            term = np.matmul(term * scale, block)
            mass = float(term.sum())
            x1 += term[:, 0, :]
            if mass <= tail_mass:
                break
        else:
            raise AssertionError("the within-row series did not converge")
        x[:, :m] = x1
        rhs = b[:, m:] + np.matmul((x1 * miss[:, :m])[:, None, :], moves[:, :m, m:])[:, 0, :]
    n = size - m
    if n == 1:                                   # only "wiped out" is left: nothing flows
        x[:, m:] = rhs
    elif tail is not None:
        x[:, m:] = np.matmul(rhs[:, None, :], tail)[:, 0, :]
    else:
        # x (I - N) = rhs as (I - N)^T x = rhs, the system written transposed at once
        system = np.zeros((k, n, n))
        np.multiply(moves[:, m:, m:].transpose(0, 2, 1), -miss[:, None, m:],
                    out=system[:, :, :-1])
        system.reshape(k, -1)[:, ::n + 1] += 1.0
        x[:, m:] = np.linalg.solve(system, rhs[:, :, None])[:, :, 0]
    return x
