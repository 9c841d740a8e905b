"""The phases of every edition's round (docs/rules.md §2, §2b): round 1's AA fire,
submerging, the submarines' surprise strike (Classic's first strike), and the general combat
(with round 1's shore bombardment).

Each phase reads the battle's ``LaterRules`` (``rules``: it imports this module, hence no
import of it here). ``resolve`` is written for a batch of rolls (``resolve_many``: the
simulator), one roll being a batch of one (the table side, enumeration); ``outcome_dist`` is
the exact table, the product of each firing group's hit table (``rules.dice.hit_dist``).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

import numpy as np

from ...battle import Phase
from ...distribution import Dist
from ...text import msg, plural
from .casualties import AIR
from .edition import UnitType
from .hits import tally

#: Hit categories: bombardment, submarines, aircraft that may not hit submarines, the rest
#: (in the order a side takes them), and AA fire.
BOMBARD, SUB, AIR_ONLY, ANY, AA = "bombard", "sub", "air", "any", "aa"
ORDER = (BOMBARD, SUB, AIR_ONLY, ANY)
SIDES = ("attacker", "defender")
WHAT = {BOMBARD: "bombardment", SUB: "submarines"}


@dataclass(frozen=True)
class Slot:
    """A side's units of one type in one status: "" (undamaged), "damaged", "amphibious",
    "amphibious damaged" (landed, and took a hit: still landed),
    "out" (submerged), "withdrawn" (the attacker's units that left an amphibious assault
    while its landed units fight on)."""

    unit: UnitType
    status: str = ""
    #: In the battle as a unit that can be hit: not submerged, not withdrawn, and not an AA
    #: gun that is no casualty (it only fires at aircraft: ``UnitType.fights``). Set once
    #: here (every verdict and casualty asks; a cached property's first read, under its
    #: lock, cost more than the slot: ~1.2 us, ~10 slots a battle).
    fights: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "fights",
                           self.status not in ("out", "withdrawn") and self.unit.fights)

    @property
    def undamaged_two_hit(self) -> bool:
        return self.unit.hits > 1 and self.status not in ("damaged", "amphibious damaged")


def _air_category(rules, state, k: int) -> str:
    """The category of side k's aircraft's hits: "any" where the edition lets aircraft hit
    submarines always or a destroyer of theirs is in the battle, else "air"."""
    if rules.air_hits_submarines or rules.has(k, state[k], "destroyer"):
        return ANY
    return AIR_ONLY


def may_take(category: str, slot: Slot) -> bool:
    """Whether a hit of ``category`` may be taken by a unit in ``slot``."""
    if not slot.fights:
        return False
    kind = slot.unit.kind
    if category == AA:
        return kind == "air"
    if category == SUB:
        return kind != "air"
    if category == AIR_ONLY:
        return not slot.unit.has("submarine")
    return True


class AAFire(Phase):
    """Round 1: the defender's AA guns fire at the attacking aircraft (``rules.aa_shots``
    says how many shots, ``rules.aa_hit`` at what value; hit aircraft go by the order of
    loss)."""

    name = msg("AA fire")

    def __init__(self, rules):
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


def _product(dists: list[Dist]) -> Dist:
    """The joint distribution of independent hit counts, as tuples."""
    out: dict = {(): 1.0}
    for d in dists:
        nxt: dict = {}
        for key, p in out.items():
            for h, q in d.items():
                k = key + (h,)
                nxt[k] = nxt.get(k, 0.0) + p * q
        out = nxt
    return Dist(out)


@functools.lru_cache(maxsize=100_000)
def _product_of(groups: tuple, dice) -> Dist:
    return _product([dice.hit_dist(g) for g in groups])


class _Firing(Phase):
    """A phase in which both sides may fire groups: ``batches(state, k)`` is side k's
    ``[(category, groups)]`` in the order the enemy takes them (memoised per position)."""

    def __init__(self, rules):
        self.rules = rules
        self._memo: dict = {}

    def batches(self, state, k: int) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
        """Side k's ``[(category, groups)]`` in ``state`` (``_batches``, memoised by what it
        depends on: side k's units, which kinds the enemy has, round 1 or not — so the many
        positions of one composition against others share it)."""
        # the position itself first: the simulator asks at the same positions again and
        # again, and the shared key costs more to build than the position's to hash
        found = self._memo.get((k, state))
        if found is not None:
            return found
        key = (k, state[k], tuple(n > 0 for n in state[1 - k]), state[2])
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._batches(state, k)
        if len(self._memo) > 200_000:
            self._memo.clear()
        self._memo[(k, state)] = found
        return found

    def _batches(self, state, k: int) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
        raise NotImplementedError

    def _named_batches(self, state, k: int) -> list[tuple[str, tuple]]:
        """``batches`` with who fires: ``[(category, ((dice, value, unit id), ...))]`` in
        the same order, each batch's groups in ``batches``' sorted order."""
        raise NotImplementedError

    def _dice_of(self, state, k):
        """Side k's dice per batch, each naming the units that roll it (memoised like
        ``batches``: the simulator asks at every position)."""
        key = ("dice", k, state[k], tuple(n > 0 for n in state[1 - k]), state[2])
        found = self._memo.get(key)
        if found is None:
            r = self.rules
            role = SIDES[k]
            found = []
            # who rolls: units, not dice (a heavy bomber rolls several)
            per_unit = {s.unit.id: d for s, d in zip(r.side(k).slots, r.side(k).dice0)}
            for cat, named in self._named_batches(state, k):
                groups = tuple((m, v) for m, v, _ in named)
                units = tuple(((uid, m // per_unit.get(uid, 1)),) for m, _, uid in named)
                # who fires decides the words: a batch of submarines pooled with other
                # ships (the hits may take the same units) rolls as the side's attack
                subs = {s.unit.id for s in r.side(k).slots if s.unit.has("submarine")}
                only_subs = all(uid in subs for _, _, uid in named)
                what = WHAT.get(cat) if cat == BOMBARD or (cat == SUB and only_subs) \
                    else ("attack" if k == 0 else "defence")
                found.append(r.dice.dice(role, groups, what, units))
            if len(self._memo) > 200_000:
                self._memo.clear()
            self._memo[key] = found
        return found

    def dice(self, state):
        return tuple(d for k in (0, 1) for dice in self._dice_of(state, k) for d in dice)

    def sure_hits(self, state):
        r = self.rules
        out = []
        for k in (0, 1):
            # who rolls: units, not dice (a heavy bomber rolls several), as ``_dice_of``
            per_unit = {s.unit.id: d for s, d in zip(r.side(k).slots, r.side(k).dice0)}
            for _, named in self._named_batches(state, k):
                out += r.dice.sure(SIDES[k], tuple((m, v) for m, v, _ in named),
                                   tuple(((uid, m // per_unit.get(uid, 1)),)
                                         for m, _, uid in named if uid))
        return tuple(out)

    def batch_dist(self, state, k: int) -> Dist:
        """Side k's hits per batch (a tuple), exactly."""
        return _product_of(tuple(g for _, g in self.batches(state, k)), self.rules.dice)

    def outcome_dist(self, state):
        return self.batch_dist(state, 0).joint(self.batch_dist(state, 1))

    def resolve(self, state, rolled):
        (outcome,) = self.resolve_many(state, np.asarray(rolled, dtype=np.int64).reshape(1, -1))
        return outcome

    def resolve_many(self, state, rolled):
        """((attacker's hits per batch), (defender's)) of each roll, tallied."""
        r = self.rules
        columns = []
        start = 0
        for k in (0, 1):
            for (cat, groups), dice in zip(self.batches(state, k), self._dice_of(state, k)):
                columns.append((k, r.dice.hits_many(groups, rolled[:, start:start + len(dice)])))
                start += len(dice)
        # each roll's hits as one mixed-radix number: one np.unique for the whole batch
        if not columns:
            return {((), ()): len(rolled)}
        code = np.zeros(len(rolled), dtype=np.int64)
        bases = []
        for _, c in columns:
            base = int(c.max()) + 1
            code = code * base + c
            bases.append(base)
        out: dict = {}
        values, counts = np.unique(code, return_counts=True)
        for value, n in zip(values.tolist(), counts.tolist()):
            hits = []
            for base in reversed(bases):
                value, h = divmod(value, base)
                hits.append(h)
            hits.reverse()
            att = tuple(h for (k, _), h in zip(columns, hits) if k == 0)
            dfn = tuple(h for (k, _), h in zip(columns, hits) if k == 1)
            out[(att, dfn)] = n
        return out

    def _after(self, state, outcome, choice=None):
        r = self.rules
        choice = choice or {}
        after = []
        for k in (0, 1):
            cats = [c for c, _ in self.batches(state, 1 - k)]
            batches = tuple(zip(cats, outcome[1 - k]))
            after.append(r.side(k).apply_batches(state[k], batches, choice.get(SIDES[k])))
        return after

    def propose(self, state, outcome):
        r = self.rules
        after = self._after(state, outcome)
        return {SIDES[k]: r.side(k).as_choice(state[k], after[k]) for k in (0, 1)}

    def apply(self, state, outcome, choice=None):
        a, d = self._after(state, outcome, choice)
        return (a, d, state[2])


