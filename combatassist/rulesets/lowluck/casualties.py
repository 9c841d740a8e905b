"""Taking casualties in a Low Luck battle (docs/rules.md §2): the order-of-loss policy (keep a
land unit, hits that only take some kinds), or the players' own choice at the table.
"""
from __future__ import annotations

import functools
from collections.abc import Mapping

from ...errors import EngineError
from ...text import join, msg, term


def unknown_casualty(uid: str, side: str, present: list[str]) -> EngineError:
    """A casualty of a unit type the battle doesn't know, with the ones ``present`` to
    write instead."""
    return EngineError(msg("unknown unit '{unit}' in the {side}'s casualties (write one of: "
                           "{units})", unit=uid, side=side,
                           units=join(", ", [unit_name(u) for u in present])))


def unit_name(uid: str) -> str:
    """A unit type's id as a text for people, in words (``aa_gun`` -> ``aa gun``, as the
    command line's profiles write it), translated with the data's labels."""
    return term("data.lowluck", uid.replace("_", " "))

#: Hits that only take these kinds: AA fire (aircraft), submarines (ships).
AIR = frozenset({"air"})
SEA = frozenset({"sea"})


def lose_in_order(remaining: list[int], hits: int, order, allowed, keep=None,
                  keep_n: int = 1) -> int:
    """Remove up to ``hits`` units from ``remaining`` (counts, changed in place): the first
    units of ``order`` among ``allowed``; with ``keep`` (slots in the order of loss, e.g. the
    attacker's land units) the last ``keep_n`` of them still alive are lost last (among
    themselves in the order of loss). Returns how many hits found a unit. Classic's
    casualties and the later editions' share it."""
    taken = 0
    reserved: list[tuple[int, int]] = []
    if keep is not None and keep_n > 0:
        # Keep the last land units of the order alive while anything else can die instead.
        need = keep_n
        for i in reversed(keep):
            if need <= 0:
                break
            if remaining[i]:
                k = min(need, remaining[i])
                remaining[i] -= k
                reserved.append((i, k))
                need -= k
        reserved.reverse()
    for i in order:
        if hits <= 0:
            break
        if i in allowed and remaining[i]:
            take = min(hits, remaining[i])
            remaining[i] -= take
            hits -= take
            taken += take
    for i, k in reserved:
        take = min(hits, k) if i in allowed else 0
        remaining[i] += k - take
        hits -= take
        taken += take
    return taken


class Casualties:
    """Taking ``hits`` casualties from a side: the order-of-loss policy, or the players' choice."""

    def __init__(self, side, ids: tuple[str, ...]):
        """``side``: the side's fixed numbers (``rules._Side``: role, kinds, order, keep_land);
        ``ids``: the edition's unit ids, which the counts are aligned to."""
        self.side = side
        self.ids = ids

    def eligible(self, kinds: frozenset[str] | None, exclude: frozenset[str] = frozenset()):
        return [i for i in range(len(self.ids))
                if (kinds is None or self.side.kinds[i] in kinds) and self.side.kinds[i] not in exclude]

    @functools.lru_cache(maxsize=200_000)
    def policy(self, counts: tuple[int, ...], hits: int, kinds: frozenset[str] | None
               ) -> tuple[int, ...]:
        """Counts after removing ``hits`` eligible units by the order of loss."""
        remaining = list(counts)
        keep = ([i for i in self.side.order if self.side.kinds[i] == "land"]
                if self.side.keep_land else None)
        lose_in_order(remaining, hits, self.side.order, set(self.eligible(kinds)), keep,
                      self.side.keep_land)
        return tuple(remaining)

    def losing_order(self, counts: tuple[int, ...]) -> list[int]:
        """The unit type each of ``counts``' units is lost as by ``policy`` (any hits), one
        unit at a time: ``policy(counts, k, None)`` has lost the first k of them (tested).
        The order of loss, with the kept land units (``keep_land``: the last ones of the
        order) last."""
        sequence = [i for i in self.side.order for _ in range(counts[i])]
        if self.side.keep_land:
            land = [k for k, i in enumerate(sequence) if self.side.kinds[i] == "land"]
            kept = set(land[-self.side.keep_land:]) if land else set()
            sequence = ([i for k, i in enumerate(sequence) if k not in kept]
                        + [i for k, i in enumerate(sequence) if k in kept])
        return sequence

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
                raise unknown_casualty(uid, self.side.role,
                                       [u for u, n in zip(self.ids, counts) if n])
            i = self.ids.index(uid)
            if not isinstance(n, int) or n < 0:
                raise EngineError(msg("casualty count for {unit} must be a whole number >= 0",
                                      unit=unit_name(uid)))
            if n and i not in allowed:
                raise EngineError(msg("{unit} can't be taken for these hits (only {units})",
                                      unit=unit_name(uid), units=join(", ", [
                                          unit_name(self.ids[j]) for j in sorted(allowed)])))
            if n > counts[i]:
                if not counts[i]:
                    raise EngineError(msg("the {side} has no {unit} left", side=self.side.role,
                                          unit=unit_name(uid)))
                raise EngineError(msg("the {side} has only {count} {unit}, not {n}",
                                      side=self.side.role, count=counts[i],
                                      unit=unit_name(uid), n=n))
            remaining[i] -= n
            total += n
        if total != needed:
            raise EngineError(msg("the {side} must take exactly {needed} casualties, not "
                                  "{total}", side=self.side.role, needed=needed, total=total))
        return tuple(remaining)

    def apply(self, counts, hits, kinds, choice):
        if choice is None:
            return self.policy(counts, hits, kinds)
        return self.chosen(counts, hits, kinds, choice)

    def as_choice(self, before: tuple[int, ...], after: tuple[int, ...]) -> dict[str, int]:
        return {self.ids[i]: b - a for i, (b, a) in enumerate(zip(before, after)) if b != a}
