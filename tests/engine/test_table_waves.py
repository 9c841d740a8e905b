"""An attack's later waves and its counter-attack at the table (``combatassist.table.waves``):
each battle after the first starts against what the players' dice actually left — the
defender's survivors with their damage, the attacker's earlier waves out of it, the land
units holding a taken territory against the counter-attack, waves that meet no defender
walking in — and its odds at the start are the odds side's figure for that battle
(``lowluck.attack``'s own per-wave battle against the same survivors, to 1e-12); undo and
redo across the start of a battle, the autosave and resuming it, and files that don't
replay."""
from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
import tomli_w

from combatassist.data import examples_dir
from combatassist.errors import EngineError, ScenarioError
from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import attack
from combatassist.rulesets.lowluck.outcomes import outcome_and_words
from combatassist.scenario import load_scenario, parse_scenario_text
from combatassist.table import TableBattle, load_battle, read_header, rules_from_scenario
from combatassist.table.saved import seal

from .test_table import Skirmish


def toml_of(edition: str = "1942se", **doc) -> str:
    full = {"ruleset": "lowluck", **doc}
    full["options"] = {"edition": edition, **doc.get("options", {})}
    return tomli_w.dumps(full)


def example(name: str) -> str:
    return load_scenario(examples_dir() / name).to_toml()


#: a fleet in three waves against two-hit battleships (the damage carries over)
FLEET = toml_of(options={"battle": "sea", "dice": "standard"},
                attacker={"units": {"destroyer": 2},
                          "waves": [{"units": {"cruiser": 2}},
                                    {"units": {"battleship": 1, "destroyer": 1}}]},
                defender={"units": {"battleship": 2, "destroyer": 1}})
#: a land attack in three waves with a counter-attack, low luck dice
LAND = toml_of(options={"dice": "lowluck", "keep_land_unit": True},
               attacker={"units": {"infantry": 3, "artillery": 1},
                         "waves": [{"units": {"infantry": 2, "armor": 1}},
                                   {"units": {"armor": 2, "fighter": 1}}]},
               defender={"units": {"infantry": 4, "armor": 1}},
               counter={"units": {"infantry": 2, "armor": 2}})

#: the same with retreat rules and a round limit: the table plays every battle to the end
#: (the players decide when to withdraw), so its odds are those of the attack without them
RETREATS = toml_of(options={"dice": "standard", "retreat_after": 2, "max_rounds": 3,
                            "retreat_when_only_air": True},
                   attacker={"units": {"infantry": 3, "artillery": 1},
                             "waves": [{"units": {"infantry": 2, "armor": 1, "fighter": 1}}]},
                   defender={"units": {"infantry": 4, "armor": 1}},
                   counter={"units": {"infantry": 2, "armor": 2}})

SCENARIOS = {"waves example": example("lowluck-1942-waves.toml"),
             "take and hold example": example("lowluck-1942-take-and-hold.toml"),
             "fleet": FLEET, "land": LAND, "retreat rules": RETREATS}


def to_the_end(payload):
    """``payload`` as the table fights it: no round limit, no retreat rule (the table's
    odds are those of each battle fought to the end, wave 1's as every later one's)."""
    return replace(payload, options=replace(
        payload.options, max_rounds=0, retreat_after=0, retreat_when_units=0,
        retreat_below=0.0, retreat="none", retreat_when_only_air=False))


def start(text: str, **kwargs) -> TableBattle:
    rules, ruleset = rules_from_scenario(text)
    return TableBattle(rules, scenario_text=text, ruleset=ruleset, **kwargs)


def fight(battle: TableBattle, rng: random.Random) -> None:
    while not battle.is_over():
        battle.enter(battle.roll(rng))


def ids_counts(ids, units: dict) -> tuple[int, ...]:
    return tuple(units.get(u, 0) for u in ids)


