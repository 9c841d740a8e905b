"""Low Luck battles (docs/rules.md §2): the scenario, each side's numbers, and the battle's
``BattleRules`` — a round of the phases in ``phases`` (AA fire, submarine first strike, fire),
casualties by ``casualties``, hit counts from ``hits``.

State: ``(attacker_counts, defender_counts, first_round)`` with counts aligned to the
edition's unit ids (``LowLuckScenario.edition``). The same phases serve exact odds (``outcome_dist``), simulation and the table.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ...battle import BattleRules, DieSpec, Phase, phase_exact
from ...distribution import Dist
from ... import limits
from ...text import join, msg
from .casualties import AIR, SEA, Casualties, unit_name
from .dice import DICE_MODES, dice_system
from .edition import (BATTLE_KINDS, Edition, classic, default_order, full_order,
                      side_values)
from .hits import TAIL_CUTOFF
from .phases import AAFire, MainFire, SubmarineStrike

__all__ = ["AIR", "BATTLE_KINDS", "DICE_MODES", "SEA", "TAIL_CUTOFF", "AAFire", "Casualties",
           "LowLuckOptions", "LowLuckRules", "LowLuckScenario", "LowLuckSide", "MainFire",
           "SubmarineStrike", "default_order", "full_order", "make_rules"]


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
    #: The attacker keeps this many land units alive while it can lose other units
    #: (``keep_land_unit`` is 1 of them).
    keep_land_units: int = 0
    #: A retreat policy that optimises (``retreat_policy``): "none", "profit", "strafe".
    retreat: str = "none"
    #: IPC the territory is worth to the attacker when taken (the profit policy counts it).
    territory_value: int = 0
    #: The attacker withdraws before a round once it has aircraft but no land unit left.
    retreat_when_only_air: bool = False

    @property
    def kept_land_units(self) -> int:
        """The land units the attacker keeps alive (``keep_land_unit`` or ``keep_land_units``)."""
        return max(self.keep_land_units, 1 if self.keep_land_unit else 0)


@dataclass(frozen=True)
class LowLuckSide:
    units: Mapping[str, int] = field(default_factory=dict)
    #: Unit types in the order they are lost; empty = default (cheapest first).
    order_of_loss: tuple[str, ...] = ()
    techs: frozenset[str] = frozenset()
    #: Later editions: of ``units``, those landed from transports (can't retreat).
    amphibious: Mapping[str, int] = field(default_factory=dict)
    #: Later editions: ships offshore that fire in round 1 of an amphibious assault.
    bombard: Mapping[str, int] = field(default_factory=dict)
    #: Later editions: of ``units``, two-hit units that start damaged.
    damaged: Mapping[str, int] = field(default_factory=dict)
    #: Later editions: this side's submarines submerge while the enemy has no destroyer.
    submerge: bool = False


@dataclass(frozen=True)
class LowLuckScenario:
    options: LowLuckOptions = LowLuckOptions()
    attacker: LowLuckSide = LowLuckSide()
    defender: LowLuckSide = LowLuckSide()
    #: The edition whose units and rules the battle is fought by (default: Classic).
    edition: Edition = field(default_factory=classic)
    #: ``[[attacker.waves]]``: the attacker's later waves, each against what the defender
    #: has left after the one before (``waves``).
    waves: tuple[LowLuckSide, ...] = ()
    #: ``[counter]``: the units that counter-attack the territory once taken (``waves``).
    counter: LowLuckSide | None = None
    #: The file's ``[plan]`` question (``planner.PlanSpec``), or None: ``odds`` answers the
    #: battle as written, ``plan`` answers the question.
    plan: Any = None


class _Side:
    """Per-side numbers the phases need, fixed for the whole battle."""

    def __init__(self, spec: LowLuckSide, role: str, scenario: LowLuckScenario):
        edition = scenario.edition
        ids = edition.ids
        self.role = role
        self.counts0 = tuple(spec.units.get(uid, 0) for uid in ids)
        # Values per unit type for this side's role, with techs; dice per unit (heavy bombers).
        values, dice = side_values(edition, spec.techs, role)
        self.values = tuple(values[uid] for uid in ids)
        self.dice = tuple(dice[uid] for uid in ids)
        order = full_order(edition, spec.order_of_loss, role) if spec.order_of_loss else \
            default_order(edition, None, role)
        self.order = tuple(ids.index(uid) for uid in order)
        self.kinds = tuple(u.kind for u in edition.units)
        #: The attacker's land units kept alive while other units can be lost (0: none).
        self.keep_land = (scenario.options.kept_land_units if role == "attacker"
                          and scenario.options.battle == "land" else 0)


class LowLuckRules(BattleRules):
    """The Low Luck battle of one scenario (or ordinary dice with options.dice = 'standard')."""

    def __init__(self, scenario: LowLuckScenario):
        self.scenario = scenario
        self.edition = scenario.edition
        self.ids = self.edition.ids
        opts = scenario.options
        #: The dice system (low luck or ordinary dice): hit tables, dice, hits of rolls.
        self.dice = dice_system(opts.dice)
        self.att = _Side(scenario.attacker, "attacker", scenario)
        self.dfn = _Side(scenario.defender, "defender", scenario)
        self.att_cas = Casualties(self.att, self.ids)
        self.def_cas = Casualties(self.dfn, self.ids)
        # The unit type that fires first in sea battles (the submarine, in the edition).
        self.sub_index = next(i for i, u in enumerate(self.edition.units) if u.first_strike)
        self.first_strike = {self.sub_index} if (
            opts.battle == "sea" and opts.submarine_first_strike) else set()
        self._aa = AAFire(self)
        self._subs = SubmarineStrike(self)
        self.main_fire = MainFire(self)

    # -- dice helpers shared by the phases ----------------------------------------------
    def side_dice(self, side: str, groups, what: str, units=None) -> tuple[DieSpec, ...]:
        return self.dice.dice(side, groups, what, units)

    def hits_from(self, groups, rolled) -> int:
        return self.dice.hits_from(groups, rolled)

    def hits_many(self, groups, rolled: np.ndarray) -> np.ndarray:
        return self.dice.hits_many(groups, rolled)

    def hit_dist(self, groups) -> Dist:
        return self.dice.hit_dist(groups)

    def aa_shots(self, state) -> int:
        """Classic's AA gun: one shot per attacking aircraft."""
        return sum(n for n, k in zip(state[0], self.att.kinds) if k == "air")

    def aa_hit(self, state) -> int:
        """Classic's AA gun hits on a 1 (the edition file may give no other: ``edition``)."""
        return 1

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
        fire = self.main_fire
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
        out.append(self.main_fire)
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
        """IPC per unit type (the edition's costs)."""
        return {u.id: u.cost for u in self.edition.units}

    def land_units(self) -> frozenset[str] | None:
        """The unit types that take a territory; None in a sea battle."""
        if self.scenario.options.battle != "land":
            return None
        return frozenset(u.id for u in self.edition.units
                         if u.kind == "land" and not u.has("aa_gun"))

    def attacker_units(self, state) -> int:
        return sum(state[0])

    # -- the grid solver's questions (chains.ChainRules) ----------------------------------
    def grid_applicable(self) -> bool:
        """Rounds are one fire phase unless attacking submarines strike first (``first_strike_grid``)."""
        return not (self.first_strike and self.initial_state()[0][self.sub_index])

    def chain(self, role: str, start):
        from .chains import classic_chain          # only the grids need them
        return classic_chain(self, role, start)

    def chain_hits(self, role: str, comps):
        from .chains import classic_chain_hits
        return classic_chain_hits(self, role, comps)

    def opening_hits(self, comp):
        return None                                 # round 1's fire is like the others

    def alone_at_end(self, role: str, comp) -> bool:
        return False                                # end_round takes no units


def make_rules(scenario: LowLuckScenario):
    """The battle of ``scenario``: Classic's first-strike rules (``LowLuckRules``: its grid
    solvers serve it) when the edition says ``submarines = "first_strike"``, else the rules
    every other edition's data drives (``later.LaterRules``)."""
    if scenario.edition.classic:
        return LowLuckRules(scenario)
    from .later import LaterRules                 # only a later edition needs it
    return LaterRules(scenario)
