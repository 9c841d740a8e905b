"""What a side's counts mean: slots, and the side model (dice, boosts, combat power and the
heuristic casualty picks).

State: ``(attacker counts, defender counts)``, each a tuple of alive units per *slot* — a slot
is one (band, role, unit type) a side assigned, or an idle / reserve unit type. Slot names
("red.roll.tank", "white.boost.artillery", "idle.transport") are what a casualty choice names;
players read them as ``slot_label`` words ("red tank (roll)").

Heuristic casualty policies (docs/rules.md §1; ``_SideModel.pick``):
- victim's choice: one hit at a time, the victim loses first the unit whose loss costs it least
  combat power (dice — the defender's extra white die too — plus usable boosts over all
  bands: idle units, wasted boosters and rollers that don't lower a dice count cost nothing),
  then the cheapest; a given order of loss (unit types) comes first of all.
- winner's choice (red): the winner kills, one hit at a time, the unit whose loss costs the
  enemy the most combat power, then the most expensive.
Ties go to the slot listed first (chart order of bands, roll before boost).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from ...text import join, msg, term
from .chart import Chart
from .setups import SideSetup

@dataclass(frozen=True)
class Slot:
    band: str | None
    role: str            # roll | boost | idle | reserve
    unit: str
    kind: str | None = None

    @property
    def name(self) -> str:
        return f"{self.band}.{self.role}.{self.unit}" if self.band else f"{self.role}.{self.unit}"


def side_slots(chart: Chart, side: SideSetup) -> list[Slot]:
    """The side's slots in a fixed order: chart band order, roll then boost, then idle, reserve."""
    slots = []
    for band in chart.bands:
        roles = side.bands.get(band.name, {})
        for unit in band.roll:
            if roles.get("roll", {}).get(unit):
                slots.append(Slot(band.name, "roll", unit))
        for unit, kind in band.boost.items():
            if roles.get("boost", {}).get(unit):
                slots.append(Slot(band.name, "boost", unit, kind))
    for unit in chart.units:
        if side.idle.get(unit):
            slots.append(Slot(None, "idle", unit))
    for unit in chart.units:
        if side.reserve.get(unit):
            slots.append(Slot(None, "reserve", unit))
    return slots


#: A slot's role as players read it (the GUI translates a role word through these).
ROLE_WORDS = {"roll": msg("roll"), "boost": msg("boost"), "idle": msg("idle"),
              "reserve": msg("reserve")}


def band_name(band: str) -> str:
    """A band's (colour's) name as a text for people (translated with the data's labels)."""
    return term("data.mediumluck", band)


def unit_name(unit: str) -> str:
    """A unit type's name as a text for people: 'anti_aircraft' -> 'anti aircraft'."""
    return term("data.mediumluck", unit.replace("_", " "))


def data_term(text: str) -> str:
    """A chart word as written (unit id, boost kind) as a text for people."""
    return term("data.mediumluck", text)


def slot_label(name: str) -> str:
    """A slot name in the players' words: 'white.roll.infantry' -> 'white infantry (roll)',
    'idle.transport' -> 'transport (idle)'."""
    parts = name.split(".")
    if len(parts) == 3:
        band, role, unit = parts
        return msg("{band} {unit} ({role})", band=band_name(band), unit=unit_name(unit),
                   role=ROLE_WORDS.get(role, role))
    if len(parts) == 2:
        role, unit = parts
        return msg("{unit} ({role})", unit=unit_name(unit), role=ROLE_WORDS.get(role, role))
    return name


def format_casualties(choice: Any) -> str:
    """{side: [slot, ...]} -> 'attacker: none; defender: 2 white infantry (roll)'."""
    if not isinstance(choice, dict):
        return "" if choice is None else str(choice)
    parts = []
    for side in ("attacker", "defender"):
        counts: dict[str, int] = {}
        for name in choice.get(side) or []:
            counts[name] = counts.get(name, 0) + 1
        text = join(", ", [slot_label(name) if n == 1 else
                           msg("{n} {unit}", n=n, unit=slot_label(name))
                           for name, n in counts.items()])
        parts.append(msg("{side}: {units}", side=side, units=text or msg("none")))
    return join("; ", parts)


