"""Values of Medium Luck positions under optimal casualty choices (backward induction).

One job: for a battle fought to the end, give every position its exact value under optimal
play of both sides, and the choices that reach it. Nothing else (no scenario reading, no
result folding: ``forward.py`` builds the battle's figures from this).

Positions. A *round-start position* is the pair of slot-count vectors ``(attacker, defender)``
(the battle state of ``MediumLuckRules``); a *band position* ``(b, state)`` is the same pair
just before band ``b`` of a round rolls (``b`` indexes the rules' phases, the bands where dice
are rolled). Every count vector below the start (``0 <= c <= start`` slot by slot) is a
position, reachable or not: the grid is the product of both sides' ranges, indexed flat
(attacker index * defender size + defender index, each side in C order of its slots).

Value. ``score(state)`` is the attacker's score P(attacker wins) + ½ P(draw) (stalemates
count as draws) when, from the start of a round in ``state``, both sides play optimally:

- the attacker maximises the score and the defender minimises it (zero-sum);
- boosts are placed by the rules' policy (docs/rules.md §1) (the band outcome tables of ``bands.py``);
- after each band, the attacker chooses first: its own casualties (victim's choice) or, on a
  winner's-choice band (red), the defender's; the defender then chooses the other side's
  casualties knowing the attacker's choice;
- hits beyond a band's eligible units are lost (``landed = min(hits, eligible alive)``).

Terminal positions (a side has no units) score 1 (attacker left), 0 (defender left) or ½
(both gone). A position whose round changes nothing with certainty is a stalemate (½).

Method. Casualties only ever remove units, so every band's choices lead to positions with
fewer units, except the outcome with no casualty landing, which stays put. Positions are
solved in increasing order of total units ("levels"), every level vectorised with numpy. The
choice "remove ``h`` units, the chooser picking" is ``h`` single removals in a row (the set of
reachable results is the same), so each band keeps, per hit pair, an array of values and the
slot each step removes. Within a level, a value is either final (some casualty landed) or the
position's own round-start value ``v``: each band value is ``alpha + beta * v``, and
``v = alpha_0 / (1 - beta_0)`` (``beta_0`` = P(the round changes nothing)).

Size: memory is about ``(hit pairs over all bands + bands) * positions * 9`` bytes;
``position_count`` lets callers decide beforehand (``policy.py`` falls back to the heuristic
above a limit). The object is also a grid for ``forward.outcome`` (the battle's figures).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .bands import make_config
from .forward import STALEMATE, SideProductGrid

#: Casualty choices whose values (the chooser's P(win) + P(draw)/2) differ by at most this are
#: equal: the first eligible slot is taken (docs/rules.md §1). Values summed over other paths
#: differ in their last bits (~1e-16); a real difference between choices is far larger.
TIE = 1e-12


def side_sizes(rules) -> tuple[int, int]:
    """Number of count vectors of each side (attacker, defender) below the start."""
    return tuple(math.prod(n + 1 for n in rules.start[s]) for s in (0, 1))


def position_count(rules) -> int:
    """Round-start positions of the battle's grid (what the memory and time scale with)."""
    na, nd = side_sizes(rules)
    return na * nd


@dataclass
class _Side:
    counts: np.ndarray        # (side states, slots)
    strides: np.ndarray       # per slot, in the joint flat index
    level: np.ndarray         # units alive per side state


def _side(start: Sequence[int], outer: int) -> _Side:
    shape = tuple(n + 1 for n in start)
    k = len(shape)
    counts = np.indices(shape).reshape(k, -1).T.astype(np.int64) if k else \
        np.zeros((1, 0), dtype=np.int64)
    strides = np.array([math.prod(shape[i + 1:]) * outer for i in range(k)], dtype=np.int64)
    return _Side(counts, strides, counts.sum(axis=1))


