"""The positions a battle can reach under the heuristic casualty policy, as a grid.

The heuristic ("combat power", battle.py's module doc) picks each side's casualties from that
side's units alone, one hit at a time. So each side has a small set of reachable unit
vectors — closed under "one hit in band b" for every band — and a chain per band: where
``h`` hits lead. The battle's positions are the product of both sides' sets. This grid gives
``forward.outcome`` what it needs (the exact figures, vectorised with numpy) and reproduces
the chain solver of ``solver.solve`` transition for transition (tests compare them).

``SideChains`` is one side's part; the advisor keeps the enemy's and reuses it for every
assignment it evaluates.
"""
from __future__ import annotations

import math
from typing import cast

import numpy as np

from .bands import make_config
from .forward import SideProductGrid


class SideChains:
    """One side's unit vectors under the heuristic, discovered as the battle reaches them:
    per chart band ``b``, the config summary of each (dice and boosters: ``summary[b][i]``,
    ids into ``configs[b]``) and where ``h`` hits lead (``chain[b][h, i]``, once
    ``ensure``d for that band)."""

    def __init__(self, rules, side: int):
        self.setup_side(rules.models[side], side == 1 and rules.setup.defender_extra_white,
                        rules.start[side])

    @classmethod
    def of_model(cls, model, extra_white: bool, start: tuple,
                 bounds: tuple | None = None) -> "SideChains":
        """The chains of a side model (``slots._SideModel``) from ``start``; ``extra_white``:
        the side rolls the defender's extra white die. More starts may be ``add``ed, with
        counts at most ``bounds`` slot by slot (default: ``start``)."""
        chains = cls.__new__(cls)
        chains.setup_side(model, extra_white, start, bounds)
        return chains

    def setup_side(self, model, extra_white: bool, start: tuple,
                   bounds: tuple | None = None) -> None:
        self.model = model
        chart = model.chart
        bands = chart.bands
        self.n_bands = len(bands)
        self.winners = [band.casualties == "winner" for band in bands]
        self.hits = chart.max_dice + 2          # hits a side may take in one band
        self.extra = [extra_white and band.defender_extra_die for band in bands]
        self.states: list[tuple] = []
        self.index: dict[tuple, int] = {}
        self.configs: list[dict] = [{} for _ in bands]
        self._cap = 0
        self.n_slots = len(model.slots)
        self.level = np.zeros(0, dtype=np.int64)
        #: per state, its counts (rows of ``states``)
        self.counts = np.zeros((0, self.n_slots), dtype=np.int64)
        #: per band, the state one hit leads to (-1: not yet known)
        self.succ = [np.zeros(0, dtype=np.int64) for _ in bands]
        self.summary = [np.zeros(0, dtype=np.int64) for _ in bands]
        self.chains = [np.zeros((self.hits + 1, 0), dtype=np.int64) for _ in bands]
        self.done = [np.zeros(0, dtype=bool) for _ in bands]
        #: probability tables against an enemy's SideChains (HeuristicGrid fills them)
        self.pair_tables: dict = {}
        self._matrices()
        #: rows as integers (mixed radix over each slot's largest count), when they fit
        most = [n + 1 for n in (start if bounds is None else bounds)]
        self._radix = None
        self._codes: dict[int, int] = {}
        if math.prod(most) < 2 ** 62:
            self._radix = np.array([math.prod(most[i + 1:]) for i in range(self.n_slots)],
                                   dtype=np.int64)
        self.add(start)

    def _grow(self, need: int) -> None:
        cap = max(64, 2 * self._cap, need)
        pad = cap - self._cap
        self.level = np.concatenate([self.level, np.zeros(pad, dtype=np.int64)])
        self.counts = np.concatenate([self.counts, np.zeros((pad, self.n_slots),
                                                            dtype=np.int64)])
        self.done = [np.concatenate([a, np.zeros(pad, dtype=bool)]) for a in self.done]
        self.succ = [np.concatenate([a, np.full(pad, -1, dtype=np.int64)]) for a in self.succ]
        self.summary = [np.concatenate([a, np.zeros(pad, dtype=np.int64)]) for a in self.summary]
        self.chains = [np.concatenate([c, np.zeros((self.hits + 1, pad), dtype=np.int64)], axis=1)
                       for c in self.chains]
        self._cap = cap

    def add(self, counts: tuple) -> int:
        """The index of a unit vector (new ones get their level and config summaries)."""
        i = self.index.get(counts)
        if i is not None:
            return i
        return int(self.add_many(np.array([counts], dtype=np.int64).reshape(1, self.n_slots))[0])

    def add_many(self, rows: np.ndarray) -> np.ndarray:
        """The indices of unit vectors (rows of counts); new ones get their level and config
        summaries, computed for all of them at once."""
        out = np.empty(len(rows), dtype=np.int64)
        fresh: list[int] = []
        index, states = self.index, self.states
        if self._radix is not None:      # one integer per row: a much cheaper dictionary key
            # each different row looked up once (many rows of a batch are the same), the new
            # ones numbered in the rows' order
            codes, first, inverse = np.unique(rows @ self._radix, return_index=True,
                                              return_inverse=True)
            order = np.argsort(first, kind="stable")
            codes, first = codes[order].tolist(), first[order]
            found = self._codes
            ids = np.array([found.get(c, -1) for c in codes], dtype=np.int64)
            new = np.flatnonzero(ids < 0)
            if len(new):
                start = len(states)
                numbers = range(start, start + len(new))
                ids[new] = numbers
                fresh = first[new].tolist()
                made = list(map(tuple, rows[fresh].tolist()))
                states.extend(made)
                index.update(zip(made, numbers))
                found.update(zip([codes[u] for u in new.tolist()], numbers))
            back = np.empty(len(ids), dtype=np.int64)
            back[order] = ids
            out[:] = back[inverse.reshape(-1)]
        else:
            for r, counts in enumerate(map(tuple, rows.tolist())):
                i = index.get(counts)
                if i is None:
                    i = index[counts] = len(states)
                    states.append(counts)
                    fresh.append(r)
                out[r] = i
        if fresh:
            new = out[fresh]
            if len(states) > self._cap:
                self._grow(len(states))
            block = rows[fresh]
            self.counts[new] = block
            self.level[new] = block.sum(axis=1)
            dice, boosters = self._summaries(block)
            for b in range(self.n_bands):
                table = self.configs[b]
                cols = np.column_stack([dice[:, b], boosters[:, self._band_kinds[b]]])
                if len(cols) > 8:        # the few distinct configurations only
                    # (one integer per row: a 1-d unique, much cheaper than rows')
                    radix = np.cumprod(np.concatenate([[1], cols.max(axis=0)[:0:-1] + 1]))[::-1]
                    _, first, inverse = np.unique(cols @ radix, return_index=True,
                                                  return_inverse=True)
                    cols = cols[first]
                    ids = np.array([table.setdefault(tuple(row), len(table))
                                    for row in cols.tolist()], dtype=np.int64)
                    self.summary[b][new] = ids[inverse.reshape(-1)]
                else:
                    self.summary[b][new] = [table.setdefault(tuple(row), len(table))
                                            for row in cols.tolist()]
        return out

    def _matrices(self) -> None:
        """The model as matrices: roll slots per band, boost slots per (band, kind)."""
        model = self.model
        n, nb = self.n_slots, self.n_bands
        self._rolls = np.zeros((n, nb))
        kinds = [(b, idx) for b in range(nb) for _, idx in model.boosts[b]]
        self._boosts = np.zeros((n, len(kinds)))
        self._kind_band = np.array([b for b, _ in kinds], dtype=np.int64)
        #: per band, the columns of its kinds in ``_boosts``
        self._band_kinds = [[k for k, (kb, _) in enumerate(kinds) if kb == b] for b in range(nb)]
        for b in range(nb):
            self._rolls[model.rolls[b], b] = 1
        for k, (_, idx) in enumerate(kinds):
            self._boosts[idx, k] = 1
        self._extra = np.array(self.extra, dtype=np.int64)
        #: (kinds, bands): which band each kind boosts
        self._kinds_of_band = np.zeros((len(kinds), nb))
        self._kinds_of_band[np.arange(len(kinds)), self._kind_band] = 1
        #: per slot: rolls?, boosts?, its band (0 for idle ones) and its kind's column
        self._is_roll = np.zeros(n, dtype=bool)
        self._is_boost = np.zeros(n, dtype=bool)
        self._slot_band = np.zeros(n, dtype=np.int64)
        self._slot_kind = np.zeros(n, dtype=np.int64)
        for b in range(nb):
            self._is_roll[model.rolls[b]] = True
            self._slot_band[model.rolls[b]] = b
        for k, (b, idx) in enumerate(kinds):
            self._is_boost[idx] = True
            self._slot_band[idx] = b
            self._slot_kind[idx] = k
        self._elig = [np.array(model.eligible[b], dtype=np.int64) for b in range(nb)]
        self._cost = np.array(model.cost, dtype=float)
        self._rank = np.array(model.rank, dtype=float)

    def _summaries(self, block: np.ndarray, raw: bool = False):
        """(dice per band (the extra die included), boosters per (band, kind)) of count rows:
        the model's ``dice`` and ``boosters``, vectorised; ``raw``: also the dice per band
        before the cap and the extra die."""
        # float products (BLAS; exact for these small counts), integers again after
        groups = ((block + 2) // 3).astype(float)
        uncapped = (groups @ self._rolls).astype(np.int64)
        dice = np.minimum(uncapped, self.model.chart.max_dice)
        dice += self._extra[None, :] * cast(np.ndarray, block.any(axis=1))[:, None]
        boosters = (block.astype(float) @ self._boosts).astype(np.int64)
        return (dice, boosters, uncapped) if raw else (dice, boosters)

    def _power(self, block: np.ndarray) -> np.ndarray:
        """``model.power`` of count rows: dice plus usable boosts over all bands."""
        dice, boosters = self._summaries(block)
        return dice.sum(axis=1) + np.minimum(boosters, dice[:, self._kind_band]).sum(axis=1)

    def _pick(self, block: np.ndarray, b: int) -> np.ndarray:
        """``model.pick(counts, b, 1, winner)`` of count rows (one hit each), vectorised: the
        rows after the loss (unchanged where no unit the band may hit is left)."""
        elig = self._elig[b]
        out = block.copy()
        if not len(elig):
            return out
        avail = block[:, elig] > 0
        loss = self._losses(block, elig)
        cost = self._cost[elig]
        if self.winners[b]:       # the winner kills what costs the enemy most, then dearest
            keys = [-loss, np.broadcast_to(-cost, avail.shape)]
        else:                     # the victim: order of loss, least power lost, cheapest
            keys = [np.broadcast_to(self._rank[elig], avail.shape), loss,
                    np.broadcast_to(cost, avail.shape)]
        chosen = avail.copy()
        for key in keys:          # lexicographic minimum; ties to the slot listed first
            values = np.where(chosen, key, np.inf)
            chosen &= values == values.min(axis=1, keepdims=True)
        hit = np.flatnonzero(avail.any(axis=1))
        out[hit, elig[chosen.argmax(axis=1)[hit]]] -= 1
        return out

    def _losses(self, block: np.ndarray, slots: np.ndarray) -> np.ndarray:
        """(rows, slots): the power one unit fewer in each slot costs (``model.power``
        before minus after), from the counts directly: a roller costs its band's die when
        its type's count is 1 above a multiple of 3 and the band is under the cap, and then
        each of the band's boost kinds whose boosters cover every die; a booster costs one
        when its kind's boosters are no more than the dice. (Removing a side's last unit
        also ends its extra die; a single unit left is the only choice anyway.)"""
        dice, boosters, uncapped = self._summaries(block, raw=True)
        band = self._slot_band[slots]
        n = dice[:, band]
        covering = (boosters >= dice[:, self._kind_band]).astype(float) @ self._kinds_of_band
        drops = ((block[:, slots] % 3 == 1) &
                 (uncapped[:, band] <= self.model.chart.max_dice)).astype(np.int64)
        roll_loss = drops * (1 + covering[:, band].astype(np.int64))
        if boosters.shape[1]:
            boost_loss = (boosters[:, self._slot_kind[slots]] <= n).astype(np.int64)
        else:
            boost_loss = np.zeros_like(roll_loss)
        return np.where(self._is_roll[slots], roll_loss,
                        np.where(self._is_boost[slots], boost_loss, 0))

    def ensure(self, idx: np.ndarray, b: int) -> None:
        """Compute band ``b``'s chains of these side indices (discovering where they lead):
        ``chain[b][h, i]`` is where h hits, each taken by the heuristic's one-hit pick, lead."""
        todo = idx[~self.done[b][idx]]
        if not len(todo):
            return
        todo = np.unique(todo)
        succ = self.succ[b]
        column = [todo]
        cur = todo
        for _ in range(self.hits):
            unknown = np.unique(cur[succ[cur] < 0])
            if len(unknown):
                found = self.add_many(self._pick(self.counts[unknown], b))
                succ = self.succ[b]          # (add_many may have grown the arrays)
                succ[unknown] = found
            cur = succ[cur]
            column.append(cur)
        self.chains[b][:, todo] = np.stack(column)
        self.done[b][todo] = True


#: SideChains of recent battles, by what they depend on (a recomputation after an edit of
#: one side reuses the other side's; the advisor reuses the enemy's for every assignment).
_CHAIN_CACHE: dict = {}
_CHAIN_CACHE_SIZE = 8


def side_chains(rules, side: int) -> SideChains:
    """The side's chains, shared between battles with the same side, chart and bands."""
    s = rules.setup
    key = (id(rules.chart), side, tuple(sl.name for sl in rules.slots[side]),
           rules.start[side], tuple(rules.models[side].rank),
           side == 1 and s.defender_extra_white)
    hit = _CHAIN_CACHE.get(key)
    if hit is None or hit.model.chart is not rules.chart:
        if len(_CHAIN_CACHE) >= _CHAIN_CACHE_SIZE:
            del _CHAIN_CACHE[next(iter(_CHAIN_CACHE))]
        hit = _CHAIN_CACHE[key] = SideChains(rules, side)
    return hit


class HeuristicGrid(SideProductGrid):
    """A battle's heuristic-reachable positions: flat index = attacker index * defender
    states + defender index (see ``forward`` for the grid interface). Nothing is stored per
    joint position: destinations and probabilities come from the sides' chains on demand."""

    def __init__(self, rules, attacker: SideChains | None = None,
                 defender: SideChains | None = None):
        self.rules = rules
        sa = attacker or side_chains(rules, 0)
        sd = defender or side_chains(rules, 1)
        self.sides = (sa, sd)
        #: flat index = attacker index * nd + defender index; the defender's side may grow
        #: while the battle is followed, so nd leaves room for every vector below its start
        self.nd = math.prod(n + 1 for n in rules.start[1])
        self.start = 0
        #: chart band index of each band rolled in this battle
        self.band_index = [p.index for p in rules.phases(rules.start)]
        self.n_bands = len(self.band_index)
        #: per band: outcome index {(hits on a, hits on d): k}, and probabilities per config
        #: pair {(attacker config, defender config): {k: p}} (filled as reached)
        #: (shared by every grid of the same two sides: warm recomputations, the advisor)
        self._share_pair_tables()

    def _share_pair_tables(self) -> None:
        """Use the probability tables of these two sides' configurations (kept with the
        attacker's chains, so every grid of the same two sides shares them)."""
        sa, sd = self.sides
        shared = sa.pair_tables.get(id(sd))
        if shared is None or shared[0] is not sd:
            shared = sa.pair_tables[id(sd)] = (sd, [{} for _ in range(sa.n_bands)],
                                               [{} for _ in range(sa.n_bands)],
                                               [None] * sa.n_bands)
        _, self._outcomes, self._rows, self._tables = shared

    def _table(self, b: int, ca: np.ndarray, cd: np.ndarray):
        """(probabilities (len, outcomes), hits (outcomes, 2)) for these config id pairs."""
        sa, sd = self.sides
        table = self._tables[b]
        # config ids are below the number of configs found: no reduction needed to know
        # whether the lookup table covers them
        if table is None or len(sa.configs[b]) > table[1].shape[0] or \
                len(sd.configs[b]) > table[1].shape[1]:
            table = self._rebuild(b, ca, cd)
        probs, lut, hits = table
        rows = lut[ca, cd]
        if rows.min() < 0:
            probs, lut, hits = table = self._rebuild(b, ca, cd)
            rows = lut[ca, cd]
        return probs[rows], hits

    def _rebuild(self, b: int, ca: np.ndarray, cd: np.ndarray):
        """Add these config pairs' outcome distributions to band b's table (incremental:
        the rows already there are kept)."""
        sa, sd = self.sides
        rows, outcomes = self._rows[b], self._outcomes[b]
        old = self._tables[b]
        back_a = {v: r for r, v in sa.configs[b].items()}
        back_d = {v: r for r, v in sd.configs[b].items()}
        new_keys = [k for k in set(zip(ca.tolist(), cd.tolist())) if k not in rows]
        for k in new_keys:
            ra, rd = back_a[k[0]], back_d[k[1]]
            config = make_config(ra[0], ra[1:], rd[0], rd[1:])
            rows[k] = {outcomes.setdefault(o, len(outcomes)): p
                       for o, p in self.rules.tables.dist(config).items()}
        done = 0 if old is None else len(old[0])
        keyed = list(rows)                       # insertion order: old rows first
        probs = np.zeros((len(keyed), len(outcomes)))
        if old is not None:
            probs[:done, :old[0].shape[1]] = old[0]
        for r in range(done, len(keyed)):
            for col, p in rows[keyed[r]].items():
                probs[r, col] = p
        lut = np.full((len(sa.configs[b]) + 8, len(sd.configs[b]) + 8), -1, dtype=np.int64)
        if old is not None:
            h, w = old[1].shape
            lut[:h, :w] = old[1]
        for r in range(done, len(keyed)):
            lut[keyed[r]] = r
        hits = np.array(list(outcomes), dtype=np.int64).reshape(-1, 2)
        table = self._tables[b] = (probs, lut, hits)
        return table

    def state(self, flat: int) -> tuple:
        ia, idd = divmod(int(flat), self.nd)
        return (self.sides[0].states[ia], self.sides[1].states[idd])

    def split(self, idx: np.ndarray):
        """(battle number (None: one battle), attacker index, defender index) of positions."""
        ia, idd = np.divmod(idx, self.nd)
        return None, ia, idd

    def join(self, k, ia: np.ndarray, idd: np.ndarray) -> np.ndarray:
        """Flat positions of (battle number, attacker index, defender index)."""
        return ia * self.nd + idd

    def _band(self, b: int, idx: np.ndarray):
        """(probabilities, destinations), both (len(idx), outcomes), of band b from idx."""
        sa, sd = self.sides
        if not len(idx):
            return np.zeros((0, 0)), np.zeros((0, 0), dtype=np.int64)
        k, ia, idd = self.split(idx)
        b = self.band_index[b]
        sa.ensure(ia, b)
        sd.ensure(idd, b)
        q, hits = self._table(b, sa.summary[b][ia], sd.summary[b][idd])
        dest = self.join(None if k is None else k[:, None],
                         sa.chains[b][hits[None, :, 0], ia[:, None]],
                         sd.chains[b][hits[None, :, 1], idd[:, None]])
        return q, dest

    def stay(self, idx: np.ndarray) -> np.ndarray:
        """P(a round changes nothing): in every band, each side's hits are zero or can't land
        (its next pick changes nothing: no unit the band may hit is left)."""
        sa, sd = self.sides
        _, ia, idd = self.split(idx)
        out = np.ones(len(idx))
        if not len(idx):
            return out
        for b in self.band_index:
            sa.ensure(ia, b)
            sd.ensure(idd, b)
            q, hits = self._table(b, sa.summary[b][ia], sd.summary[b][idd])
            fixed_a = sa.succ[b][ia] == ia
            fixed_d = sd.succ[b][idd] == idd
            same = ((hits[None, :, 0] == 0) | fixed_a[:, None]) & \
                ((hits[None, :, 1] == 0) | fixed_d[:, None])
            # a band that moves nothing stays exactly (its probabilities may add up to
            # 1 - 1e-15 and less: a stalemate would not be one)
            moves = ((q > 0) & ~same).any(axis=1)
            out *= np.where(moves, (q * same).sum(axis=1), 1.0)
        return out

    def push(self, b: int, idx: np.ndarray, mass: np.ndarray):
        """(origin into ``idx``, destinations, masses) of ``idx`` through band ``b``."""
        q, dest = self._band(b, idx)
        w = mass[:, None] * q
        keep = w > 0
        return np.nonzero(keep)[0], dest[keep], w[keep]


def grid_work_estimate(rules) -> float:
    """The heuristic grid's work (``limits.MAX_BAND_GRID_WORK``: cells x outcomes pushed) for
    ``forward.outcome(HeuristicGrid(rules))``, estimated before anything is computed.

    Cells: a side's heuristic positions are about the product over its bands of (units
    there + 1) (casualties come off band by band); the grid can reach at most the product of
    both sides'. Each band pushes every cell through at most (attacker dice + 1) x (defender
    dice + 1) outcomes. The real passes reach far fewer cells (the large benchmark: 13,559 of
    ~533,000), so this bounds the work from above rather than predicting it.
    """
    cells = 1
    for side, counts in zip(rules.slots, rules.start):
        per_band: dict = {}
        for slot, n in zip(side, counts):
            per_band[slot.band] = per_band.get(slot.band, 0) + n
        for n in per_band.values():
            cells *= n + 1
    outcomes = 0
    for phase in rules.phases(rules.start):
        n_a, n_d = phase.counts(rules.start)
        outcomes += (n_a + 1) * (n_d + 1)
    return float(cells * max(outcomes, 1))
