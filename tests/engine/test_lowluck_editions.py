"""The later A&A editions (docs/rules.md §2b) against an independent brute force.

``Reference`` below plays a battle from the edition's data file (read with ``tomllib``, not
the engine's reader) unit by unit, every face of every die enumerated, round by round: it
shares no code with ``combatassist.rulesets.lowluck.later``. Small battles of every mechanism
(support, AA guns, bombardment, two-hit units, surprise strike, destroyers, submerging,
transports, amphibious units, keep_land_unit, the AA-only defender) are compared position by
position after a fixed number of rounds, in both dice modes.
"""
from __future__ import annotations

import itertools
import math
import tomllib
from pathlib import Path

import pytest

from combatassist.ruleset import compute
from combatassist.rulesets import lowluck
from combatassist.scenario import parse_scenario_text
from combatassist.solver import solve

ROOT = Path(__file__).resolve().parents[2]


def edition_table(name: str) -> dict:
    return tomllib.loads((ROOT / "resources" / "lowluck" / "editions" / f"{name}.toml")
                        .read_text(encoding="utf-8"))


class Reference:
    """The rules of §2b written plainly: a side is a sorted tuple of units
    ``(order key, id, status)``; status "" / "damaged" / "amphibious" / "out"."""

    def __init__(self, edition: str, doc: dict):
        table = edition_table(edition)
        self.units = table["units"]
        self.support = table.get("support", [])
        opts = doc.get("options", {})
        self.dice = opts.get("dice", "lowluck")
        self.land = opts.get("battle", "land") == "land"
        self.keep_land = opts.get("keep_land_unit", False)
        self.sides = [doc.get("attacker", {}), doc.get("defender", {})]
        self.bombard = [self.units[u]["attack"] for u, n in
                        self.sides[0].get("bombard", {}).items() for _ in range(n)]
        self.submerge = [s.get("submerge", False) for s in self.sides]

    def ab(self, uid, what):
        return what in self.units[uid].get("abilities", [])

    def value(self, uid, k):
        return self.units[uid]["attack" if k == 0 else "defence"]

    def key(self, k, uid, status):
        ids = list(self.units)
        order = self.sides[k].get("order_of_loss")
        if order:
            order = list(order) + [u for u in ids if u not in order]
            rank = order.index(uid)
        else:
            u = self.units[uid]
            rank = (u["cost"], self.value(uid, k), ids.index(uid))
        return (self.ab(uid, "transport"), rank, {"amphibious": 0, "damaged": 1}.get(status, 2))

    def start(self):
        state = []
        for k, side in enumerate(self.sides):
            units = []
            for uid, n in side.get("units", {}).items():
                amph = side.get("amphibious", {}).get(uid, 0)
                dmg = side.get("damaged", {}).get(uid, 0)
                for i in range(n):
                    status = "amphibious" if i < amph else "damaged" if i < amph + dmg else ""
                    units.append((self.key(k, uid, status), uid, status))
            state.append(tuple(sorted(units)))
        return tuple(state)

    # -- rules ---------------------------------------------------------------------------
    def fighting(self, side):
        return [u for u in side if u[2] != "out"]

    def has(self, side, what):
        return any(self.ab(u[1], what) for u in self.fighting(side))

    def may_take(self, cat, unit):
        kind = self.units[unit[1]]["kind"]
        if cat == "aa":
            return kind == "air"
        if cat == "sub":
            return kind != "air"
        if cat == "air":
            return not self.ab(unit[1], "submarine")
        return True

    def take(self, side, batches, k):
        side = list(side)
        for cat, hits in batches:
            for _ in range(hits):
                live = [i for i, u in enumerate(side) if u[2] != "out" and self.may_take(cat, u)]
                two = [i for i in live if self.units[side[i][1]].get("hits", 1) == 2
                       and side[i][2] != "damaged"]
                if two:
                    i = two[0]
                    side[i] = (self.key(k, side[i][1], "damaged"), side[i][1], "damaged")
                    side.sort()
                    continue
                if not live:
                    break
                pick = live
                if k == 0 and self.keep_land and self.land:
                    land = [i for i, u in enumerate(side) if u[2] != "out"
                            and self.units[u[1]]["kind"] == "land"]
                    if land and len(live) > 1:
                        pick = [i for i in live if i != land[-1]] or live
                del side[pick[0]]
        return tuple(sorted(side))

    def fire_groups(self, state, k, cats_allowed, round1, surprise):
        """[(category, [values])] of side k in the general combat (or surprise strike)."""
        side = self.fighting(state[k])
        enemy = self.fighting(state[1 - k])
        values = {i: self.value(u[1], k) for i, u in enumerate(side)}
        if k == 0:
            for rule in self.support:
                free = sum(1 for u in side if u[1] in rule["by"])
                for i, u in enumerate(side):
                    if free and u[1] in rule["units"]:
                        values[i] = max(values[i], rule["attack"])
                        free -= 1
        raw = {"bombard": [], "sub": [], "air": [], "any": []}
        if surprise:
            raw["sub"] = [values[i] for i, u in enumerate(side) if self.ab(u[1], "submarine")]
        else:
            if k == 0 and round1 and self.land:
                raw["bombard"] = list(self.bombard)
            own_dd = self.has(side, "destroyer")
            for i, u in enumerate(side):
                if self.ab(u[1], "submarine"):
                    if cats_allowed:
                        raw["sub"].append(values[i])
                elif self.units[u[1]]["kind"] == "air" and not own_dd:
                    raw["air"].append(values[i])
                else:
                    raw["any"].append(values[i])
        out = []
        seen = {}
        for cat in ("bombard", "sub", "air", "any"):
            vals = [v for v in raw[cat] if v]
            if not vals:
                continue
            key = ("b",) if cat == "bombard" else frozenset(
                (u[1], u[2]) for u in enemy if self.may_take(cat, u))
            if key in seen:
                out[seen[key]][1].extend(vals)
            else:
                seen[key] = len(out)
                out.append((cat, vals))
        return out

    def hits(self, values):
        """{hits: probability} of a group: every face of every die."""
        if self.dice == "lowluck":
            sure, rem = divmod(sum(values), 6)
            if not rem:
                return {sure: 1.0}
            out = {}
            for face in range(1, 7):
                h = sure + (face <= rem)
                out[h] = out.get(h, 0.0) + 1 / 6
            return out
        out = {0: 1.0}
        for v in values:
            nxt = {}
            for h, p in out.items():
                for face in range(1, 7):
                    h2 = h + (face <= v)
                    nxt[h2] = nxt.get(h2, 0.0) + p / 6
            out = nxt
        return out

    def batches_dist(self, groups):
        out = {(): 1.0}
        for cat, vals in groups:
            nxt = {}
            for key, p in out.items():
                for h, q in self.hits(vals).items():
                    nxt[key + ((cat, h),)] = nxt.get(key + ((cat, h),), 0.0) + p * q
            out = nxt
        return out

    def verdict(self, state):
        a, d = self.fighting(state[0]), self.fighting(state[1])
        if a and d:
            return None
        return "draw" if not a and not d else ("attacker" if a else "defender")

    def round(self, state, round1):
        """{state after the round: p}."""
        dist = {state: 1.0}

        def step(dist, f):
            out = {}
            for s, p in dist.items():
                for s2, q in f(s).items():
                    out[s2] = out.get(s2, 0.0) + p * q
            return out

        if round1 and self.land:
            def aa(s):
                guns = sum(3 for u in self.fighting(s[1]) if self.ab(u[1], "aa_gun"))
                planes = sum(1 for u in self.fighting(s[0]) if self.units[u[1]]["kind"] == "air")
                shots = min(guns, planes)
                return {(self.take(s[0], [("aa", h)], 0), s[1]): p
                        for h, p in self.hits([1] * shots).items()} if shots else {s: 1.0}
            dist = step(dist, aa)

        def submerge(s):
            new = list(s)
            for k in (0, 1):
                if self.submerge[k] and not self.has(s[1 - k], "destroyer"):
                    new[k] = tuple(sorted((key, uid, "out" if self.ab(uid, "submarine") and
                                           st != "out" else st) for key, uid, st in s[k]))
            return {tuple(new): 1.0}
        dist = step(dist, submerge)
        start = dist

        def surprise(s):
            groups = [self.fire_groups(s, k, False, round1, True)
                      if not self.has(s[1 - k], "destroyer") else [] for k in (0, 1)]
            out = {}
            for ba, p in self.batches_dist(groups[0]).items():
                for bd, q in self.batches_dist(groups[1]).items():
                    s2 = (self.take(s[0], bd, 0), self.take(s[1], ba, 1))
                    out[s2] = out.get(s2, 0.0) + p * q
            return out
        surprised = {}
        for s in start:
            for k in (0, 1):
                surprised[(s, k)] = (self.has(s[k], "submarine")
                                     and not self.has(s[1 - k], "destroyer"))
        dist = step(dist, surprise)

        def general(s):
            # subs that struck by surprise don't fire again (the enemy has no destroyer)
            groups = [self.fire_groups(s, k, self.has(s[1 - k], "destroyer"), round1, False)
                      for k in (0, 1)]
            out = {}
            for ba, p in self.batches_dist(groups[0]).items():
                for bd, q in self.batches_dist(groups[1]).items():
                    s2 = self.end((self.take(s[0], bd, 0), self.take(s[1], ba, 1)))
                    out[s2] = out.get(s2, 0.0) + p * q
            return out
        return step(dist, general)

    def end(self, s):
        s = list(s)
        for k in (0, 1):
            live = self.fighting(s[k])
            can_fire = any(self.value(u[1], 1 - k) > 0 for u in self.fighting(s[1 - k]))
            if live and can_fire and all(self.ab(u[1], "transport") for u in live):
                s[k] = tuple(u for u in s[k] if u[2] == "out")
        live = self.fighting(s[1])
        if live and self.fighting(s[0]) and all(self.ab(u[1], "aa_gun") for u in live):
            s[1] = tuple(u for u in s[1] if u[2] == "out")
        return tuple(s)

    def play(self, rounds):
        dist = {self.start(): 1.0}
        for r in range(rounds):
            out = {}
            for s, p in dist.items():
                if self.verdict(s) is not None:
                    out[s] = out.get(s, 0.0) + p
                    continue
                for s2, q in self.round(s, r == 0).items():
                    out[s2] = out.get(s2, 0.0) + p * q
            dist = out
        return dist


