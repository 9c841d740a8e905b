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


def lowluck_table(power: int) -> list[tuple[int, float]]:
    """``lowluck_hits(power)``'s entries that may happen, as (hits, chance), fewest first."""
    sure, rem = divmod(power, 6)
    return [(sure, 1 - rem / 6), (sure + 1, rem / 6)] if rem else [(sure, 1.0)]


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


def standard_tables(counts: np.ndarray, values) -> np.ndarray:
    """``standard_table`` of many firing groups at once, as the zero-padded rows of one
    array: row k is the table of the groups ``((counts[k, i], values[i]), ...)`` (ordinary
    dice; values past 6 hit on 6, value 0 never). No cache: the grid solvers' chains (a
    few hundred compositions, nearly all different) take a few numpy calls per hit value
    instead of a convolution per group and composition (~10 us each, 2.3 ms of a 1942
    30 v 30 battle), and a repeated battle costs what its first run costs.

    Per hit value, each row's dice of that value are a binomial (``_binomial_rows``, one
    array for every count); the rows' binomials are convolved value after value, every row
    in one product (``_convolve_rows``). Cut like ``standard_table`` (``TAIL_CUTOFF``)."""
    counts = np.asarray(counts, dtype=np.int64)
    values = np.minimum(np.asarray(values, dtype=np.int64), 6)
    table = np.ones((len(counts), 1))
    kinds = sorted(set(values[values > 0].tolist()))
    # each row's dice of each value, in one product
    dice = counts @ (values[:, None] == np.array(kinds, dtype=np.int64)).astype(np.int64)
    first = True
    for value, n, most in zip(kinds, dice.T, dice.max(axis=0, initial=0).tolist()):
        if most:
            binomials = _BINOMIALS[value] if most < len(_BINOMIALS[value]) else \
                _binomial_rows(most, value)
            # (the first value's binomials are the tables so far: 1 convolved with them,
            # the same numbers)
            table = binomials[n, :most + 1] if first else \
                _convolve_rows(table, binomials[n, :most + 1])
            first = False
    kept = table >= TAIL_CUTOFF
    table *= kept                           # the rest to 0 (entries are finite, >= 0)
    columns = np.flatnonzero(kept.any(axis=0))
    return table[:, :int(columns[-1]) + 1 if columns.size else 1]


def _binomial_rows(most: int, value: int) -> np.ndarray:
    """[n, k] = P(k hits from n dice hitting on ``value``) for n = 0..most: C(n, k) p^k
    q^(n - k), the binomial coefficients by one running product along k (exact to a few
    units of the last place, as the products of ``_binomial_table``)."""
    p = value / 6
    n = np.arange(most + 1, dtype=np.float64)[:, None]
    k = np.arange(most + 1, dtype=np.float64)[None, :]
    step = np.maximum(n - k + 1.0, 0.0) / np.maximum(k, 1.0)   # C(n, k) / C(n, k - 1)
    step[:, 0] = 1.0
    below = n >= k
    return (np.cumprod(step, axis=1) * p ** k
            * np.where(below, (1.0 - p) ** np.where(below, n - k, 0.0), 0.0))


#: ``_binomial_rows`` of each hit value for up to this many dice, made once on import (a
#: table of constants, the same for every battle: not a cache a repeated battle finds
#: its own numbers in); more dice are made when asked.
BINOMIAL_DICE = 64
_BINOMIALS = {value: _binomial_rows(BINOMIAL_DICE, value) for value in range(1, 7)}


def _convolve_rows(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Row k of ``a`` convolved with row k of ``b``, every row in one batched product: a's
    rows times the Toeplitz matrices of b's (strided views of b zero-padded)."""
    if a.shape[1] > b.shape[1]:
        a, b = b, a                   # the shorter rows the vectors: fewer multiply-adds
    rows, wa = a.shape
    wb = b.shape[1]
    padded = np.zeros((rows, wb + 2 * (wa - 1)))
    padded[:, wa - 1:wa - 1 + wb] = b
    size = padded.itemsize
    # toeplitz[k, i, h] = padded[k, wa - 1 - i + h] = b[k, h - i]
    toeplitz = np.ndarray((rows, wa, wa + wb - 1), padded.dtype, padded, (wa - 1) * size,
                          (padded.shape[1] * size, -size, size))
    return np.matmul(a[:, None, :], toeplitz)[:, 0, :]


@functools.lru_cache(maxsize=10_000)
def die(side: str, label: str, hit_on: int = 0, units: str = "", sure_hits: int = 0) -> DieSpec:
    return DieSpec(side, 6, label, hit_on, units, sure_hits)


def tally(values: np.ndarray) -> dict[int, int]:
    """{value: how many times} of an integer array (plain ints: they go into states)."""
    kinds, counts = np.unique(values, return_counts=True)
    return dict(zip(kinds.tolist(), counts.tolist()))
