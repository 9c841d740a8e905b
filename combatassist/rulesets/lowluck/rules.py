"""Low Luck battles (docs/rules.md §2) as phases of a round: AA fire, submarine first strike, fire.

Why one module of ~450 lines: the three phases share the side model and the casualty
policy (order of loss, keep a land unit, sea-only hits), which only make sense together.

State: ``(attacker_counts, defender_counts, first_round)`` with counts aligned to
``unit_ids()``. The same phases serve exact odds (``outcome_dist``), simulation and the table.
"""
from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from ...battle import BattleRules, DieSpec, Phase, phase_exact
from ...distribution import Dist
from ... import limits
from ...errors import EngineError
from ...text import join, msg, term
from .data import tech_effects, unit_ids, units

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


# -- low-luck and standard hit distributions ----------------------------------------------
def lowluck_hits(power: int) -> Dist:
    """power // 6 sure hits, plus one with probability (power % 6) / 6."""
    sure, rem = divmod(power, 6)
    return Dist({sure + 1: rem / 6, sure: 1 - rem / 6})


@functools.cache
def _binomial(n: int, value: int) -> Dist:
    return Dist.binomial(n, value / 6)


def standard_hits(groups: tuple[tuple[int, int], ...]) -> Dist:
    """Hits of ordinary dice: ``groups`` = ((dice, hit-on value), ...), each die independent."""
    return _standard_hits(tuple(sorted(g for g in groups if g[0] and g[1])))


#: Hit counts rarer than this are dropped from ordinary-dice tables; the solver reports the
#: dropped mass as ``pruned`` (it stays many orders of magnitude below 1e-9).
TAIL_CUTOFF = 1e-18


@functools.cache
def _standard_hits(groups: tuple[tuple[int, int], ...]) -> Dist:
    result = Dist.point(0)
    for n, value in groups:
        result = result + _binomial(n, min(value, 6))
    return Dist({k: p for k, p in result.items() if p >= TAIL_CUTOFF})


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


class Casualties:
    """Taking ``hits`` casualties from a side: the order-of-loss policy, or the players' choice."""

    def __init__(self, side: _Side):
        self.side = side
        self.ids = unit_ids()

    def eligible(self, kinds: frozenset[str] | None, exclude: frozenset[str] = frozenset()):
        return [i for i in range(len(self.ids))
                if (kinds is None or self.side.kinds[i] in kinds) and self.side.kinds[i] not in exclude]

    @functools.lru_cache(maxsize=200_000)
    def policy(self, counts: tuple[int, ...], hits: int, kinds: frozenset[str] | None
               ) -> tuple[int, ...]:
        """Counts after removing ``hits`` eligible units by the order of loss."""
        remaining = list(counts)
        allowed = set(self.eligible(kinds))
        reserve = None
        if self.side.keep_land:
            # Keep the last land unit of the order alive while anything else can die instead.
            land = [i for i in self.side.order if self.side.kinds[i] == "land" and counts[i]]
            if land:
                reserve = land[-1]
                remaining[reserve] -= 1
        for i in self.side.order:
            if hits <= 0:
                break
            if i in allowed and remaining[i]:
                take = min(hits, remaining[i])
                remaining[i] -= take
                hits -= take
        if reserve is not None:
            if hits > 0 and reserve in allowed:
                hits -= 1
            else:
                remaining[reserve] += 1
        return tuple(remaining)

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
                raise EngineError(msg("unknown unit '{unit}' in the {side}'s casualties",
                                      unit=uid, side=self.side.role))
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


@functools.cache
def _die(side: str, label: str) -> DieSpec:
    return DieSpec(side, 6, label)


def unit_name(uid: str) -> str:
    """A unit type's id as a text for people (translated with the data's labels)."""
    return term("data.lowluck", uid)


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


def _tally(values: np.ndarray) -> dict[int, int]:
    """{value: how many times} of an integer array (plain ints: they go into states)."""
    kinds, counts = np.unique(values, return_counts=True)
    return dict(zip(kinds.tolist(), counts.tolist()))


AIR = frozenset({"air"})
SEA = frozenset({"sea"})


