"""Low Luck battles (docs/rules.md §2): the scenario, each side's numbers, and the battle's
``BattleRules`` — a round of the phases in ``phases`` (AA fire, submarine first strike, fire),
casualties by ``casualties``, hit counts from ``hits``.

State: ``(attacker_counts, defender_counts, first_round)`` with counts aligned to
``unit_ids()``. The same phases serve exact odds (``outcome_dist``), simulation and the table.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from ...battle import BattleRules, DieSpec, Phase, phase_exact
from ...distribution import Dist
from ... import limits
from ...text import join, msg
from .casualties import AIR, SEA, Casualties, unit_name
from .data import tech_effects, unit_ids, units
from .hits import TAIL_CUTOFF, die, lowluck_hits, standard_hits
from .phases import AAFire, MainFire, SubmarineStrike

__all__ = ["AIR", "BATTLE_KINDS", "DICE_MODES", "SEA", "TAIL_CUTOFF", "AAFire", "Casualties",
           "LowLuckOptions", "LowLuckRules", "LowLuckScenario", "LowLuckSide", "MainFire",
           "SubmarineStrike", "default_order", "full_order", "make_rules"]

DICE_MODES = ("lowluck", "standard")
BATTLE_KINDS = ("land", "sea")


@dataclass(frozen=True)
class LowLuckOptions:
    max_rounds: int = 0
    dice: str = "lowluck"
    battle: str = "land"
    submarine_first_strike: bool = True
    aa_gun: bool = False
    keep_land_unit: bool = False
    #: The attacker retreats after this round if the battle is still on (0 = never):
    #: the defender then holds (counted in defender_wins).
    retreat_after: int = 0
    #: The attacker retreats before a round when it has this many units or fewer (0 = never).
    retreat_when_units: int = 0
    #: The attacker retreats before a round when its exact chance to win from there (under
    #: the same rules) is below this (0-1; 0 = never).
    retreat_below: float = 0.0


@dataclass(frozen=True)
class LowLuckSide:
    units: Mapping[str, int] = field(default_factory=dict)
    #: Unit types in the order they are lost; empty = default (cheapest first).
    order_of_loss: tuple[str, ...] = ()
    techs: frozenset[str] = frozenset()


@dataclass(frozen=True)
class LowLuckScenario:
    options: LowLuckOptions = LowLuckOptions()
    attacker: LowLuckSide = LowLuckSide()
    defender: LowLuckSide = LowLuckSide()


def default_order(side_units: Mapping[str, int] | None = None, role: str = "defender"
                  ) -> tuple[str, ...]:
    """Cheapest first; among equal costs the weaker unit in ``role`` first, then file order."""
    table = units()
    ids = list(table)
    value = (lambda u: u.attack) if role == "attacker" else (lambda u: u.defence)
    ordered = sorted(ids, key=lambda uid: (table[uid].cost, value(table[uid]), ids.index(uid)))
    if side_units is None:
        return tuple(ordered)
    return tuple(uid for uid in ordered if side_units.get(uid, 0) > 0)


def full_order(order: tuple[str, ...], role: str) -> tuple[str, ...]:
    """A user's order of loss completed with the unlisted types (default order after it)."""
    return tuple(order) + tuple(u for u in default_order(None, role) if u not in order)


class _Side:
    """Per-side numbers the phases need, fixed for the whole battle."""

    def __init__(self, spec: LowLuckSide, role: str, scenario: LowLuckScenario):
        table = units()
        ids = unit_ids()
        techs = tech_effects()
        self.role = role
        self.counts0 = tuple(spec.units.get(uid, 0) for uid in ids)
        # Values per unit type for this side's role, with techs; dice per unit (heavy bombers).
        values, dice = [], []
        for uid in ids:
            u = table[uid]
            v = u.attack if role == "attacker" else u.defence
            n = 1
            for tech in spec.techs:
                eff = techs[tech]
                if eff.get("unit") != uid:
                    continue
                if role == "attacker" and "attack" in eff:
                    v = int(eff["attack"])
                if role == "defender" and "defence" in eff:
                    v = int(eff["defence"])
                if role == "attacker" and "attack_dice" in eff:
                    n = int(eff["attack_dice"])
            values.append(v)
            dice.append(n)
        self.values = tuple(values)
        self.dice = tuple(dice)
        order = full_order(spec.order_of_loss, role) if spec.order_of_loss else \
            default_order(None, role)
        self.order = tuple(ids.index(uid) for uid in order)
        self.kinds = tuple(table[uid].kind for uid in ids)
        self.keep_land = (role == "attacker" and scenario.options.keep_land_unit
                          and scenario.options.battle == "land")


