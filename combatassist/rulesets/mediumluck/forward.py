"""Where a battle's probability mass ends, on a grid of positions: the exact forward pass.

A *grid* numbers a battle's round-start positions (flat indices) and says, per band, where
each outcome's casualties lead. Two grids exist: ``positions.PositionValues`` (every position,
casualties by the optimal policy) and ``heuristic.HeuristicGrid`` (the positions the
heuristic policy can reach). This module follows the grid's choices forward, exactly, to give
the solver's ``BattleOutcome`` (decided positions with their probabilities, stalemates,
expected rounds, the "decided by round N" curve) — the same figures whatever the policy.

A grid provides: ``start`` (flat index of the start), ``n_bands``, ``levels(idx)`` (units
alive), ``terminal(idx)`` (a side has no units), ``stay(idx)`` (P(a round changes nothing)),
``state(flat)`` and ``push(b, idx, mass) -> (origin, destinations, masses)``, all on arrays
of flat indices. The pass is sparse: it only touches positions the battle reaches, level by
level (units alive) from the start down, in buckets.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ...solver import CURVE_ROUNDS, BattleOutcome
#: A round whose "nothing changes" probability is at least this is a stalemate (as solver.py).
STALEMATE = 1.0 - 1e-15


def _merge(dest: np.ndarray, mass: np.ndarray):
    uniq, inverse = np.unique(dest, return_inverse=True)
    return uniq, np.bincount(inverse.reshape(-1), weights=mass, minlength=len(uniq))


class SideProductGrid:
    """A grid whose flat index is attacker index * ``nd`` + defender index, each side with a
    ``level`` array (units alive): gives ``levels`` and ``terminal``."""

    nd: int
    sides: tuple

    def levels(self, idx: np.ndarray) -> np.ndarray:
        ia, idd = np.divmod(idx, self.nd)
        return self.sides[0].level[ia] + self.sides[1].level[idd]

    def terminal(self, idx: np.ndarray) -> np.ndarray:
        ia, idd = np.divmod(idx, self.nd)
        return (self.sides[0].level[ia] == 0) | (self.sides[1].level[idd] == 0)


class _Buckets:
    """Mass waiting at positions, by level: added in pieces, taken merged."""

    def __init__(self, grid):
        self.grid = grid
        self.pieces: dict[int, list] = {}

    def add(self, dest: np.ndarray, mass: np.ndarray) -> None:
        if not len(dest):
            return
        levels = self.grid.levels(dest)
        top, low = int(levels.max()), int(levels.min())
        if top == low:
            self.pieces.setdefault(top, []).append((dest, mass))
            return
        for lv in range(low, top + 1):      # a few levels apart: a mask each is cheapest
            here = levels == lv
            if here.any():
                self.pieces.setdefault(lv, []).append((dest[here], mass[here]))

    def take(self, level: int):
        pieces = self.pieces.pop(level, None)
        if not pieces:
            return None
        if len(pieces) == 1:
            dest, mass = pieces[0]
        else:
            dest = np.concatenate([d for d, _ in pieces])
            mass = np.concatenate([m for _, m in pieces])
        return _merge(dest, mass)


def outcome(grid, curve: bool = True, *, start: int | None = None, band: int = 0
            ) -> BattleOutcome:
    """The battle from the grid's start under the grid's choices (exact; nothing pruned).

    ``start`` (a flat position) and ``band``: from that position, just before band ``band``
    of a round rolls (the table side's position); the round under way counts in
    ``expected_rounds``. The "decided by round" curve is the start's only (``curve``)."""
    if start is not None and start != grid.start or band:
        curve = False
    out = BattleOutcome()
    stalemates: list[int] = []

    def ended(idx, mass, stale):
        for k in range(len(idx)):
            state = grid.state(idx[k])
            if stale[k]:
                out.stalemates[state] = float(mass[k])
                stalemates.append(int(idx[k]))
            else:
                out.decided[state] = float(mass[k])

    first = grid.start if start is None else start
    out.expected_rounds, out.states_explored = forward(
        grid, np.array([first], dtype=np.int64), np.ones(1), ended, band=band)
    if band:
        out.expected_rounds += 1.0
    if curve:
        out.decided_by_round = decided_curve(grid, stalemates=stalemates)
    return out


def forward(grid, start: np.ndarray, mass: np.ndarray, ended, band: int = 0
            ) -> tuple[float, int]:
    """Follow the mass at the positions ``start`` (all at one level) to the battle's ends;
    ``band`` > 0: the mass is inside a round, just before that band rolls.

    ``ended(idx, mass, stalemate)`` receives, level by level, the positions where mass ends
    (a side has no units, or a stalemate: ``stalemate`` marks those) and the mass ending
    there. Returns (expected rounds summed over the starting mass, positions explored)."""
    nb = grid.n_bands
    round_start = _Buckets(grid)
    #: mass about to enter band b (b >= 1) mid-round
    inputs: list[Any] = [None] + [_Buckets(grid) for _ in range(1, nb)]
    (inputs[band] if band else round_start).add(start, mass)
    explored = 0
    rounds = 0.0

    def target(b):
        return inputs[b + 1] if b + 1 < nb else round_start

    for level in range(int(grid.levels(start).max()), -1, -1):
        # 1. rounds under way that reached this level in an earlier band: they finish here
        #    or lower (a band with no casualty keeps the position, so the round end may
        #    bring mass to this level's round starts)
        for b in range(1, nb):
            got = inputs[b].take(level)
            if got is not None:
                _, dest, w = grid.push(b, *got)
                target(b).add(dest, w)
        # 2. rounds starting here
        got = round_start.take(level)
        if got is None:
            continue
        idx, m = got
        explored += len(idx)
        terminal = grid.terminal(idx)
        stay = np.where(terminal, 1.0, grid.stay(idx))
        stale = ~terminal & (stay >= STALEMATE)
        ends = terminal | stale
        if ends.any():
            ended(idx[ends], m[ends], stale[ends])
        fighting = np.flatnonzero(~ends)
        if not len(fighting):
            continue
        # the self-loop (a round with no casualty) is removed exactly: mass / (1 - stay)
        own = m[fighting] / (1.0 - stay[fighting])
        rounds += float(own.sum())
        where = idx[fighting]
        for b in range(nb):
            live = np.flatnonzero(own > 0)
            if not len(live):
                break
            origin, dest, w = grid.push(b, where[live], own[live])
            same = dest == where[live][origin]
            target(b).add(dest[~same], w[~same])
            own = np.zeros(len(where))
            np.add.at(own, live[origin[same]], w[same])
            # after the last band, what stayed put is the self-loop already counted
    return rounds, explored


def decided_curve(grid, rounds: int = CURVE_ROUNDS, stalemates=None) -> list[float]:
    """P(decided within N rounds), N = 1.., round by round (plot precision: tails < 1e-11
    dropped, stops once less than 1e-9 is still fighting) — as solver.py's curve.

    ``stalemates``: the flat positions ``forward`` found stalemated (it reaches every round
    start this pass does), so the rounds need no ``stay`` of their own; None: computed."""
    nb = grid.n_bands
    idx = np.array([grid.start], dtype=np.int64)
    mass = np.ones(1)
    curve: list[float] = []
    stale = np.array(stalemates, dtype=np.int64) if stalemates else None

    def open_only(idx, mass):
        fighting = ~grid.terminal(idx) & (mass >= 1e-11)
        if stalemates is None:
            fighting[fighting] = grid.stay(idx[fighting]) < STALEMATE
        elif stale is not None:
            fighting &= ~np.isin(idx, stale)
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

