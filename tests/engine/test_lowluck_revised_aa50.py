"""Revised (2004) and Anniversary (2008) as edition files, and every rule an edition file may
say (docs/rules.md §2c), against an independent brute force.

``RuleReference`` extends the later editions' brute force (``test_lowluck_editions``) with
the rules of ``[rules]`` and the unit fields a file may set — AA fire at each aircraft, an
AA hit value, the AA gun that is no casualty, aircraft that always hit submarines,
submerging at a round's end, the bombardment's limit and its casualties not firing back,
the side's techs (values, dice, radar, combined bombardment) — read from the edition file
with ``tomllib`` and played die face by die face; it shares no code with the engine.
The four cases issue 35 found silently dropped are each checked here (applied or refused in
one line).
"""
from __future__ import annotations

import math
import shutil
import tomllib
from pathlib import Path

import pytest

from combatassist.errors import ScenarioError
from combatassist.ruleset import compute
from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import edition as edition_module
from combatassist.scenario import load_scenario, parse_scenario_text
from combatassist.solver import solve

from .test_lowluck_editions import (ROOT, Reference, canonical_engine, canonical_reference,
                                    payload)


def edition_table(name: str) -> dict:
    path = Path(name) if name.endswith(".toml") else (
        ROOT / "resources" / "lowluck" / "editions" / f"{name}.toml")
    return tomllib.loads(path.read_text(encoding="utf-8"))


class RuleReference(Reference):
    """§2c's rules played plainly from the edition file's data (see the module docstring)."""

    def __init__(self, edition: str, doc: dict):
        table = edition_table(edition)
        self.units = table["units"]
        self.support = table.get("support", [])
        self.rules = table["rules"]
        techs = table.get("techs", {})
        opts = doc.get("options", {})
        self.dice = opts.get("dice", "lowluck")
        self.land = opts.get("battle", "land") == "land"
        self.keep_land = opts.get("keep_land_unit", False)
        self.option_gun = opts.get("aa_gun", False)
        self.sides = [doc.get("attacker", {}), doc.get("defender", {})]
        self.techs = [[techs[t] for t in s.get("techs", [])] for s in self.sides]
        self.submerge = [s.get("submerge", False) for s in self.sides]
        self.bombard = [self.units[u].get("bombard_attack", self.value(u, 0)) for u, n in
                        self.sides[0].get("bombard", {}).items() for _ in range(n)]

    # -- the data ------------------------------------------------------------------------
    def value(self, uid, k):
        v = self.units[uid]["attack" if k == 0 else "defence"]
        for t in self.techs[k]:
            if t["unit"] == uid and ("attack" if k == 0 else "defence") in t:
                v = t["attack" if k == 0 else "defence"]
        return v

    def dice_of(self, uid, k):
        return next((t["attack_dice"] for t in self.techs[k]
                     if k == 0 and t["unit"] == uid and "attack_dice" in t), 1)

    def no_casualty(self, uid):
        return self.ab(uid, "aa_gun") and not self.units[uid].get("aa_casualty", True)

    def fighting(self, side):
        return [u for u in side if u[2] != "out" and not self.no_casualty(u[1])]

    def may_take(self, cat, unit):
        if self.no_casualty(unit[1]):
            return False
        return super().may_take(cat, unit)

    def air_category(self, side):
        always = self.rules.get("air_hits_submarines", "with_destroyer") == "always"
        return "any" if always or self.has(side, "destroyer") else "air"

    # -- fire ----------------------------------------------------------------------------
    def fire_groups(self, state, k, cats_allowed, round1, surprise):
        side = self.fighting(state[k])
        enemy = self.fighting(state[1 - k])
        values = {i: self.value(u[1], k) for i, u in enumerate(side)}
        if k == 0:
            per = {t["unit"]: t["supports"] for t in self.techs[0] if "supports" in t}
            for rule in self.support:
                free = sum(per.get(u[1], 1) for u in side if u[1] in rule["by"])
                for i, u in enumerate(side):
                    if free and u[1] in rule["units"]:
                        values[i] = max(values[i], rule["attack"])
                        free -= 1
        raw = {"bombard": [], "sub": [], "air": [], "any": []}

        def dice(i, u):
            return [values[i]] * self.dice_of(u[1], k)
        if surprise:
            for i, u in enumerate(side):
                if self.ab(u[1], "submarine"):
                    raw["sub"] += dice(i, u)
        else:
            if (k == 0 and round1 and self.land
                    and self.rules.get("bombard_casualties_fire_back", True)):
                raw["bombard"] = list(self.bombard)
            air = self.air_category(side)
            for i, u in enumerate(side):
                if self.ab(u[1], "submarine"):
                    if cats_allowed:
                        raw["sub"] += dice(i, u)
                elif self.units[u[1]]["kind"] == "air":
                    raw[air] += dice(i, u)
                else:
                    raw["any"] += dice(i, u)
        out, seen = [], {}
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

    def aa_fire(self, s):
        """{state: p} after AA fire: the guns present (no casualty: never removed)."""
        planes = sum(1 for u in self.fighting(s[0]) if self.units[u[1]]["kind"] == "air")
        guns = [u[1] for u in s[1] if self.ab(u[1], "aa_gun") and u[2] == ""]
        if self.option_gun:
            shots, hit = planes, 1
        else:
            each = any(self.units[g]["aa_shots"] == "each_aircraft" for g in guns)
            shots = planes if each else min(planes, sum(self.units[g]["aa_shots"] for g in guns))
            radar = [t["aa_hit"] for t in self.techs[1] if "aa_hit" in t]
            hit = max([self.units[g].get("aa_hit", 1) for g in guns] + radar) if guns else 1
        if not shots:
            return {s: 1.0}
        return {(self.take(s[0], [("aa", h)], 0), s[1]): p
                for h, p in self.hits([hit] * shots).items()}

    def exchange(self, s, groups):
        out = {}
        for ba, p in self.batches_dist(groups[0]).items():
            for bd, q in self.batches_dist(groups[1]).items():
                s2 = (self.take(s[0], bd, 0), self.take(s[1], ba, 1))
                out[s2] = out.get(s2, 0.0) + p * q
        return out

    def dive(self, s):
        new = list(s)
        for k in (0, 1):
            if self.submerge[k] and not self.has(s[1 - k], "destroyer"):
                new[k] = tuple(sorted((key, uid, "out" if self.ab(uid, "submarine") and
                                       st != "out" else st) for key, uid, st in s[k]))
        return tuple(new)

    def round(self, state, round1):
        at_end = self.rules.get("submerge", "round_start") == "round_end"

        def step(dist, f):
            out = {}
            for s, p in dist.items():
                for s2, q in f(s).items():
                    out[s2] = out.get(s2, 0.0) + p * q
            return out
        dist = {state: 1.0}
        if round1 and self.land:
            dist = step(dist, self.aa_fire)
            if self.bombard and not self.rules.get("bombard_casualties_fire_back", True):
                dist = step(dist, lambda s: self.exchange(
                    s, [[("bombard", list(self.bombard))], []]))
        if not at_end:
            dist = step(dist, lambda s: {self.dive(s): 1.0})
        dist = step(dist, lambda s: self.exchange(s, [
            self.fire_groups(s, k, False, round1, True)
            if not self.has(s[1 - k], "destroyer") else [] for k in (0, 1)]))

        def general(s):
            out = {}
            for s2, p in self.exchange(s, [
                    self.fire_groups(s, k, self.has(s[1 - k], "destroyer"), round1, False)
                    for k in (0, 1)]).items():
                if at_end and self.verdict(s2) is None:
                    s2 = self.dive(s2)
                s2 = self.end(s2)
                out[s2] = out.get(s2, 0.0) + p
            return out
        return step(dist, general)


