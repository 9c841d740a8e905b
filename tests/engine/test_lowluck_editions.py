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
            key = (cat,) if cat == "bombard" or self.dice != "lowluck" else frozenset(
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
    "submarines' and aircraft's hits in order": ("1942se", {
        "options": {"battle": "sea"},
        "attacker": {"units": {"submarine": 2, "battleship": 1, "fighter": 1}},
        "defender": {"units": {"destroyer": 1, "battleship": 1, "submarine": 1}}}),
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


# -- worked reasoning ---------------------------------------------------------------------
def fire_table(rules, state, k):
    return dict(rules.main_fire.batch_dist(state, k))


def test_artillery_support_is_recounted_after_the_artillery_dies():
    # 1 infantry + 1 artillery attack (the artillery lost first): power 2 + 2 = 4 (the
    # infantry supported), one hit on a 1-4. Once the artillery is gone the infantry attacks
    # at 1 again: one hit on a 1.
    doc = {"attacker": {"units": {"infantry": 1, "artillery": 1},
                        "order_of_loss": ["artillery", "infantry"]},
           "defender": {"units": {"infantry": 1}}}
    rules = lowluck.make_rules(payload("1942se", doc))
    start = rules.initial_state()
    assert fire_table(rules, start, 0) == pytest.approx({(1,): 4 / 6, (0,): 2 / 6})
    after = rules.round_dist(start)
    # the defender (power 2) hits on a 1-2 and takes the artillery
    lost_artillery = next(s for s in after if rules.state_units(s)[0] == {"infantry": 1}
                          and rules.state_units(s)[1])
    assert after[lost_artillery] == pytest.approx(2 / 6 * 2 / 6)
    assert fire_table(rules, lost_artillery, 0) == pytest.approx({(1,): 1 / 6, (0,): 5 / 6})
    # two artillery support only as many infantry as there are: 1 inf + 2 art = 2 + 4
    doc["attacker"]["units"] = {"infantry": 1, "artillery": 2}
    rules = lowluck.make_rules(payload("1942se", doc))
    assert fire_table(rules, rules.initial_state(), 0) == {(1,): 1.0}


def test_tactical_bomber_pairs_with_a_fighter_or_armor():
    # 1940: 2 tactical bombers + 1 armor: one bomber at 4, the other at 3; armor 3 -> power 10
    doc = {"attacker": {"units": {"tactical_bomber": 2, "armor": 1}},
           "defender": {"units": {"infantry": 3}}}
    rules = lowluck.make_rules(payload("1940se", doc))
    assert fire_table(rules, rules.initial_state(), 0) == pytest.approx(
        {(1,): 2 / 6, (2,): 4 / 6})


@pytest.mark.parametrize("guns, planes, dice, expected", [
    (1, 2, "lowluck", {1: 2 / 6, 0: 4 / 6}),            # 2 shots
    (1, 5, "lowluck", {1: 3 / 6, 0: 3 / 6}),            # 3 shots per gun at most
    (2, 7, "lowluck", {1: 1.0}),                        # 6 shots: one sure hit
    (1, 2, "standard", {0: 25 / 36, 1: 10 / 36, 2: 1 / 36}),
])
def test_aa_guns_shoot_three_times_each_at_most_once_per_aircraft(guns, planes, dice, expected):
    doc = {"options": {"dice": dice},
           "attacker": {"units": {"fighter": planes, "infantry": 1}},
           "defender": {"units": {"infantry": 1, "aa_gun": guns}}}
    rules = lowluck.make_rules(payload("1942se", doc))
    state = rules.initial_state()
    aa = rules.phases(state)[0]
    assert aa is rules._aa
    assert dict(aa.outcome_dist(state)) == pytest.approx(expected)


def test_a_two_hit_battleship_takes_the_first_hit_and_is_not_lost():
    doc = {"options": {"battle": "sea"},
           "attacker": {"units": {"battleship": 1, "destroyer": 1}},
           "defender": {"units": {"destroyer": 1}}}
    rules = lowluck.make_rules(payload("1942se", doc))
    state = rules.initial_state()
    damaged = rules.att.take(state[0], (("any", 1),))[0]
    assert rules.state_units((damaged, state[1], False))[0] == {"battleship": 1, "destroyer": 1}
    assert rules.losses((damaged, state[1], False)) == (0, 0)
    assert rules.att.take(state[0], (("any", 2),))[0] == rules.att.take(damaged, (("any", 1),))[0]
    # sea battle: the battleship and the destroyer (1 v 1): 46/49, 1/49, 2/49 by hand
    res = compute(lowluck.RULESET, payload("1942se", {
        "options": {"battle": "sea", "dice": "standard"},
        "attacker": {"units": {"battleship": 1}}, "defender": {"units": {"destroyer": 1}}}))
    assert res.attacker_wins == pytest.approx(46 / 49, abs=1e-12)
    assert res.defender_wins == pytest.approx(1 / 49, abs=1e-12)
    assert res.draw == pytest.approx(2 / 49, abs=1e-12)


def test_submarines_and_aircraft_alone_are_a_stalemate():
    res = compute(lowluck.RULESET, payload("1942se", {
        "options": {"battle": "sea"}, "attacker": {"units": {"fighter": 2}},
        "defender": {"units": {"submarine": 1}}}))
    assert res.stalemate == pytest.approx(1.0) and res.draw == pytest.approx(1.0)


def test_taking_the_territory_needs_a_land_unit_and_ipc_use_the_editions_costs():
    res = compute(lowluck.RULESET, payload("1942se", {
        "options": {"dice": "standard"},
        "attacker": {"units": {"fighter": 1, "infantry": 1}},
        "defender": {"units": {"aa_gun": 1}}}))
    # the AA gun fires once (hit on a 1), then is lost: the defender loses 5 IPC always
    assert res.defender_wins == pytest.approx(0.0, abs=1e-12)
    assert res.figures.defender_ipc_lost == pytest.approx(5.0)
    assert res.figures.attacker_ipc_lost == pytest.approx(10 / 6)
    assert res.figures.takes_territory == pytest.approx(1.0)


# -- exact against simulation ---------------------------------------------------------------
@pytest.mark.parametrize("name", ["amphibious with bombardment", "destroyers at sea",
                                  "tactical bombers and mech infantry", "submerging"])
@pytest.mark.parametrize("dice", ["lowluck", "standard"])
def test_exact_and_simulation_agree_within_five_sigma(name, dice):
    edition, doc = CASES[name]
    doc = {**doc, "options": {**doc.get("options", {}), "dice": dice}}
    body = payload(edition, doc)
    exact = compute(lowluck.RULESET, body)
    trials = 40_000
    sim = compute(lowluck.RULESET, body, method="simulate", trials=trials, seed=7)
    for key in ("attacker_wins", "defender_wins", "draw"):
        p = getattr(exact, key)
        sigma = math.sqrt(max(p * (1 - p), 1e-6) / trials)
        assert abs(getattr(sim, key) - p) <= 5 * sigma, key


# -- scenario files --------------------------------------------------------------------------
def test_a_later_edition_scenario_round_trips():
    body = payload("1942se", {
        "options": {"dice": "standard", "keep_land_unit": True},
        "attacker": {"units": {"infantry": 2, "artillery": 1}, "amphibious": {"infantry": 2},
                     "bombard": {"cruiser": 1}, "order_of_loss": ["infantry", "artillery"]},
        "defender": {"units": {"infantry": 1, "aa_gun": 1}}})
    doc = lowluck.to_document(body)
    assert doc["options"]["edition"] == "1942se"
    assert "aa_gun" not in doc["options"] and "submarine_first_strike" not in doc["options"]
    import tomli_w
    again = parse_scenario_text(tomli_w.dumps({"ruleset": "lowluck", **doc})).body
    assert again == body
    sea = payload("1942se", {"options": {"battle": "sea"},
                             "attacker": {"units": {"submarine": 1}, "submerge": True},
                             "defender": {"units": {"battleship": 1}, "damaged": {"battleship": 1}}})
    assert parse_scenario_text(tomli_w.dumps({"ruleset": "lowluck",
                                              **lowluck.to_document(sea)})).body == sea


BAD = [
    ("1942se", "[attacker]\nunits = { infantry = 1, elephant = 2 }\n",
     "unknown unit 'elephant'", "infantry, artillery, armor"),
    ("1942se", "[attacker]\nunits = { infantry = 1 }\namphibious = { infantry = 2 }\n",
     "2 amphibious infantry is more than the 1 in units", "attacker.amphibious"),
    ("1942se", "[attacker]\nunits = { infantry = 1 }\namphibious = { infantry = 1 }\n"
               "bombard = { battleship = 1, cruiser = 1 }\n",
     "2 ships bombard, more than the 1 amphibious units", "attacker.bombard"),
    ("1942se", "[defender]\nunits = { infantry = 1 }\ndamaged = { infantry = 1 }\n",
     "takes one hit", "defender.damaged"),
    ("1942se", "[attacker]\nunits = { aa_gun = 1 }\n", "an AA gun only defends",
     "attacker.units"),
    ("1942se", "aa_gun = true\n[attacker]\nunits = { infantry = 1 }\n",
     "is an option of Classic", "options.aa_gun"),
    ("1942se", "submarine_first_strike = false\n[attacker]\nunits = { infantry = 1 }\n",
     "is an option of Classic", "options.submarine_first_strike"),
    ("classic", "[attacker]\nunits = { infantry = 1 }\namphibious = { infantry = 1 }\n",
     "is a field of the later editions", "attacker.amphibious"),
    ("classic", "battle = \"sea\"\n[defender]\nunits = { submarine = 1 }\nsubmerge = true\n",
     "is a field of the later editions", "defender.submerge"),
    ("1901", "[attacker]\nunits = { infantry = 1 }\n", "unknown edition", "options.edition"),
    ("missing.toml", "[attacker]\nunits = { infantry = 1 }\n", "not found", "options.edition"),
]


@pytest.mark.parametrize("edition, rest, message, where", BAD)
def test_bad_input_gets_one_line_and_exit_status_2(tmp_path, capsys, edition, rest, message,
                                                   where):
    from combatassist.cli import main
    options, _, sides = rest.partition("[")
    text = (f'ruleset = "lowluck"\n[options]\nedition = "{edition}"\n{options}'
            + ("[" + sides if sides else "")
            + ("\n[defender]\nunits = { infantry = 1 }\n" if "[defender]" not in rest else ""))
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["odds", str(path), "--json"]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and where in err, err
    assert "\n" not in err and "Traceback" not in err


# -- an edition from a data file alone --------------------------------------------------------
HOUSE = '''title = "House rules"
[rules]
aa = "units"
submarines = "surprise"
[units]
infantry = { attack = 1, defence = 2, cost = 3, kind = "land" }
guards = { attack = 2, defence = 3, cost = 5, kind = "land" }
howitzer = { attack = 3, defence = 1, cost = 6, kind = "land" }
flak = { attack = 0, defence = 0, cost = 4, kind = "land", abilities = ["aa_gun"], aa_shots = 2 }
plane = { attack = 3, defence = 3, cost = 9, kind = "air" }
[battles]
land = ["land", "air"]
sea = ["sea", "air"]
[[support]]
by = ["howitzer"]
units = ["infantry", "guards"]
attack = 3
'''


def test_a_fourth_edition_from_a_data_file_alone(tmp_path):
    (tmp_path / "house.toml").write_text(HOUSE, encoding="utf-8")
    scenario = tmp_path / "battle.toml"
    scenario.write_text('ruleset = "lowluck"\n[options]\nedition = "house.toml"\n'
                        '[attacker]\nunits = { guards = 1, howitzer = 1, plane = 1 }\n'
                        '[defender]\nunits = { infantry = 2, flak = 1 }\n', encoding="utf-8")
    from combatassist.scenario import load_scenario
    body = load_scenario(scenario).body
    assert body.edition.title == "House rules"
    rules = lowluck.make_rules(body)
    state = rules.initial_state()
    # flak: 2 shots, one plane -> one shot; the howitzer raises the guards to 3: power 3+3+3
    assert dict(rules._aa.outcome_dist(state)) == pytest.approx({1: 1 / 6, 0: 5 / 6})
    assert fire_table(rules, state, 0) == {(1,): 0.5, (2,): 0.5}
    res = compute(lowluck.RULESET, body)
    assert math.isclose(res.attacker_wins + res.defender_wins + res.draw, 1.0)
    assert 0 < res.attacker_wins < 1
    (tmp_path / "house.toml").write_text(HOUSE.replace("cost = 9", "cost = -1"),
                                         encoding="utf-8")
    from combatassist.errors import ScenarioError
    with pytest.raises(ScenarioError, match="units.plane.cost") as info:
        load_scenario(scenario)
    assert "house.toml" in str(info.value) and "\n" not in str(info.value)


def test_an_edition_named_beside_the_scenario_is_found_again_wherever_it_is_written(
        tmp_path, monkeypatch):
    """``edition = "house.toml"`` is relative to the scenario's folder; written back (saved
    elsewhere, or checked again without a folder, as the app's form does) it still names the
    same file, from any working folder."""
    from combatassist.scenario import load_scenario, parse_scenario_text
    (tmp_path / "house.toml").write_text(HOUSE, encoding="utf-8")
    scenario = tmp_path / "battle.toml"
    scenario.write_text('ruleset = "lowluck"\n[options]\nedition = "house.toml"\n'
                        '[attacker]\nunits = { guards = 1, plane = 1 }\n'
                        '[defender]\nunits = { infantry = 2 }\n', encoding="utf-8")
    loaded = load_scenario(scenario)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    again = parse_scenario_text(loaded.to_toml())
    assert again.body.edition == loaded.body.edition
    assert again.body == loaded.body


# -- the table side --------------------------------------------------------------------------
def test_an_amphibious_assault_with_bombardment_and_aa_at_the_table(tmp_path):
    from combatassist.table import TableBattle, load_battle, rules_from_scenario
    text = toml_of("1942se", {
        "attacker": {"units": {"infantry": 2, "artillery": 1, "fighter": 2},
                     "amphibious": {"infantry": 2, "artillery": 1}, "bombard": {"battleship": 1}},
        "defender": {"units": {"infantry": 2, "aa_gun": 1}}})
    rules, ruleset = rules_from_scenario(text)
    path = tmp_path / "amph.json"
    battle = TableBattle(rules, scenario_text=text, ruleset=ruleset, autosave_path=path)
    # AA fire: 2 aircraft, 3 shots -> 2 shots, low luck: one die, a hit on 1-2
    phase = battle.current_phase()
    assert phase.name == "AA fire"
    assert [d.label for d in battle.dice()] == ["AA: hit on 2 or less"]
    preview = battle.preview((2,))
    assert preview.outcome == 1 and preview.proposal == {"attacker": {"fighter": 1}}
    battle.enter((2,))
    # fire: bombardment (battleship 4) rolls on its own; the attack: 2 infantry (one raised
    # by the artillery) 1 + 2, artillery 2, fighter 3 = 8; the defence: 2 infantry = 4
    labels = [d.label for d in battle.dice()]
    assert labels == ["bombardment power 4: extra hit on 4 or less",
                      "attack power 8: extra hit on 2 or less",
                      "defence power 4: extra hit on 4 or less"]
    preview = battle.preview((3, 5, 1))
    assert preview.outcome == ((1, 1), (1,))
    # the players' own casualties: the attacker loses its artillery, not an infantry
    battle.enter((3, 5, 1), choice={"attacker": {"artillery": 1},
                                    "defender": {"infantry": 2}})
    # the defender is left with its AA gun alone, and loses it
    assert rules.state_units(battle.state) == ({"infantry": 2, "fighter": 1}, {})
    assert battle.verdict() == "attacker"
    assert rules.losses(battle.state) == (2, 3)
    resumed = load_battle(path)                    # the autosave, resumed
    assert resumed.state == battle.state and resumed.verdict() == "attacker"
    resumed.undo()                                 # the whole of round 1
    assert resumed.state == rules.initial_state()
    from combatassist.errors import EngineError
    with pytest.raises(EngineError, match="can't be taken"):     # AA hits take aircraft only
        resumed.enter((1,), choice={"attacker": {"infantry": 1}})
    assert resumed.state == rules.initial_state()
    with pytest.raises(EngineError, match="once round 1 is over"):
        resumed.end("retreat", "attacker")
    resumed.enter((5,))                            # AA misses
    resumed.enter((6, 6, 6))                       # no extra hits: the attack's sure one
    assert rules.state_units(resumed.state) == (
        {"infantry": 2, "artillery": 1, "fighter": 2}, {"infantry": 1, "aa_gun": 1})


# -- the command line on the shipped examples -----------------------------------------------
EDITION_EXAMPLES = ["lowluck-1942-land.toml", "lowluck-1942-amphibious.toml",
                    "lowluck-1942-sea.toml", "lowluck-1940-land.toml",
                    "lowluck-revised-sea.toml", "lowluck-aa50-land.toml"]


@pytest.mark.parametrize("name", EDITION_EXAMPLES)
def test_cli_json_on_each_edition_example(name, capsys):
    import json
    from combatassist.cli import main
    from combatassist.data import example_path, list_examples
    assert name in {e.path.name for e in list_examples()}      # File › Open Example lists it
    assert main(["odds", str(example_path(name)), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert tuple(data) == lowluck.RULESET.json_keys
    assert math.isclose(data["attacker_wins"] + data["defender_wins"] + data["draw"]
                        + data["undecided"], 1.0, abs_tol=1e-9)
    assert math.isclose(sum(p for _, _, p in data["losses"]), 1.0, abs_tol=1e-9)
    edition = lowluck.shipped(next(e for e in ("1940se", "revised", "aa50", "1942se")
                                   if e.removesuffix("se") in name))
    for side in ("attacker", "defender"):
        assert set(data["survivors"][side]) <= set(edition.ids)


def test_figures_from_count_arrays_equal_those_from_unit_dicts():
    from combatassist.figures import battle_figures
    from combatassist.data import example_path
    from combatassist.scenario import load_scenario
    body = load_scenario(example_path("lowluck-1942-sea.toml")).body
    rules = lowluck.make_rules(body)
    out = solve(rules)
    fast = battle_figures(rules, out).to_json()
    rules.state_counts = None                       # the per-position path
    slow = battle_figures(rules, out).to_json()
    assert fast["attacker_ipc_lost"] == pytest.approx(slow["attacker_ipc_lost"], abs=1e-12)
    assert fast["defender_ipc_lost"] == pytest.approx(slow["defender_ipc_lost"], abs=1e-12)
    for side in ("attacker", "defender"):
        for uid, n in slow["survivors"][side].items():
            assert fast["survivors"][side][uid] == pytest.approx(n, abs=1e-12)
    assert fast["profiles"][0]["p"] == pytest.approx(slow["profiles"][0]["p"])


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("dice", ["lowluck", "standard"])
def test_the_fast_round_and_the_batch_resolve_equal_the_frameworks(name, dice):
    """``LaterRules.round_dist`` pairs the sides' casualties; the phases' ``resolve_many``
    codes a batch of rolls at once: both against the framework's plain versions."""
    import numpy as np
    from collections import Counter
    from combatassist.battle import BattleRules, roll_many
    edition, doc = CASES[name]
    doc = {**doc, "options": {**doc.get("options", {}), "dice": dice}}
    rules = lowluck.make_rules(payload(edition, doc))
    rng = np.random.default_rng(5)
    frontier = [rules.initial_state()]
    seen = set()
    for _ in range(3):
        nxt = []
        for state in frontier:
            if state in seen or rules.verdict(state) is not None:
                continue
            seen.add(state)
            fast = rules.round_dist(state)
            plain = BattleRules.round_dist(rules, state)
            assert set(fast) == set(plain)
            for s, p in plain.items():
                assert fast[s] == pytest.approx(p, abs=1e-14)
            for phase in rules.phases(state):
                specs = phase.dice(state)
                if not specs:               # no dice: the framework resolves () once
                    continue
                rolled = roll_many(rng, specs, 300)
                one_by_one = Counter(phase.resolve(state, tuple(r)) for r in rolled.tolist())
                assert phase.resolve_many(state, rolled) == dict(one_by_one)
            nxt += list(fast)[:4]
        frontier = nxt