def assert_same(table, odds_side) -> None:
    """The table's odds and the odds side's result of the same battle, to 1e-12."""
    for name in ("attacker_wins", "defender_wins", "draw", "undecided", "expected_rounds"):
        assert getattr(table, name) == pytest.approx(getattr(odds_side, name), abs=1e-12), \
            name
    ta, td = table.expected_losses()
    oa, od = odds_side.expected_losses()
    assert (ta, td) == pytest.approx((oa, od), abs=1e-12)
    assert table.figures.expected_ipc_swing == pytest.approx(
        odds_side.figures.expected_ipc_swing, abs=1e-12)
    if odds_side.figures.takes_territory is not None:
        assert table.figures.takes_territory == pytest.approx(
            odds_side.figures.takes_territory, abs=1e-12)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_every_later_battle_starts_with_the_odds_sides_figure_for_it(name):
    """Random dice through every battle of the attack: each later wave meets exactly the
    defender's units left (damaged ones damaged), its own units only, and its odds at the
    start are those of the battle the odds side solved for those survivors (its memo of
    the per-wave battles); the counter-attack meets the holders the odds side counts for
    that end (a key of its memo) and its chance to take the territory back is the odds
    side's, to 1e-12. The table's odds are every battle's fought to the end (its retreat
    rules and round limit are the players' to follow), so they are compared with the odds
    side's attack without them."""
    text = SCENARIOS[name]
    payload = parse_scenario_text(text).body
    ids = payload.edition.ids
    memo: dict = {}
    attack.answer(lowluck.RULESET, to_the_end(payload), outcome_and_words, memo=memo)
    waves = (payload.attacker, *payload.waves)
    met = set()
    for seed in range(8):
        battle = start(text)
        rng = random.Random(seed)
        assert battle.stage.key == "wave 1"
        while True:
            fight(battle, rng)
            before_rules, before_state = battle.rules, battle.state
            stage = battle.next_battle()
            if stage is None:
                break
            left = {u: n for u, n in before_rules.state_units(before_state)[1].items() if n}
            battle.fight_next()
            assert battle.stage == stage and battle.round_number == 1
            assert not battle.is_over() and battle.rounds == [] and battle.ending is None
            odds = battle.odds_from_here()
            body = battle.rules.scenario
            assert body.options == payload.options or stage.kind == "counter"
            if stage.kind == "wave":
                assert body.attacker.units == waves[stage.number - 1].units
                assert body.defender.units == left
                assert body.defender.damaged == attack._damaged(before_rules, before_state)
                key = ("wave", stage.number - 1, (ids_counts(ids, left),
                                                  ids_counts(ids, body.defender.damaged)))
                rules, outcome, _words = memo[key]
                assert_same(odds, lowluck.RULESET.battle_result(rules.scenario, rules,
                                                                outcome))
                met.add(stage.key)
            else:
                assert not left and body.attacker.units == payload.counter.units
                retaken = memo[("counter", ids_counts(ids, body.defender.units))]
                assert odds.figures.takes_territory == pytest.approx(retaken, abs=1e-12)
                met.add("counter")
        assert battle.is_over()
    # every kind of battle the scenario has was met at least once
    assert "wave 2" in met or name == "take and hold example"
    if payload.counter is not None and name != "fleet":
        assert "counter" in met


def test_a_wave_after_a_retreat_meets_the_survivors_without_the_attackers_first_wave():
    battle = start(example("lowluck-1942-waves.toml"))
    battle.enter(tuple(6 for _ in battle.dice()))          # nobody hits
    assert battle.next_battle() is None                    # the battle goes on
    with pytest.raises(EngineError, match="finish this battle first"):
        battle.fight_next()
    battle.end("retreat", "attacker")
    assert battle.verdict() == "defender"
    assert battle.next_battle().key == "wave 2"
    battle.fight_next()
    units = battle.rules.state_units(battle.state)
    # the first wave's infantry and artillery withdrew: they don't come back
    assert units == ({"armor": 3, "fighter": 2},
                     {"infantry": 4, "artillery": 1, "armor": 1})
    assert battle.rules.scenario.counter is None and battle.rules.scenario.waves == ()


