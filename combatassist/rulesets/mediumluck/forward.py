"""Where a battle's probability mass ends, on a grid of positions: the exact forward pass.

A *grid* numbers a battle's round-start positions (flat indices) and says, per band, where
each outcome's casualties lead. Two grids exist: ``positions.PositionValues`` (every position,
casualties by the optimal policy) and ``heuristic.HeuristicGrid`` (the positions the
heuristic policy can reach). This module follows the grid's choices forward, exactly, to give
the solver's ``BattleOutcome`` (decided positions with their probabilities, stalemates,
expected rounds, the "decided by round N" curve) — the same figures whatever the policy.

A grid provides: ``n`` (positions), ``order`` and ``bounds`` (flat indices sorted by units
alive; level L is ``order[bounds[L]:bounds[L + 1]]``), ``terminal`` and ``stay`` (per flat
index: a side has no units; P(a round changes nothing)), ``start`` (flat index of the start),
``n_bands``, ``state(flat)`` and ``push(b, idx, mass) -> (origin, destinations, masses)``.

The forward pass visits levels (total units alive) from the start down: mass at a level can
only come from higher levels or, within a round, from the same position through bands with no
casualty. A round that changes nothing is a self-loop, removed exactly (mass / (1 - stay)).
"""
from __future__ import annotations

import numpy as np

from ...solver import CURVE_ROUNDS, BattleOutcome
#: A round whose "nothing changes" probability is at least this is a stalemate (as solver.py).
STALEMATE = 1.0 - 1e-15


def _merge(dest: np.ndarray, mass: np.ndarray):
    uniq, inverse = np.unique(dest, return_inverse=True)
    return uniq, np.bincount(inverse.reshape(-1), weights=mass, minlength=len(uniq))


def outcome(grid, curve: bool = True) -> BattleOutcome:
    """The battle from the grid's start under the grid's choices (exact; nothing pruned)."""
    n, nb = grid.n, grid.n_bands
    out = BattleOutcome()
    out.states_explored = n
    round_start = np.zeros(n)
    round_start[grid.start] = 1.0
    #: mass about to enter band b (b >= 1) mid-round
    inputs = [None] + [np.zeros(n) for _ in range(1, nb)]

    def target(b):
        return inputs[b + 1] if b + 1 < nb else round_start

    for level in range(len(grid.bounds) - 2, -1, -1):
        idx = grid.order[grid.bounds[level]:grid.bounds[level + 1]]
        # 1. rounds under way that reached this level in an earlier band: they finish here
        #    or lower (a band with no casualty keeps the position, so the round end may
        #    bring mass to this level's round starts)
        for b in range(1, nb):
            mass = inputs[b][idx]
            live = np.flatnonzero(mass > 0)
            if not len(live):
                continue
            inputs[b][idx] = 0.0
            _, dest, w = grid.push(b, idx[live], mass[live])
            np.add.at(target(b), dest, w)
        # 2. rounds starting here
        m = round_start[idx]
        round_start[idx] = 0.0
        present = m > 0
        terminal = grid.terminal[idx]
        stay = grid.stay[idx]
        stale = ~terminal & (stay >= STALEMATE)
        for k in np.flatnonzero(terminal & present):
            out.decided[grid.state(idx[k])] = float(m[k])
        for k in np.flatnonzero(stale & present):
            out.stalemates[grid.state(idx[k])] = float(m[k])
        fighting = np.flatnonzero(~terminal & ~stale & present)
        if not len(fighting):
            continue
        # the self-loop (a round with no casualty) is removed exactly: mass / (1 - stay)
        own = m[fighting] / (1.0 - stay[fighting])
        out.expected_rounds += float(own.sum())
        where = idx[fighting]
        for b in range(nb):
            live = np.flatnonzero(own > 0)
            if not len(live):
                break
            origin, dest, w = grid.push(b, where[live], own[live])
            same = dest == where[live][origin]
            np.add.at(target(b), dest[~same], w[~same])
            own = np.zeros(len(where))
            np.add.at(own, live[origin[same]], w[same])
            # after the last band, what stayed put is the self-loop already counted
    if curve:
        out.decided_by_round = decided_curve(grid)
    return out


def decided_curve(grid, rounds: int = CURVE_ROUNDS) -> list[float]:
    """P(decided within N rounds), N = 1.., round by round (plot precision: tails < 1e-11
    dropped, stops once less than 1e-9 is still fighting) — as solver.py's curve."""
    nb = grid.n_bands
    idx = np.array([grid.start], dtype=np.int64)
    mass = np.ones(1)
    curve: list[float] = []

    def open_only(idx, mass):
        fighting = ~grid.terminal[idx] & (grid.stay[idx] < STALEMATE) & (mass >= 1e-11)
        return idx[fighting], mass[fighting]

    idx, mass = open_only(idx, mass)
    for _ in range(rounds):
        if len(idx):
            for b in range(nb):
                _, dest, w = grid.push(b, idx, mass)
                idx, mass = _merge(dest, w)
            idx, mass = open_only(idx, mass)
        alive = float(mass.sum())
        curve.append(1.0 - alive)
        if alive < 1e-9:
            break
    return curve

