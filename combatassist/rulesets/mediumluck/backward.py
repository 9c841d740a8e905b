"""Exact odds of many assignments of one side by backward induction over the positions they
share (the advisor's evaluator, under the heuristic policy).

One job: the same figures as ``batch.batch_odds`` (P(attacker wins), P(defender wins),
P(draw) with stalemates, expected losses: tests compare them), computed once per *position*
instead of once per battle. The future from a position does not depend on how it was
reached, and the assignments of one side against one enemy meet the same positions over and
over (the issue's 17-unit case: 5.2 million round starts over its 4,916 battles, 416,000
different ones). So ``SharedValues`` keeps, for every position met so far, the value of
being there before each band of a round — (P(attacker wins), P(defender wins), E[attacker
units left], E[defender units left]) — and a batch of assignments only discovers and values
the positions no earlier batch met.

A position's value depends on its own band outcomes and its successors' values alone
(summed in one fixed order), so it is the same whatever batch met it first: the advisor's
answers do not depend on the order of its evaluations.

Values, per position ``p`` and band ``b`` (W_b: before band b rolls, mid-round; W_0 is the
round start): W_b(p) = sum over outcomes q * W_{b+1}(destination), W_nb = W_0 at the next
round start. Casualties only lower a position's units, so a destination other than ``p``
is at a lower level (valued first, levels ascending); the outcomes that leave ``p`` as it is
make the round's self-loop, removed exactly: W_0 = A_0 / (1 - stay) (``forward`` does the
same). A round start whose stay is at least ``forward.STALEMATE`` is a stalemate (a draw
where it stands); a side without units ends the battle.
"""
from __future__ import annotations

import numpy as np

from .batch import BatchGrid, TooManyPositions
from .forward import STALEMATE

#: Components of a position's value.
A_WINS, D_WINS, A_LEFT, D_LEFT = range(4)