class _Band:
    """One band's chains: per needed (hits on the first chooser's victims, hits on the other
    side), values and the slot each removal step takes."""

    def __init__(self, rules, phase, grid: "PositionValues"):
        b = phase.index
        self.winner = phase.band.casualties == "winner"
        a_side, d_side = grid.sides
        # first chooser (the attacker) removes from F, the defender then from S
        f, s = (1, 0) if self.winner else (0, 1)
        self.f, self.s = f, s
        self.elig = (rules.models[0].eligible[b], rules.models[1].eligible[b])
        self.strides = (a_side.strides, d_side.strides)
        # outcome tables: config per side state -> ids -> joint config -> distribution
        summaries = []
        for side_index, side in enumerate(grid.sides):
            model = rules.models[side_index]
            counts = side.counts
            dice = np.zeros(len(counts), dtype=np.int64)
            for i in model.rolls[b]:
                dice += -(-counts[:, i] // 3)
            dice = np.minimum(dice, grid.max_dice)
            if side_index == 1 and phase.band.defender_extra_die and \
                    rules.setup.defender_extra_white:
                dice = dice + (counts.sum(axis=1) > 0)
            boosts = [counts[:, idx].sum(axis=1) for _, idx in model.boosts[b]]
            cols = np.stack([dice, *boosts], axis=1)
            uniq, inverse = np.unique(cols, axis=0, return_inverse=True)
            summaries.append((uniq, inverse.reshape(-1)))
        (ua, ia), (ud, idd) = summaries
        outcomes: dict[tuple[int, int], int] = {}
        rows = []
        for sa in ua:
            for sd in ud:
                config = make_config(int(sa[0]), [int(x) for x in sa[1:]],
                                     int(sd[0]), [int(x) for x in sd[1:]])
                dist = rules.tables.dist(config)
                row = {}
                for (ha, hd), p in dist.items():
                    k = outcomes.setdefault((ha, hd), len(outcomes))
                    row[k] = p
                rows.append(row)
        self.outcomes = list(outcomes)
        self.probs = np.zeros((len(rows), len(outcomes)))
        for r, row in enumerate(rows):
            for k, p in row.items():
                self.probs[r, k] = p
        self.cfg_a, self.cfg_d, self.n_cfg_d = ia, idd, len(ud)
        # the chains needed: inner (S side) up to max hS, outer (F side) per hS
        self.pairs = [(ha, hd) if f == 0 else (hd, ha) for ha, hd in self.outcomes]
        self.max_s = max(hs for _, hs in self.pairs)
        self.max_f = {}
        for hf, hs in self.pairs:
            self.max_f[hs] = max(self.max_f.get(hs, 0), hf)
        n = grid.n
        self.inner = {g: np.zeros(n) for g in range(1, self.max_s + 1)}
        self.inner_pick = {g: np.full(n, -1, dtype=np.int8) for g in range(1, self.max_s + 1)}
        self.outer = {(hf, hs): np.zeros(n) for hs, top in self.max_f.items()
                      for hf in range(1, top + 1)}
        self.outer_pick = {key: np.full(n, -1, dtype=np.int8) for key in self.outer}

    def config_ids(self, idx_a: np.ndarray, idx_d: np.ndarray) -> np.ndarray:
        return self.cfg_a[idx_a] * self.n_cfg_d + self.cfg_d[idx_d]


class PositionValues(SideProductGrid):
    """Every position's score under optimal casualty choices, and the optimal choices.

    ``rules`` is a ``MediumLuckRules`` (its chart, slots, eligibility, band tables). After
    construction: ``score(state)`` (round start), ``band_score(b, state)``, ``after(b, state,
    outcome)`` (the position after band ``b``'s casualties under optimal choices), ``stay_all``
    (per flat position: P(a round changes nothing)) and the flat indexing helpers.
    """

    def __init__(self, rules, cancel=None):
        self.rules = rules
        self.max_dice = rules.chart.max_dice
        na, nd = side_sizes(rules)
        self.na, self.nd, self.n = na, nd, na * nd
        self.sides = (_side(rules.start[0], nd), _side(rules.start[1], 1))
        self.phases = list(rules.phases(rules.start))
        self.bands = [_Band(rules, p, self) for p in self.phases]
        nb = len(self.bands)
        n = self.n
        level = (self.sides[0].level[:, None] + self.sides[1].level[None, :]).reshape(-1)
        self.order = np.argsort(level, kind="stable")
        self.bounds = np.searchsorted(level[self.order], np.arange(level.max() + 2))
        #: values[b]: the score just before band b (values[0]: round start)
        self.values = [np.zeros(n) for _ in range(max(nb, 1))]
        #: per flat position: P(a round changes nothing)
        self.stay_all = np.zeros(n)
        self.start = self.flat(rules.start)
        self.n_bands = nb
        self._solve(cancel)

    # -- indexing ---------------------------------------------------------------------------
    def flat(self, state) -> int:
        a, d = state
        sa, sd = self.sides
        return int(np.dot(a, sa.strides) + np.dot(d, sd.strides)) if len(a) or len(d) else 0

    def state(self, flat: int) -> tuple:
        ia, idd = divmod(int(flat), self.nd)
        return (tuple(int(x) for x in self.sides[0].counts[ia]),
                tuple(int(x) for x in self.sides[1].counts[idd]))

    def stay(self, idx: np.ndarray) -> np.ndarray:
        return self.stay_all[idx]

    def score(self, state) -> float:
        return float(self.values[0][self.flat(state)])

    def band_score(self, b: int, state) -> float:
        return float(self.values[b][self.flat(state)])

    # -- backward induction -----------------------------------------------------------------
    def _solve(self, cancel) -> None:
        nb = len(self.bands)
        sa, sd = self.sides
        for level in range(len(self.bounds) - 1):
            if cancel is not None and cancel():
                from ...solver import Cancelled
                raise Cancelled()
            idx = self.order[self.bounds[level]:self.bounds[level + 1]]
            if not len(idx):
                continue
            ia, idd = np.divmod(idx, self.nd)
            alive_a = sa.level[ia] > 0
            alive_d = sd.level[idd] > 0
            terminal = ~(alive_a & alive_d)
            term_value = np.where(alive_a, 1.0, np.where(alive_d, 0.0, 0.5))
            # band chains at this level: (value, "is this position's own next value") pairs
            chains = [self._chains(band, idx, ia, idd) for band in self.bands]
            alpha, beta = np.zeros(len(idx)), np.ones(len(idx))
            coef = [None] * nb
            for b in range(nb - 1, -1, -1):
                band, (inner, outer) = self.bands[b], chains[b]
                q = band.probs[band.config_ids(ia, idd)]
                fixed = np.zeros(len(idx))
                passing = np.zeros(len(idx))
                moves = np.zeros(len(idx), dtype=bool)
                for k, (hf, hs) in enumerate(band.pairs):
                    val, pas = outer[(hf, hs)] if hf else inner[hs]
                    fixed += q[:, k] * np.where(pas, 0.0, val)
                    passing += q[:, k] * pas
                    moves |= (q[:, k] > 0) & ~np.asarray(pas, dtype=bool)
                # a band that moves nothing passes exactly (its probabilities may add up to
                # 1 - 1e-15 and less: a stalemate would not be one)
                passing = np.where(moves, passing, 1.0)
                alpha = fixed + passing * alpha
                beta = passing * beta
                coef[b] = (alpha, beta)
            if nb:
                a0, b0 = coef[0]
                stale = b0 >= STALEMATE
                v0 = np.where(stale, 0.5, a0 / np.where(stale, 1.0, 1.0 - b0))
            else:
                b0 = np.ones(len(idx))
                v0 = np.full(len(idx), 0.5)
            v0 = np.where(terminal, term_value, v0)
            self.stay_all[idx] = np.where(terminal, 1.0, b0)
            for b in range(nb):
                a_b, b_b = coef[b]
                self.values[b][idx] = np.where(terminal, term_value, a_b + b_b * v0)
            if not nb:
                self.values[0][idx] = v0
            # the chains' "own next value" entries are known now
            for b, band in enumerate(self.bands):
                nxt = self.values[b + 1 if b + 1 < nb else 0][idx]
                inner, outer = chains[b]
                for g, (val, pas) in inner.items():
                    if g:
                        band.inner[g][idx] = np.where(pas, nxt, val)
                for key, (val, pas) in outer.items():
                    band.outer[key][idx] = np.where(pas, nxt, val)

    def _chains(self, band: _Band, idx, ia, idd):
        """This level's chain entries of one band: {hits: (value, passes-through mask)}."""
        b = self.bands.index(band)
        nb = len(self.bands)
        nxt_all = self.values[b + 1 if b + 1 < nb else 0]
        counts = (self.sides[0].counts[ia], self.sides[1].counts[idd])
        m = len(idx)
        inner = {0: (np.zeros(m), np.ones(m, dtype=bool))}
        s_side, f_side = band.s, band.f

        def step(prev_dense, prev_val, prev_pas, side, maximise, pick_out):
            best = np.full(m, -np.inf if maximise else np.inf)
            pick = np.full(m, -1, dtype=np.int8)
            strides = band.strides[side]
            for j in band.elig[side]:
                has = counts[side][:, j] > 0
                src = np.where(has, idx - strides[j], idx)
                cand = prev_dense[src]
                # a candidate must be better by more than float noise: choices of equal
                # value (to ``TIE``) go to the first eligible slot by rule, never to whichever
                # the last bits favour (issue 37)
                better = has & ((cand > best + TIE) if maximise else (cand < best - TIE))
                best = np.where(better, cand, best)
                pick = np.where(better, j, pick)
            any_pick = pick >= 0
            pick_out[idx] = pick
            return np.where(any_pick, best, prev_val), prev_pas & ~any_pick

        prev_dense = nxt_all
        for g in range(1, band.max_s + 1):
            pv, pp = inner[g - 1]
            inner[g] = step(prev_dense, pv, pp, s_side, False, band.inner_pick[g])
            prev_dense = band.inner[g]
        outer = {}
        for hs, top in band.max_f.items():
            prev_dense = nxt_all if hs == 0 else band.inner[hs]
            pv, pp = inner[hs]
            for hf in range(1, top + 1):
                outer[(hf, hs)] = step(prev_dense, pv, pp, f_side, True,
                                       band.outer_pick[(hf, hs)])
                pv, pp = outer[(hf, hs)]
                prev_dense = band.outer[(hf, hs)]
        return inner, outer

    # -- the optimal choices -----------------------------------------------------------------
    def destinations(self, b: int, idx: np.ndarray, outcome_index: int) -> np.ndarray:
        """Flat positions after band ``b`` from positions ``idx`` for one outcome (optimal)."""
        band = self.bands[b]
        hf, hs = band.pairs[outcome_index]
        cur = np.array(idx, dtype=np.int64, copy=True)
        f_strides = band.strides[band.f]
        s_strides = band.strides[band.s]
        for step in range(hf, 0, -1):
            pick = band.outer_pick[(step, hs)][cur]
            cur -= np.where(pick >= 0, f_strides[np.maximum(pick, 0)], 0)
        for step in range(hs, 0, -1):
            pick = band.inner_pick[step][cur]
            cur -= np.where(pick >= 0, s_strides[np.maximum(pick, 0)], 0)
        return cur

    def push(self, b: int, idx: np.ndarray, mass: np.ndarray):
        """Positions ``idx`` with ``mass`` through band ``b``, every outcome, optimal choices:
        (origin: index into ``idx`` of each destination's source, destinations, masses)."""
        band = self.bands[b]
        ia, idd = np.divmod(idx, self.nd)
        q = band.probs[band.config_ids(ia, idd)]
        origins, dests, masses = [], [], []
        for k in range(len(band.outcomes)):
            w = mass * q[:, k]
            keep = np.flatnonzero(w > 0)
            if not len(keep):
                continue
            origins.append(keep)
            dests.append(self.destinations(b, idx[keep], k))
            masses.append(w[keep])
        if not dests:
            return idx[:0], idx[:0], mass[:0]
        return np.concatenate(origins), np.concatenate(dests), np.concatenate(masses)

    def after(self, b: int, state, outcome: tuple[int, int]) -> tuple | None:
        """The position after band ``b`` with ``outcome`` (hits on attacker, on defender)
        under optimal choices; None for an outcome no position of the grid can have."""
        band = self.bands[b]
        try:
            k = band.outcomes.index(tuple(outcome))
        except ValueError:
            return None
        dest = self.destinations(b, np.array([self.flat(state)]), k)
        return self.state(int(dest[0]))


def optimal_values(rules, cancel=None) -> PositionValues:
    """``PositionValues(rules)``, kept on ``rules`` for the next call (the table side asks
    after every band of the same battle; the rules' own policy is left alone)."""
    values = getattr(rules, "_table_values", None)
    if values is None:
        values = PositionValues(rules, cancel=cancel)
        rules._table_values = values
    return values
