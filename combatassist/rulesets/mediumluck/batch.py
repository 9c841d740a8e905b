"""The grid of many assignments of one side against one enemy, under the heuristic policy
(what the advisor's evaluator, ``backward.SharedValues``, walks).

- every assignment is a count vector over one *universal* slot layout of the side (every
  place its unit types may take, in ``rules.side_slots`` order), so one ``SideChains``
  serves them all: the heuristic's picks depend on the counts only, and the positions two
  assignments both reach (after losses) are discovered once for the whole search;
- ``BatchGrid`` numbers the positions of one enemy against that side (a battle number in
  the flat index keeps several battles' positions apart; the advisor's shared positions
  use battle 0) and counts the work pushed through it (``WorkCounter``).
"""
from __future__ import annotations

import math

import numpy as np

from ...errors import EngineError
from .heuristic import HeuristicGrid, SideChains
from .slots import Slot, _SideModel

#: Own-side vectors one search may discover (the flat index leaves this much room per battle).
OWN_CAP = 1 << 22


class UniversalSide:
    """Every place a side's unit types may take, as one slot layout (chart order: bands, roll
    then boost, then idle): an assignment ``{unit: split over places}`` is a count vector."""

    def __init__(self, chart, units, places, order_of_loss, extra_white: bool):
        """``units``: {unit type: how many the side brings}, keys in chart order."""
        types = list(units)
        wanted = set(types)
        slots = []
        for band in chart.bands:
            slots += [Slot(band.name, "roll", u) for u in band.roll if u in wanted]
            slots += [Slot(band.name, "boost", u, kind) for u, kind in band.boost.items()
                      if u in wanted]
        slots += [Slot(None, "idle", u) for u in chart.units if u in wanted]
        self.slots = slots
        self.types = list(types)
        index = {(s.role, s.band, s.unit): i for i, s in enumerate(slots)}
        #: per unit type, the slot of each of its places (advisor.places_for order)
        self.place_slots = {u: [index[(role, band, u)] for role, band in places[u]]
                            for u in types}
        model = _SideModel(chart, slots, order_of_loss, extra_die=extra_white)
        self.chains = SideChains.of_model(
            model, extra_white, self.counts(tuple((0,) * len(places[u]) for u in types)),
            bounds=tuple(units[s.unit] for s in slots))

    def counts(self, assignment) -> tuple[int, ...]:
        """The count vector of an assignment (per type, its split over its places)."""
        out = [0] * len(self.slots)
        for unit, split in zip(self.types, assignment):
            for slot, n in zip(self.place_slots[unit], split):
                out[slot] += n
        return tuple(out)


class TooManyPositions(EngineError):
    """The searching side met more positions than the batch may hold (``max_own``)."""


class TooMuchWork(EngineError):
    """A search's grid work (``WorkCounter``) passed its limit."""


class WorkCounter:
    """Grid cells x band outcomes a search has pushed, across its batches: counted as they
    are computed (every band of every level), ``TooMuchWork`` past ``limit``. A count, not a
    clock: the same search stops at the same place on every run."""

    def __init__(self, limit: float):
        self.limit = limit
        self.done = 0

    def add(self, work: int) -> None:
        self.done += work
        if self.done > self.limit:
            raise TooMuchWork(f"the advisor's search needs more than {self.limit:,.0f} grid "
                              "cells x outcomes; give it fewer units")


class BatchGrid(HeuristicGrid):
    """K battles of one enemy against K assignments, as one grid: flat index =
    (battle * NA + attacker index) * ND + defender index. ``max_own``: the own side's
    positions the search may hold (``TooManyPositions`` past it, checked as they are met)."""

    def __init__(self, rules, own: SideChains, enemy: SideChains, me: int, starts: list,
                 max_own: int = OWN_CAP, work: WorkCounter | None = None):
        self.rules = rules
        self.max_own = min(max_own, OWN_CAP)
        self.work = work if work is not None else WorkCounter(float("inf"))
        sides = [enemy, enemy]
        sides[me] = own
        self.sides = tuple(sides)
        enemy_room = math.prod(n + 1 for n in rules.start[1 - me])
        self.na: int
        self.nd: int
        self.na, self.nd = (OWN_CAP, enemy_room) if me == 0 else (enemy_room, OWN_CAP)
        if len(starts) * self.na * self.nd >= 2 ** 62:
            raise EngineError("internal error: too many battles in one batch")
        self.me = me
        #: the chart bands where some battle of the batch may roll (any other changes nothing)
        self.band_index = [b for b in range(own.n_bands)
                           if any(side.model.rolls[b] or side.extra[b] for side in self.sides)]
        self.n_bands = len(self.band_index)
        self._share_pair_tables()
        own_idx = np.array([own.add(s) for s in starts], dtype=np.int64)
        enemy_idx = np.full(len(starts), enemy.add(rules.start[1 - me]), dtype=np.int64)
        ia, idd = (own_idx, enemy_idx) if me == 0 else (enemy_idx, own_idx)
        self.starts = (np.arange(len(starts), dtype=np.int64) * self.na + ia) * self.nd + idd

    def _band(self, b: int, idx: np.ndarray):
        q, dest = super()._band(b, idx)
        self.work.add(q.size)
        return q, dest

    def stay(self, idx: np.ndarray) -> np.ndarray:
        self.work.add(len(idx) * self.n_bands)
        return super().stay(idx)

    def split(self, idx: np.ndarray):
        """(battle, attacker index, defender index) of flat positions."""
        rest, idd = np.divmod(idx, self.nd)
        k, ia = np.divmod(rest, self.na)
        return k, ia, idd

    def levels(self, idx: np.ndarray) -> np.ndarray:
        _, ia, idd = self.split(idx)
        return self.sides[0].level[ia] + self.sides[1].level[idd]

    def terminal(self, idx: np.ndarray) -> np.ndarray:
        _, ia, idd = self.split(idx)
        return (self.sides[0].level[ia] == 0) | (self.sides[1].level[idd] == 0)

    def join(self, k, ia: np.ndarray, idd: np.ndarray) -> np.ndarray:
        if len(self.sides[self.me].states) >= self.max_own:
            raise TooManyPositions(f"the advisor's search met more than {self.max_own:,} "
                                   "positions of one side; give it fewer units")
        return (k * self.na + ia) * self.nd + idd
