"""Medium Luck battles on the shared core: setup, state, one Phase per colour band, policies.

Why one module of ~650 lines: the band phase, the per-side slot model and both casualty
policies share the slot bookkeeping and are only correct together (the exact solver, the
simulator and the table all go through them); split, each part would expose its internals to
the others. The scenario format (``scenario``), the casualty text (``choices``), the band
tables (``bands``) and the chart (``chart``) are already apart.

State: ``(attacker counts, defender counts)``, each a tuple of alive units per *slot* — a slot
is one (band, role, unit type) a side assigned, or an idle / reserve unit type. Slot names
("red.roll.tank", "white.boost.artillery", "idle.transport") are what a casualty choice names;
players read them as ``slot_label`` words ("red tank (roll)").

Casualty policies (docs/rules.md §1):
- victim's choice: one hit at a time, the victim loses first the unit whose loss costs it least
  combat power (dice — the defender's extra white die too — plus usable boosts over all
  bands: idle units, wasted boosters and rollers that don't lower a dice count cost nothing),
  then the cheapest; a given order of loss (unit types) comes first of all.
- winner's choice (red): the winner kills, one hit at a time, the unit whose loss costs the
  enemy the most combat power, then the most expensive.
Ties go to the slot listed first (chart order of bands, roll before boost).
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
import copy
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from ...battle import BattleRules, DieSpec, Phase, SIDES, distinct_rows
from ...distribution import Dist
from ... import limits
from ...errors import EngineError
from .bands import BandResolution, BandTableCache, band_tables, make_config, resolve_dice
from .chart import Band, Chart

ROLES = ("roll", "boost")


@dataclass
class SideSetup:
    """One side's assignment: band -> {"roll": {unit: n}, "boost": {unit: n}}, idle, reserve."""

    bands: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)
    idle: dict[str, int] = field(default_factory=dict)
    reserve: dict[str, int] = field(default_factory=dict)
    order_of_loss: list[str] = field(default_factory=list)

    def total(self) -> int:
        return (sum(n for roles in self.bands.values() for units in roles.values()
                    for n in units.values()) + sum(self.idle.values()) + sum(self.reserve.values()))

    def unit_counts(self) -> dict[str, int]:
        """How many of each unit type the side brings, whatever their roles."""
        out: dict[str, int] = {}
        for roles in self.bands.values():
            for units in roles.values():
                for u, n in units.items():
                    out[u] = out.get(u, 0) + n
        for table in (self.idle, self.reserve):
            for u, n in table.items():
                out[u] = out.get(u, 0) + n
        return out


@dataclass
class MediumLuckSetup:
    """A validated Medium Luck scenario (the ruleset's payload)."""

    chart: Chart
    attacker: SideSetup
    defender: SideSetup
    max_rounds: int = 0
    defender_extra_white: bool = True
    reserves: bool = False
    #: The chart file as the scenario names it (None: the default chart).
    chart_ref: str | None = None
    #: Casualty policy: "optimal", "heuristic", or None (the default: optimal when the
    #: battle is small enough to solve at once, see ``policy.choose_policy``).
    casualties: str | None = None
    #: "land" or "sea" (chart.BATTLE_KINDS): which units may take part.
    battle: str = "land"
    #: Faces of the dice (bands.DIE_SIDES): 6, or 12 (the source's d12 variant: boosts stay +1).
    die: int = 6
    #: Attacker retreat rules (0 = never): after round N; before a round with N units or
    #: fewer; before a round when its exact chance to win from there is below X.
    retreat_after: int = 0
    retreat_when_units: int = 0
    retreat_below: float = 0.0


def battle_kind_problems(setup: MediumLuckSetup) -> list[tuple[str, str, str]]:
    """Units that can't take part in the setup's kind of battle: [(side, where, why)], where
    is the scenario field under the side ('bands.yellow.roll.fighter', 'idle.carrier')."""
    from .chart import battle_kind_problem
    out = []
    for name in ("attacker", "defender"):
        side: SideSetup = getattr(setup, name)
        places = [(f"bands.{band}.{role}", units) for band, roles in side.bands.items()
                  for role, units in roles.items()]
        places += [("idle", side.idle), ("reserve", side.reserve)]
        for where, units in places:
            for unit, n in units.items():
                why = n and battle_kind_problem(setup.chart, setup.battle, unit)
                if why:
                    out.append((name, f"{where}.{unit}", why))
    return out


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


