"""Taking casualties in a Low Luck battle (docs/rules.md §2): the order-of-loss policy (keep a
land unit, hits that only take some kinds), or the players' own choice at the table.
"""
from __future__ import annotations

import functools
from collections.abc import Mapping

from ...errors import EngineError
from .data import unit_ids

#: Hits that only take these kinds: AA fire (aircraft), submarines (ships).
AIR = frozenset({"air"})
SEA = frozenset({"sea"})


class Casualties:
    """Taking ``hits`` casualties from a side: the order-of-loss policy, or the players' choice."""

    def __init__(self, side):
        """``side``: the side's fixed numbers (``rules._Side``: role, kinds, order, keep_land)."""
        self.side = side
        self.ids = unit_ids()

    def eligible(self, kinds: frozenset[str] | None, exclude: frozenset[str] = frozenset()):
        return [i for i in range(len(self.ids))
                if (kinds is None or self.side.kinds[i] in kinds) and self.side.kinds[i] not in exclude]

    @functools.lru_cache(maxsize=200_000)
    def policy(self, counts: tuple[int, ...], hits: int, kinds: frozenset[str] | None
               ) -> tuple[int, ...]:
        """Counts after removing ``hits`` eligible units by the order of loss."""
        remaining = list(counts)
        allowed = set(self.eligible(kinds))
        reserve = None
        if self.side.keep_land:
            # Keep the last land unit of the order alive while anything else can die instead.
            land = [i for i in self.side.order if self.side.kinds[i] == "land" and counts[i]]
            if land:
                reserve = land[-1]
                remaining[reserve] -= 1
        for i in self.side.order:
            if hits <= 0:
                break
            if i in allowed and remaining[i]:
                take = min(hits, remaining[i])
                remaining[i] -= take
                hits -= take
        if reserve is not None:
            if hits > 0 and reserve in allowed:
                hits -= 1
            else:
                remaining[reserve] += 1
        return tuple(remaining)

    def chosen(self, counts: tuple[int, ...], hits: int, kinds: frozenset[str] | None,
               choice: Mapping[str, int]) -> tuple[int, ...]:
        """Counts after removing the players' chosen casualties (validated)."""
        allowed = set(self.eligible(kinds))
        can_take = sum(counts[i] for i in allowed)
        needed = min(hits, can_take)
        remaining = list(counts)
        total = 0
        for uid, n in choice.items():
            if uid not in self.ids:
                raise EngineError(f"unknown unit '{uid}' in the {self.side.role}'s casualties")
            i = self.ids.index(uid)
            if not isinstance(n, int) or n < 0:
                raise EngineError(f"casualty count for {uid} must be a whole number >= 0")
            if n and i not in allowed:
                raise EngineError(f"{uid} can't be taken for these hits "
                                  f"(only {', '.join(self.ids[j] for j in sorted(allowed))})")
            if n > counts[i]:
                if not counts[i]:
                    raise EngineError(f"the {self.side.role} has no {uid} left")
                raise EngineError(f"the {self.side.role} has only {counts[i]} {uid}, not {n}")
            remaining[i] -= n
            total += n
        if total != needed:
            raise EngineError(f"the {self.side.role} must take exactly {needed} casualties, "
                              f"not {total}")
        return tuple(remaining)

    def apply(self, counts, hits, kinds, choice):
        if choice is None:
            return self.policy(counts, hits, kinds)
        return self.chosen(counts, hits, kinds, choice)

    def as_choice(self, before: tuple[int, ...], after: tuple[int, ...]) -> dict[str, int]:
        return {self.ids[i]: b - a for i, (b, a) in enumerate(zip(before, after)) if b != a}
