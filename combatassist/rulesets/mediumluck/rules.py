"""Medium Luck battles on the shared core: ``MediumLuckRules`` (the battle's state, its
band phases, round distributions, casualty policies in force, reserves and the table side).

The pieces it plays with live apart: the payload (``setups``), slots and the side model with
the heuristic casualty picks (``slots``), one band as a phase (``phase``), the band tables
(``bands``), the chart (``chart``), the scenario format (``scenario``), the casualty text
(``choices``). The names callers import from here are re-exported below.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
import copy
from dataclasses import replace
from typing import Any, cast

from ...battle import BattleRules, SIDES
from ...distribution import Dist
from ... import limits
from ...errors import EngineError
from ...text import join, msg
from .bands import BandTableCache, band_tables, make_config
from .phase import BandPhase, TableBand, _SolverDist, describe_resolution
from .setups import ROLES, MediumLuckSetup, SideSetup, battle_kind_problems
from .slots import (ROLE_WORDS, Slot, _SideModel, _slot_count, band_name, data_term,
                    format_casualties, side_slots, slot_label, unit_name)

__all__ = ["BandPhase", "MediumLuckRules", "MediumLuckSetup", "ROLES", "ROLE_WORDS",
           "SideSetup", "Slot", "TableBand", "band_name", "battle_kind_problems", "data_term",
           "describe_resolution", "format_casualties", "side_slots", "slot_label", "unit_name"]


class MediumLuckRules(BattleRules):
    """A Medium Luck battle for the shared solver, simulator and table."""

    #: At the table, Undo goes back one band (combatassist.table.TableBattle.undo).
    undo_by_phase = True
    #: The simulator's work per group of trials rolling together (``solver.GROUP_WORK``, in
    #: dice): a band's table look-up and casualty picks per group, measured 130-230 us
    #: against ~1 us a die (issue 27: 200 v 200 ran minutes within the dice limit).
    simulation_group_work = 250

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
        self._side_info: tuple[list[dict], list[dict]] = ([{} for _ in range(n)],
                                                          [{} for _ in range(n)])

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
            units = join(", ", [msg("{n} {unit}", n=n, unit=slot_label(s.name))
                                for s, n in zip(slots, counts) if n])
            parts.append(msg("{side}: {units}", side=side, units=units or msg("none")))
        return join("; ", parts)

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
        self.models = cast("tuple[_SideModel, _SideModel]", tuple(
            other.models[i] if i == side else self.models[i] for i in (0, 1)))
        self._side_info = cast("tuple[list[dict], list[dict]]", tuple(
            other._side_info[i] if i == side else self._side_info[i] for i in (0, 1)))
        self._configs = other._configs

    def band_phase(self, band: str) -> BandPhase:
        try:
            return self._by_name[band]
        except KeyError:
            raise EngineError(msg("no dice are rolled in band '{band}' in this battle (bands "
                                  "here: {bands})", band=band,
                                  bands=join(", ", list(self._by_name)) or msg("none"))) from None

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
        moves = join(", ", [msg("{n} {unit} to {band} ({role})", n=n, unit=data_term(unit),
                                band=band_name(band), role=ROLE_WORDS.get(role, role))
                            for band, role, unit, n in action["moves"]])
        return msg("the {side} deploys {moves} from reserve", side=action["side"],
                   moves=moves or msg("nothing"))

    def deploy_reserves(self, state, side: str,
                        moves: Sequence[tuple[str, str, str, int]]) -> tuple["MediumLuckRules", tuple]:
        """Deploy reserve units into bands (option ``reserves``; between rounds, round 2 on).

        ``moves``: (band, role, unit, count) with role "roll" or "boost". Returns the battle
        rules of the new assignment and the position in it: deployed units stay in their band
        for the rest of the battle, units already lost stay lost (``losses`` keeps counting
        from the original start). Checking that round 1 is over is the caller's part.
        """
        if not self.setup.reserves:
            raise EngineError(msg("reserve units need the reserves option"))
        if not moves:          # a step that changes nothing isn't one a player can take
            raise EngineError(msg("a deployment moves at least one unit"))
        if side not in SIDES:
            raise EngineError(msg("side must be attacker or defender, got {side}",
                                  side=repr(side)))
        s = SIDES.index(side)
        old_side: SideSetup = getattr(self.setup, side)
        new_side = copy.deepcopy(old_side)
        alive = {name: n for name, n in zip(self.models[s].names, state[s])}
        for move in moves:
            try:
                band, role, unit, count = move
            except (TypeError, ValueError):
                raise EngineError(msg("a deployment is (band, role, unit, count)")) from None
            if band not in self.chart.band_names:
                raise EngineError(msg("unknown band '{band}' (the chart's bands: {bands})",
                                      band=band, bands=join(", ", [
                                          band_name(b) for b in self.chart.band_names])))
            allowed = self.chart.band(band).roll if role == "roll" else \
                tuple(self.chart.band(band).boost) if role == "boost" else None
            if allowed is None:
                raise EngineError(msg("role must be roll or boost, got {role}", role=repr(role)))
            if unit not in allowed:
                if role == "roll":
                    raise EngineError(msg("{unit} can't roll in {band}", unit=data_term(unit),
                                          band=band_name(band)))
                raise EngineError(msg("{unit} can't {role} in {band}", unit=data_term(unit),
                                      role=role, band=band_name(band)))
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                raise EngineError(msg("deploy a whole number of units (at least 1), got {count}",
                                      count=repr(count)))
            reserve_name = Slot(None, "reserve", unit).name
            if alive.get(reserve_name, 0) < count:
                raise EngineError(msg("the {side} has {have} {unit} in reserve, can't deploy "
                                      "{count}", side=side, have=alive.get(reserve_name, 0),
                                      unit=data_term(unit), count=count))
            alive[reserve_name] -= count
            target = Slot(band, role, unit).name
            alive[target] = alive.get(target, 0) + count
            # the starting numbers move too, so losses still count from the original start
            new_side.reserve[unit] -= count
            if not new_side.reserve[unit]:
                del new_side.reserve[unit]
            units = new_side.bands.setdefault(band, {}).setdefault(role, {})
            units[unit] = units.get(unit, 0) + count
        rules = MediumLuckRules(replace(self.setup, **cast("dict[str, Any]", {side: new_side})),
                                tables=self.tables)
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
                    raise EngineError(msg("{band}: the {side}'s d{die} dice must show "
                                          "1-{die}, got {face}", band=band, side=side,
                                          die=die, face=repr(face)))
        res = phase.resolution(state, attacker_dice, defender_dice)
        outcome = res.outcome
        proposal = phase.propose(state, outcome)
        after = phase.apply(state, outcome, choice)
        casualties: dict[str, list[str]] = {}
        for s, side in enumerate(SIDES):
            lost = [self.models[s].names[i] for i, (x, y) in
                    enumerate(zip(state[s], after[s])) for _ in range(x - y)]
            casualties[side] = lost
        landed: dict[str, int] = {side: self.models[s].landing(state[s], phase.index, outcome[s])
                  for s, side in enumerate(SIDES)}
        hits: dict[str, int] = dict(zip(SIDES, outcome))
        return TableBand(band, res, hits, landed, proposal, casualties,
                         after, describe_resolution(band, res))