def slot_label(name: str) -> str:
    """A slot name in the players' words: 'white.roll.infantry' -> 'white infantry (roll)',
    'idle.transport' -> 'transport (idle)'."""
    parts = name.split(".")
    if len(parts) == 3:
        band, role, unit = parts
        return f"{band} {unit.replace('_', ' ')} ({role})"
    if len(parts) == 2:
        role, unit = parts
        return f"{unit.replace('_', ' ')} ({role})"
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
        text = ", ".join(slot_label(name) if n == 1 else f"{n} {slot_label(name)}"
                         for name, n in counts.items())
        parts.append(f"{side}: {text or 'none'}")
    return "; ".join(parts)


def _slot_count(side: SideSetup, slot: Slot) -> int:
    if slot.role == "idle":
        return side.idle[slot.unit]
    if slot.role == "reserve":
        return side.reserve[slot.unit]
    return side.bands[slot.band][slot.role][slot.unit]


@dataclass
class TableBand:
    """A band resolved at the table: boosts placed, pairings, hits, casualties, the new state."""

    band: str
    resolution: BandResolution
    #: Hits each side takes, and how many of them can land (eligible units alive).
    hits: dict[str, int]
    landed: dict[str, int]
    #: The policies' casualty proposal and the casualties applied (players' own if given).
    proposal: dict[str, list[str]]
    casualties: dict[str, list[str]]
    state_after: tuple
    text: str


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
            best, best_key = None, None
            for i in alive:
                current[i] -= 1
                loss = before - self.power(tuple(current))
                current[i] += 1
                if winner_picks:
                    k = (-loss, -self.cost[i], i)
                else:
                    k = (self.rank[i], loss, self.cost[i], i)
                if best_key is None or k < best_key:
                    best, best_key = i, k
            current[best] -= 1
            killed.append(best)
        result = (tuple(current), tuple(killed))
        self._loss_memo[key] = result
        return result

    def landing(self, counts: Sequence[int], b: int, hits: int) -> int:
        return min(hits, sum(counts[i] for i in self.eligible[b]))


