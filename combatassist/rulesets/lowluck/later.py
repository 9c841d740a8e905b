"""The battles of every edition (Classic, Revised, Anniversary, 1942 Second Edition, Global
1940, a player's own edition file; docs/rules.md §2, §2b, §2c): what each step does comes
from the edition's data (``edition.Rules``, the unit types' fields and the side's techs),
read here once per battle. No edition has code of its own.

Each side's units are *slots* ``(unit id, status)``: status "" (fighting, undamaged), "damaged"
(a two-hit unit that took one hit), "amphibious" (landed from transports: can't retreat,
lost before the others of its type), "amphibious damaged" (a landed two-hit unit that took a
hit: still landed) and "out" (submerged submarines: not lost, no longer in
the battle). A side has only the slots its units can be in. State:
``(attacker_counts, defender_counts, first_round)`` with counts aligned to the side's slots:
hashable tuples, as every battle state.

A round is phases of the ``BattleRules`` framework (``later_phases``): round 1's AA fire,
submerging, the submarines' surprise strike (the first-strike rules': the attacking
submarines' first strike), then the general combat
(round 1: the shore bombardment with it). Hits are *batches* ``(category, hits)``, taken in
the order bombardment, submarines, aircraft that may not hit submarines, the rest — each hit
by an undamaged two-hit unit first, then by the first unit of the order of loss the category
may take (``SlotCasualties``).
"""
from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

import numpy as np

from ...battle import BattleRules, phase_exact
from ...distribution import Dist
from ...errors import EngineError
from ... import limits
from ...result import FEW_ENDS
from ...text import join, msg
from .casualties import lose_in_order, unit_name, unknown_casualty
from .chains import as_array
from .dice import dice_system
from .hits import standard_table, standard_tables
from .edition import EACH_AIRCRAFT, Edition, default_order, full_order, side_values
from .later_phases import (AA, AIR_ONLY, ANY, ORDER as TAKING_ORDER, SUB, AAFire, Bombardment,
                           FirstStrike, MainFire, Slot, Submerge, SurpriseStrike, may_take)

#: The status a hit takes an undamaged two-hit unit's slot to (a landed unit stays landed).
DAMAGED = {"": "damaged", "amphibious": "amphibious damaged"}

_T = TypeVar("_T")