def canonical_reference(state):
    return tuple(tuple(sorted((uid, st) for _, uid, st in side)) for side in state)


def canonical_engine(rules, state):
    out = []
    for k in (0, 1):
        side = rules.side(k)
        units = []
        for n, slot in zip(state[k], side.slots):
            units += [(slot.unit.id, slot.status)] * n
        out.append(tuple(sorted(units)))
    return tuple(out)


def toml_of(edition: str, doc: dict) -> str:
    import tomli_w
    full = {"ruleset": "lowluck", "options": {"edition": edition, **doc.get("options", {})}}
    for role in ("attacker", "defender"):
        if role in doc:
            full[role] = doc[role]
    return tomli_w.dumps(full)


def payload(edition: str, doc: dict):
    return parse_scenario_text(toml_of(edition, doc)).body


CASES = {
    "artillery and AA gun": ("1942se", {
        "attacker": {"units": {"infantry": 2, "artillery": 1, "fighter": 1}},
        "defender": {"units": {"infantry": 1, "aa_gun": 1}}}),
    "artillery support recounted": ("1942se", {
        "attacker": {"units": {"infantry": 2, "artillery": 1},
                     "order_of_loss": ["artillery", "infantry"]},
        "defender": {"units": {"infantry": 2}}}),
    "amphibious with bombardment": ("1942se", {
        "attacker": {"units": {"infantry": 2, "armor": 1}, "amphibious": {"infantry": 2},
                     "bombard": {"battleship": 1, "cruiser": 1}},
        "defender": {"units": {"infantry": 2, "armor": 1}}}),
    "keep a land unit": ("1942se", {
        "options": {"keep_land_unit": True},
        "attacker": {"units": {"infantry": 1, "fighter": 2}},
        "defender": {"units": {"infantry": 2}}}),
    "AA guns alone": ("1942se", {
        "attacker": {"units": {"fighter": 2, "bomber": 1}},
        "defender": {"units": {"aa_gun": 1}}}),
    "subs surprise a damaged battleship": ("1942se", {
        "options": {"battle": "sea"},
        "attacker": {"units": {"submarine": 2, "fighter": 1}},
        "defender": {"units": {"battleship": 2, "transport": 1}, "damaged": {"battleship": 1}}}),
    "destroyers at sea": ("1942se", {
        "options": {"battle": "sea"},
        "attacker": {"units": {"destroyer": 1, "fighter": 1, "submarine": 1}},
        "defender": {"units": {"submarine": 1, "carrier": 1, "fighter": 1}}}),
    "submerging": ("1942se", {
        "options": {"battle": "sea"},
        "attacker": {"units": {"cruiser": 1, "fighter": 1}},
        "defender": {"units": {"submarine": 2, "destroyer": 1}, "submerge": True}}),
    "submerge beside a battleship": ("1942se", {
        "options": {"battle": "sea"},
        "attacker": {"units": {"battleship": 1, "submarine": 1}, "submerge": True},
        "defender": {"units": {"cruiser": 1, "submarine": 1}}}),
    "lone transports": ("1942se", {
        "options": {"battle": "sea"},
        "attacker": {"units": {"transport": 2, "destroyer": 1}},
        "defender": {"units": {"transport": 1, "submarine": 1}}}),
    "subs against aircraft": ("1942se", {
        "options": {"battle": "sea"},
        "attacker": {"units": {"fighter": 1, "bomber": 1}},
        "defender": {"units": {"submarine": 2, "transport": 1}}}),
    "tactical bombers and mech infantry": ("1940se", {
        "attacker": {"units": {"tactical_bomber": 2, "armor": 1, "mech_infantry": 1,
                               "artillery": 1}},
        "defender": {"units": {"infantry": 2, "fighter": 1, "aa_gun": 1}}}),
    "two-hit carriers": ("1940se", {
        "options": {"battle": "sea"},
        "attacker": {"units": {"destroyer": 1, "tactical_bomber": 1, "fighter": 1}},
        "defender": {"units": {"carrier": 1, "battleship": 1}}}),
}


@pytest.mark.parametrize("dice", ["lowluck", "standard"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_each_mechanism_against_brute_force(name, dice):
    edition, doc = CASES[name]
    doc = {**doc, "options": {**doc.get("options", {}), "dice": dice}}
    rounds = 3 if dice == "lowluck" else 2
    expected: dict = {}
    for s, p in Reference(edition, doc).play(rounds).items():
        key = canonical_reference(s)
        expected[key] = expected.get(key, 0.0) + p
    rules = lowluck.make_rules(payload(edition, doc))
    out = solve(rules, max_rounds=rounds, prune_below=0.0)
    got: dict = {}
    for bucket in (out.decided, out.stalemates, out.undecided):
        for s, p in bucket.items():
            key = canonical_engine(rules, s)
            got[key] = got.get(key, 0.0) + p
    assert math.isclose(sum(got.values()), 1.0, abs_tol=1e-12)
    for key in set(expected) | set(got):
        assert got.get(key, 0.0) == pytest.approx(expected.get(key, 0.0), abs=1e-12), key