class BandPhase(Phase):
    """One colour band of a round: both sides roll, boosts are placed, casualties removed."""

    def __init__(self, rules: "MediumLuckRules", index: int):
        self.rules = rules
        self.index = index
        self.band: Band = rules.chart.bands[index]
        self.name = self.band.name
        self._apply_memo: dict[tuple, tuple] = {}
        self._info_memo: dict = {}

    # -- dice -----------------------------------------------------------------------------
    def counts(self, state) -> tuple[int, int]:
        a, d = state
        r = self.rules
        n_a = r.models[0].dice(a, self.index)
        n_d = r.models[1].dice(d, self.index)
        if self.band.defender_extra_die and r.setup.defender_extra_white and any(d):
            n_d += 1
        return n_a, n_d

    def boosters(self, state) -> tuple[list, list]:
        a, d = state
        return (self.rules.models[0].boosters(a, self.index),
                self.rules.models[1].boosters(d, self.index))

    def config(self, state):
        n_a, n_d = self.counts(state)
        b_a, b_d = self.boosters(state)
        return make_config(n_a, [c for _, c in b_a], n_d, [c for _, c in b_d])

    def dice(self, state) -> tuple[DieSpec, ...]:
        return self._info(state)[0]

    def _info(self, state) -> tuple:
        """(dice specs, attacker dice, band configuration) of a state, memoised (simulation)."""
        info = self._info_memo.get(state)
        if info is None:
            n_a, n_d = self.counts(state)
            die = self.rules.setup.die
            specs = (tuple(DieSpec("attacker", die, f"attacker {self.name}") for _ in range(n_a)) +
                     tuple(DieSpec("defender", die, f"defender {self.name}") for _ in range(n_d)))
            info = self._info_memo[state] = (specs, n_a, n_d, self.config(state))
        return info

    def resolve(self, state, rolled: tuple[int, ...]) -> tuple[int, int]:
        _, n_a, n_d, config = self._info(state)
        if n_a == 0 or n_d == 0:
            return (n_d, n_a)
        return self.rules.tables.table(config).lookup(rolled[:n_a], rolled[n_a:])

    def resolve_many(self, state, rolled) -> dict:
        """``resolve`` of each distinct roll once: a side's dice count in any order."""
        _, n_a, _, _ = self._info(state)
        faces = np.concatenate([np.sort(rolled[:, :n_a], axis=1),
                                np.sort(rolled[:, n_a:], axis=1)], axis=1)
        rows, counts = distinct_rows(faces)
        acc: dict = {}
        for row, c in zip(rows.tolist(), counts.tolist()):
            o = self.resolve(state, tuple(row))
            acc[o] = acc.get(o, 0) + c
        return acc

    def outcome_dist(self, state) -> Dist:
        return self.rules.tables.dist(self.config(state))

    def resolution(self, state, rolled_a: Sequence[int], rolled_d: Sequence[int]) -> BandResolution:
        """The reference resolution of real dice, with boost placement and pairings."""
        b_a, b_d = self.boosters(state)
        return resolve_dice(rolled_a, b_a, rolled_d, b_d)

    def explain(self, state, rolled: tuple[int, ...]) -> str:
        n_a, _ = self.counts(state)
        res = self.resolution(state, rolled[:n_a], rolled[n_a:])
        return describe_resolution(self.name, res)

    # -- casualties -----------------------------------------------------------------------
    def _winner_picks(self) -> bool:
        return self.band.casualties == "winner"

    def _optimal_after(self, state, outcome):
        """The position after this band under optimal choices (None: heuristic rules)."""
        values = self.rules.optimal
        if values is None:
            return None
        return values.after(self.order, state, outcome)

    def propose(self, state, outcome) -> dict[str, list[str]]:
        a, d = state
        models = self.rules.models
        after = self._optimal_after(state, outcome)
        if after is not None:
            return {side: [models[s].names[i] for i, (x, y) in enumerate(zip(state[s], after[s]))
                           for _ in range(x - y)] for s, side in enumerate(SIDES)}
        _, killed_a = models[0].pick(a, self.index, outcome[0], self._winner_picks())
        _, killed_d = models[1].pick(d, self.index, outcome[1], self._winner_picks())
        return {"attacker": [models[0].names[i] for i in killed_a],
                "defender": [models[1].names[i] for i in killed_d]}

    def apply(self, state, outcome, choice: Mapping[str, Sequence[str]] | None = None):
        if choice is None:
            key = (state, outcome)
            hit = self._apply_memo.get(key)
            if hit is None:
                hit = self._optimal_after(state, outcome)
                if hit is None:
                    a, d = state
                    models = self.rules.models
                    new_a = models[0].pick(a, self.index, outcome[0], self._winner_picks())[0]
                    new_d = models[1].pick(d, self.index, outcome[1], self._winner_picks())[0]
                    hit = (new_a, new_d)
                self._apply_memo[key] = hit
            return hit
        return self._apply_choice(state, outcome, choice)

    def _apply_choice(self, state, outcome, choice):
        if not isinstance(choice, Mapping) or set(choice) - set(SIDES):
            raise EngineError(f"{self.name}: a casualty choice is "
                              "{'attacker': [slot, ...], 'defender': [slot, ...]}")
        new = list(state)
        for s, side in enumerate(SIDES):
            model = self.rules.models[s]
            counts = state[s]
            if side not in choice or choice[side] is None:
                new[s] = model.pick(counts, self.index, outcome[s], self._winner_picks())[0]
                continue
            wanted = list(choice[side])
            must = model.landing(counts, self.index, outcome[s])
            if len(wanted) != must:
                raise EngineError(f"{self.name}: the {side} must lose exactly {must} unit(s) "
                                  f"here, got {len(wanted)}")
            current = list(counts)
            for name in wanted:
                if name not in model.names:
                    raise EngineError(f"{self.name}: the {side} has no '{name}' "
                                      f"(its units: {', '.join(model.names)})")
                i = model.names.index(name)
                if i not in model.eligible[self.index]:
                    raise EngineError(f"{self.name} hits can't take {name}: this band may hit "
                                      + ", ".join(sorted(self.band.may_hit)))
                if current[i] <= 0:
                    raise EngineError(f"{self.name}: the {side} has no {name} left to lose")
                current[i] -= 1
            new[s] = tuple(current)
        return tuple(new)


