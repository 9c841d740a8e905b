"""Issue 37: a saved table battle resumes as the battle that was saved, or is refused in one
line — a player's own edition file changed since, a choice recorded where the rules decide
alone, a redo list that no longer replays (the checksum, the saved time and the lock folder:
tests/engine/test_autosave.py)."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from combatassist.errors import EngineError, ScenarioError
from combatassist.table import TableBattle, load_battle, rules_from_scenario
from combatassist.table.saved import seal

ROOT = Path(__file__).resolve().parents[2]
EDITION_1942 = ROOT / "resources" / "lowluck" / "editions" / "1942se.toml"


def house_battle(tmp_path, path=None):
    """A 1942-style battle on the player's own edition file (a copy of 1942 SE)."""
    house = tmp_path / "house.toml"
    house.write_text(EDITION_1942.read_text(encoding="utf-8"), encoding="utf-8")
    text = (f'ruleset = "lowluck"\n[options]\nedition = "{house.as_posix()}"\n'
            'dice = "standard"\n[attacker]\nunits = { infantry = 2, armor = 1 }\n'
            '[defender]\nunits = { armor = 2 }\n')
    rules, ruleset = rules_from_scenario(text)
    battle = TableBattle(rules, scenario_text=text, ruleset=ruleset, autosave_path=path)
    return battle, house


def test_a_changed_edition_file_is_refused_in_one_line(tmp_path):
    """Armor's defence 3 -> 6 in the player's file: the same saved dice used to resume to
    another position, without a word. The battle keeps the file's hash and refuses."""
    path = tmp_path / "lowluck-battle-in-progress.json"
    battle, house = house_battle(tmp_path, path)
    battle.enter((4, 4, 4, 4, 4))       # the defence's 3s hit with armor 3, miss... then 6s
    saved = json.loads(path.read_text())
    assert saved["files"] == [[str(house.resolve()), battle.files[str(house.resolve())]]]
    assert load_battle(path).state == battle.state
    original = house.read_text()
    house.write_text(original.replace(
        'armor      = { attack = 3, defence = 3', 'armor      = { attack = 3, defence = 6'))
    with pytest.raises(ScenarioError, match="has changed since the battle began") as info:
        load_battle(path)
    assert "\n" not in str(info.value) and info.value.field == "files"
    assert str(house.resolve()) in str(info.value)
    house.unlink()                       # gone: refused in one line too
    with pytest.raises(ScenarioError) as info:
        load_battle(path)
    assert "\n" not in str(info.value)
    house.write_text(original)           # put back as it was: it resumes
    assert load_battle(path).state == battle.state


def test_a_battle_of_an_earlier_version_on_an_edition_file_is_refused(tmp_path):
    """Format /2 kept no hash: its edition file can't be checked, so it is refused."""
    battle, _house = house_battle(tmp_path)
    old = {k: v for k, v in battle.to_json().items() if k not in ("files", "checksum")}
    old["format"] = "combatassist-table/2"
    path = tmp_path / "lowluck-battle-in-progress.json"
    path.write_text(json.dumps(old))
    with pytest.raises(ScenarioError, match="earlier version.*can't be checked"):
        load_battle(path)


def test_a_file_the_battle_was_not_fought_with_is_refused(tmp_path):
    battle, house = house_battle(tmp_path)
    data = battle.to_json()
    data["files"] = []
    with pytest.raises(ScenarioError, match="wasn't fought with"):
        TableBattle.from_json(seal(data))
    data["files"] = [[str(house.resolve()), "0" * 64]]
    with pytest.raises(ScenarioError, match="has changed"):
        TableBattle.from_json(seal(data))
    data["files"] = [[str(house.resolve()), "banana"]]
    with pytest.raises(ScenarioError, match="SHA-256"):
        TableBattle.from_json(seal(data))


SUBMERGING = '''ruleset = "lowluck"
[options]
edition = "1940se"
battle = "sea"
dice = "standard"
[attacker]
units = { submarine = 1, cruiser = 1 }
[defender]
units = { submarine = 1, cruiser = 1 }
submerge = true
'''


