"""Ur's hit spreading (docs/rules.md §4): how a phase's hits fall on a side's units.

Each hit goes to the unit that has taken the fewest hits this phase; on a tie, by default the
unit with the most steps left, then the first listed (``spread_hits``). At the table the
owner may break ties otherwise: any allocation the even rule allows is accepted
(``check_spread``) and any other refused. Hits only go to units with steps left; hits beyond
a side's steps are lost.
"""
from __future__ import annotations

from collections.abc import Sequence

from ...text import msg

#: A battle's state: the steps left of every unit of the attacker and of the defender, in the
#: order listed (0: lost).
State = tuple[tuple[int, ...], tuple[int, ...]]
#: Hits per unit of one side.
Allocation = tuple[int, ...]


# -- hit spreading ------------------------------------------------------------------------
def spread_hits(steps: Sequence[int], hits: int) -> Allocation:
    """The default even spreading: hits per unit (never more than a unit's steps left)."""
    taken = [0] * len(steps)
    for _ in range(hits):
        best = None
        for i, s in enumerate(steps):
            if s - taken[i] <= 0:
                continue
            key = (taken[i], -(s - taken[i]))
            if best is None or key < best[0]:
                best = (key, i)
        if best is None:        # every unit is lost: further hits change nothing
            break
        taken[best[1]] += 1
    return tuple(taken)


def check_spread(steps: Sequence[int], hits: int, allocation: Sequence[int]) -> str | None:
    """Why ``allocation`` is not an even spreading of ``hits`` over ``steps``; None if it is.

    Even means: reachable by giving every hit to a unit with the fewest hits this phase among
    the units still standing, breaking ties any way. Equivalently: all hits that can be taken
    are taken, no unit takes more than its steps, and every unit left standing has at least
    (most hits any unit took) - 1.
    """
    if len(allocation) != len(steps):
        return msg("expected hits for {units} units, got {got}", units=len(steps),
                   got=len(allocation))
    for i, (s, h) in enumerate(zip(steps, allocation), start=1):
        if isinstance(h, bool) or not isinstance(h, int) or h < 0:
            return msg("unit {i}: hits must be a whole number >= 0, got {h}", i=i, h=repr(h))
        if h > s:
            return msg("unit {i} has {s} steps left and can't take {h} hits", i=i, s=s, h=h)
    due = min(hits, sum(steps))
    if sum(allocation) != due:
        return msg("{due} hits must be taken, the allocation gives {given}", due=due,
                   given=sum(allocation))
    most = max(allocation, default=0)
    for i, (s, h) in enumerate(zip(steps, allocation), start=1):
        if h < s and h < most - 1:
            return msg("hits must be spread evenly: unit {i} takes {h} while another takes "
                       "{most}", i=i, h=h, most=most)
    return None