class SharedValues:
    """Values of the positions of one enemy against any assignment of one side (``own``:
    the universal ``SideChains`` of ``batch.UniversalSide``), kept across batches.

    ``max_values``: positions it may keep (``TooManyPositions`` past it, checked before a
    batch's values are made: nothing half-made is kept); ``work``: the ``WorkCounter`` of
    the grid cells x outcomes pushed (``TooMuchWork`` past it)."""

    def __init__(self, rules, own, enemy, me: int, *, max_own: int, max_values: int, work):
        self.grid = BatchGrid(rules, own, enemy, me, [], max_own=max_own, work=work)
        self.me = me
        self.enemy_start = enemy.add(rules.start[1 - me])
        self.max_values = max_values
        self.nb = self.grid.n_bands
        #: flat positions met, sorted, and the row of each in ``values``
        self._keys = np.zeros(0, dtype=np.int64)
        self._rows = np.zeros(0, dtype=np.int64)
        #: per row: (bands, 4) values W_b of that position
        self.values = np.zeros((0, max(self.nb, 1), 4))
        #: per row: the bands whose values are made, as bits (-1: all; a position met only
        #: mid-round, where the round surely goes on, lacks the bands before)
        self._mask = np.zeros(0, dtype=np.int64)
        self.size = 0

    def __len__(self) -> int:
        return self.size

    def odds(self, starts: list) -> np.ndarray:
        """(len(starts), 4): the values at the round start of each assignment's battle
        (``starts``: the own side's count vectors)."""
        own_idx = np.array([self.grid.sides[self.me].add(s) for s in starts], dtype=np.int64)
        enemy_idx = np.full(len(starts), self.enemy_start, dtype=np.int64)
        ia, idd = (own_idx, enemy_idx) if self.me == 0 else (enemy_idx, own_idx)
        flat = self.grid.join(0, ia, idd)
        self._value_new(flat)
        return self.values[self._lookup(flat), 0].copy()

    # -- the positions kept ------------------------------------------------------------
    def _lookup(self, keys: np.ndarray) -> np.ndarray:
        """Rows of positions that are kept."""
        return self._rows[np.searchsorted(self._keys, keys)]

    def _known(self, keys: np.ndarray) -> np.ndarray:
        if not len(self._keys):
            return np.zeros(len(keys), dtype=bool)
        at = np.minimum(np.searchsorted(self._keys, keys), len(self._keys) - 1)
        return self._keys[at] == keys

    def _keep(self, keys: np.ndarray) -> np.ndarray:
        """Rows for new positions (``keys`` unique, none kept yet)."""
        rows = np.arange(self.size, self.size + len(keys), dtype=np.int64)
        order = np.argsort(keys, kind="stable")
        at = np.searchsorted(self._keys, keys[order])
        self._keys = np.insert(self._keys, at, keys[order])
        self._rows = np.insert(self._rows, at, rows[order])
        if self.size + len(keys) > len(self.values):
            room = min(max(2 * len(self.values), 1024), self.max_values)
            grown = np.zeros((max(room, self.size + len(keys)), *self.values.shape[1:]))
            grown[:self.size] = self.values[:self.size]
            self.values = grown
            self._mask = np.concatenate([self._mask, np.zeros(len(grown) - len(self._mask),
                                                              dtype=np.int64)])
        self.size += len(keys)
        return rows

    # -- discovering and valuing new positions ---------------------------------------------
    def _value_new(self, starts: np.ndarray) -> None:
        """Discover what the battles from ``starts`` need that no batch valued yet, then
        value it, levels ascending.

        A position is *needed before band b* when the battle comes there mid-round, before
        band b (b = 0: a round starts there). That needs band b's outcomes there (and the
        values of where they lead), and band b + 1's too when band b may leave the position
        as it is — after the last band, its round start. Exactly what ``forward`` pushes,
        once per position instead of once per battle. A position kept for some bands,
        needed before another, is valued again over all of them (the same figures for the
        bands it had)."""
        grid, nb = self.grid, self.nb
        pending: dict[int, list] = {}

        def wait(keys: np.ndarray, band: int) -> None:
            levels = grid.levels(keys)
            bits = np.full(len(keys), 1 << band, dtype=np.int64)
            for level in np.unique(levels).tolist():
                here = levels == level
                pending.setdefault(level, []).append((keys[here], bits[here]))

        wait(starts, 0)
        found = []            # per level, highest first: (positions, pushed bands, pushes)
        for level in range(int(grid.levels(starts).max()), -1, -1):
            parts = pending.pop(level, None)
            if not parts:
                continue
            idx, inverse = np.unique(np.concatenate([k for k, _ in parts]),
                                     return_inverse=True)
            reach = np.zeros(len(idx), dtype=np.int64)          # bands needed, as bits
            bits = np.concatenate([b for _, b in parts])
            inverse = inverse.reshape(-1)
            for bit in np.unique(bits).tolist():
                reach[inverse[bits == bit]] |= bit
            known = self._known(idx)
            if known.any():
                have = self._mask[self._lookup(idx[known])]
                reach[known] |= have                        # valued again over both
                todo = ~known
                todo[np.flatnonzero(known)[(reach[known] & ~have) != 0]] = True
                idx, reach = idx[todo], reach[todo]
            if not len(idx):
                continue
            live = ~grid.terminal(idx)
            pushed = np.zeros(len(idx), dtype=np.int64)
            pushes: list[list] = [[] for _ in range(nb)]
            # bands in order, twice: a round that may end where it is needs its round start
            # (band 0 on), up to the bands already pushed
            for _ in range(2):
                for b in range(nb):
                    sel = np.flatnonzero(live & ((reach >> b) & 1 == 1) & ((pushed >> b) & 1 == 0))
                    if not len(sel):
                        continue
                    q, dest = self._push(b, idx[sel])
                    same = dest == idx[sel][:, None]
                    stay = np.zeros(len(sel))
                    for j in range(q.shape[1]):         # one by one: see ``_push``
                        stay += np.where(same[:, j], q[:, j], 0.0)
                    # a band that moves nothing stays exactly (its probabilities may add
                    # up to 1 - 1e-15 and less: a stalemate would not be one)
                    stay[~((q > 0) & ~same).any(axis=1)] = 1.0
                    pushed[sel] |= 1 << b
                    reach[sel[stay > 0]] |= 1 << ((b + 1) % nb)
                    pushes[b].append((sel, q, dest, same, stay))
                    moved = dest[(q > 0) & ~same]
                    if len(moved):
                        wait(np.unique(moved), (b + 1) % nb)
            found.append((idx, live, pushed, pushes))
        if not found:
            return
        keys = np.concatenate([idx for idx, *_ in found])
        new = keys[~self._known(keys)]
        if self.size + len(new) > self.max_values:
            raise TooManyPositions(f"the advisor's search met more than {self.max_values:,} "
                                   "positions; give it fewer units")
        self._keep(new)
        for item in reversed(found):
            self._value_level(*item)

    def _push(self, b: int, idx: np.ndarray):
        """(probabilities, destinations) of band ``b`` from ``idx``, one column per outcome
        that may happen, in the order of the outcomes' hits. The grid's columns are in the
        order the outcomes were first met, which depends on what the search met before;
        sums taken column by column in this order are the same, bit for bit, whatever it
        met (the advice does not depend on the order of the search)."""
        q, dest = self.grid._band(b, idx)
        if not len(idx):
            return q, dest
        hits = self.grid._tables[self.grid.band_index[b]][2][:q.shape[1]]
        order = np.lexsort((hits[:, 1], hits[:, 0]))
        order = order[q[:, order].any(axis=0)]
        return q[:, order], dest[:, order]

    def _value_level(self, idx, live, pushed, pushes) -> None:
        """Value one level's positions at the bands pushed (every lower position is valued
        already); those pushed from band 0 (a round starts there) get their round start's."""
        grid, nb = self.grid, self.nb
        sa, sd = grid.sides
        rows = self._lookup(idx)
        _, ia, idd = grid.split(idx)
        la, ld = sa.level[ia].astype(float), sd.level[idd].astype(float)
        ended = np.column_stack([(la > 0) & (ld == 0), (ld > 0) & (la == 0), la, ld])
        n = len(idx)
        ends = ~live
        self.values[rows[ends]] = ended[ends][:, None, :]     # a battle's end stays so
        self._mask[rows] = np.where(ends, -1, pushed)
        if not live.any():
            return
        if not nb:                                       # nobody rolls: a stalemate
            self.values[rows[live], 0] = ended[live] * np.array([0.0, 0.0, 1.0, 1.0])
            self._mask[rows[live]] = -1
            return
        # A_b (value via moves in bands b..) and C_b (P(bands b.. change nothing)), the last
        # band first; a band not pushed is one the position never meets: 0 and 0
        carried = [np.zeros((n, 4)) for _ in range(nb)] + [np.zeros((n, 4))]
        through = [np.zeros(n) for _ in range(nb)] + [np.ones(n)]
        stay_all = np.ones(n)
        for b in range(nb - 1, -1, -1):
            for sel, q, dest, same, stay in pushes[b]:
                r, c = np.nonzero((q > 0) & ~same)
                nxt = self.values[self._lookup(dest[r, c]), (b + 1) % nb]
                w = q[r, c]
                moved = np.column_stack([np.bincount(r, weights=w * nxt[:, k],
                                                     minlength=len(sel)) for k in range(4)])
                carried[b][sel] = moved + stay[:, None] * carried[b + 1][sel]
                through[b][sel] = stay * through[b + 1][sel]
        for b in range(nb):                              # forward's order: the same stay
            seen = np.zeros(n, dtype=bool)
            for sel, *_, stay in pushes[b]:
                stay_all[sel] = stay_all[sel] * stay
                seen[sel] = True
            stay_all[~seen] = 0.0                        # never met: a band before surely moved
        full = live & (pushed & 1 == 1)
        stale = full & (stay_all >= STALEMATE)
        start = np.zeros((n, 4))
        go = full & ~stale
        start[go] = carried[0][go] / (1.0 - through[0][go])[:, None]
        start[stale] = ended[stale] * np.array([0.0, 0.0, 1.0, 1.0])
        self.values[rows[full], 0] = start[full]
        for b in range(1, nb):
            at = live & ((pushed >> b) & 1 == 1)
            self.values[rows[at], b] = carried[b][at] + through[b][at][:, None] * start[at]
        if (live & ~full).any():
            part = live & ~full & (pushed & 1 == 1)
            assert not part.any()
