"""Low Luck hit counts (docs/rules.md §2): low luck's sure hits plus one die, ordinary dice's
independent d6 (binomials), and the dice a phase shows the players.

Shared by the phases (``phases``), the rules (``rules``) and the grid solvers (``chains``).
"""
from __future__ import annotations

import functools
import math

import numpy as np

from ...battle import DieSpec
from ...distribution import Dist


def lowluck_hits(power: int) -> Dist:
    """power // 6 sure hits, plus one with probability (power % 6) / 6."""
    sure, rem = divmod(power, 6)
    return Dist({sure + 1: rem / 6, sure: 1 - rem / 6})


@functools.cache
def binomial(n: int, value: int) -> Dist:
    return Dist.binomial(n, value / 6)


def standard_hits(groups: tuple[tuple[int, int], ...]) -> Dist:
    """Hits of ordinary dice: ``groups`` = ((dice, hit-on value), ...), each die independent."""
    return _standard_hits(tuple(sorted(g for g in groups if g[0] and g[1])))


#: Hit counts rarer than this are dropped from ordinary-dice tables; the solver reports the
#: dropped mass as ``pruned`` (it stays many orders of magnitude below 1e-9).
TAIL_CUTOFF = 1e-18


@functools.cache
def _standard_hits(groups: tuple[tuple[int, int], ...]) -> Dist:
    result = Dist.point(0)
    for n, value in groups:
        result = result + binomial(n, min(value, 6))
    return Dist({k: p for k, p in result.items() if p >= TAIL_CUTOFF})


@functools.cache
def _binomial_table(n: int, value: int) -> np.ndarray:
    """``binomial(n, value)`` as an array indexed by hits (the same products)."""
    p = value / 6
    return np.array([math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)])


@functools.lru_cache(maxsize=50_000)
def _standard_table(groups: tuple[tuple[int, int], ...]) -> np.ndarray:
    table = np.ones(1)
    for n, value in groups:
        table = np.convolve(table, _binomial_table(n, min(value, 6)))
    table[table < TAIL_CUTOFF] = 0.0
    last = np.flatnonzero(table)
    table = table[:last[-1] + 1] if last.size else table[:1]
    table.setflags(write=False)
    return table


def standard_table(groups: tuple[tuple[int, int], ...]) -> np.ndarray:
    """``standard_hits`` as an array indexed by hits (numpy convolutions: the grid solver's
    tables for a later edition's compositions, each from its own dice groups). Read-only."""
    return _standard_table(tuple(sorted(g for g in groups if g[0] and g[1])))


@functools.lru_cache(maxsize=10_000)
def die(side: str, label: str, hit_on: int = 0, units: str = "", sure_hits: int = 0) -> DieSpec:
    return DieSpec(side, 6, label, hit_on, units, sure_hits)


def tally(values: np.ndarray) -> dict[int, int]:
    """{value: how many times} of an integer array (plain ints: they go into states)."""
    kinds, counts = np.unique(values, return_counts=True)
    return dict(zip(kinds.tolist(), counts.tolist()))
