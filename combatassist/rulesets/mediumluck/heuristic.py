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

import numpy as np

from .bands import make_config
from .forward import SideProductGrid


class SideChains:
    """One side's unit vectors under the heuristic, discovered as the battle reaches them:
    per chart band ``b``, the config summary of each (dice and boosters: ``summary[b][i]``,
    ids into ``configs[b]``) and where ``h`` hits lead (``chain[b][h, i]``, once
    ``ensure``d for that band)."""

    def __init__(self, rules, side: int):
        self.model = model = rules.models[side]
        bands = rules.chart.bands
        self.n_bands = len(bands)
        self.winners = [band.casualties == "winner" for band in bands]
        self.hits = rules.chart.max_dice + 2          # hits a side may take in one band
        self.extra = [side == 1 and rules.setup.defender_extra_white and band.defender_extra_die
                      for band in bands]
        self.states: list[tuple] = []
        self.index: dict[tuple, int] = {}
        self.configs: list[dict] = [{} for _ in bands]
        self._cap = 0
        self.level = np.zeros(0, dtype=np.int64)
        self.summary = [np.zeros(0, dtype=np.int64) for _ in bands]
        self.chains = [np.zeros((self.hits + 1, 0), dtype=np.int64) for _ in bands]
        self.done = [np.zeros(0, dtype=bool) for _ in bands]
        #: probability tables against an enemy's SideChains (HeuristicGrid fills them)
        self.pair_tables: dict = {}
        self.add(rules.start[side])

    def _grow(self, need: int) -> None:
        cap = max(64, 2 * self._cap, need)
        pad = cap - self._cap
        self.level = np.concatenate([self.level, np.zeros(pad, dtype=np.int64)])
        self.done = [np.concatenate([a, np.zeros(pad, dtype=bool)]) for a in self.done]
        self.summary = [np.concatenate([a, np.zeros(pad, dtype=np.int64)]) for a in self.summary]
        self.chains = [np.concatenate([c, np.zeros((self.hits + 1, pad), dtype=np.int64)], axis=1)
                       for c in self.chains]
        self._cap = cap

    def add(self, counts: tuple) -> int:
        """The index of a unit vector (new ones get their level and config summaries)."""
        i = self.index.get(counts)
        if i is not None:
            return i
        i = len(self.states)
        if i >= self._cap:
            self._grow(i + 1)
        self.index[counts] = i
        self.states.append(counts)
        self.level[i] = sum(counts)
        model = self.model
        for b in range(self.n_bands):
            dice = model.dice(counts, b) + (self.extra[b] and any(counts))
            row = (dice, *(c for _, c in model.boosters(counts, b)))
            self.summary[b][i] = self.configs[b].setdefault(row, len(self.configs[b]))
        return i

    def ensure(self, idx: np.ndarray, b: int) -> None:
        """Compute band ``b``'s chains of these side indices (discovering where they lead)."""
        todo = idx[~self.done[b][idx]]
        if not len(todo):
            return
        model, winner = self.model, self.winners[b]
        for i in np.unique(todo).tolist():
            cur = self.states[i]
            j = i
            column = [i]
            for _ in range(self.hits):
                nxt = model.pick(cur, b, 1, winner)[0]
                if nxt != cur:
                    j = self.add(nxt)
                    cur = nxt
                column.append(j)
            self.chains[b][:, i] = column
            self.done[b][i] = True


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
        if table is None or ca.max() >= table[1].shape[0] or cd.max() >= table[1].shape[1]:
            table = self._rebuild(b, ca, cd)
        probs, lut, hits = table
        rows = lut[ca, cd]
        if rows.min() < 0:
            probs, lut, hits = table = self._rebuild(b, ca, cd)
            rows = lut[ca, cd]
        return probs[rows], hits

    def _rebuild(self, b: int, ca: np.ndarray, cd: np.ndarray):
        sa, sd = self.sides
        rows, outcomes = self._rows[b], self._outcomes[b]
        back_a = {v: r for r, v in sa.configs[b].items()}
        back_d = {v: r for r, v in sd.configs[b].items()}
        for k in set(zip(ca.tolist(), cd.tolist())) - set(rows):
            ra, rd = back_a[k[0]], back_d[k[1]]
            config = make_config(ra[0], ra[1:], rd[0], rd[1:])
            rows[k] = {outcomes.setdefault(o, len(outcomes)): p
                       for o, p in self.rules.tables.dist(config).items()}
        keyed = list(rows)
        probs = np.zeros((len(keyed), len(outcomes)))
        lut = np.full((len(sa.configs[b]) + 8, len(sd.configs[b]) + 8), -1, dtype=np.int64)
        for r, k in enumerate(keyed):
            lut[k] = r
            for col, p in rows[k].items():
                probs[r, col] = p
        hits = np.array(list(outcomes), dtype=np.int64).reshape(-1, 2)
        table = self._tables[b] = (probs, lut, hits)
        return table

    def state(self, flat: int) -> tuple:
        ia, idd = divmod(int(flat), self.nd)
        return (self.sides[0].states[ia], self.sides[1].states[idd])

    def _band(self, b: int, idx: np.ndarray):
        """(probabilities, destinations), both (len(idx), outcomes), of band b from idx."""
        sa, sd = self.sides
        if not len(idx):
            return np.zeros((0, 0)), np.zeros((0, 0), dtype=np.int64)
        ia, idd = np.divmod(idx, self.nd)
        b = self.band_index[b]
        sa.ensure(ia, b)
        sd.ensure(idd, b)
        q, hits = self._table(b, sa.summary[b][ia], sd.summary[b][idd])
        dest = (sa.chains[b][hits[None, :, 0], ia[:, None]] * self.nd +
                sd.chains[b][hits[None, :, 1], idd[:, None]])
        return q, dest

    def stay(self, idx: np.ndarray) -> np.ndarray:
        out = np.ones(len(idx))
        for b in range(self.n_bands):
            q, dest = self._band(b, idx)
            out *= (q * (dest == idx[:, None])).sum(axis=1)
        return out

    def push(self, b: int, idx: np.ndarray, mass: np.ndarray):
        """(origin into ``idx``, destinations, masses) of ``idx`` through band ``b``."""
        q, dest = self._band(b, idx)
        w = mass[:, None] * q
        keep = w > 0
        return np.nonzero(keep)[0], dest[keep], w[keep]


def grid_work_estimate(rules) -> float:
    """The heuristic grid's work (``limits.MAX_GRID_WORK``: cells x outcomes pushed) for
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