class Submerge(Phase):
    """A side that chose to submerge takes its submarines out while the enemy has no
    destroyer (no dice)."""

    name = msg("submerge")

    def __init__(self, rules):
        self.rules = rules

    def resolve(self, state, rolled):
        return tuple(self.rules.submerging(state, k) for k in (0, 1))

    def outcome_dist(self, state):
        return Dist.point(self.resolve(state, ()))

    def apply(self, state, outcome, choice=None):
        sides = [list(state[0]), list(state[1])]
        for k in (0, 1):
            if not outcome[k]:
                continue
            slots = self.rules.side(k).slots
            for i, s in enumerate(slots):
                if s.unit.has("submarine") and s.fights and sides[k][i]:
                    j = next(j for j, t in enumerate(slots)
                             if t.unit.id == s.unit.id and t.status == "out")
                    sides[k][j] += sides[k][i]
                    sides[k][i] = 0
        return (tuple(sides[0]), tuple(sides[1]), state[2])

    def explain(self, state, rolled):
        return msg("Submarines submerge: the enemy has no destroyer")


class SurpriseStrike(_Firing):
    """Submarines fire first while the enemy has no destroyer; their hits are removed at
    once and never taken by aircraft."""

    name = msg("surprise strike")

    def _batches(self, state, k):
        r = self.rules
        if not r.surprising(state, k):
            return []
        return [(c, tuple((m, v) for m, v, _ in g)) for c, g in self._named_batches(state, k)]

    def _named_batches(self, state, k):
        r = self.rules
        if not r.surprising(state, k):
            return []
        side = r.side(k)
        groups = tuple((n * side.dice0[i], side.values0[i], s.unit.id)
                       for i, (n, s) in enumerate(zip(state[k], side.slots))
                       if n and s.fights and s.unit.has("submarine") and side.values0[i])
        return [(SUB, groups)] if groups else []

    def explain(self, state, rolled):
        a, d = self.resolve(state, rolled)
        return plural(sum(a), "Surprise strike: the attacker's submarines score {n} hit, the "
                      "defender's {d}", "Surprise strike: the attacker's submarines score {n} "
                      "hits, the defender's {d}", d=sum(d))