class _kept(Generic[_T]):
    """``functools.cached_property`` without its lock: the value is worked out on the first
    read and kept in the instance's ``__dict__`` (read from there after). Python 3.11's takes
    a lock on that first read, ~1 us each: several a battle, every battle makes new rules.
    (Two threads reading it first at once both work it out: the same value.)"""

    def __init__(self, func: Callable[[Any], _T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> _T:
        if obj is None:
            return self  # type: ignore[return-value]
        value = obj.__dict__[self.name] = self.func(obj)
        return value


#: The generic solver's transitions over the typical estimate (``limits.exact_estimate``), at
#: most: measured up to 2.3 on random battles of every kind, retreat rules included, beyond a
#: few hundred transitions (tiny battles, where the "+ 1"s of the count dominate, get
#: ``WORK_FLOOR`` more: nothing next to the limit). tests/engine/test_issue37_estimates.py
#: checks that the estimate holds.
WORK_BOUND = 3.0
WORK_FLOOR = 1_000


class SideSlots:
    """One side's slots, order of loss and casualty policy, fixed for the battle."""

    def __init__(self, role: str, edition: Edition, spec, keep_land: int):
        self.role = role
        slots: list[Slot] = []
        counts: list[int] = []
        for u in edition.units:
            n = spec.units.get(u.id, 0)
            if not n:
                continue
            amph = spec.amphibious.get(u.id, 0)
            dmg = spec.damaged.get(u.id, 0)
            if amph:
                slots.append(Slot(u, "amphibious"))
                counts.append(amph)
                if u.hits > 1:               # a landed unit hit stays landed
                    slots.append(Slot(u, "amphibious damaged"))
                    counts.append(0)
            slots.append(Slot(u))
            counts.append(n - amph - dmg)
            if u.hits > 1:
                slots.append(Slot(u, "damaged"))
                counts.append(dmg)
            if u.has("submarine") and spec.submerge:
                slots.append(Slot(u, "out"))
                counts.append(0)
            if spec.amphibious:
                slots.append(Slot(u, "withdrawn"))
                counts.append(0)
        self.slots = tuple(slots)
        self._eligible: dict[str, frozenset[int]] = {}
        # where a unit goes when it leaves an amphibious assault (``LaterRules.withdraw``)
        # (the edition's amphibious_retreat: every unit not landed, or aircraft only)
        aircraft_only = edition.rules.amphibious_retreat == "aircraft"
        self.withdrawn_of = {i: next(j for j, t in enumerate(slots)
                                     if t.unit.id == s.unit.id and t.status == "withdrawn")
                             for i, s in enumerate(slots)
                             if s.status in ("", "damaged") and s.fights
                             and (s.unit.kind == "air" or not aircraft_only)
                             } if spec.amphibious else {}
        self.counts0 = tuple(counts)
        types = (full_order(edition, tuple(spec.order_of_loss), role) if spec.order_of_loss
                 else default_order(edition, None, role))
        rank = {uid: i for i, uid in enumerate(types)}
        status_rank = {"amphibious damaged": 0, "amphibious": 1, "damaged": 2, "": 3}
        fighting = [i for i, s in enumerate(slots) if s.fights]
        # Transports are lost after every other unit of their side.
        self.order = tuple(sorted(fighting, key=lambda i: (
            slots[i].unit.has("transport"), rank[slots[i].unit.id], status_rank[slots[i].status])))
        # Two-hit units take hits first, in the order of loss.
        self.two_hit = tuple(i for i in self.order if slots[i].undamaged_two_hit)
        self.damaged_of = {i: next(j for j, t in enumerate(slots)
                                   if t.unit.id == slots[i].unit.id and t.status == DAMAGED[
                                       slots[i].status])
                           for i in self.two_hit}
        self.keep_land = keep_land
        self.land = tuple(i for i in self.order if slots[i].unit.kind == "land"
                          and not slots[i].unit.has("aa_gun"))
        self.ids = tuple(dict.fromkeys(s.unit.id for s in slots))
        #: Per slot: the unit's value in this role (its side's techs applied), its dice per
        #: unit (heavy bombers), and whether it fights (``MainFire.values``).
        values, dice = side_values(edition, spec.techs, role)
        self.values0 = tuple(values[s.unit.id] for s in slots)
        self.dice0 = tuple(dice[s.unit.id] for s in slots)
        #: AA hit value per unit type (the unit's, or a tech's such as radar).
        self.aa_hit = {u.id: u.aa_hit for u in edition.units}
        for tech in spec.techs:
            eff = edition.tech_effects[tech]
            if eff.aa_hit is not None:
                self.aa_hit[eff.unit] = max(self.aa_hit[eff.unit], eff.aa_hit)
        self.fights = tuple(s.fights for s in slots)
        #: Some fighting slot is a transport or an AA gun: without one the side is never
        #: left alone (``left_alone``), whatever its counts
        self.may_be_left_alone = any(s.fights and (s.unit.has("transport")
                                                   or s.unit.has("aa_gun")) for s in slots)
        #: Per support rule of the edition: (its supporters' slots, its supported slots, the
        #: supported attack), the attacker's only. A supporter that raises several units (a
        #: tech's ``supports``: Anniversary's improved artillery) has its slot listed as
        #: many times, so every count of supporters sums it so many times.
        self.support: tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...] = ()
        if role == "attacker":
            per = {u.id: 1 for u in edition.units}
            for tech in spec.techs:
                eff = edition.tech_effects[tech]
                if eff.supports is not None:
                    per[eff.unit] = max(per[eff.unit], eff.supports)
            self.support = tuple(
                (tuple(i for i, s in enumerate(slots) if s.fights and s.unit.id in rule.by
                       for _ in range(per[s.unit.id])),
                 tuple(i for i, s in enumerate(slots) if s.fights and s.unit.id in rule.units),
                 rule.attack)
                for rule in edition.support)

    def eligible(self, category: str) -> frozenset[int]:
        """The slots a hit of ``category`` may take (kept: every casualty asks)."""
        found = self._eligible.get(category)
        if found is None:
            found = self._eligible[category] = frozenset(
                i for i, s in enumerate(self.slots) if may_take(category, s))
        return found

    @functools.lru_cache(maxsize=200_000)
    def fighting(self, counts: tuple[int, ...]) -> int:
        """The side's units that fight (not submerged, not withdrawn): every verdict asks."""
        return sum(n for n, fights in zip(counts, self.fights) if fights)

    @functools.lru_cache(maxsize=200_000)
    def present(self, counts: tuple[int, ...]) -> frozenset[str]:
        """The abilities (and "unit") of the side's fighting units, and "fires" when one of
        them has a value in the side's role."""
        out: set[str] = set()
        for n, s, v in zip(counts, self.slots, self.values0):
            if n and s.fights:
                out |= s.unit.abilities
                out.add("unit")
                if v > 0:
                    out.add("fires")
        return frozenset(out)

    @functools.lru_cache(maxsize=200_000)
    def left_alone(self, counts: tuple[int, ...]) -> bool:
        """True when the side's fighting units are all transports or all AA guns (the end of
        a round may take them: ``LaterRules.end_round``)."""
        live = [s.unit for n, s in zip(counts, self.slots) if n and s.fights]
        return bool(live) and (all(u.has("transport") for u in live)
                               or all(u.has("aa_gun") for u in live))

    @functools.lru_cache(maxsize=200_000)
    def take(self, counts: tuple[int, ...], batches: tuple[tuple[str, int], ...]
             ) -> tuple[tuple[int, ...], int]:
        """Counts after the hit batches, by the policy, and how many hits found a unit."""
        remaining = list(counts)
        taken = 0
        for category, hits in batches:
            allowed = self.eligible(category)
            for i in self.two_hit:                      # free hits on two-hit units first
                if hits <= 0:
                    break
                if i in allowed and remaining[i]:
                    n = min(hits, remaining[i])
                    remaining[i] -= n
                    remaining[self.damaged_of[i]] += n
                    hits -= n
                    taken += n
            taken += lose_in_order(remaining, hits, self.order, allowed,
                                   self.land if self.keep_land else None, self.keep_land)
        return tuple(remaining), taken

    def chain(self, start: tuple[int, ...]) -> list[tuple[int, ...]]:
        """``take(start, ((ANY, k),))[0]`` for k = 0, 1, ..., n (n: the side's fighting units
        plus its undamaged two-hit units), in one pass: ``take`` damages the undamaged
        two-hit units first, then loses the units in the order of loss, the last
        ``keep_land`` land units kept for last — one hit at a time in one fixed sequence, so
        the k-th composition is the first k steps of it (tested equal to ``take``: the grid
        solvers build every chain so, dozens of ``take`` calls a battle before)."""
        n = self.fighting(start) + sum(start[i] for i in self.two_hit)
        allowed = self.eligible(ANY)
        remaining = list(start)
        out = [tuple(start)]
        for i in self.two_hit:
            if i in allowed:
                j = self.damaged_of[i]
                for _ in range(remaining[i]):
                    remaining[i] -= 1
                    remaining[j] += 1
                    out.append(tuple(remaining))
        held: dict[int, int] = {}               # ``lose_in_order``'s kept land units
        if self.keep_land:
            need = self.keep_land
            for i in reversed(self.land):
                if need <= 0:
                    break
                if remaining[i]:
                    held[i] = min(need, remaining[i])
                    need -= held[i]
        for i in self.order:
            if i in allowed:
                for _ in range(remaining[i] - held.get(i, 0)):
                    remaining[i] -= 1
                    out.append(tuple(remaining))
        for i in self.land:                     # the kept ones, in the order of loss
            if i in held and i in allowed:
                for _ in range(held[i]):
                    remaining[i] -= 1
                    out.append(tuple(remaining))
        # hits past the units the category may take find none: the last composition again
        out.extend([out[-1]] * (n + 1 - len(out)))
        return out[:n + 1]

    # -- the Classic casualty interface (AA fire is shared with Classic) -----------------
    def policy(self, counts, hits: int, kinds) -> tuple[int, ...]:
        return self.take(counts, ((_category(kinds), hits),))[0]

    def apply(self, counts, hits, kinds, choice):
        return self.apply_batches(counts, ((_category(kinds), hits),), choice)

    def as_choice(self, before, after) -> dict[str, int]:
        """The hits each unit type took: losses, plus two-hit units newly damaged."""
        return _hits_by_type(self, before, after)

    def apply_batches(self, counts, batches, choice: Mapping[str, int] | None):
        if choice is None:
            return self.take(counts, batches)[0]
        return self.chosen(counts, batches, choice)

    def chosen(self, counts, batches, choice: Mapping[str, int]) -> tuple[int, ...]:
        """Counts after the players' choice ``{unit: hits taken}`` (a two-hit unit's hit
        damages an undamaged one first); refused unless every hit has a unit it may take."""
        needed = self.take(counts, batches)[1]
        remaining = list(counts)
        total = 0
        wanted: dict[str, int] = {}
        for uid, n in choice.items():
            if uid not in self.ids:
                raise unknown_casualty(uid, self.role, list(dict.fromkeys(
                    s.unit.id for s, n in zip(self.slots, counts) if n and s.fights)))
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise EngineError(msg("casualty count for {unit} must be a whole number >= 0",
                                      unit=unit_name(uid)))
            if n:
                wanted[uid] = n
                total += n
        cats = [c for c, h in batches if h]
        for uid, n in wanted.items():
            slots = [i for i, s in enumerate(self.slots) if s.unit.id == uid and s.fights]
            hits_left = sum(counts[i] * (2 if self.slots[i].undamaged_two_hit else 1)
                            for i in slots)
            if not any(counts[i] for i in slots):
                raise EngineError(msg("the {side} has no {unit} left", side=self.role,
                                      unit=unit_name(uid)))
            if n > hits_left:
                raise EngineError(msg("the {side} has only {count} {unit}, not {n}",
                                      side=self.role, count=sum(counts[i] for i in slots),
                                      unit=unit_name(uid), n=n))
            if not any(may_take(c, self.slots[slots[0]]) for c in cats):
                allowed = [u for u in self.ids if any(
                    may_take(c, s) for c in cats for s in self.slots if s.unit.id == u)]
                raise EngineError(msg("{unit} can't be taken for these hits (only {units})",
                                      unit=unit_name(uid),
                                      units=join(", ", [unit_name(u) for u in allowed])))
            # hits on a type: damage the undamaged two-hit ones, then lose amphibious,
            # damaged, then the others (the order of loss within the type)
            for i in self.two_hit:
                if self.slots[i].unit.id == uid and n:
                    k = min(n, remaining[i])
                    remaining[i] -= k
                    remaining[self.damaged_of[i]] += k
                    n -= k
            for i in self.order:
                if self.slots[i].unit.id == uid and n:
                    k = min(n, remaining[i])
                    remaining[i] -= k
                    n -= k
        if total != needed:
            raise EngineError(msg("the {side} must take exactly {needed} casualties, not "
                                  "{total}", side=self.role, needed=needed, total=total))
        if not _assignable(self, counts, batches, wanted):
            raise EngineError(msg("these casualties don't fit the hits: submarines' hits "
                                  "can't take aircraft, and aircraft's hits can't take "
                                  "submarines without a destroyer"))
        return tuple(remaining)


def _category(kinds) -> str:
    return AA if kinds is not None and "air" in kinds else ANY


def _hits_by_type(side: SideSlots, before, after) -> dict[str, int]:
    """{unit: hits taken} between two compositions: units lost plus newly damaged."""
    out: dict[str, int] = {}
    for uid in side.ids:
        idx = [i for i, s in enumerate(side.slots) if s.unit.id == uid and s.fights]
        damaged = [i for i in idx if side.slots[i].status in DAMAGED.values()]
        # an undamaged unit leaves its slot by one hit (one-hit: lost; two-hit: damaged);
        # a damaged one is lost by one more
        newly = sum(before[i] for i in idx if i not in damaged) - \
            sum(after[i] for i in idx if i not in damaged)
        damaged_lost = (sum(before[i] for i in damaged) + newly - sum(after[i] for i in damaged)
                        if damaged else 0)
        hits = newly + damaged_lost
        if hits:
            out[uid] = hits
    return out


def _assignable(side: SideSlots, counts, batches, wanted: Mapping[str, int]) -> bool:
    """Whether the chosen hits per type can be matched to the batches' categories."""
    left = dict(wanted)
    cats = [(c, h) for c, h in batches if h]
    # the most restricted categories first; each prefers the types fewest categories take
    cats.sort(key=lambda ch: TAKING_ORDER.index(ch[0]) if ch[0] in TAKING_ORDER else -1)
    rep = {uid: next(s for s in side.slots if s.unit.id == uid) for uid in side.ids}
    need = sum(left.values())
    for c, h in cats:
        types = sorted((u for u in left if left[u] and may_take(c, rep[u])),
                       key=lambda u: sum(may_take(c2, rep[u]) for c2, _ in cats))
        for u in types:
            k = min(h, left[u])
            left[u] -= k
            h -= k
            need -= k
    return need == 0


class LaterRules(BattleRules):
    """A battle of any edition (classic, revised, aa50, 1942se, 1940se or a player's own
    edition file), each step's rule read from the edition's data."""

    def __init__(self, scenario):
        self.scenario = scenario
        self.edition = scenario.edition
        opts = scenario.options
        self.dice = dice_system(opts.dice)
        self.land_battle = opts.battle == "land"
        self.att = SideSlots("attacker", self.edition, scenario.attacker,
                             opts.kept_land_units if self.land_battle else 0)
        self.dfn = SideSlots("defender", self.edition, scenario.defender, 0)
        self.att_cas, self.def_cas = self.att, self.dfn
        rules = self.edition.rules
        # Each step's rules, read here once from the edition (docs/rules.md §2b, §2c).
        #: AA: Classic's option gun (one shot at each aircraft) when the edition has it and
        #: the scenario sets it, else the defending aa_gun units' own fields.
        self.option_gun = rules.aa == "option" and opts.aa_gun and self.land_battle
        #: Aircraft's hits may take submarines without a destroyer of theirs.
        self.air_hits_submarines = rules.air_hits_submarines == "always"
        #: Submarines: Classic's first strike (the attacker's, an option of sea battles; its
        #: hits never take aircraft, and submarines firing with everyone else may hit any
        #: unit) or the surprise strike of both sides (unless the enemy has a destroyer).
        self.first_strike_only = (
            opts.submarine_first_strike and not self.land_battle
        ) if rules.submarines == "first_strike" else None
        #: The category of submarines' hits in the general combat.
        self.sub_category = ANY if rules.submarines == "first_strike" else SUB
        #: Submarines submerge at the start of a round ("round_start") or at its end.
        self.submerge_at_end = rules.submerge == "round_end"
        #: The bombarding ships' values (their bombard_attack, else their attack with the
        #: attacker's techs), and whether their casualties fire back.
        att_values, _ = side_values(self.edition, scenario.attacker.techs, "attacker")
        self.bombard = tuple(sorted(
            (self.edition.unit(uid).bombard_attack
             if self.edition.unit(uid).bombard_attack is not None else att_values[uid]
             for uid, n in scenario.attacker.bombard.items() for _ in range(n)))
        ) if self.land_battle else ()
        self.bombard_fires_back = rules.bombard_casualties_fire_back
        self.submerge = (scenario.attacker.submerge, scenario.defender.submerge)
        #: Per side: it has a submarine slot (without one, no submerging nor surprise strike
        #: to look for: ``phases`` asks at every position)
        self._subs = tuple(any(s.unit.has("submarine") for s in side.slots)
                           for side in (self.att, self.dfn))
        self._aa = AAFire(self)
        self._bombardment = Bombardment(self)
        self._submerge = Submerge(self)
        #: The first-strike rules roll the general combat's dice in the edition's unit order
        #: (``MainFire``: the order saved table battles of those rules recorded).
        self.dice_in_unit_order = rules.submarines == "first_strike"
        self._surprise = (FirstStrike(self) if rules.submarines == "first_strike"
                          else SurpriseStrike(self))
        self.main_fire = MainFire(self)

    # -- what the phases ask ------------------------------------------------------------
    def side(self, k: int) -> SideSlots:
        return self.att if k == 0 else self.dfn

    def hit_dist(self, groups) -> Dist:
        """The dice system's hit table of ``groups`` (``chains.hit_tables`` asks)."""
        return self.dice.hit_dist(groups)

    def has(self, k: int, counts, ability: str) -> bool:
        return ability in self.side(k).present(counts)

    def _guns(self, state) -> list:
        """The defender's AA-gun slots present (a gun that is no casualty never leaves)."""
        return [s.unit for n, s in zip(state[1], self.dfn.slots)
                if n and s.unit.has("aa_gun") and s.status == ""]

    def aa_shots(self, state) -> int:
        """AA fire's shots: Classic's option gun and an ``each_aircraft`` gun fire one at
        every attacking aircraft, however many guns; otherwise each gun fires its aa_shots,
        at most one per aircraft in all."""
        planes = sum(n for n, s in zip(state[0], self.att.slots)
                     if s.fights and s.unit.kind == "air")
        if self.option_gun:
            return planes
        guns, each = 0, False                  # the guns of ``_guns``, in one look
        for n, s in zip(state[1], self.dfn.slots):
            if n and s.status == "" and s.unit.has("aa_gun"):
                guns += n * s.unit.aa_shots
                each = each or s.unit.aa_shots == EACH_AIRCRAFT
        return planes if each else min(guns, planes)

    def aa_hit(self, state) -> int:
        """The AA shots hit on this or less: the best of the guns present (the defender's
        radar tech raises a gun's), 1 for Classic's option gun."""
        if self.option_gun:
            return 1
        return max((self.dfn.aa_hit[u.id] for u in self._guns(state)), default=1)

    def submerging(self, state, k: int) -> bool:
        """Side k's submarines submerge now (its choice, the enemy has no destroyer): at a
        round's start, or at its end where the edition says so (``end_round``)."""
        return (self.submerge[k] and self._subs[k] and self.has(k, state[k], "submarine")
                and not self.has(1 - k, state[1 - k], "destroyer"))

    def surprising(self, state, k: int) -> bool:
        """Side k's submarines strike first (the enemy has no destroyer; Classic's first
        strike: the attacker's, when the option is on)."""
        if not self._subs[k]:
            return False
        if self.first_strike_only is not None:
            return k == 0 and self.first_strike_only and self.has(0, state[0], "submarine")
        return (self.has(k, state[k], "submarine")
                and not (self.submerging(state, k) and not self.submerge_at_end)
                and not self.has(1 - k, state[1 - k], "destroyer"))

    # -- BattleRules ----------------------------------------------------------------------
    def battle_start(self):
        """Every unit the battle starts with (``figures``: IPC lost count from here; the
        first position, ``initial_state``, may have lost lone transports already)."""
        return (self.att.counts0, self.dfn.counts0, True)

    def initial_state(self):
        counts = (self.att.counts0, self.dfn.counts0)
        # kept for the start counts it was worked out from (several ask each battle: the
        # solver table, the solver, the figures); ``batch.with_units``' copies have others
        known = self.__dict__.get("_initial")
        if known is not None and known[0] is counts[0] and known[1] is counts[1]:
            return known[2]
        out = []
        for k in (0, 1):
            # a side that starts with only transports loses them before round 1 while the
            # enemy can fire, as a round's end would take them: before a submarine could
            # submerge (docs/rules.md §2b; issue 37)
            side = self.side(k)
            live = [i for i, s in enumerate(side.slots) if s.fights and counts[k][i]]
            alone = bool(live) and all(side.slots[i].unit.has("transport") for i in live) \
                and "fires" in self.side(1 - k).present(counts[1 - k])
            out.append(tuple(0 if i in live else n for i, n in enumerate(counts[k]))
                       if alone else counts[k])
        state = (out[0], out[1], True)
        self._initial = (counts[0], counts[1], state)
        return state

    def phases(self, state):
        out = []
        if state[2] and self.land_battle and self.aa_shots(state):
            out.append(self._aa)
        if state[2] and self.bombard and not self.bombard_fires_back:
            out.append(self._bombardment)
        if not self.submerge_at_end and (self.submerging(state, 0) or self.submerging(state, 1)):
            out.append(self._submerge)
        if self.surprising(state, 0) or self.surprising(state, 1):
            out.append(self._surprise)
        out.append(self.main_fire)
        return out

    def round_dist(self, state) -> Dist:
        """The phases' exact round, faster in the general combat: each side's casualties
        depend only on the other side's hits (tested equal to ``BattleRules.round_dist``)."""
        current: dict = {state: 1.0}
        for phase in self.phases(state)[:-1]:
            current = phase_exact(phase, current)
        fire = self.main_fire
        result: dict = {}
        for s, p in current.items():
            after = []
            for k in (0, 1):
                batches = fire.batches(s, 1 - k)
                side = self.side(k)
                acc: dict = {}
                for hits, q in fire.batch_dist(s, 1 - k).items():
                    key = side.take(s[k], tuple(zip((c for c, _ in batches), hits)))[0]
                    acc[key] = acc.get(key, 0.0) + q
                after.append(acc)
            alone_d = {d: self.dfn.left_alone(d) for d in after[1]}
            for a, qa in after[0].items():
                alone_a = self.att.left_alone(a) or self.submerge_at_end
                pa = p * qa
                for d, qd in after[1].items():
                    # end_round changes nothing unless a side is left with transports or
                    # AA guns alone
                    key = self.end_round((a, d, s[2])) if alone_a or alone_d[d] else (a, d, False)
                    result[key] = result.get(key, 0.0) + pa * qd
        return Dist(result)

    def end_round(self, state):
        """Round 1 is over; where the edition says submarines submerge at a round's end, the
        sides that chose to do so (the enemy has no destroyer left, the battle still on);
        a side left with only transports loses them while the enemy can fire; a defender
        left with only AA guns loses them."""
        if (self.submerge_at_end and (self.submerging(state, 0) or self.submerging(state, 1))
                and self.verdict(state) is None):
            state = self._submerge.apply(state, self._submerge.resolve(state, ()))
        att, dfn = state[0], state[1]
        if not (self.att.left_alone(att) or self.dfn.left_alone(dfn)):
            return (att, dfn, False)
        # both sides are judged on the round's end position
        can_fire = ("fires" in self.dfn.present(dfn), "fires" in self.att.present(att))
        attacker_left = "unit" in self.att.present(att)
        out = []
        for k, counts in ((0, att), (1, dfn)):
            side = self.side(k)
            live = [i for i, s in enumerate(side.slots) if s.fights and counts[i]]
            alone = all(side.slots[i].unit.has("transport") for i in live) and can_fire[k]
            if k == 1 and attacker_left:
                alone = alone or all(side.slots[i].unit.has("aa_gun") for i in live)
            out.append(tuple(0 if (alone and i in live) else n for i, n in enumerate(counts))
                       if live and alone else counts)
        return (out[0], out[1], False)

    def verdict(self, state):
        a, d = self.att.fighting(state[0]), self.dfn.fighting(state[1])
        if a and d:
            return None
        if not a and not d:
            return "draw"
        return "attacker" if a else "defender"

    def losses(self, state):
        return (sum(self.att.counts0) - sum(state[0]), sum(self.dfn.counts0) - sum(state[1]))

    def progress(self, state):
        def out(k):
            return sum(n for n, s in zip(state[k], self.side(k).slots) if not s.fights)

        def damaged(k):
            return sum(n for n, s in zip(state[k], self.side(k).slots)
                       if s.status in DAMAGED.values())
        lost = sum(self.losses(state))
        return (lost, out(0) + out(1), damaged(0) + damaged(1), 0 if state[2] else 1)

    def work_estimate(self, state) -> float:
        """Exact-solver transitions from ``state``, at most: each side's compositions (its
        units, times the two-hit units' damage, times the hit categories that split it)
        paired, times the outcomes of the next round — the typical figure times
        ``WORK_BOUND`` (issue 37: a refusal must come at once, so the estimate must hold).
        The first-strike rules (Classic's) have one-hit units whose hits take them in one
        order, but for the strike's: their positions are each side's unit counts paired, the
        estimate Classic's battles have always been refused by (within 4x of the work done:
        tests/engine/test_work_bounds.py)."""
        if self.first_strike_only is not None:
            paired = (self.att.fighting(state[0]) + 1) * (self.dfn.fighting(state[1]) + 1)
            return limits.exact_estimate(paired, len(self.round_dist(state)))

        def positions(k):
            side = self.side(k)
            n = sum(state[k]) + 1
            extra = 1 + sum(state[k][i] for i in side.two_hit)
            split = 2 if (self.has(k, state[k], "submarine") and any(
                s.unit.kind == "air" for s in side.slots)) else 1
            return n * extra * split
        return WORK_FLOOR + WORK_BOUND * limits.exact_estimate(positions(0) * positions(1),
                                                               len(self.round_dist(state)))

    def describe(self, state):
        def side(k):
            parts = []
            for n, s in zip(state[k], self.side(k).slots):
                if not n:
                    continue
                name = unit_name(s.unit.id)
                if s.status == "damaged":
                    parts.append(msg("{n} {unit} (damaged)", n=n, unit=name))
                elif s.status == "amphibious":
                    parts.append(msg("{n} {unit} (amphibious)", n=n, unit=name))
                elif s.status == "amphibious damaged":
                    parts.append(msg("{n} {unit} (amphibious, damaged)", n=n, unit=name))
                elif s.status == "out":
                    parts.append(msg("{n} {unit} (submerged)", n=n, unit=name))
                elif s.status == "withdrawn":
                    parts.append(msg("{n} {unit} (withdrawn)", n=n, unit=name))
                else:
                    parts.append(msg("{n} {unit}", n=n, unit=name))
            return join(", ", parts) or msg("nothing left")
        return msg("attacker: {attacker} | defender: {defender}", attacker=side(0),
                   defender=side(1))

    def state_units(self, state) -> tuple[dict[str, int], dict[str, int]]:
        """Each side's units ({id: count}): damaged and submerged units are not lost."""
        out = []
        for k in (0, 1):
            units: dict[str, int] = {}
            for n, s in zip(state[k], self.side(k).slots):
                if n:
                    units[s.unit.id] = units.get(s.unit.id, 0) + n
            out.append(units)
        return out[0], out[1]

    def state_counts(self, states):
        """Unit ids and each side's units per position (``figures``' array form of
        ``state_units``): the slots summed per unit type."""
        states = states if isinstance(states, list) else list(states)
        ids, to_ids = self._to_ids
        return (ids, self._slot_counts(states, 0) @ to_ids[0],
                self._slot_counts(states, 1) @ to_ids[1])

    def _slot_counts(self, states: list, k: int) -> np.ndarray:
        """Side k's slot counts per position, as a read-only array [position, slot]: kept
        for the last list of positions asked about (the end positions' verdicts, figures
        and territory ask in turn; an equal list is the same positions), not replaced by a
        single position's (the figures' battle start, asked in between)."""
        if len(states) < 2:
            return _counts(states, k, len(self.side(k).slots))
        key = tuple(states)
        memo = self.__dict__.get("_counts_memo")
        if memo is None or memo[0] != key:          # (the same states: compared by identity)
            kept: list[np.ndarray | None] = [None, None]
            memo = self._counts_memo = (key, kept)
        counts = memo[1][k]
        if counts is None:
            counts = _counts(states, k, len(self.side(k).slots))
            counts.setflags(write=False)
            memo[1][k] = counts
        return counts

    def verdicts_and_losses(self, states) -> tuple[Any, Any]:
        """``verdict`` and ``losses`` of every position of ``states`` at once: a code per
        position (``result.VERDICTS``' index; 3: none) and (attacker lost, defender lost)
        — lists for a few positions (``result.FEW_ENDS``: fewer numpy calls), else arrays
        ([position], [position, side])."""
        states = states if isinstance(states, list) else list(states)
        if len(states) <= FEW_ENDS:
            out = []
            for k, side in ((0, self.att), (1, self.dfn)):
                counts = self._slot_counts(states, k)
                fighting = counts @ np.array(side.fights, dtype=np.int64)
                out.append((fighting.tolist(), (sum(side.counts0) - counts.sum(axis=1)).tolist()))
            (fa, la), (fd, ld) = out
            codes = [(3 if d else 0) if a else (1 if d else 2) for a, d in zip(fa, fd)]
            return codes, list(zip(la, ld))
        (fights_a, lost_a), (fights_d, lost_d) = self._fights_and_losses
        # per side, one product: [units that fight, units lost] (the start's count added)
        a = self._slot_counts(states, 0) @ fights_a + lost_a
        d = self._slot_counts(states, 1) @ fights_d + lost_d
        # attacker (0): only it has units; defender (1); draw (2): neither; on (3): both
        codes = _VERDICT_CODES[2 * (a[:, 0] > 0) + (d[:, 0] > 0)]
        return codes, np.stack([a[:, 1], d[:, 1]], axis=1)

    @_kept
    def _fights_and_losses(self) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
        """Per side: [slot, (fights, -1)] and (0, its units at the start), whose product with
        a position's slot counts, plus the second, is (its fighting units, its units lost)."""
        out = []
        for side in (self.att, self.dfn):
            per_slot = np.stack([np.array(side.fights, dtype=np.int64),
                                 np.full(len(side.fights), -1, dtype=np.int64)], axis=1)
            out.append((per_slot, np.array([0, sum(side.counts0)], dtype=np.int64)))
        return tuple(out)

    @_kept
    def _to_ids(self) -> tuple[tuple[str, ...], tuple[np.ndarray, np.ndarray]]:
        """The edition's unit ids, and per side the matrix summing its slots per unit id."""
        ids = self.edition.ids
        out = []
        for k in (0, 1):
            slots = self.side(k).slots
            to_ids = np.zeros((len(slots), len(ids)), dtype=np.int64)
            for i, s in enumerate(slots):
                to_ids[i, ids.index(s.unit.id)] = 1
            out.append(to_ids)
        return ids, (out[0], out[1])

    def unit_costs(self) -> dict[str, int]:
        """IPC per unit type (the edition's costs)."""
        return dict(self._unit_costs)

    @_kept
    def _unit_costs(self) -> dict[str, int]:
        return {u.id: u.cost for u in self.edition.units}

    def land_units(self) -> frozenset[str] | None:
        """The unit types that take a territory (AA guns don't); None in a sea battle."""
        return self._land_units

    @_kept
    def _land_units(self) -> frozenset[str] | None:
        if not self.land_battle:
            return None
        return frozenset(u.id for u in self.edition.units
                         if u.kind == "land" and not u.has("aa_gun"))

    def retreat_refusal(self, state, side: str) -> str | None:
        """The attacker's units landed from transports can't retreat (the table): refused
        when they are all it has left."""
        if side == "attacker" and self.withdraw(state) == state:
            return msg("the attacker's amphibious units can't retreat: they fight on to the "
                       "end")
        return None

    def withdraw(self, state):
        """The attacker retreats from an amphibious assault (docs/rules.md §2b): its units
        landed from transports can't leave and fight on; the others leave (withdrawn: not
        lost, out of the battle) — aircraft only, where the edition says so (Revised). None
        when no landed unit is left (an ordinary retreat)."""
        att = list(state[0])
        if not any(n for n, s in zip(att, self.att.slots)
                   if s.status in ("amphibious", "amphibious damaged")):
            return None
        for i, j in self.att.withdrawn_of.items():
            att[j] += att[i]
            att[i] = 0
        return (tuple(att), state[1], state[2])

    def apply_between_rounds(self, state, action):
        """The table: the attacker's retreat from an amphibious assault (``withdraw``), the
        one step between rounds a later edition has: ``{"withdraw": "attacker"}``."""
        after = self.withdraw(state) if action == {"withdraw": "attacker"} else None
        if after is None or after == state:
            raise EngineError(msg("the attacker has no units that can leave an amphibious "
                                  "assault here"))
        return self, after

    def describe_action(self, action) -> str:
        return msg("the attacker retreats; its units landed from the sea can't leave and "
                   "fight on")

    def territory_taken(self, states):
        """Per position: the attacker won with a land unit in the battle (units that
        withdrew or AA guns don't take it), as an array like ``state_counts``'."""
        states = states if isinstance(states, list) else list(states)
        attacking_land, defending = self._taking_slots
        return (self._slot_counts(states, 0)[:, attacking_land].any(axis=1)
                & ~self._slot_counts(states, 1)[:, defending].any(axis=1))

    @_kept
    def _taking_slots(self) -> tuple[np.ndarray, np.ndarray]:
        """The attacker's slots that take a territory, the defender's that hold it."""
        land = self.land_units() or frozenset()
        # dtype: a side with no units has no slots (an empty list is a float array)
        return (np.array([s.fights and s.unit.id in land for s in self.att.slots], dtype=bool),
                np.array([s.fights for s in self.dfn.slots], dtype=bool))

    def attacker_units(self, state) -> int:
        return self.att.fighting(state[0])

    # -- the grid solver's questions (chains.ChainRules) ----------------------------------
    def grid_applicable(self) -> bool:
        """Each side's hits take its units in one sequence after round 1's AA fire: no
        submarine on either side (so no surprise strike, submerging or hits restricted by
        category) — or the first-strike rules' submarines firing with everyone else (the
        attacker's don't strike first) at units aircraft may hit —, and neither side starts
        left alone (those battles are over in a round)."""
        a, d, _ = self.initial_state()
        if self.first_strike_only is not None:
            subs_apart = ((self.first_strike_only and self.has(0, a, "submarine"))
                          or not self.air_hits_submarines)
            if subs_apart and any(self._subs):
                return False
        elif any(self._subs):
            return False
        if self.bombard and not self.bombard_fires_back:
            return False                       # round 1 has a fire before the general combat
        return not (self.alone_at_end("attacker", a) or self.alone_at_end("defender", d))

    def chain(self, role: str, start):
        """``start`` after 0, 1, ... hits by the policy (``SideSlots.take``): undamaged
        two-hit units damaged first, then units lost in the order of loss."""
        return (self.att if role == "attacker" else self.dfn).chain(start)

    def chain_hits(self, role: str, comps):
        """Each composition's table from its own dice groups (``MainFire.values``: support
        recounted from the units left). With low luck a side rolls its groups as one pool:
        without submarines every hit may take the same units (``MainFire._batches``)."""
        k = 0 if role == "attacker" else 1
        split = self._chain_values(comps, k)
        if split is None:                      # two support rules raise the same unit
            return _rows([self._table(self._fire_groups(c, k)) for c in comps])
        if not self.dice.independent:          # one pool: its power is all that counts
            return _low_luck_rows(_powers(split))
        plain, raised, v0, up = split
        return standard_tables(np.concatenate([plain, raised], axis=1),
                               np.concatenate([v0, up]))

    def chain_powers(self, role: str, comps) -> list[int] | None:
        """Low luck: each composition's pooled power in the general combat (its hit table is
        ``hits.lowluck_table`` of it, as ``chain_hits`` makes it); None with ordinary dice or
        where ``chain_hits`` reads each composition's dice groups."""
        if self.dice.independent:
            return None
        # ``_powers(_chain_values(...))`` in fewer array steps (half its ~20 us for the 1942
        # 30 v 30's chains): plain @ v0 + raised @ up is counts @ v0 + raised @ (up - v0)
        side = self.side(0 if role == "attacker" else 1)
        supported = [i for _, units, _ in side.support for i in units]
        if len(supported) != len(set(supported)) or any(d != 1 for d in side.dice0):
            return None                        # as ``_chain_values``
        counts = _counts_of(comps, len(side.slots))
        if not all(side.fights):
            counts *= np.array(side.fights, dtype=np.int64)
        v0 = side.values0
        powers = counts @ np.array(v0, dtype=np.int64)
        for by, units, attack in side.support:       # each supporter raises one unit
            free = counts[:, list(by)].sum(axis=1)
            for i in units:
                raised = np.minimum(free, counts[:, i])
                free -= raised
                powers += raised * (max(v0[i], attack) - v0[i])
        return powers.tolist()

    def _chain_values(self, comps, k: int):
        """``_fire_groups`` of every composition of a chain at once, as arrays: (units at
        their own value, units raised by support [composition, slot], the slots' own
        values, their raised values); None when two support rules may raise the same slot
        (``MainFire.values`` then lets the last one win: not worth mirroring)."""
        side = self.side(k)
        supported = [i for _, units, _ in side.support for i in units]
        if len(supported) != len(set(supported)) or any(d != 1 for d in side.dice0):
            return None                        # (heavy bombers: units roll several dice)
        counts = _counts_of(comps, len(side.slots)) * np.array(side.fights, dtype=np.int64)
        v0 = np.array(side.values0, dtype=np.int64)
        up = v0.copy()
        raised = np.zeros_like(counts)
        for by, units, attack in side.support:       # each supporter raises one unit
            free = counts[:, list(by)].sum(axis=1)
            for i in units:
                raised[:, i] = np.minimum(free, counts[:, i])
                free -= raised[:, i]
                up[i] = max(int(v0[i]), attack)
        return counts - raised, raised, v0, up

    def opening_hits(self, comp):
        """The attacker's round-1 table: its units and the bombarding ships (with low luck
        the bombardment rolls on its own); None without ships firing with the general
        combat: round 1's fire is then the later rounds' (the grid fights it from the
        starts like the others, as the batch engine does: no table per sub-battle)."""
        ships = tuple((1, v) for v in self.bombard) if self.bombard_fires_back else ()
        if not ships:
            return None
        units = self._fire_groups(comp, 0)
        if self.dice.independent:
            return standard_table(units + ships)
        return np.convolve(self._table(units), self._table(ships))

    def _table(self, groups) -> np.ndarray:
        """The hit table of ``groups`` rolled together, as an array."""
        if self.dice.independent:
            return standard_table(groups)
        return as_array(self.dice.hit_dist(groups))

    def alone_at_end(self, role: str, comp) -> bool:
        side = self.att if role == "attacker" else self.dfn
        return side.may_be_left_alone and side.left_alone(comp)

    def _fire_groups(self, counts, k: int) -> tuple[tuple[int, int], ...]:
        fights = self.side(k).fights
        return tuple(g for i, groups in enumerate(self.main_fire.values((counts, counts, False), k))
                     if counts[i] and fights[i] for g in groups)


#: ``verdicts_and_losses``' code by 2 x (the attacker has units) + (the defender has).
_VERDICT_CODES = np.array([2, 1, 0, 3])


def _powers(split) -> list[int]:
    """Each composition's pooled power from ``LaterRules._chain_values``' arrays."""
    plain, raised, v0, up = split
    return (plain @ v0 + raised @ up).tolist()


def _counts_of(comps: list, slots: int) -> np.ndarray:
    """Compositions (tuples of ``slots`` counts) as an array [composition, slot] (``fromiter``
    over the flattened counts: faster than an array of the tuples)."""
    flat = itertools.chain.from_iterable(comps)
    return np.fromiter(flat, dtype=np.int64, count=len(comps) * slots).reshape(len(comps), slots)


def _counts(states: list, k: int, slots: int) -> np.ndarray:
    """Side k's counts of ``states`` as an array [position, slot] (``_counts_of``)."""
    return _counts_of([s[k] for s in states], slots)


def _low_luck_rows(powers: list[int]) -> np.ndarray:
    """Low luck's hit tables of these pooled powers (``hits.lowluck_hits``: power // 6 sure
    hits, one more with chance (power % 6) / 6) as the zero-padded rows of one array."""
    sure, rem = np.divmod(np.array(powers, dtype=np.int64), 6)
    width = int((sure + (rem > 0)).max()) + 1
    out = np.zeros((len(powers), width + 1))
    rows = np.arange(len(powers))
    out[rows, sure] = 1.0 - rem / 6
    out[rows, sure + 1] += rem / 6              # rem = 0: adds 0 past the sure hits
    return out[:, :width]


def _rows(tables: list[np.ndarray]) -> np.ndarray:
    """Tables as the zero-padded rows of one array."""
    out = np.zeros((len(tables), max(len(t) for t in tables)))
    for k, t in enumerate(tables):
        out[k, :len(t)] = t
    return out
