"""The luck of the roll at the table: where the hits a side rolled fall in their exact
distribution, for one roll and for the whole battle (docs/rules.md, "The luck of the roll").

Only hit dice take part (``DieSpec.hit_on``: a die that scores one hit on that face or
less, A&A's; low luck's die adds its group's sure hits). A side's hits in a roll are the
sum of independent dice, so their distribution is exact: the convolution of each die's
hit-or-miss. The battle's is the convolution of every roll's, each with the dice that
position actually rolled: how lucky the dice were, not how the battle might have gone.

The **percentile** of ``x`` hits is ``P(fewer hits) + ½ · P(exactly x)``: the share of
rolls this roll beat, a tie counted half. A roll of exactly the median lands near 50 %,
the luckiest possible roll near (not at) 100 %, and over many rolls the percentile averages
50 % whatever the dice (the mid-distribution function; a plain ``P(X ≤ x)`` would call a
certain result "better than 100 %").
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from ..battle import DieSpec

SIDES = ("attacker", "defender")


@dataclass(frozen=True)
class Luck:
    """A side's hits against their exact distribution (``dist[k]``: P(k hits))."""

    hits: int
    dist: tuple[float, ...]

    @property
    def expected(self) -> float:
        return math.fsum(k * p for k, p in enumerate(self.dist))

    @property
    def percentile(self) -> float:
        """P(fewer hits) + ½ P(exactly as many): the share of rolls this one beat."""
        below = math.fsum(self.dist[:self.hits])
        equal = self.dist[self.hits] if self.hits < len(self.dist) else 0.0
        return min(1.0, max(0.0, below + equal / 2))

    @property
    def certain(self) -> bool:
        """No luck involved: a single possible number of hits."""
        return max(self.dist) >= 1.0 - 1e-12


def _binomial(n: int, p: float) -> np.ndarray:
    """P(k hits) of ``n`` dice each hitting with probability ``p`` (k = 0..n), by the
    recurrence P(k+1) = P(k)·(n−k)/(k+1)·p/(1−p), from P(0) or, for p = 1, exact."""
    if p >= 1.0:
        out = np.zeros(n + 1)
        out[n] = 1.0
        return out
    if p <= 0.0:
        out = np.zeros(n + 1)
        out[0] = 1.0
        return out
    k = np.arange(n + 1)
    # in logs: a long battle's hundreds of dice underflow a plain product
    logs = (np.array([math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
                      for i in range(n + 1)]) + k * math.log(p) + (n - k) * math.log1p(-p))
    return np.exp(logs)


def _luck(hits: int, sure: int, dice: dict[float, int]) -> Luck:
    """``hits`` of dice scoring ``sure`` hits for certain plus, per hit chance ``p``,
    ``dice[p]`` independent dice."""
    dist = np.zeros(sure + 1)
    dist[sure] = 1.0
    for p, n in sorted(dice.items()):
        dist = np.convolve(dist, _binomial(n, p))
    return Luck(hits, tuple(float(x) for x in dist))


def _side_dice(specs: Sequence[DieSpec], rolled: Sequence[int], side: str
               ) -> tuple[int, int, dict[float, int]] | None:
    """(hits, sure hits, {hit chance: dice}) of ``side``'s dice in one roll; None without
    hit dice, or with a die of another kind."""
    hits = sure = 0
    dice: dict[float, int] = {}
    for spec, face in zip(specs, rolled):
        if spec.side != side:
            continue
        if spec.hit_on <= 0:
            return None
        p = min(1.0, spec.hit_on / spec.sides)
        dice[p] = dice.get(p, 0) + 1
        sure += spec.sure_hits
        hits += spec.sure_hits + int(face <= spec.hit_on)
    return (hits, sure, dice) if dice else None


def roll_luck(specs: Sequence[DieSpec], rolled: Sequence[int]) -> dict[str, Luck]:
    """Each side's ``Luck`` in one roll (``specs``: the phase's dice, ``rolled``: their
    faces); a side is left out when it rolled no hit dice, or any die of another kind (its
    hits then aren't a sum of hit dice)."""
    out = {}
    for side in SIDES:
        found = _side_dice(specs, rolled, side)
        if found is not None:
            out[side] = _luck(*found)
    return out


def total_luck(rolls: Iterable[tuple[Sequence[DieSpec], Sequence[int]]]) -> dict[str, Luck]:
    """Each side's luck over many rolls (``(specs, rolled)`` each), exactly: the dice of
    one hit chance over the battle make one binomial, the few binomials are convolved."""
    acc: dict[str, list] = {}
    for specs, rolled in rolls:
        for side in SIDES:
            found = _side_dice(specs, rolled, side)
            if found is None:
                continue
            hits, sure, dice = found
            total = acc.setdefault(side, [0, 0, {}])
            total[0] += hits
            total[1] += sure
            for p, n in dice.items():
                total[2][p] = total[2].get(p, 0) + n
    return {side: _luck(*acc[side]) for side in SIDES if side in acc}