def _hit_label(what: str, value: int) -> str:
    """An ordinary die's label: "attack: hit on 2 or less"."""
    if what == "attack":
        return msg("attack: hit on {v} or less", v=value)
    if what == "defence":
        return msg("defence: hit on {v} or less", v=value)
    return msg("submarines: hit on {v} or less", v=value)


def _power_label(what: str, power: int, rem: int) -> str:
    """The low-luck die's label: "attack power 14: extra hit on 2 or less"."""
    if what == "attack":
        return msg("attack power {power}: extra hit on {rem} or less", power=power, rem=rem)
    if what == "defence":
        return msg("defence power {power}: extra hit on {rem} or less", power=power, rem=rem)
    return msg("submarines power {power}: extra hit on {rem} or less", power=power, rem=rem)


class LowLuckRules(BattleRules):
    """The Low Luck battle of one scenario (or ordinary dice with options.dice = 'standard')."""

    def __init__(self, scenario: LowLuckScenario):
        self.scenario = scenario
        self.ids = unit_ids()
        opts = scenario.options
        self.standard = opts.dice == "standard"
        self.att = _Side(scenario.attacker, "attacker", scenario)
        self.dfn = _Side(scenario.defender, "defender", scenario)
        self.att_cas = Casualties(self.att)
        self.def_cas = Casualties(self.dfn)
        # The unit type that fires first in sea battles (the submarine, in the tables).
        self.sub_index = next(i for i, uid in enumerate(self.ids) if units()[uid].first_strike)
        self.first_strike = {self.sub_index} if (
            opts.battle == "sea" and opts.submarine_first_strike) else set()
        self._aa = AAFire(self)
        self._subs = SubmarineStrike(self)
        self._fire = MainFire(self)

    # -- dice helpers shared by the phases ----------------------------------------------
    def side_dice(self, side: str, groups, what: str) -> tuple[DieSpec, ...]:
        if self.standard:
            dice: tuple[DieSpec, ...] = ()
            for n, v in groups:
                if v:
                    dice += (die(side, _hit_label(what, v)),) * n
            return dice
        power = sum(n * v for n, v in groups)
        rem = power % 6
        if not rem:
            return ()
        return (die(side, _power_label(what, power, rem)),)

    def hits_from(self, groups, rolled) -> int:
        """Hits of one roll (faces in ``side_dice`` order): ``hits_many`` of one row."""
        return int(self.hits_many(groups, np.asarray(rolled, dtype=np.int64).reshape(1, -1))[0])

    def hits_many(self, groups, rolled: np.ndarray) -> np.ndarray:
        """Hits of each roll (rows of ``rolled``): ordinary dice hit on their value or less;
        low luck scores power // 6 sure hits plus one when its die shows power % 6 or less."""
        if self.standard:
            values = np.array([v for n, v in groups if v for _ in range(n)], dtype=np.int64)
            return (rolled <= values).sum(axis=1)
        sure, rem = divmod(sum(n * v for n, v in groups), 6)
        extra = (rolled[:, 0] <= rem) if rem else np.zeros(len(rolled), dtype=np.int64)
        return sure + extra

    def hit_dist(self, groups) -> Dist:
        if self.standard:
            return standard_hits(groups)
        return lowluck_hits(sum(n * v for n, v in groups))

    # -- BattleRules ----------------------------------------------------------------------
    def initial_state(self):
        return (self.att.counts0, self.dfn.counts0, True)

    def round_dist(self, state) -> Dist:
        """Exact round distribution, same phases as ``BattleRules.round_dist`` but faster:
        in the fire phase each side's casualties depend only on the other side's hits, so the
        two sides' next counts are computed separately and paired (tested equal)."""
        current: dict = {state: 1.0}
        for phase in self.phases(state)[:-1]:
            current = phase_exact(phase, current)
        fire = self._fire
        result: dict = {}
        for s, p in current.items():
            att_after: dict = {}
            for hits, q in self.hit_dist(fire.def_groups(s)).items():
                key = self.att_cas.policy(s[0], hits, None)
                att_after[key] = att_after.get(key, 0.0) + q
            def_after: dict = {}
            for hits, q in self.hit_dist(fire.att_groups(s)).items():
                key = self.def_cas.policy(s[1], hits, None)
                def_after[key] = def_after.get(key, 0.0) + q
            for a, qa in att_after.items():
                pa = p * qa
                for d, qd in def_after.items():
                    key = (a, d, False)
                    result[key] = result.get(key, 0.0) + pa * qd
        return Dist(result)

    def phases(self, state):
        opts = self.scenario.options
        out: list[Phase] = []
        if state[2] and opts.aa_gun and opts.battle == "land":
            out.append(self._aa)
        if self.first_strike and state[0][self.sub_index]:
            out.append(self._subs)
        out.append(self._fire)
        return out

    def end_round(self, state):
        return (state[0], state[1], False) if state[2] else state

    def verdict(self, state):
        a, d = any(state[0]), any(state[1])
        if a and d:
            return None
        if not a and not d:
            return "draw"
        return "attacker" if a else "defender"

    def work_estimate(self, state) -> float:
        """Exact-solver transitions from ``state`` (``limits``): every pair of compositions
        (losses follow the order of loss) times the outcomes of the next round."""
        positions = (sum(state[0]) + 1) * (sum(state[1]) + 1)
        return limits.exact_estimate(positions, len(self.round_dist(state)))

    def losses(self, state):
        return (sum(self.att.counts0) - sum(state[0]), sum(self.dfn.counts0) - sum(state[1]))

    def progress(self, state):
        lost = sum(self.att.counts0) + sum(self.dfn.counts0) - sum(state[0]) - sum(state[1])
        return (lost, 0 if state[2] else 1)

    def describe(self, state):
        def side(counts):
            parts = [msg("{n} {unit}", n=n, unit=unit_name(uid))
                     for uid, n in zip(self.ids, counts) if n]
            return join(", ", parts) or msg("nothing left")
        return msg("attacker: {attacker} | defender: {defender}", attacker=side(state[0]),
                   defender=side(state[1]))

    def state_units(self, state) -> tuple[dict[str, int], dict[str, int]]:
        """The units each side has in ``state``: ({id: count}, {id: count})."""
        return ({u: n for u, n in zip(self.ids, state[0]) if n},
                {u: n for u, n in zip(self.ids, state[1]) if n})

    def state_counts(self, states) -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
        """Unit ids and each side's counts per position, one row per state of ``states``
        (``figures``' array form of ``state_units``)."""
        states = list(states)
        width = len(self.ids)
        att = np.array([s[0] for s in states], dtype=np.int64).reshape(len(states), width)
        dfn = np.array([s[1] for s in states], dtype=np.int64).reshape(len(states), width)
        return self.ids, att, dfn

    def unit_costs(self) -> dict[str, int]:
        """IPC per unit type (resources/lowluck/tables.toml)."""
        return {uid: u.cost for uid, u in units().items()}

    def land_units(self) -> frozenset[str] | None:
        """The unit types that take a territory; None in a sea battle."""
        if self.scenario.options.battle != "land":
            return None
        return frozenset(uid for uid, u in units().items() if u.kind == "land")

    def attacker_units(self, state) -> int:
        return sum(state[0])


def make_rules(scenario: LowLuckScenario) -> LowLuckRules:
    return LowLuckRules(scenario)
