"""Exact discrete probability distributions.

``Dist`` maps hashable outcomes to probabilities (floats that sum to 1 up to rounding).
Every operation is exact enumeration: nothing here samples, except ``sample``.
"""
from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from typing import Any, Generic, TypeVar, cast

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)


class Dist(Mapping[T, float], Generic[T]):
    """An immutable finite distribution ``outcome -> probability`` (zero entries dropped)."""

    __slots__ = ("_p",)

    def __init__(self, probs: Mapping[T, float] | Iterable[tuple[T, float]] = ()):
        items = probs.items() if isinstance(probs, Mapping) else probs
        acc: dict[T, float] = {}
        for outcome, p in items:
            if p < 0:
                raise ValueError(f"negative probability {p} for {outcome!r}")
            if p:
                acc[outcome] = acc.get(outcome, 0.0) + p
        self._p = acc

    # -- constructors -------------------------------------------------------------------
    @classmethod
    def point(cls, outcome: T) -> "Dist[T]":
        """All the mass on one outcome."""
        return cls({outcome: 1.0})

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> "Dist[T]":
        """Equal mass on each listed outcome (repeats add up)."""
        seq = list(outcomes)
        if not seq:
            raise ValueError("uniform over no outcomes")
        w = 1.0 / len(seq)
        return cls((o, w) for o in seq)

    @classmethod
    def die(cls, sides: int) -> "Dist[int]":
        """A fair die showing 1..sides."""
        return cast("type[Dist[int]]", cls).uniform(range(1, sides + 1))

    @classmethod
    def bernoulli(cls, p: float, yes: Any = 1, no: Any = 0) -> "Dist[Any]":
        return cls({yes: p, no: 1.0 - p})

    @classmethod
    def binomial(cls, n: int, p: float) -> "Dist[int]":
        """Number of successes in ``n`` independent trials of probability ``p``."""
        return cast("type[Dist[int]]", cls)(
            (k, math.comb(n, k) * p**k * (1 - p) ** (n - k)) for k in range(n + 1))

    # -- mapping protocol ---------------------------------------------------------------
    def __getitem__(self, outcome: T) -> float:
        return self._p[outcome]

    def __iter__(self) -> Iterator[T]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __repr__(self) -> str:
        body = ", ".join(f"{k!r}: {v:.6g}" for k, v in self._p.items())
        return f"Dist({{{body}}})"

    def prob(self, outcome: T) -> float:
        return self._p.get(outcome, 0.0)

    # the dict's own views: the solvers iterate these in their inner loops (Mapping's generic
    # views look every key up again)
    def items(self):
        return self._p.items()

    def keys(self):
        return self._p.keys()

    def values(self):
        return self._p.values()

    # -- combinators --------------------------------------------------------------------
    def map(self, f: Callable[[T], U]) -> "Dist[U]":
        """Distribution of f(X)."""
        return Dist((f(o), p) for o, p in self._p.items())

    def bind(self, f: Callable[[T], "Dist[U]"]) -> "Dist[U]":
        """Distribution of Y where Y ~ f(X): a two-stage experiment."""
        acc: dict[U, float] = {}
        for o, p in self._p.items():
            for o2, q in f(o).items():
                acc[o2] = acc.get(o2, 0.0) + p * q
        return Dist(acc)

    def combine(self, other: "Dist[U]", f: Callable[[T, U], Hashable]) -> "Dist":
        """Distribution of f(X, Y) for independent X ~ self, Y ~ other."""
        acc: dict = {}
        for a, p in self._p.items():
            for b, q in other.items():
                key = f(a, b)
                acc[key] = acc.get(key, 0.0) + p * q
        return Dist(acc)

    def __add__(self, other: "Dist") -> "Dist":
        """Sum of independent numeric variables (convolution)."""
        return self.combine(other, lambda a, b: a + b)

    def joint(self, other: "Dist[U]") -> "Dist[tuple[T, U]]":
        return self.combine(other, lambda a, b: (a, b))

    def condition(self, keep: Callable[[T], bool]) -> "Dist[T]":
        """Restrict to outcomes where ``keep`` holds, renormalised."""
        kept = {o: p for o, p in self._p.items() if keep(o)}
        total = sum(kept.values())
        if total <= 0:
            raise ValueError("conditioning on an event of probability 0")
        return Dist({o: p / total for o, p in kept.items()})

    # -- summaries ----------------------------------------------------------------------
    def total(self) -> float:
        return math.fsum(self._p.values())

    def mean(self, f: Callable[[T], float] | None = None) -> float:
        if f is None:
            return math.fsum(o * p for o, p in self._p.items())  # type: ignore[operator]
        return math.fsum(f(o) * p for o, p in self._p.items())

    def probability(self, event: Callable[[T], bool]) -> float:
        return math.fsum(p for o, p in self._p.items() if event(o))

    def sorted_items(self) -> list[tuple[T, float]]:
        return sorted(self._p.items(), key=lambda kv: kv[0])  # type: ignore[arg-type,return-value]

    def sample(self, rng: random.Random) -> T:
        """Draw one outcome (the only non-exact operation)."""
        x = rng.random()
        acc = 0.0
        last = None
        for o, p in self._p.items():
            acc += p
            last = o
            if x < acc:
                return o
        return cast(T, last)  # rounding: the total can be 1 - epsilon


def sum_of(dists: Iterable[Dist]) -> Dist:
    """Distribution of the sum of independent numeric variables."""
    result: Dist = Dist.point(0)
    for d in dists:
        result = result + d
    return result


def product_of(dists: Iterable[Dist]) -> Dist:
    """Joint distribution (as tuples) of independent variables."""
    result: Dist = Dist.point(())
    for d in dists:
        result = result.combine(d, lambda acc, x: acc + (x,))
    return result


def all_rolls(sides: Iterable[int]) -> Iterator[tuple[int, ...]]:
    """Every combination of faces of the given dice (each equally likely)."""
    return itertools.product(*(range(1, s + 1) for s in sides))