class FirstStrike(SurpriseStrike):
    """The first-strike rules' strike (``submarines = "first_strike"``: Classic): the
    attacking submarines fire first, when the option is on; the defender loses sea units
    before firing back (``rules.surprising``)."""

    name = msg("submarine first strike")

    def explain(self, state, rolled):
        a, _ = self.resolve(state, rolled)
        return plural(sum(a), "Submarines' first strike: {n} hit on sea units",
                      "Submarines' first strike: {n} hits on sea units")


class Bombardment(_Firing):
    """Round 1 of an amphibious assault, where the edition says the bombardment's casualties
    don't fire back: the ships fire alone and their hits are removed before the general
    combat (where they fire back, the ships fire in it: ``MainFire``)."""

    name = msg("shore bombardment")

    def _batches(self, state, k):
        return [(c, tuple((m, v) for m, v, _ in g)) for c, g in self._named_batches(state, k)]

    def _named_batches(self, state, k):
        r = self.rules
        if k == 0 and state[2] and r.bombard and not r.bombard_fires_back:
            return [(BOMBARD, tuple((1, v, "") for v in r.bombard))]
        return []

    def explain(self, state, rolled):
        a, _ = self.resolve(state, rolled)
        return msg("Shore bombardment: {a} hits, removed before they fire back", a=sum(a))


