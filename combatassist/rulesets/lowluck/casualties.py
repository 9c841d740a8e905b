"""Taking casualties in a Low Luck battle (docs/rules.md §2): losing units in the order of
loss (keep a land unit, hits that only take some kinds: ``later.SideSlots`` applies it), the
unit names its messages use.
"""
from __future__ import annotations

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
