"""The two dice systems of an A&A battle (docs/rules.md §2): low luck and ordinary dice.

One object per system answers, for a *firing group* ``((dice, hit-on value), ...)``: the
distribution of its hits (exact odds), the dice the players roll for it (the table side) and
the hits of a batch of rolls (the simulator, one roll being a batch of one). The phases ask
the battle's ``dice`` object and never branch on the system themselves.
"""
from __future__ import annotations

from abc import ABC, abstractmethod

import numpy as np

from ...battle import DieSpec
from ...distribution import Dist
from ...text import join, msg
from .casualties import unit_name
from .hits import die, lowluck_hits, standard_hits

Groups = tuple[tuple[int, int], ...]
#: Who rolls each group of a firing group, for people (``units_text``): one
#: ``((unit id, units), ...)`` per ``(dice, value)`` group, in the same order.
GroupUnits = tuple[tuple[tuple[str, int], ...], ...]
#: ``[options] dice``: the systems by name.
DICE_MODES = ("lowluck", "standard")


def hit_label(what: str, value: int) -> str:
    """An ordinary die's label: "attack: hit on 2 or less"."""
    if what == "attack":
        return msg("attack: hit on {v} or less", v=value)
    if what == "defence":
        return msg("defence: hit on {v} or less", v=value)
    if what == "aa":
        # a gun's hit value: 1, or more with a radar tech (Anniversary)
        return msg("AA: hit on 1") if value == 1 else msg("AA: hit on {v} or less", v=value)
    if what == "bombardment":
        return msg("bombardment: hit on {v} or less", v=value)
    return msg("submarines: hit on {v} or less", v=value)


def power_label(what: str, power: int, rem: int) -> str:
    """The low-luck die's label: "attack power 14: extra hit on 2 or less"."""
    if what == "attack":
        return msg("attack power {power}: extra hit on {rem} or less", power=power, rem=rem)
    if what == "defence":
        return msg("defence power {power}: extra hit on {rem} or less", power=power, rem=rem)
    if what == "aa":
        return msg("AA: hit on {rem} or less", rem=rem)
    if what == "bombardment":
        return msg("bombardment power {power}: extra hit on {rem} or less", power=power,
                   rem=rem)
    return msg("submarines power {power}: extra hit on {rem} or less", power=power, rem=rem)


def units_text(pairs) -> str:
    """"2 destroyer, 1 battleship" from ``(unit id, units)`` pairs (a unit type named once,
    its counts added up, in the order first met)."""
    counts: dict[str, int] = {}
    for uid, n in pairs:
        counts[uid] = counts.get(uid, 0) + n
    return join(", ", [msg("{n} {unit}", n=n, unit=unit_name(uid))
                       for uid, n in counts.items() if n])


class DiceSystem(ABC):
    """How a firing group's hits come about."""

    name: str
    #: Every unit rolls its own independent die: a group's hit table is its units' tables
    #: convolved (the grid solvers build tables that way).
    independent: bool

    @abstractmethod
    def hit_dist(self, groups: Groups) -> Dist:
        """Exact distribution of the group's hits."""

    @abstractmethod
    def dice(self, side: str, groups: Groups, what: str,
             units: GroupUnits | None = None) -> tuple[DieSpec, ...]:
        """The dice the players roll for the group (``what``: attack, defence, submarines,
        aa, bombardment — the dice's labels; ``units``: who rolls each group, named on the
        dice)."""

    def sure(self, side: str, groups: Groups, units: GroupUnits | None = None
             ) -> tuple[tuple[str, int, str], ...]:
        """``Phase.sure_hits`` of a firing group: hits it scores without rolling a die
        (none: every group rolls)."""
        return ()

    @abstractmethod
    def hits_many(self, groups: Groups, rolled: np.ndarray) -> np.ndarray:
        """Hits of each roll (rows of ``rolled``, faces in ``dice`` order)."""

    def hits_from(self, groups: Groups, rolled) -> int:
        """Hits of one roll: ``hits_many`` of one row."""
        return int(self.hits_many(groups, np.asarray(rolled, dtype=np.int64).reshape(1, -1))[0])


class LowLuck(DiceSystem):
    """power // 6 sure hits, plus one when one die shows power % 6 or less."""

    name = "lowluck"
    independent = False

    def hit_dist(self, groups: Groups) -> Dist:
        return lowluck_hits(sum(n * v for n, v in groups))

    def dice(self, side: str, groups: Groups, what: str,
             units: GroupUnits | None = None) -> tuple[DieSpec, ...]:
        power = sum(n * v for n, v in groups)
        sure, rem = divmod(power, 6)
        if not rem:
            return ()
        return (die(side, power_label(what, power, rem), rem,
                    units_text(p for group in units or () for p in group), sure),)

    def sure(self, side: str, groups: Groups, units: GroupUnits | None = None
             ) -> tuple[tuple[str, int, str], ...]:
        sure, rem = divmod(sum(n * v for n, v in groups), 6)
        if rem or not sure:
            return ()
        return ((side, sure, units_text(p for group in units or () for p in group)),)

    def hits_many(self, groups: Groups, rolled: np.ndarray) -> np.ndarray:
        sure, rem = divmod(sum(n * v for n, v in groups), 6)
        extra = (rolled[:, 0] <= rem) if rem else np.zeros(len(rolled), dtype=np.int64)
        return sure + extra


class Ordinary(DiceSystem):
    """Every unit rolls one die and hits on its value or less."""

    name = "standard"
    independent = True

    def hit_dist(self, groups: Groups) -> Dist:
        return standard_hits(groups)

    def dice(self, side: str, groups: Groups, what: str,
             units: GroupUnits | None = None) -> tuple[DieSpec, ...]:
        # the dice of one value are interchangeable: each names all the units rolling
        # that value in this firing group (equal dice, as ``DieSpec`` wants them)
        by_value: dict[int, list] = {}
        for (n, v), who in zip(groups, units or ((),) * len(groups)):
            by_value.setdefault(v, []).extend(who)
        out: tuple[DieSpec, ...] = ()
        for n, v in groups:
            if v:
                out += (die(side, hit_label(what, v), min(v, 6),
                            units_text(by_value.get(v, ()))),) * n
        return out

    def hits_many(self, groups: Groups, rolled: np.ndarray) -> np.ndarray:
        values = np.array([v for n, v in groups if v for _ in range(n)], dtype=np.int64)
        return (rolled <= values).sum(axis=1)


SYSTEMS: dict[str, DiceSystem] = {"lowluck": LowLuck(), "standard": Ordinary()}


def dice_system(mode: str) -> DiceSystem:
    """The system ``[options] dice`` names."""
    return SYSTEMS[mode]