def _slot_count(side: SideSetup, slot: Slot) -> int:
    if slot.role == "idle":
        return side.idle[slot.unit]
    if slot.role == "reserve":
        return side.reserve[slot.unit]
    return side.bands[cast(str, slot.band)][slot.role][slot.unit]     # a band's slot



class _SideModel:
    """What one side's counts mean: dice and boosts per band, combat power, casualty picks."""

    def __init__(self, chart: Chart, slots: list[Slot], order_of_loss: Sequence[str],
                 extra_die: bool = False):
        self.chart = chart
        #: Bands where this side rolls one extra die while it has any unit (the defender's
        #: extra white die): its boosters there are usable even with no rollers.
        self.extra = [extra_die and band.defender_extra_die for band in chart.bands]
        self.slots = slots
        self.names = [s.name for s in slots]
        self.cost = [chart.units[s.unit].cost for s in slots]
        rank = {u: i for i, u in enumerate(order_of_loss)}
        self.rank = [rank.get(s.unit, len(rank)) for s in slots]
        self.rolls: list[list[int]] = []
        self.boosts: list[list[tuple[str, list[int]]]] = []
        for band in chart.bands:
            self.rolls.append([i for i, s in enumerate(slots)
                               if s.band == band.name and s.role == "roll"])
            kinds = []
            for kind in band.kinds:
                idx = [i for i, s in enumerate(slots)
                       if s.band == band.name and s.role == "boost" and s.kind == kind]
                if idx:
                    kinds.append((kind, idx))
            self.boosts.append(kinds)
        self.eligible = [[i for i, s in enumerate(slots) if s.unit in band.may_hit]
                         for band in chart.bands]
        self._power: dict[tuple, int] = {}
        self._loss_memo: dict[tuple, tuple] = {}

    def dice(self, counts: Sequence[int], b: int) -> int:
        n = sum(-(-counts[i] // 3) for i in self.rolls[b])
        return min(n, self.chart.max_dice)

    def boosters(self, counts: Sequence[int], b: int) -> list[tuple[str, int]]:
        return [(kind, sum(counts[i] for i in idx)) for kind, idx in self.boosts[b]]

    def power(self, counts: tuple[int, ...]) -> int:
        """Dice plus usable boosts over all bands (what casualty policies protect), the
        defender's extra die included."""
        p = self._power.get(counts)
        if p is None:
            p = 0
            alive = any(counts)
            for b in range(len(self.rolls)):
                n = self.dice(counts, b) + (self.extra[b] and alive)
                p += n + sum(min(c, n) for _, c in self.boosters(counts, b))
            self._power[counts] = p
        return p

    def pick(self, counts: tuple[int, ...], b: int, hits: int, winner_picks: bool) -> tuple:
        """(new counts, slot indices killed) when this side takes ``hits`` in band ``b``."""
        key = (counts, b, hits, winner_picks)
        hit = self._loss_memo.get(key)
        if hit is not None:
            return hit
        current = list(counts)
        killed = []
        for _ in range(hits):
            alive = [i for i in self.eligible[b] if current[i] > 0]
            if not alive:
                break              # hits beyond the eligible units are lost
            before = self.power(tuple(current))
            best: int | None = None
            best_key: tuple | None = None
            for i in alive:
                current[i] -= 1
                loss = before - self.power(tuple(current))
                current[i] += 1
                k: tuple
                if winner_picks:
                    k = (-loss, -self.cost[i], i)
                else:
                    k = (self.rank[i], loss, self.cost[i], i)
                if best_key is None or k < best_key:
                    best, best_key = i, k
            assert best is not None               # alive is not empty
            current[best] -= 1
            killed.append(best)
        result = (tuple(current), tuple(killed))
        self._loss_memo[key] = result
        return result

    def landing(self, counts: Sequence[int], b: int, hits: int) -> int:
        return min(hits, sum(counts[i] for i in self.eligible[b]))