class AAFire(Phase):
    """Round 1: the defender's AA gun fires at the attacking aircraft."""

    name = msg("AA fire")

    def __init__(self, rules: "LowLuckRules"):
        self.rules = rules

    def aircraft(self, state) -> int:
        return sum(n for n, k in zip(state[0], self.rules.att.kinds) if k == "air")

    def dice(self, state):
        n = self.aircraft(state)
        if self.rules.standard:
            return tuple(DieSpec("defender", 6, msg("AA: hit on 1")) for _ in range(n))
        rem = n % 6
        return (DieSpec("defender", 6, msg("AA: hit on {rem} or less", rem=rem)),) if rem else ()

    def resolve(self, state, rolled):
        return int(self.hits_many(state, np.asarray(rolled, dtype=np.int64).reshape(1, -1))[0])

    def resolve_many(self, state, rolled):
        return _tally(self.hits_many(state, rolled))

    def hits_many(self, state, rolled: np.ndarray) -> np.ndarray:
        """Aircraft shot down by each roll: ordinary dice hit on a 1; low luck, n // 6 sure
        plus one when the die shows n % 6 or less."""
        if self.rules.standard:
            return (rolled == 1).sum(axis=1)
        sure, rem = divmod(self.aircraft(state), 6)
        return sure + ((rolled[:, 0] <= rem) if rem else 0)

    def outcome_dist(self, state):
        n = self.aircraft(state)
        return _binomial(n, 1) if self.rules.standard else lowluck_hits(n)

    def propose(self, state, outcome):
        after = self.rules.att_cas.policy(state[0], outcome, AIR)
        return {"attacker": self.rules.att_cas.as_choice(state[0], after)}

    def apply(self, state, outcome, choice=None):
        pick = (choice or {}).get("attacker")
        return (self.rules.att_cas.apply(state[0], outcome, AIR, pick), state[1], state[2])

    def explain(self, state, rolled):
        return msg("AA fire: {hits} aircraft shot down", hits=self.resolve(state, rolled))


class SubmarineStrike(Phase):
    """Attacking submarines fire first; the defender loses sea units before firing back."""

    name = msg("submarine first strike")

    def __init__(self, rules: "LowLuckRules"):
        self.rules = rules

    def groups(self, state):
        i = self.rules.sub_index
        return ((state[0][i] * self.rules.att.dice[i], self.rules.att.values[i]),)

    def dice(self, state):
        return self.rules.side_dice("attacker", self.groups(state), "submarines")

    def resolve(self, state, rolled):
        return self.rules.hits_from(self.groups(state), rolled)

    def resolve_many(self, state, rolled):
        return _tally(self.rules.hits_many(self.groups(state), rolled))

    def outcome_dist(self, state):
        return self.rules.hit_dist(self.groups(state))

    def propose(self, state, outcome):
        after = self.rules.def_cas.policy(state[1], outcome, SEA)
        return {"defender": self.rules.def_cas.as_choice(state[1], after)}

    def apply(self, state, outcome, choice=None):
        pick = (choice or {}).get("defender")
        return (state[0], self.rules.def_cas.apply(state[1], outcome, SEA, pick), state[2])

    def explain(self, state, rolled):
        return msg("Submarines' first strike: {hits} hits on sea units",
                   hits=self.resolve(state, rolled))


class MainFire(Phase):
    """All other attacking units and all defending units fire at once."""

    name = msg("fire")

    def __init__(self, rules: "LowLuckRules"):
        self.rules = rules

    def att_groups(self, state):
        r = self.rules
        return tuple((n * r.att.dice[i], r.att.values[i]) for i, n in enumerate(state[0])
                     if n and i not in r.first_strike)

    def def_groups(self, state):
        r = self.rules
        return tuple((n * r.dfn.dice[i], r.dfn.values[i]) for i, n in enumerate(state[1]) if n)

    def dice(self, state):
        r = self.rules
        return (r.side_dice("attacker", self.att_groups(state), "attack") +
                r.side_dice("defender", self.def_groups(state), "defence"))

    def resolve(self, state, rolled):
        (outcome,) = self.resolve_many(state, np.asarray(rolled, dtype=np.int64).reshape(1, -1))
        return outcome

    def resolve_many(self, state, rolled):
        """(attacker hits, defender hits) of each roll, tallied."""
        r = self.rules
        a_groups, d_groups = self.att_groups(state), self.def_groups(state)
        n_a = len(r.side_dice("attacker", a_groups, ""))
        a = r.hits_many(a_groups, rolled[:, :n_a])
        d = r.hits_many(d_groups, rolled[:, n_a:])
        base = int(d.max()) + 1
        return {(c // base, c % base): n for c, n in _tally(a * base + d).items()}

    def outcome_dist(self, state):
        r = self.rules
        return r.hit_dist(self.att_groups(state)).joint(r.hit_dist(self.def_groups(state)))

    def propose(self, state, outcome):
        r = self.rules
        a_after = r.att_cas.policy(state[0], outcome[1], None)
        d_after = r.def_cas.policy(state[1], outcome[0], None)
        return {"attacker": r.att_cas.as_choice(state[0], a_after),
                "defender": r.def_cas.as_choice(state[1], d_after)}

    def apply(self, state, outcome, choice=None):
        r = self.rules
        choice = choice or {}
        return (r.att_cas.apply(state[0], outcome[1], None, choice.get("attacker")),
                r.def_cas.apply(state[1], outcome[0], None, choice.get("defender")),
                state[2])

    def explain(self, state, rolled):
        a, d = self.resolve(state, rolled)
        return msg("Fire: the attacker scores {a} hits, the defender {d}", a=a, d=d)


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
                    dice += (_die(side, _hit_label(what, v)),) * n
            return dice
        power = sum(n * v for n, v in groups)
        rem = power % 6
        if not rem:
            return ()
        return (_die(side, _power_label(what, power, rem)),)

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