def test_waves_after_the_defender_is_destroyed_walk_in_and_hold_against_the_counter():
    """Wave 1 wipes the defender out: waves 2 and 3 meet nobody, their land units walk in,
    and the counter-attack meets wave 1's land units left with theirs (never aircraft)."""
    battle = start(LAND)
    while not battle.is_over():                # the attacker's dice hit, the defender's miss
        battle.enter(tuple(1 if d.side == "attacker" else 6 for d in battle.dice()))
    assert battle.holds_territory() == "attacker"
    held = {u: n for u, n in battle.rules.state_units(battle.state)[0].items() if n}
    assert battle.next_battle().key == "counter"
    battle.fight_next()
    assert battle.stage.title() == "Counter-attack"
    expected = dict(held)
    for unit, n in (("infantry", 2), ("armor", 1), ("armor", 2)):
        expected[unit] = expected.get(unit, 0) + n
    assert battle.rules.state_units(battle.state) == ({"infantry": 2, "armor": 2}, expected)
    fight(battle, random.Random(1))
    assert battle.next_battle() is None                    # the counter-attack is the last
    assert "counter-attack" in battle.summary()


def test_an_attack_without_a_counter_ends_when_the_territory_is_taken():
    text = toml_of(options={"dice": "lowluck"},
                   attacker={"units": {"armor": 4}, "waves": [{"units": {"infantry": 2}}]},
                   defender={"units": {"infantry": 1}})
    battle = start(text)
    assert battle.stage.title() == "Wave 1 of 2"
    battle.enter(tuple(1 for _ in battle.dice()))
    assert battle.verdict() == "attacker" and battle.next_battle() is None
    with pytest.raises(EngineError, match="no battle of the attack follows"):
        battle.fight_next()


def test_a_battle_of_its_own_has_no_stages():
    battle = TableBattle(Skirmish())
    assert battle.stage is None and battle.chain is None and battle.next_battle() is None
    one = start(toml_of(attacker={"units": {"infantry": 2}}, defender={"units":
                                                                       {"infantry": 1}}))
    assert one.stage is None and one.chain is None


def wave_one_lost(path=None) -> TableBattle:
    """The waves example's first wave destroyed by the defender, no hit scored."""
    battle = start(example("lowluck-1942-waves.toml"), autosave_path=path)
    while not battle.is_over():
        battle.enter(tuple(1 if d.side == "defender" else 6 for d in battle.dice()))
    return battle


def test_undo_takes_the_next_waves_start_back_and_redo_starts_it_again():
    battle = wave_one_lost()
    end_state, end_log = battle.state, [line.text for line in battle.log]
    battle.fight_next()
    wave2 = battle.state
    log2 = [line.text for line in battle.log]
    assert log2[:len(end_log)] == end_log                  # wave 1's log stays
    assert "━━━ Wave 2 of 2 ━━━" in log2[len(end_log) + 1]
    assert "Wave 1 of 2: Result: the defender wins" in log2[len(end_log)]
    battle.enter(battle.roll(random.Random(5)))
    after = battle.state
    battle.undo()                                          # wave 2's round
    assert battle.state == wave2 and battle.stage.key == "wave 2"
    battle.undo()                                          # wave 2's start
    assert battle.stage.key == "wave 1" and battle.state == end_state
    assert battle.is_over() and [line.text for line in battle.log] == end_log
    assert battle.next_battle().key == "wave 2"
    battle.redo()
    assert battle.stage.key == "wave 2" and battle.state == wave2
    battle.redo()
    assert battle.state == after
    # the luck of the battle being fought is its own dice's: one roll of wave 2
    assert battle.luck() == start_luck(battle.log[-1])


def start_luck(line):
    from combatassist.table import total_luck
    return total_luck([(line.dice, line.rolled)])