class _SolverDist(Dist):
    """A Dist over a mapping built here from non-negative sums (skips re-validation: speed)."""

    __slots__ = ()

    def __init__(self, probs: dict):
        self._p = dict(probs)


def describe_resolution(band: str, res: BandResolution) -> str:
    """The band in words: boosts placed, pairings, unpaired dice, hits."""
    lines = []
    for side, sp in (("attacker", res.attacker), ("defender", res.defender)):
        if not sp.rolled:
            lines.append(f"{band}: {side} rolls no dice")
            continue
        text = f"{band}: {side} rolled {', '.join(map(str, sp.rolled))}"
        per_die: dict[int, list[str]] = {}
        for kind, idxs in sp.boosts:
            for i in idxs:
                per_die.setdefault(i, []).append(kind)
        placed = [f"die {i + 1} ({sp.rolled[i]}) +{' +'.join(per_die[i])}" for i in sorted(per_die)]
        if placed:
            text += "; boosts: " + ", ".join(placed)
            text += f" -> {', '.join(map(str, sp.final))}"
        lines.append(text)
    a, d = res.attacker.final, res.defender.final
    for ia, idd, who in res.pairings:
        verdict = {"attacker": "defender takes 1", "defender": "attacker takes 1",
                   "tie": "tie: both take 1"}[who]
        lines.append(f"  attacker {a[ia]} vs defender {d[idd]}: {verdict}")
    for i in res.unpaired_attacker:
        lines.append(f"  attacker {a[i]} unopposed: defender takes 1")
    for i in res.unpaired_defender:
        lines.append(f"  defender {d[i]} unopposed: attacker takes 1")
    lines.append(f"  hits: attacker takes {res.hits_on_attacker}, "
                 f"defender takes {res.hits_on_defender}")
    return "\n".join(lines)