class MainFire(_Firing):
    """All other units of both sides fire (round 1: the bombarding ships with them);
    casualties are removed after both have fired."""

    name = msg("fire")

    def _batches(self, state, k):
        return [(c, tuple((m, v) for m, v, _ in g)) for c, g in self._named_batches(state, k)]

    def _named_batches(self, state, k):
        r = self.rules
        side, enemy = r.side(k), r.side(1 - k)
        counts = state[k]
        raw: dict[str, list[tuple[int, int]]] = {c: [] for c in ORDER}
        if k == 0 and state[2] and r.bombard and r.bombard_fires_back:
            raw[BOMBARD] = [(1, v, "") for v in r.bombard]
        surprised = r.surprising(state, k)
        air = _air_category(r, state, k)
        values = self.values(state, k)
        for i, (n, s) in enumerate(zip(counts, side.slots)):
            if not n or not s.fights:
                continue
            if s.unit.has("submarine"):
                if surprised:
                    continue
                cat = r.sub_category
            else:
                cat = air if s.unit.kind == "air" else ANY
            for m, v in values[i]:
                if m and v:
                    raw[cat].append((m, v, s.unit.id))
        # Low luck rolls each set of units the groups may hit once: groups that may hit the
        # same units (of those the enemy has) are pooled; bombardment rolls on its own.
        present = [s for n, s in zip(state[1 - k], enemy.slots) if n and s.fights]
        out: list[tuple[str, tuple]] = []
        targets: dict = {}
        last = None
        for cat in ORDER:
            groups = [g for g in raw[cat] if g[0] and g[1]]
            if not groups:
                continue
            key = (cat,) if cat == BOMBARD else frozenset(
                i for i, s in enumerate(present) if may_take(cat, s))
            if r.dice.independent and out and key != last:
                # ordinary dice: every unit rolls its own die, so only neighbours in the order
                # hits are taken may share a batch (each category keeps its place)
                targets = {}
            last = key
            if key in targets:
                j = targets[key]
                out[j] = (out[j][0], out[j][1] + tuple(groups))
            else:
                targets[key] = len(out)
                out.append((cat, tuple(groups)))
        # each batch's groups sorted by (dice, value) as the hit tables are keyed; who fires
        # rides along (a tie of dice and value keeps either order: the dice are the same).
        # The first-strike rules keep the edition's unit order: the order their dice have
        # always had at the table, which saved battles replay
        if r.dice_in_unit_order:
            return out
        return [(c, tuple(sorted(g, key=lambda x: x[:2]))) for c, g in out]

    def values(self, state, k) -> list[list[tuple[int, int]]]:
        """Per slot, [(units, value)]: the side's values, the attacker's support applied
        (each supporter raises one unit, recounted from the units left)."""
        side = self.rules.side(k)
        counts = state[k]
        dice = side.dice0
        out = [[(n * d, v)] for n, v, d in zip(counts, side.values0, dice)]
        for by, units, attack in side.support:           # the attacker's only
            free = sum(counts[i] for i in by)
            for i in units:
                if not free:
                    break
                n = counts[i]
                if n:
                    raised = min(free, n)
                    free -= raised
                    base = out[i][0][1]
                    out[i] = [((n - raised) * dice[i], base),
                              (raised * dice[i], max(base, attack))]
        return out

    def explain(self, state, rolled):
        a, d = self.resolve(state, rolled)
        return plural(sum(a), "Fire: the attacker scores {n} hit, the defender {d}",
                      "Fire: the attacker scores {n} hits, the defender {d}", d=sum(d))