def test_the_autosave_records_the_wave_and_resumes_it(tmp_path):
    path = tmp_path / "battle.json"
    battle = wave_one_lost(path)
    single = json.loads(path.read_text())
    assert "earlier" not in single and "battle" not in single   # wave 1: saved as before
    assert "battle" not in single["header"]
    battle.fight_next()
    battle.enter(battle.roll(random.Random(2)))
    data = json.loads(path.read_text())
    assert data["battle"] == "wave 2" and len(data["earlier"]) == 1
    assert data["earlier"][0]["ending"] is None and data["header"]["rounds"] == 1
    assert data["header"]["battle"] == "wave 2"                 # what a start offers
    assert read_header(path).battle == "wave 2"
    resumed = load_battle(path)
    assert resumed.stage.key == "wave 2" and resumed.state == battle.state
    assert [line.text for line in resumed.log] == [line.text for line in battle.log]
    # undo across the start, saved, resumed: the redo list starts wave 2 again
    resumed.undo()
    resumed.undo()
    assert resumed.stage.key == "wave 1"
    data = json.loads(path.read_text())
    assert "earlier" not in data and data["redo"][-1] == {"next_battle": "wave 2"}
    again = load_battle(path)
    assert again.stage.key == "wave 1" and again.can_redo()
    again.redo()
    again.redo()
    assert again.stage.key == "wave 2" and again.state == battle.state


def test_files_whose_waves_dont_replay_are_refused(tmp_path):
    path = tmp_path / "battle.json"
    battle = wave_one_lost(path)
    battle.fight_next()
    good = json.loads(path.read_text())

    def refused(document, match):
        target = tmp_path / "bad.json"
        target.write_text(json.dumps(seal(document)))
        with pytest.raises(ScenarioError, match=match):
            load_battle(target)
    refused({**good, "battle": "wave 3"}, "wave 3")
    refused({**good, "battle": "counter"}, "counter")
    refused({k: v for k, v in good.items() if k != "battle"}, "battle")
    refused({k: v for k, v in good.items() if k != "earlier"}, "earlier")
    refused({**good, "earlier": []}, "earlier")
    refused({**good, "header": {**good["header"], "battle": "counter"}}, "header.battle")
    refused({**good, "header": {**good["header"], "battle": "wave 9 of 3"}}, "unknown battle")
    # wave 1 not over: no wave follows it
    unfinished = json.loads(json.dumps(good))
    unfinished["earlier"][0]["rounds"] = []
    unfinished["header"]["steps"] -= sum(map(len, good["earlier"][0]["rounds"]))
    refused(unfinished, "isn't over")
    # a redo list that starts a wave where none follows
    battle.undo()
    battle.undo()                                          # wave 1's one round undone
    undone = json.loads(path.read_text())
    assert undone["redo"][0] == {"next_battle": "wave 2"} and len(undone["redo"]) == 2
    broken = json.loads(json.dumps(undone))
    broken["redo"] = [{"next_battle": "wave 3"}, *broken["redo"][1:]]
    refused(broken, "redo")
    assert load_battle(path).can_redo()


def test_an_ending_may_be_followed_by_the_next_waves_start_in_the_redo_list(tmp_path):
    path = tmp_path / "battle.json"
    battle = start(example("lowluck-1942-waves.toml"), autosave_path=path)
    battle.enter(tuple(6 for _ in battle.dice()))
    battle.end("retreat", "attacker")
    battle.fight_next()
    battle.undo()
    battle.undo()                                          # the retreat
    assert not battle.is_over() and len(battle.redo_stack) == 2
    resumed = load_battle(path)
    resumed.redo()
    resumed.redo()
    assert resumed.stage.key == "wave 2"


def test_a_battleship_damaged_in_wave_1_is_damaged_in_wave_2():
    battle = start(FLEET)
    first = True
    while not battle.is_over():         # one attacker hit in round 1, then only misses
        battle.enter(tuple(1 if d.side == "defender" or (first and i == 0) else 6
                           for i, d in enumerate(battle.dice())))
        first = False
    assert battle.verdict() == "defender"
    battle.fight_next()
    body = battle.rules.scenario
    assert body.defender.units == {"battleship": 2, "destroyer": 1}
    assert body.defender.damaged == {"battleship": 1}
    assert "damaged" in battle.describe()
    assert body.attacker.units == {"cruiser": 2}