@pytest.mark.parametrize("choice", ["banana", 12345, math.nan, {"defender": []}])
def test_the_submerge_step_takes_no_choice(tmp_path, choice):
    """The 1940 submerge step (no dice, the rules decide) accepted any recorded choice."""
    rules, ruleset = rules_from_scenario(SUBMERGING)
    battle = TableBattle(rules, scenario_text=SUBMERGING, ruleset=ruleset)
    assert battle.current_phase().name == "submerge"
    with pytest.raises(EngineError, match="nothing to choose") as info:
        battle.enter((), choice)
    assert "\n" not in str(info.value) and not battle.current
    battle.enter(())                          # without a choice it plays
    data = battle.to_json()
    data["current"][0]["choice"] = choice
    text = json.dumps(seal(data))             # NaN is written NaN, as Python's JSON reads it
    path = tmp_path / "lowluck-battle-in-progress.json"
    path.write_text(text)
    with pytest.raises(ScenarioError, match="nothing to choose") as info:
        load_battle(path)
    assert "\n" not in str(info.value)


def test_a_redo_list_that_does_not_replay_is_refused_on_load(tmp_path):
    """Found only when Redo was pressed: now on load. An ending redone mid-list too."""
    rules, ruleset = rules_from_scenario(SUBMERGING)
    battle = TableBattle(rules, scenario_text=SUBMERGING, ruleset=ruleset)
    battle.enter(())
    battle.enter(tuple(6 for _ in battle.dice()))
    battle.enter(tuple(6 for _ in battle.dice()))
    battle.undo()
    data = battle.to_json()
    assert data["redo"] and TableBattle.from_json(data).can_redo()
    bad = json.loads(json.dumps(data))
    bad["redo"][0][-1]["rolled"] = [7] * len(bad["redo"][0][-1]["rolled"])
    with pytest.raises(ScenarioError, match="redo list doesn't replay") as info:
        TableBattle.from_json(seal(bad))
    assert info.value.field == "redo"
    bad = json.loads(json.dumps(data))
    bad["redo"].insert(len(bad["redo"]), ["end", "attacker"])
    with pytest.raises(ScenarioError, match="ending is redone before"):
        TableBattle.from_json(seal(bad))


def _redo_all(battle):
    while battle.can_redo():
        battle.redo()
    return battle


@pytest.mark.parametrize("seed", range(6))
def test_the_redo_check_ends_where_every_redo_would(seed):
    """The check on load replays only the round each undone step changes (linear: 6,000
    undone rounds load in ~0.15 s, where redoing them one by one took minutes); it must
    end exactly where pressing Redo to the end does — Low Luck (rounds), Medium Luck (one
    band at a time, between-rounds deployments)."""
    import random

    from tests.engine.test_autosave import lowluck_battle
    from tests.engine.test_table import DEPLOY, reserves_battle

    rng = random.Random(seed)
    battle = reserves_battle() if seed % 2 else lowluck_battle()
    for _ in range(rng.randint(2, 8)):
        if battle.is_over():
            break
        if seed % 2 and battle.between_rounds_options() and rng.random() < 0.5:
            try:
                battle.between_rounds(DEPLOY)
            except EngineError:
                pass
        battle.enter(battle.roll(rng))
    if not battle.is_over() and not battle.dice_entered() and rng.random() < 0.5:
        battle.end("end")
    for _ in range(rng.randint(1, 6)):
        if battle.can_undo():
            battle.undo()
    data = battle.to_json()
    assert data["redo"]
    checked = TableBattle.from_json(data, **({"rules_for": __import__(
        "tests.engine.test_table", fromlist=["x"]).deploying_rules_for} if seed % 2 else {}))
    scratch = checked._check_redo()
    redone = _redo_all(checked)
    assert scratch.state == redone.state and scratch.ending == redone.ending
    assert scratch.rounds == redone.rounds and scratch.current == redone.current


def test_checking_a_long_redo_list_replays_each_step_about_once(monkeypatch):
    """Work, not time: 2,000 undone rounds of one phase each are checked replaying each
    step about twice (the round redone, then the round after it begun) — redoing them one
    by one replayed the whole battle each time: 2,000,000 steps."""
    from tests.engine.test_autosave import _count_replayed, most_steps_battle

    data = most_steps_battle()
    undone = data["rounds"][:2000]
    data["rounds"], data["redo"] = [], list(reversed(undone))
    data["header"].update(rounds=0, steps=0)
    replayed = _count_replayed(monkeypatch)
    battle = TableBattle.from_json(seal(data))
    steps = sum(len(r) for r in undone)
    assert battle.can_redo() and len(replayed) <= 2 * steps + 10
    bad = json.loads(json.dumps(data))
    bad["redo"][0][0]["rolled"] = [7, 7]               # the last to redo: found all the same
    with pytest.raises(ScenarioError, match="redo list doesn't replay"):
        TableBattle.from_json(seal(bad))
