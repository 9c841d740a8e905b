"""Classic's own battle code as it was before every edition became one rules family
(issue 35): a frozen reference the family is checked against (``test_lowluck_revised_aa50``:
``LaterRules`` plays Classic's data position for position as this did). Test code only:
the engine no longer has it. State: ``(attacker_counts, defender_counts, first_round)``
with counts aligned to the edition's unit ids.
"""
from __future__ import annotations

import functools
from collections.abc import Mapping

import numpy as np

from combatassist import limits
from combatassist.battle import BattleRules, DieSpec, Phase, phase_exact
from combatassist.distribution import Dist
from combatassist.errors import EngineError
from combatassist.rulesets.lowluck.casualties import (AIR, SEA, lose_in_order, unit_name,
                                                      unknown_casualty)
from combatassist.rulesets.lowluck.dice import dice_system
from combatassist.rulesets.lowluck.edition import default_order, full_order, side_values
from combatassist.rulesets.lowluck.hits import tally
from combatassist.text import join, msg, plural


class Casualties:
    """Taking ``hits`` casualties from a side: the order-of-loss policy, or the players' choice."""

    def __init__(self, side, ids: tuple[str, ...]):
        """``side``: the side's fixed numbers (``rules._Side``: role, kinds, order, keep_land);
        ``ids``: the edition's unit ids, which the counts are aligned to."""
        self.side = side
        self.ids = ids

    def eligible(self, kinds: frozenset[str] | None, exclude: frozenset[str] = frozenset()):
        return [i for i in range(len(self.ids))
                if (kinds is None or self.side.kinds[i] in kinds) and self.side.kinds[i] not in exclude]

    @functools.lru_cache(maxsize=200_000)
    def policy(self, counts: tuple[int, ...], hits: int, kinds: frozenset[str] | None
               ) -> tuple[int, ...]:
        """Counts after removing ``hits`` eligible units by the order of loss."""
        remaining = list(counts)
        keep = ([i for i in self.side.order if self.side.kinds[i] == "land"]
                if self.side.keep_land else None)
        lose_in_order(remaining, hits, self.side.order, set(self.eligible(kinds)), keep,
                      self.side.keep_land)
        return tuple(remaining)

    def losing_order(self, counts: tuple[int, ...]) -> list[int]:
        """The unit type each of ``counts``' units is lost as by ``policy`` (any hits), one
        unit at a time: ``policy(counts, k, None)`` has lost the first k of them (tested).
        The order of loss, with the kept land units (``keep_land``: the last ones of the
        order) last."""
        sequence = [i for i in self.side.order for _ in range(counts[i])]
        if self.side.keep_land:
            land = [k for k, i in enumerate(sequence) if self.side.kinds[i] == "land"]
            kept = set(land[-self.side.keep_land:]) if land else set()
            sequence = ([i for k, i in enumerate(sequence) if k not in kept]
                        + [i for k, i in enumerate(sequence) if k in kept])
        return sequence

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
                raise unknown_casualty(uid, self.side.role,
                                       [u for u, n in zip(self.ids, counts) if n])
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


class AAFire(Phase):
    """Round 1: the defender's AA guns fire at the attacking aircraft (Classic and the later
    editions: ``rules.aa_shots`` says how many shots; hit aircraft go by the order of loss)."""

    name = msg("AA fire")

    def __init__(self, rules: LowLuckRules):
        self.rules = rules

    def groups(self, state):
        """The guns' shots (``rules.aa_shots``), each hitting on ``rules.aa_hit`` or less
        (1; 2 with radar)."""
        return ((self.rules.aa_shots(state), self.rules.aa_hit(state)),)

    def dice(self, state):
        return self.rules.dice.dice("defender", self.groups(state), "aa")

    def sure_hits(self, state):
        return self.rules.dice.sure("defender", self.groups(state))

    def resolve(self, state, rolled):
        return int(self.hits_many(state, np.asarray(rolled, dtype=np.int64).reshape(1, -1))[0])

    def resolve_many(self, state, rolled):
        return tally(self.hits_many(state, rolled))

    def hits_many(self, state, rolled: np.ndarray) -> np.ndarray:
        """Aircraft shot down by each roll (the dice system's hits of the shots)."""
        return self.rules.dice.hits_many(self.groups(state), rolled)

    def outcome_dist(self, state):
        return self.rules.dice.hit_dist(self.groups(state))

    def propose(self, state, outcome):
        after = self.rules.att_cas.policy(state[0], outcome, AIR)
        return {"attacker": self.rules.att_cas.as_choice(state[0], after)}

    def apply(self, state, outcome, choice=None):
        pick = (choice or {}).get("attacker")
        return (self.rules.att_cas.apply(state[0], outcome, AIR, pick), state[1], state[2])

    def explain(self, state, rolled):
        hits = self.resolve(state, rolled)
        return plural(hits, "AA fire: one aircraft shot down", "AA fire: {n} aircraft shot down")


