"""A vectorised exact solver for Low Luck battles after the first round.

From round 2 on (and with no submarine first strike) a Low Luck round is one fire phase in
which each side's casualties depend only on the *other* side's hits, taken by the order of
loss. So the chance of moving from (attacker i, defender j) to (i', j') factorises:
P(i' | i, j) x P(j' | i, j), and the mass of a whole battle can be pushed through a grid of
(attacker composition, defender composition) with numpy outer products instead of one Python
dict entry per pair of outcomes. It uses the rules' own pieces (the phases' hit tables and
casualty policies; round 1 through the phases themselves), so it answers exactly what
``solver.solve`` answers — tests compare the two — only much faster for ordinary dice, where
every round can end in dozens of hit counts per side.
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from ...solver import BattleOutcome, Cancelled, CURVE_ROUNDS, DEFAULT_PRUNE
from .rules import LowLuckRules


class _SideChains:
    """Every composition one side can reach by losses in order, indexed, with hit tables."""

    def __init__(self, starts, casualties, groups_of, hit_dist):
        comps: dict[tuple, int] = {}
        order: list[tuple] = []
        for start in starts:
            for k in range(sum(start) + 1):
                comp = casualties.policy(start, k, None)
                if comp not in comps:
                    comps[comp] = len(order)
                    order.append(comp)
        self.comps = order
        self.index = comps
        self.size = np.array([sum(c) for c in order])
        # next_index[i, h]: where composition i goes after h hits (h >= its size: all dead)
        width = int(self.size.max()) + 1
        self.next_index = np.empty((len(order), width), dtype=np.int64)
        for i, comp in enumerate(order):
            for h in range(width):
                self.next_index[i, h] = comps[casualties.policy(comp, min(h, sum(comp)), None)]
        # hits[i]: P(this side scores h hits) from composition i, as an array over h
        self.hits: list[np.ndarray] = []
        for comp in order:
            dist = hit_dist(groups_of(comp))
            arr = np.zeros(max(dist) + 1 if dist else 1)
            for h, p in dist.items():
                arr[h] = p
            self.hits.append(arr)

    def moves(self, i: int, incoming: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(target indices, probabilities) of composition i under ``incoming`` hits."""
        alive = int(self.size[i])
        if len(incoming) <= alive + 1:
            return self.next_index[i, :len(incoming)], incoming
        probs = incoming[:alive + 1].copy()
        probs[alive] = incoming[alive:].sum()          # hits beyond the last unit merge
        return self.next_index[i, :alive + 1], probs


def applicable(rules: LowLuckRules) -> bool:
    """Later rounds are a single unrestricted fire phase (no submarine first strike)."""
    return not (rules.first_strike and rules.initial_state()[0][rules.sub_index])


def solve_grid(rules: LowLuckRules, *, max_rounds: int = 0, prune_below: float = DEFAULT_PRUNE,
               curve: bool = True, cancel: Callable[[], bool] | None = None) -> BattleOutcome:
    """Exact outcome of ``rules`` from its initial state (see the module docstring)."""
    out = BattleOutcome()
    state0 = rules.initial_state()
    if rules.verdict(state0) is not None:
        out.decided[state0] = 1.0
        out.decided_by_round = [1.0]
        return out
    first = rules.round_dist(state0)          # round 1 through the phases (AA fire, ...)
    fire = rules._fire
    att = _SideChains({s[0] for s in first}, rules.att_cas,
                      lambda c: fire.att_groups((c, None, False)), rules.hit_dist)
    dfn = _SideChains({s[1] for s in first}, rules.def_cas,
                      lambda c: fire.def_groups((None, c, False)), rules.hit_dist)
    grid = np.zeros((len(att.comps), len(dfn.comps)))
    for state, p in first.items():
        grid[att.index[state[0]], dfn.index[state[1]]] += p
    dropped_round1 = max(0.0, 1.0 - first.total())
    out.pruned += dropped_round1 if dropped_round1 > 1e-15 else 0.0
    out.expected_rounds = 1.0
    kernel = _Kernel(rules, att, dfn, out, prune_below, cancel)
    if max_rounds > 0:
        alive = kernel.settle(grid)
        out.decided_by_round.append(1.0 - alive.sum())
        for _ in range(max_rounds - 1):
            out.expected_rounds += alive.sum()
            alive = kernel.settle(kernel.step(alive))
            out.decided_by_round.append(1.0 - alive.sum())
        for i, j in zip(*np.nonzero(alive)):
            out.undecided[kernel.state(i, j)] = float(alive[i, j])
        out.states_explored = kernel.visited
        return out
    if curve:
        out.decided_by_round = kernel.curve(grid.copy())
    kernel.to_the_end(grid)
    out.states_explored = kernel.visited
    return out