def play(edition: str, doc: dict, rounds: int) -> tuple[dict, dict]:
    """(the brute force's, the engine's) states after ``rounds`` rounds, canonical."""
    expected: dict = {}
    for s, p in RuleReference(edition, doc).play(rounds).items():
        key = canonical_reference(s)
        expected[key] = expected.get(key, 0.0) + p
    rules = lowluck.make_rules(payload(edition, doc))
    out = solve(rules, max_rounds=rounds, prune_below=0.0)
    got: dict = {}
    for bucket in (out.decided, out.stalemates, out.undecided):
        for s, p in bucket.items():
            key = canonical_engine(rules, s)
            got[key] = got.get(key, 0.0) + p
    return expected, got


def assert_same(expected: dict, got: dict) -> None:
    assert math.isclose(sum(got.values()), 1.0, abs_tol=1e-12)
    for key in set(expected) | set(got):
        assert got.get(key, 0.0) == pytest.approx(expected.get(key, 0.0), abs=1e-12), key


SEA = {"battle": "sea"}
CASES = {
    # AA: one shot at each of 5 aircraft with one gun (1942 would give 3); the gun stays
    "revised AA at each aircraft": ("revised", {
        "attacker": {"units": {"fighter": 3, "bomber": 2, "infantry": 1}},
        "defender": {"units": {"infantry": 2, "aa_gun": 1}}}),
    "revised two guns still one shot an aircraft": ("revised", {
        "attacker": {"units": {"fighter": 2, "armor": 1}},
        "defender": {"units": {"infantry": 1, "aa_gun": 2}}}),
    "revised aircraft hit submarines": ("revised", {
        "options": SEA, "attacker": {"units": {"fighter": 1, "bomber": 1}},
        "defender": {"units": {"submarine": 2, "transport": 1}}}),
    "revised surprise only without an enemy destroyer": ("revised", {
        "options": SEA, "attacker": {"units": {"submarine": 2, "destroyer": 1}},
        "defender": {"units": {"submarine": 1, "carrier": 1, "destroyer": 1}}}),
    "revised submarines submerge at the round's end": ("revised", {
        "options": SEA, "attacker": {"units": {"battleship": 1, "fighter": 1}},
        "defender": {"units": {"submarine": 2, "transport": 1}, "submerge": True}}),
    "revised transports defend at 1 and are ordinary casualties": ("revised", {
        "options": SEA, "attacker": {"units": {"destroyer": 1, "fighter": 1}},
        "defender": {"units": {"transport": 2, "carrier": 1},
                     "order_of_loss": ["transport", "carrier"]}}),
    "revised bombardment: no limit, no return fire": ("revised", {
        "attacker": {"units": {"infantry": 2, "armor": 1}, "amphibious": {"infantry": 1},
                     "bombard": {"battleship": 2}},
        "defender": {"units": {"infantry": 2, "armor": 1}}}),
    "revised heavy bombers and jet fighters": ("revised", {
        "attacker": {"units": {"bomber": 1, "infantry": 1}, "techs": ["heavy_bombers"]},
        "defender": {"units": {"fighter": 1, "infantry": 1}, "techs": ["jet_power"]}}),
    "revised super subs": ("revised", {
        "options": SEA, "attacker": {"units": {"submarine": 2}, "techs": ["super_subs"]},
        "defender": {"units": {"carrier": 1, "transport": 1}}}),
    "revised combined bombardment": ("revised", {
        "attacker": {"units": {"infantry": 2}, "amphibious": {"infantry": 2},
                     "bombard": {"destroyer": 1, "battleship": 1},
                     "techs": ["combined_bombardment"]},
        "defender": {"units": {"infantry": 2}}}),
    "anniversary AA with radar": ("aa50", {
        "attacker": {"units": {"fighter": 4, "infantry": 2}},
        "defender": {"units": {"infantry": 2, "aa_gun": 1}, "techs": ["radar"]}}),
    "anniversary bombardment fires back, one ship per landed unit": ("aa50", {
        "attacker": {"units": {"infantry": 2, "artillery": 1}, "amphibious": {"infantry": 2},
                     "bombard": {"cruiser": 1, "battleship": 1}},
        "defender": {"units": {"infantry": 2, "aa_gun": 1}}}),
    "anniversary submarines and destroyers": ("aa50", {
        "options": SEA, "attacker": {"units": {"submarine": 2, "fighter": 1},
                                     "techs": ["super_subs"]},
        "defender": {"units": {"destroyer": 1, "transport": 1, "submarine": 1}}}),
    "anniversary improved artillery raises two infantry": ("aa50", {
        "attacker": {"units": {"infantry": 3, "artillery": 1}, "techs": ["improved_artillery"],
                     "order_of_loss": ["infantry", "artillery"]},
        "defender": {"units": {"infantry": 3}}}),
    "anniversary jet fighters attack at 4": ("aa50", {
        "attacker": {"units": {"fighter": 2}, "techs": ["jet_power"]},
        "defender": {"units": {"infantry": 2, "aa_gun": 1}}}),
}