class MediumLuckRules(BattleRules):
    """A Medium Luck battle for the shared solver, simulator and table."""

    #: At the table, Undo goes back one band (combatassist.table.TableBattle.undo).
    undo_by_phase = True

    def __init__(self, setup: MediumLuckSetup, tables: BandTableCache | None = None):
        self.setup = setup
        self.chart = setup.chart
        self.tables = tables or band_tables(setup.die)
        if self.tables.sides != setup.die:
            raise EngineError(f"internal error: d{self.tables.sides} band tables for a "
                              f"d{setup.die} battle")
        self.slots = (side_slots(self.chart, setup.attacker), side_slots(self.chart, setup.defender))
        self.models = (_SideModel(self.chart, self.slots[0], setup.attacker.order_of_loss),
                       _SideModel(self.chart, self.slots[1], setup.defender.order_of_loss,
                                  extra_die=setup.defender_extra_white))
        self.start = (tuple(_slot_count(setup.attacker, s) for s in self.slots[0]),
                      tuple(_slot_count(setup.defender, s) for s in self.slots[1]))
        self.totals = (sum(self.start[0]), sum(self.start[1]))
        rolling = {s.band for side in self.slots for s in side if s.role == "roll"}
        self._phases = [BandPhase(self, i) for i, band in enumerate(self.chart.bands)
                        if band.name in rolling or
                        (band.defender_extra_die and setup.defender_extra_white)]
        for order, phase in enumerate(self._phases):
            phase.order = order
        #: Position values when casualties follow the optimal policy (``use_optimal``).
        self.optimal = None
        self._by_name = {p.name: p for p in self._phases}
        self._configs: dict = {}
        n = len(self.chart.bands)
        #: per side, per band: {side counts: ((dice, usable boosts), counts after 0, 1, ... hits)}
        self._side_info = ([{} for _ in range(n)], [{} for _ in range(n)])

    def initial_state(self):
        return self.start

    def phases(self, state):
        return self._phases

    def verdict(self, state):
        a, d = any(state[0]), any(state[1])
        if a and d:
            return None
        if a:
            return "attacker"
        return "defender" if d else "draw"

    def work_estimate(self, state) -> float:
        """Exact-solver transitions from ``state`` (``limits``): casualties are taken band by
        band, so a side's positions are the product over its bands of (units there + 1)."""
        positions = 1
        for side, counts in zip(self.slots, state):
            per_band: dict = {}
            for slot, n in zip(side, counts):
                per_band[slot.band] = per_band.get(slot.band, 0) + n
            for n in per_band.values():
                positions *= n + 1
        # measured: Medium Luck stores ~1.7x the generic estimate (several bands' outcomes)
        return 1.7 * limits.exact_estimate(positions, len(self.round_dist(state)))

    def losses(self, state):
        return (self.totals[0] - sum(state[0]), self.totals[1] - sum(state[1]))

    def progress(self, state):
        return (-(sum(state[0]) + sum(state[1])),)

    def state_units(self, state) -> tuple[dict[str, int], dict[str, int]]:
        """The units each side has in ``state`` by unit type, whatever their slots."""
        out: tuple[dict[str, int], dict[str, int]] = ({}, {})
        for s in (0, 1):
            acc = out[s]
            for slot, n in zip(self.slots[s], state[s]):
                if n:
                    acc[slot.unit] = acc.get(slot.unit, 0) + n
        return out

    def unit_costs(self) -> dict[str, float]:
        """IPC per unit type (the chart's costs)."""
        return {name: u.cost for name, u in self.chart.units.items()}

    def land_units(self) -> frozenset[str] | None:
        """Unit types that take a territory (neither air nor sea); None when a side brings
        a sea unit (a sea battle)."""
        units = self.chart.units
        brought = {slot.unit for side in self.slots for slot in side}
        if any("sea" in units[u].classes for u in brought):
            return None
        return frozenset(name for name, u in units.items() if not u.classes & {"air", "sea"})

    def attacker_units(self, state) -> int:
        return sum(state[0])

    def describe_choice(self, choice: Any) -> str:
        """A casualty choice in the players' words (the table-side log)."""
        return format_casualties(choice)

    def describe(self, state) -> str:
        parts = []
        for side, slots, counts in zip(SIDES, self.slots, state):
            units = ", ".join(f"{n} {slot_label(s.name)}" for s, n in zip(slots, counts) if n)
            parts.append(f"{side}: {units or 'none'}")
        return "; ".join(parts)

    def use_optimal(self, values) -> None:
        """Take casualties by the optimal policy of ``values`` (a ``PositionValues`` of this
        battle) wherever the players don't choose: simulation, table proposals."""
        self.optimal = values
        for phase in self._phases:
            phase._apply_memo.clear()

    def round_dist(self, state) -> Dist:
        """Exactly ``BattleRules.round_dist`` (tests compare them), with per-side memos.

        A band's casualties on one side depend only on that side's units and the hits it
        takes, and its dice only on that side's units, so both are memoised per side: the
        solver meets the same side positions in many battle states.
        """
        if self.optimal is not None:
            return BattleRules.round_dist(self, state)
        current: dict = {state: 1.0}
        extra_on = self.setup.defender_extra_white
        configs = self._configs
        tables = self.tables
        for phase in self._phases:
            b = phase.index
            winner = phase.band.casualties == "winner"
            extra = phase.band.defender_extra_die and extra_on
            info_a, info_d = self._side_info[0][b], self._side_info[1][b]
            following: defaultdict = defaultdict(float)
            for (a, d), p in current.items():
                ia = info_a.get(a)
                if ia is None:
                    ia = info_a[a] = (self._side_summary(0, a, b), self._chain(0, a, b, winner))
                idd = info_d.get(d)
                if idd is None:
                    sd = self._side_summary(1, d, b)
                    if extra and any(d):
                        sd = (sd[0] + 1, sd[1])
                    idd = info_d[d] = (sd, self._chain(1, d, b, winner))
                key = (ia[0], idd[0])
                items = configs.get(key)
                if items is None:
                    sa, sd = key
                    config = make_config(sa[0], sa[1], sd[0], sd[1])
                    items = configs[key] = list(tables.dist(config).items())
                ca, cd = ia[1], idd[1]
                for (ha, hd), q in items:
                    following[(ca[ha], cd[hd])] += p * q
            current = following
        return _SolverDist(current)

    def _side_summary(self, s: int, counts, b: int) -> tuple[int, tuple[int, ...]]:
        model = self.models[s]
        return model.dice(counts, b), tuple(c for _, c in model.boosters(counts, b))

    def _chain(self, s: int, counts, b: int, winner: bool) -> list:
        """counts after 0, 1, 2, ... hits in band b (casualties are taken one at a time)."""
        model = self.models[s]
        chain = [counts]
        for _ in range(self.chart.max_dice + 1):
            chain.append(model.pick(chain[-1], b, 1, winner)[0])
        return chain

    def share_memos(self, other: "MediumLuckRules", side: int) -> None:
        """Reuse ``other``'s memos for ``side`` (same chart and units there: the advisor)."""
        if other.slots[side] != self.slots[side] or other.chart is not self.chart or \
                other.setup.defender_extra_white != self.setup.defender_extra_white:
            return
        self.models = tuple(other.models[i] if i == side else self.models[i] for i in (0, 1))
        self._side_info = tuple(other._side_info[i] if i == side else self._side_info[i]
                                for i in (0, 1))
        self._configs = other._configs

    def band_phase(self, band: str) -> BandPhase:
        try:
            return self._by_name[band]
        except KeyError:
            raise EngineError(f"no dice are rolled in band '{band}' in this battle "
                              f"(bands here: {', '.join(self._by_name) or 'none'})") from None

    # -- the table's between-rounds step (combatassist.table) ---------------------------------
    def between_rounds_options(self, state):
        """Reserve units that may deploy now: {side: {unit: n}} (None: none, or no option)."""
        if not self.setup.reserves:
            return None
        out = {}
        for s, side in enumerate(SIDES):
            units = {slot.unit: n for slot, n in zip(self.slots[s], state[s])
                     if slot.role == "reserve" and n}
            if units:
                out[side] = units
        return out or None

    def apply_between_rounds(self, state, action):
        """Deploy reserves: ``{"side": s, "moves": [[band, role, unit, n], ...]}``."""
        if not isinstance(action, Mapping) or set(action) != {"side", "moves"} or \
                not isinstance(action["moves"], (list, tuple)):
            raise EngineError('a deployment reads {"side": ..., "moves": '
                              '[[band, role, unit, count], ...]}')
        return self.deploy_reserves(state, action["side"],
                                    [tuple(m) if isinstance(m, (list, tuple)) else m
                                     for m in action["moves"]])

    def describe_action(self, action) -> str:
        moves = ", ".join(f"{n} {unit} to {band} ({role})"
                          for band, role, unit, n in action["moves"])
        return f"the {action['side']} deploys {moves or 'nothing'} from reserve"

    def deploy_reserves(self, state, side: str,
                        moves: Sequence[tuple[str, str, str, int]]) -> tuple["MediumLuckRules", tuple]:
        """Deploy reserve units into bands (option ``reserves``; between rounds, round 2 on).

        ``moves``: (band, role, unit, count) with role "roll" or "boost". Returns the battle
        rules of the new assignment and the position in it: deployed units stay in their band
        for the rest of the battle, units already lost stay lost (``losses`` keeps counting
        from the original start). Checking that round 1 is over is the caller's part.
        """
        if not self.setup.reserves:
            raise EngineError("reserve units need the reserves option")
        if side not in SIDES:
            raise EngineError(f"side must be attacker or defender, got {side!r}")
        s = SIDES.index(side)
        old_side: SideSetup = getattr(self.setup, side)
        new_side = copy.deepcopy(old_side)
        alive = {name: n for name, n in zip(self.models[s].names, state[s])}
        for move in moves:
            try:
                band, role, unit, count = move
            except (TypeError, ValueError):
                raise EngineError("a deployment is (band, role, unit, count)") from None
            if band not in self.chart.band_names:
                raise EngineError(f"unknown band '{band}' (the chart's bands: "
                                  f"{', '.join(self.chart.band_names)})")
            allowed = self.chart.band(band).roll if role == "roll" else \
                tuple(self.chart.band(band).boost) if role == "boost" else None
            if allowed is None:
                raise EngineError(f"role must be roll or boost, got {role!r}")
            if unit not in allowed:
                raise EngineError(f"{unit} can't {role} in {band}")
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                raise EngineError(f"deploy a whole number of units (at least 1), got {count!r}")
            reserve_name = Slot(None, "reserve", unit).name
            if alive.get(reserve_name, 0) < count:
                raise EngineError(f"the {side} has {alive.get(reserve_name, 0)} {unit} in "
                                  f"reserve, can't deploy {count}")
            alive[reserve_name] -= count
            target = Slot(band, role, unit).name
            alive[target] = alive.get(target, 0) + count
            # the starting numbers move too, so losses still count from the original start
            new_side.reserve[unit] -= count
            if not new_side.reserve[unit]:
                del new_side.reserve[unit]
            units = new_side.bands.setdefault(band, {}).setdefault(role, {})
            units[unit] = units.get(unit, 0) + count
        rules = MediumLuckRules(replace(self.setup, **{side: new_side}), tables=self.tables)
        new_state = list(state)
        new_state[s] = tuple(alive.get(name, 0) for name in rules.models[s].names)
        return rules, tuple(new_state)

    def state_from_names(self, side_counts: Sequence[Mapping[str, int]]) -> tuple:
        """A state from {slot name: alive} per side (table-side: resume a battle)."""
        out = []
        for s, table in enumerate(side_counts):
            names = self.models[s].names
            unknown = set(table) - set(names)
            if unknown:
                raise EngineError(f"the {SIDES[s]} has no slot {sorted(unknown)[0]} "
                                  f"(its slots: {', '.join(names)})")
            out.append(tuple(int(table.get(n, 0)) for n in names))
        return tuple(out)

    def table_band(self, state, band: str, attacker_dice: Sequence[int],
                   defender_dice: Sequence[int],
                   choice: Mapping[str, Sequence[str]] | None = None) -> TableBand:
        """Resolve one band with the dice the players really rolled (table-side).

        Returns where each side's boosts go, the pairings, the hits, the policies' casualty
        proposal and the state after the band — with ``choice`` (the players' own casualties,
        {"attacker": [slot names], "defender": [...]}) instead of the proposal when given.
        """
        phase = self.band_phase(band)
        n_a, n_d = phase.counts(state)
        die = self.setup.die
        for side, dice, n in (("attacker", attacker_dice, n_a), ("defender", defender_dice, n_d)):
            if len(dice) != n:
                raise EngineError(f"{band}: the {side} rolls {n} dice here, got {len(dice)}")
            for face in dice:
                if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= die:
                    raise EngineError(f"{band}: the {side}'s d{die} dice must show 1-{die}, "
                                      f"got {face!r}")
        res = phase.resolution(state, attacker_dice, defender_dice)
        outcome = res.outcome
        proposal = phase.propose(state, outcome)
        after = phase.apply(state, outcome, choice)
        casualties = {}
        for s, side in enumerate(SIDES):
            lost = [self.models[s].names[i] for i, (x, y) in
                    enumerate(zip(state[s], after[s])) for _ in range(x - y)]
            casualties[side] = lost
        landed = {side: self.models[s].landing(state[s], phase.index, outcome[s])
                  for s, side in enumerate(SIDES)}
        return TableBand(band, res, dict(zip(SIDES, outcome)), landed, proposal, casualties,
                         after, describe_resolution(band, res))