class _Kernel:
    def __init__(self, rules, att: _SideChains, dfn: _SideChains, out: BattleOutcome,
                 prune_below: float, cancel):
        self.rules, self.att, self.dfn, self.out = rules, att, dfn, out
        self.prune_below = prune_below
        self.cancel = cancel
        self.visited = 0

    def state(self, i: int, j: int) -> Any:
        return (self.att.comps[i], self.dfn.comps[j], False)

    def _record(self, bucket: dict, i: int, j: int, m: float) -> None:
        key = self.state(i, j)
        bucket[key] = bucket.get(key, 0.0) + m

    def _outflow(self, i: int, j: int):
        """(rows, cols, joint probabilities, P(stay), P(dropped)) for one cell."""
        rows, p_rows = self.att.moves(i, self.dfn.hits[j])   # attacker hit by the defender
        cols, p_cols = self.dfn.moves(j, self.att.hits[i])
        joint = p_rows[:, None] * p_cols
        stay = float(joint[0, 0])
        dropped = 1.0 - float(p_rows.sum()) * float(p_cols.sum())
        return rows, cols, joint, stay, dropped if dropped > 1e-15 else 0.0

    def _terminal(self, i: int, j: int, m: float, stay: float | None = None) -> bool:
        """Record decided or stalemate mass; True when the cell fights no more."""
        if self.att.size[i] == 0 or self.dfn.size[j] == 0:
            self._record(self.out.decided, i, j, m)
            return True
        if stay is not None and stay >= 1.0 - 1e-15:
            self._record(self.out.stalemates, i, j, m)
            return True
        return False

    def _poll(self) -> None:
        self.visited += 1
        if self.cancel is not None and self.visited % 256 == 0 and self.cancel():
            raise Cancelled()

    def to_the_end(self, grid: np.ndarray) -> None:
        """Push all mass to the end, self-loops removed exactly (mass / (1 - stay))."""
        lost = self.att.size.max() - self.att.size[:, None] + \
            self.dfn.size.max() - self.dfn.size[None, :]
        order = np.argsort(lost, axis=None, kind="stable")
        ncols = grid.shape[1]
        for flat in order:
            i, j = divmod(int(flat), ncols)
            m = grid[i, j]
            if m == 0.0:
                continue
            grid[i, j] = 0.0
            self._poll()
            if m < self.prune_below:
                self.out.pruned += m
                continue
            if self._terminal(i, j, m):
                continue
            rows, cols, joint, stay, dropped = self._outflow(i, j)
            if self._terminal(i, j, m, stay):
                continue
            leave = m / (1.0 - stay)
            self.out.expected_rounds += leave
            self.out.pruned += leave * dropped
            joint[0, 0] = 0.0
            grid[rows[:, None], cols] += leave * joint

    def step(self, alive: np.ndarray) -> np.ndarray:
        """One round from the alive cells (no self-loop removal)."""
        nxt = np.zeros_like(alive)
        for i, j in zip(*np.nonzero(alive)):
            self._poll()
            rows, cols, joint, _, dropped = self._outflow(i, j)
            m = alive[i, j]
            self.out.pruned += m * dropped
            nxt[rows[:, None], cols] += m * joint
        return nxt

    def settle(self, grid: np.ndarray) -> np.ndarray:
        """Move decided, stalemate and tiny cells out of ``grid``; return the rest."""
        for i, j in zip(*np.nonzero(grid)):
            m = grid[i, j]
            if self._terminal(i, j, m):
                grid[i, j] = 0.0
            elif m < self.prune_below:
                self.out.pruned += m
                grid[i, j] = 0.0
            else:
                stay = float(self.dfn.hits[j][0] * self.att.hits[i][0])
                if self._terminal(i, j, m, stay):
                    grid[i, j] = 0.0
        return grid

    def curve(self, grid: np.ndarray) -> list[float]:
        """P(decided within N rounds) for the plot (its own scratch outcome, coarse pruning)."""
        scratch = _Kernel(self.rules, self.att, self.dfn, BattleOutcome(), 1e-11, self.cancel)
        alive = scratch.settle(grid)
        curve = [1.0 - alive.sum()]
        while len(curve) < CURVE_ROUNDS and alive.sum() >= 1e-9:
            alive = scratch.settle(scratch.step(alive))
            curve.append(1.0 - alive.sum())
        return curve