@pytest.mark.parametrize("dice", ["lowluck", "standard"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_each_rule_against_brute_force(name, dice):
    edition, doc = CASES[name]
    doc = {**doc, "options": {**doc.get("options", {}), "dice": dice}}
    assert_same(*play(edition, doc, 3 if dice == "lowluck" else 2))


@pytest.mark.parametrize("name", ["revised AA at each aircraft", "revised super subs",
                                  "revised bombardment: no limit, no return fire",
                                  "anniversary submarines and destroyers"])
def test_exact_odds_to_the_end_equal_the_general_solver(name):
    """Whatever solver the table picks, the answer to the end is the general solver's."""
    edition, doc = CASES[name]
    doc = {**doc, "options": {**doc.get("options", {}), "dice": "standard"}}
    body = payload(edition, doc)
    rules = lowluck.make_rules(body)
    res = compute(lowluck.RULESET, body)
    out = solve(rules, prune_below=0.0)
    wins = sum(p for s, p in out.decided.items() if rules.verdict(s) == "attacker")
    assert res.attacker_wins == pytest.approx(wins, abs=1e-9)


# -- the worked figures ----------------------------------------------------------------------
def test_aa_fires_at_each_aircraft_with_no_limit_and_the_gun_is_no_loss():
    # 12 fighters against one gun: 12 shots (1942: 3), hits on a 1; low luck: 2 sure hits
    body = payload("revised", {"attacker": {"units": {"fighter": 12}},
                               "defender": {"units": {"infantry": 1, "aa_gun": 1}}})
    rules = lowluck.make_rules(body)
    state = rules.initial_state()
    assert rules.aa_shots(state) == 12
    assert dict(rules._aa.outcome_dist(state)) == {2: 1.0}
    res = compute(lowluck.RULESET, body)
    # the gun is never lost: the defender loses its infantry's 3 IPC at most
    assert res.figures.defender_ipc_lost <= 3.0 + 1e-12
    assert res.attacker_wins == pytest.approx(1.0)


def test_a_lone_gun_that_is_no_casualty_does_not_fire_and_is_captured():
    body = payload("revised", {"options": {"dice": "standard"},
                               "attacker": {"units": {"fighter": 1, "infantry": 1}},
                               "defender": {"units": {"aa_gun": 1}}})
    res = compute(lowluck.RULESET, body)
    assert res.attacker_wins == pytest.approx(1.0)
    assert res.figures.attacker_ipc_lost == pytest.approx(0.0)
    assert res.figures.defender_ipc_lost == pytest.approx(0.0)
    assert res.figures.takes_territory == pytest.approx(1.0)


def test_revised_aircraft_against_submarines_is_no_stalemate():
    # 1942: a stalemate; Revised: the fighters (3) hit the lone submarine (defence 2)
    res = compute(lowluck.RULESET, payload("revised", {
        "options": {"battle": "sea", "dice": "standard"},
        "attacker": {"units": {"fighter": 1}}, "defender": {"units": {"submarine": 1}}}))
    assert res.stalemate == pytest.approx(0.0)
    # each round: fighter hits 1/2, submarine can't hit aircraft: the attacker always wins
    assert res.attacker_wins == pytest.approx(1.0)


def test_bombardment_casualties_fire_back_only_where_the_edition_says():
    # one infantry lands with a battleship against one infantry (defence 2), ordinary dice.
    # Revised: the battleship's hit (4/6) is removed before the defender fires.
    doc = {"options": {"dice": "standard", "max_rounds": 1},
           "attacker": {"units": {"infantry": 1}, "amphibious": {"infantry": 1},
                        "bombard": {"battleship": 1}},
           "defender": {"units": {"infantry": 1}}}
    for edition, fires_back in (("revised", False), ("aa50", True)):
        res = compute(lowluck.RULESET, payload(edition, doc))
        # the attacker's infantry is lost when the defender fires (2/6), which it does
        # only if the battleship missed (Revised) or always (Anniversary)
        lost = 2 / 6 * (1 if fires_back else 2 / 6)
        assert res.figures.attacker_ipc_lost == pytest.approx(3 * lost), edition


# -- the four silent cases of issue 35, and the rest of what a file may say -----------------
OWN = '''title = "Own"
[rules]
aa = "units"
submarines = "surprise"
[units]
infantry = { attack = 1, defence = 2, cost = 3, kind = "land" }
fighter = { attack = 3, defence = 4, cost = 10, kind = "air" }
bomber = { attack = 4, defence = 1, cost = 12, kind = "air" }
flak = { attack = 0, defence = 0, cost = 5, kind = "land", abilities = ["aa_gun"], aa_shots = 1 }
submarine = { attack = 2, defence = 1, cost = 6, kind = "sea", abilities = ["submarine"] }
[battles]
land = ["land", "air"]
sea = ["sea", "air"]
'''


def own_scenario(tmp_path, edition_text: str, rest: str):
    (tmp_path / "own.toml").write_text(edition_text, encoding="utf-8")
    path = tmp_path / "battle.toml"
    path.write_text('ruleset = "lowluck"\n[options]\nedition = "own.toml"\n' + rest,
                    encoding="utf-8")
    return load_scenario(path).body


def test_silent_1_aa_at_each_aircraft_can_be_said(tmp_path):
    body = own_scenario(tmp_path, OWN.replace("aa_shots = 1", 'aa_shots = "each_aircraft"'),
                        "[attacker]\nunits = { fighter = 11 }\n"
                        "[defender]\nunits = { infantry = 1, flak = 1 }\n")
    rules = lowluck.make_rules(body)
    assert rules.aa_shots(rules.initial_state()) == 11
    with pytest.raises(ScenarioError, match="aa_shots"):
        own_scenario(tmp_path, OWN.replace("aa_shots = 1", 'aa_shots = "lots"'),
                     "[attacker]\nunits = { fighter = 1 }\n")


def test_silent_2_an_aa_gun_that_is_no_casualty_takes_no_hit(tmp_path):
    rest = ("[attacker]\nunits = { fighter = 1, infantry = 3 }\n"
            "[defender]\nunits = { infantry = 1, flak = 1 }\n")
    casualty = lowluck.make_rules(own_scenario(tmp_path, OWN, rest))
    kept = lowluck.make_rules(own_scenario(
        tmp_path, OWN.replace("aa_shots = 1", "aa_shots = 1, aa_casualty = false"), rest))
    s = casualty.initial_state()
    # two hits: a gun that is a casualty is the cheaper second loss; one that isn't, never
    assert casualty.state_units((s[0], casualty.dfn.take(s[1], (("any", 2),))[0], False)
                                )[1] == {}
    k = kept.initial_state()
    assert kept.state_units((k[0], kept.dfn.take(k[1], (("any", 2),))[0], False))[1] == {
        "flak": 1}
    assert kept.verdict((k[0], kept.dfn.take(k[1], (("any", 2),))[0], False)) == "attacker"
    with pytest.raises(ScenarioError, match="aa_casualty"):
        own_scenario(tmp_path, OWN.replace('kind = "air" }', 'kind = "air", aa_casualty = false }',
                                           1), rest)


def test_silent_3_the_option_gun_fires_with_surprise_submarines(tmp_path):
    text = OWN.replace('aa = "units"', 'aa = "option"').replace(
        'flak = { attack = 0, defence = 0, cost = 5, kind = "land", abilities = ["aa_gun"], '
        'aa_shots = 1 }\n', "")
    rest = ("dice = \"standard\"\n[attacker]\nunits = { fighter = 2, infantry = 1 }\n"
            "[defender]\nunits = { infantry = 2 }\n")
    without = compute(lowluck.RULESET, own_scenario(tmp_path, text, rest))
    body = own_scenario(tmp_path, text, "aa_gun = true\n" + rest)
    rules = lowluck.make_rules(body)
    assert rules.phases(rules.initial_state())[0] is rules._aa
    with_gun = compute(lowluck.RULESET, body)
    assert with_gun.figures.attacker_ipc_lost > without.figures.attacker_ipc_lost + 0.5
    # against the brute force (the option gun: one shot at each aircraft)
    ref = RuleReference(str(tmp_path / "own.toml"), {
        "options": {"dice": "standard", "aa_gun": True},
        "attacker": {"units": {"fighter": 2, "infantry": 1}},
        "defender": {"units": {"infantry": 2}}})
    out = solve(rules, max_rounds=2, prune_below=0.0)
    got: dict = {}
    for bucket in (out.decided, out.stalemates, out.undecided):
        for s, p in bucket.items():
            key = canonical_engine(rules, s)
            got[key] = got.get(key, 0.0) + p
    expected: dict = {}
    for s, p in ref.play(2).items():
        key = canonical_reference(s)
        expected[key] = expected.get(key, 0.0) + p
    assert_same(expected, got)


def test_silent_4_techs_are_applied_in_every_edition(tmp_path):
    text = OWN + '[techs]\nheavy_bombers = { unit = "bomber", attack_dice = 3 }\n'
    rest = ("dice = \"standard\"\n[attacker]\nunits = { bomber = 1 }\n{techs}"
            "[defender]\nunits = { infantry = 2 }\n")
    plain = compute(lowluck.RULESET, own_scenario(tmp_path, text, rest.replace("{techs}", "")))
    heavy = compute(lowluck.RULESET, own_scenario(
        tmp_path, text, rest.replace("{techs}", 'techs = ["heavy_bombers"]\n')))
    assert heavy.attacker_wins > plain.attacker_wins + 0.2
    # an edition without techs refuses them in one line
    with pytest.raises(ScenarioError, match="has no battle techs") as info:
        parse_scenario_text('ruleset = "lowluck"\n[options]\nedition = "1942se"\n'
                            '[attacker]\nunits = { bomber = 1 }\ntechs = ["heavy_bombers"]\n'
                            '[defender]\nunits = { infantry = 1 }\n')
    assert "\n" not in str(info.value)


def test_improved_artillery_raises_two_infantry_a_piece():
    # 3 infantry + 1 artillery: power 2 + 1 + 1 + 2 = 6 (one infantry raised); with the
    # tech 2 + 2 + 1 + 2 = 7 (two raised)
    for techs, power in (([], 6), (["improved_artillery"], 7)):
        rules = lowluck.make_rules(payload("aa50", {
            "attacker": {"units": {"infantry": 3, "artillery": 1}, "techs": techs},
            "defender": {"units": {"infantry": 1}}}))
        table = dict(rules.main_fire.batch_dist(rules.initial_state(), 0))
        expected = {(power // 6,): 1 - power % 6 / 6, (power // 6 + 1,): power % 6 / 6}
        assert table == pytest.approx({k: p for k, p in expected.items() if p})


def test_a_unit_raised_by_two_support_entries_is_refused(tmp_path):
    entry = '[[support]]\nby = ["fighter"]\nunits = ["infantry"]\nattack = 2\n'
    with pytest.raises(ScenarioError, match="already raised by") as info:
        own_scenario(tmp_path, OWN + entry + entry, "[attacker]\nunits = { infantry = 1 }\n")
    assert "support[2]" in str(info.value)


@pytest.mark.parametrize("change, field", [
    (('submarines = "surprise"', 'submarines = "first_strike"'), "rules.aa"),
    (('submarines = "surprise"', 'submarines = "surprise"\nsubmerge = "later"'),
     "rules.submerge"),
    (('aa = "units"', 'aa = "option"'), "rules.aa"),
    (('kind = "land" }\nfighter', 'kind = "land", bombard_attack = 2 }\nfighter'),
     "units.infantry.bombard_attack"),
])
def test_a_rule_the_edition_cant_play_is_refused_in_one_line(tmp_path, change, field):
    with pytest.raises(ScenarioError) as info:
        own_scenario(tmp_path, OWN.replace(*change), "[attacker]\nunits = { infantry = 1 }\n")
    assert field in str(info.value) and "\n" not in str(info.value)


def test_classic_first_strike_refuses_what_its_rules_dont_play():
    classic = (ROOT / "resources/lowluck/editions/classic.toml").read_text(encoding="utf-8")
    for extra, field in (('\n[[support]]\nby = ["armor"]\nunits = ["infantry"]\nattack = 2\n',
                          "support"),
                         ("", None)):
        text = classic + extra
        from combatassist.reader import Reader, parse_toml
        reader = Reader(parse_toml(text), text=text)
        if field is None:
            assert edition_module.read_edition(reader).classic
            continue
        with pytest.raises(ScenarioError, match='"first_strike"'):
            edition_module.read_edition(reader)


def test_shipped_editions_are_the_files_of_the_folder(tmp_path, monkeypatch):
    folder = tmp_path / "lowluck" / "editions"
    shutil.copytree(ROOT / "resources" / "lowluck" / "editions", folder)
    (folder / "house.toml").write_text(OWN.replace('title = "Own"', 'title = "Own"\nyear = 2030'),
                                       encoding="utf-8")
    monkeypatch.setattr(edition_module, "resource_path",
                        lambda *parts: tmp_path.joinpath(*parts))
    names = edition_module._shipped_names()
    assert names[0] == "classic" and "house" in names
    assert set(names) >= {"revised", "aa50", "1942se", "1940se"}
    assert names.index("revised") < names.index("aa50") < names.index("1942se")
    assert set(lowluck.SHIPPED) == {"classic", "revised", "aa50", "1942se", "1940se"}


def test_revised_written_from_the_docs_as_a_players_file_gives_the_same_answers(tmp_path):
    """The edition needs no code: the shipped file, copied as a player's own, is the same
    edition (its answers equal the shipped one's, which the brute force checks above)."""
    shutil.copy(ROOT / "resources/lowluck/editions/revised.toml", tmp_path / "own.toml")
    rest = ("dice = \"standard\"\n[attacker]\nunits = { fighter = 2, infantry = 2 }\n"
            "[defender]\nunits = { infantry = 2, aa_gun = 1 }\n")
    path = tmp_path / "battle.toml"
    path.write_text('ruleset = "lowluck"\n[options]\nedition = "own.toml"\n' + rest,
                    encoding="utf-8")
    own = compute(lowluck.RULESET, load_scenario(path).body)
    shipped = compute(lowluck.RULESET, parse_scenario_text(
        'ruleset = "lowluck"\n[options]\nedition = "revised"\n' + rest).body)
    assert own.attacker_wins == pytest.approx(shipped.attacker_wins, abs=1e-12)
    assert own.figures.attacker_ipc_lost == pytest.approx(shipped.figures.attacker_ipc_lost)


# -- Classic's rules stated as data, played by the one family of rules ---------------------
CLASSIC = {
    "land with the option AA gun": {
        "options": {"aa_gun": True},
        "attacker": {"units": {"infantry": 2, "armor": 1, "fighter": 2, "bomber": 1}},
        "defender": {"units": {"infantry": 3, "fighter": 1}}},
    "keep a land unit, techs": {
        "options": {"keep_land_unit": True},
        "attacker": {"units": {"infantry": 1, "bomber": 2}, "techs": ["heavy_bombers"]},
        "defender": {"units": {"infantry": 2, "fighter": 1}, "techs": ["jet_power"]}},
    "sea with the first strike": {
        "options": {"battle": "sea"},
        "attacker": {"units": {"submarine": 2, "fighter": 1, "battleship": 1},
                     "techs": ["super_subs"]},
        "defender": {"units": {"submarine": 1, "carrier": 1, "fighter": 1, "transport": 1}}},
    "sea without the first strike": {
        "options": {"battle": "sea", "submarine_first_strike": False},
        "attacker": {"units": {"submarine": 2, "fighter": 1}},
        "defender": {"units": {"submarine": 1, "carrier": 1, "fighter": 1}}},
}


@pytest.mark.parametrize("dice", ["lowluck", "standard"])
@pytest.mark.parametrize("name", sorted(CLASSIC))
def test_the_later_rules_play_classic_from_its_data_as_classics_own_code(name, dice):
    """Classic's file states its rules (the option AA gun, the attacker's first strike,
    aircraft hitting submarines, 3 dice' worth of heavy bombers): the rules every edition
    uses (``later.LaterRules``, what ``make_rules`` gives Classic too) play them position for
    position as Classic's own code did (``classic_reference.LowLuckRules``, kept in the
    tests as the reference)."""
    from combatassist.rulesets.lowluck.later import LaterRules
    from .classic_reference import LowLuckRules
    doc = CLASSIC[name]
    doc = {**doc, "options": {**doc.get("options", {}), "dice": dice}}
    body = payload("classic", doc)
    classic, later = LowLuckRules(body), lowluck.make_rules(body)
    assert isinstance(later, LaterRules)
    rounds = 3 if dice == "lowluck" else 2

    def spread(rules, canonical):
        out = solve(rules, max_rounds=rounds, prune_below=0.0)
        got: dict = {}
        for bucket in (out.decided, out.stalemates, out.undecided):
            for s, p in bucket.items():
                key = canonical(s)
                got[key] = got.get(key, 0.0) + p
        return got

    def of_counts(s):
        return tuple(tuple(sorted((uid, "") for uid, n in zip(classic.ids, side)
                                  for _ in range(n))) for side in s[:2])
    assert_same(spread(classic, of_counts),
                spread(later, lambda s: canonical_engine(later, s)))


# -- the solver table on Revised and Anniversary battles ------------------------------------
def _fleet(rng, edition: str, most: int, dice: str):
    """A random sea battle of ``edition`` with submarines on at least one side."""
    ids = ["submarine", "destroyer", "carrier", "battleship", "transport", "fighter"]
    if edition == "aa50":
        ids.append("cruiser")
    doc = {"options": {"battle": "sea", "dice": dice}}
    for role in ("attacker", "defender"):
        units = {u: rng.randint(1, most) for u in rng.sample(ids, rng.randint(1, 3))}
        side = {"units": units}
        if units.get("submarine") and rng.random() < 0.5:
            side["submerge"] = True
        doc[role] = side
    doc["attacker"]["units"].setdefault("submarine", 1)
    return payload(edition, doc)


def _table_cases():
    import random
    from .test_lowluck_later_plain_rounds_grid import later_battles
    rng = random.Random(35)
    out = []
    for edition in ("revised", "aa50"):
        out += later_battles(3, seed=36, most=3, edition=edition)
        out += later_battles(2, seed=37, most=3, edition=edition, dice="lowluck",
                             keep=lambda s: s.options.battle == "land")
        out += [_fleet(rng, edition, 2, dice) for dice in ("standard", "lowluck")
                for _ in range(2)]
    return out


@pytest.mark.parametrize("s", _table_cases())
def test_the_solver_table_answers_revised_and_anniversary_as_the_general_solver(s):
    """Whichever solver the table picks for these editions (the plain rounds grid, low luck
    cell by cell; the surprise strike grid for their fleets, Revised's submarines that
    submerge at a round's end too), it answers what the general solver answers."""
    from combatassist.rulesets.lowluck import solvers
    from .test_lowluck_plain_rounds_grid import assert_same_outcome
    rules = lowluck.make_rules(s)
    for max_rounds in (0, 2):
        question = solvers.Question(max_rounds=max_rounds)
        solver = solvers.pick(rules, question)
        if s.edition.name == "revised" and any(rules.submerge) and rules.dice.independent \
                and not rules.land_battle:
            assert solver is not None and solver.name == "surprise strike grid"
        if solver is None:
            continue
        assert_same_outcome(solve(rules, max_rounds=max_rounds),
                            solver.solve(rules, question), curve=True, tol=1e-12)


@pytest.mark.parametrize("name", ["revised bombardment: no limit, no return fire",
                                  "revised submarines submerge at the round's end",
                                  "revised heavy bombers and jet fighters",
                                  "anniversary AA with radar"])
@pytest.mark.parametrize("dice", ["lowluck", "standard"])
def test_exact_and_simulation_agree_within_five_sigma(name, dice):
    """The simulator plays the same phases (the bombardment on its own, submerging at a
    round's end, several dice a unit, radar) roll by roll."""
    edition, doc = CASES[name]
    body = payload(edition, {**doc, "options": {**doc.get("options", {}), "dice": dice}})
    exact = compute(lowluck.RULESET, body)
    trials = 40_000
    sim = compute(lowluck.RULESET, body, method="simulate", trials=trials, seed=35)
    for key in ("attacker_wins", "defender_wins", "draw"):
        p = getattr(exact, key)
        sigma = math.sqrt(max(p * (1 - p), 1e-6) / trials)
        assert abs(getattr(sim, key) - p) <= 5 * sigma, key


def test_a_revised_amphibious_assault_at_the_table(tmp_path):
    """The table: AA at each aircraft, the bombardment's own step whose casualties don't
    fire back, a gun that stays when the defender is beaten, and the retreat of aircraft
    only."""
    from combatassist.table import TableBattle, rules_from_scenario
    from .test_lowluck_editions import toml_of
    text = toml_of("revised", {
        "attacker": {"units": {"infantry": 2, "fighter": 2},
                     "amphibious": {"infantry": 2}, "bombard": {"battleship": 2}},
        "defender": {"units": {"infantry": 2, "aa_gun": 2}}})
    rules, ruleset = rules_from_scenario(text)
    battle = TableBattle(rules, scenario_text=text, ruleset=ruleset,
                         autosave_path=tmp_path / "revised.json")
    assert battle.current_phase().name == "AA fire"
    # two guns, two aircraft: two shots (not 6), low luck: one die, a hit on 1-2
    assert [d.label for d in battle.dice()] == ["AA: hit on 2 or less"]
    battle.enter((6,))
    assert battle.current_phase().name == "shore bombardment"
    # two battleships: power 8, one sure hit and one more on 1-2: both defenders go
    battle.enter((1,))
    assert rules.state_units(battle.state)[1] == {"aa_gun": 2}
    # the defender has no unit that can be hit: the attacker has won (the table stops
    # there); the guns are captured, not lost
    assert battle.current_phase() is None
    assert battle.verdict() == "attacker"
    assert rules.state_units(battle.state) == ({"infantry": 2, "fighter": 2}, {"aa_gun": 2})
    assert rules.losses(battle.state) == (0, 2)
    # a retreat from the assault takes the aircraft only (Revised)
    start = rules.initial_state()
    after = rules.withdraw(start)
    assert rules.state_units(after)[0] == {"infantry": 2, "fighter": 2}
    assert rules.attacker_units(after) == 2


def test_a_support_tech_needs_a_supporter(tmp_path):
    text = OWN + '[techs]\nbetter = { unit = "fighter", supports = 2 }\n'
    with pytest.raises(ScenarioError, match="supports needs a unit that supports") as info:
        own_scenario(tmp_path, text, "[attacker]\nunits = { infantry = 1 }\n")
    assert "\n" not in str(info.value)


def test_the_table_says_the_radar_guns_hit_value_with_ordinary_dice():
    from .test_lowluck_editions import toml_of
    from combatassist.table import TableBattle, rules_from_scenario
    text = toml_of("aa50", {"options": {"dice": "standard"},
                            "attacker": {"units": {"fighter": 2, "infantry": 1}},
                            "defender": {"units": {"infantry": 1, "aa_gun": 1},
                                         "techs": ["radar"]}})
    rules, ruleset = rules_from_scenario(text)
    battle = TableBattle(rules, scenario_text=text, ruleset=ruleset)
    assert [d.label for d in battle.dice()] == ["AA: hit on 2 or less"] * 2
    battle.enter((2, 3))                         # one hit (2), one miss (3)
    assert rules.state_units(battle.state)[0] == {"fighter": 1, "infantry": 1}


@pytest.mark.parametrize("dice", ["lowluck", "standard"])
@pytest.mark.parametrize("name", sorted(CLASSIC))
def test_classic_rolls_the_same_dice_as_classics_own_code(name, dice):
    """The table side's dice: a saved Classic battle stores only the faces rolled, phase by
    phase, so the family must ask for the same dice in the same order as Classic's own code
    did, and the same faces must lead to the same positions (every phase of a few seeded
    battles, to the end)."""
    import random
    from .classic_reference import LowLuckRules
    doc = CLASSIC[name]
    doc = {**doc, "options": {**doc.get("options", {}), "dice": dice}}
    body = payload("classic", doc)
    classic, later = LowLuckRules(body), lowluck.make_rules(body)

    def units(rules, state):
        return rules.state_units(state)
    rng = random.Random(35)
    phases = 0
    for _ in range(6):
        a, b = classic.initial_state(), later.initial_state()
        for _round in range(30):
            if classic.verdict(a) is not None:
                break
            pa, pb = classic.phases(a), later.phases(b)
            assert [p.name for p in pa] == [p.name for p in pb]
            for fa, fb in zip(pa, pb):
                da, db = fa.dice(a), fb.dice(b)
                assert da == db                  # side, sides, label, who rolls, in order
                assert fa.sure_hits(a) == fb.sure_hits(b)       # low luck's whole sixes
                rolled = tuple(rng.randint(1, d.sides) for d in da)
                assert fa.explain(a, rolled) == fb.explain(b, rolled)
                a = fa.apply(a, fa.resolve(a, rolled))
                b = fb.apply(b, fb.resolve(b, rolled))
                assert units(classic, a) == units(later, b)
                phases += 1
            a, b = classic.end_round(a), later.end_round(b)
            assert classic.verdict(a) == later.verdict(b)
    assert phases