class SubmarineStrike(Phase):
    """Attacking submarines fire first; the defender loses sea units before firing back."""

    name = msg("submarine first strike")

    def __init__(self, rules: LowLuckRules):
        self.rules = rules

    def groups(self, state):
        i = self.rules.sub_index
        return ((state[0][i] * self.rules.att.dice[i], self.rules.att.values[i]),)

    def dice(self, state):
        i = self.rules.sub_index
        return self.rules.side_dice("attacker", self.groups(state), "submarines",
                                    (((self.rules.ids[i], state[0][i]),),))

    def sure_hits(self, state):
        i = self.rules.sub_index
        return self.rules.dice.sure("attacker", self.groups(state),
                                    (((self.rules.ids[i], state[0][i]),),))

    def resolve(self, state, rolled):
        return self.rules.hits_from(self.groups(state), rolled)

    def resolve_many(self, state, rolled):
        return tally(self.rules.hits_many(self.groups(state), rolled))

    def outcome_dist(self, state):
        return self.rules.hit_dist(self.groups(state))

    def propose(self, state, outcome):
        after = self.rules.def_cas.policy(state[1], outcome, SEA)
        return {"defender": self.rules.def_cas.as_choice(state[1], after)}

    def apply(self, state, outcome, choice=None):
        pick = (choice or {}).get("defender")
        return (state[0], self.rules.def_cas.apply(state[1], outcome, SEA, pick), state[2])

    def explain(self, state, rolled):
        hits = self.resolve(state, rolled)
        return plural(hits, "Submarines' first strike: {n} hit on sea units",
                      "Submarines' first strike: {n} hits on sea units")


class MainFire(Phase):
    """All other attacking units and all defending units fire at once."""

    name = msg("fire")

    def __init__(self, rules: LowLuckRules):
        self.rules = rules

    def att_groups(self, state):
        r = self.rules
        return tuple((n * r.att.dice[i], r.att.values[i]) for i, n in enumerate(state[0])
                     if n and i not in r.first_strike)

    def def_groups(self, state):
        r = self.rules
        return tuple((n * r.dfn.dice[i], r.dfn.values[i]) for i, n in enumerate(state[1]) if n)

    def att_units(self, state):
        """Who rolls each of ``att_groups`` (``dice.GroupUnits``)."""
        r = self.rules
        return tuple(((r.ids[i], n),) for i, n in enumerate(state[0])
                     if n and i not in r.first_strike)

    def def_units(self, state):
        r = self.rules
        return tuple(((r.ids[i], n),) for i, n in enumerate(state[1]) if n)

    def sure_hits(self, state):
        r = self.rules
        return (r.dice.sure("attacker", self.att_groups(state), self.att_units(state)) +
                r.dice.sure("defender", self.def_groups(state), self.def_units(state)))

    def dice(self, state):
        r = self.rules
        return (r.side_dice("attacker", self.att_groups(state), "attack",
                            self.att_units(state)) +
                r.side_dice("defender", self.def_groups(state), "defence",
                            self.def_units(state)))

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
        return {(c // base, c % base): n for c, n in tally(a * base + d).items()}

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
        return plural(a, "Fire: the attacker scores {n} hit, the defender {d}",
                      "Fire: the attacker scores {n} hits, the defender {d}", d=d)
