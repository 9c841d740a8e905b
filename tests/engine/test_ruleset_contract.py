"""The ruleset contract (``combatassist.ruleset``), checked for every ruleset that is found.

A ruleset added to ``combatassist/rulesets/`` is picked up here without editing this file:
its default scenario must parse and round-trip, exact must agree with a seeded simulation,
its ``odds --json`` keys must be the ones it documents, an unknown method must give the one
error, and a battle at the table must play, undo, redo, autosave and resume.
"""
from __future__ import annotations

import json
import math
import random

import pytest

from combatassist import rulesets
from combatassist.cli import main
from combatassist.errors import ScenarioError
from combatassist.result import BATTLE_KEYS
from combatassist.ruleset import KINDS, METHODS, Ruleset, compute
from combatassist.scenario import parse_scenario_text, save_scenario, scenario_to_toml
from combatassist.table import TableBattle, load_battle

FOUND = rulesets.all_rulesets()
#: docs/scenario-format.md's JSON keys of the built-in rulesets (others declare theirs in ``json_keys``).
DOCUMENTED_KEYS = {
    "lowluck": ("ruleset",) + BATTLE_KEYS, "mediumluck": ("ruleset",) + BATTLE_KEYS,
    "agc": ("ruleset",) + BATTLE_KEYS, "ur": ("ruleset",) + BATTLE_KEYS,
    "ds2": ("ruleset", "p_hit", "p_kill", "p_special", "p_mobility", "p_systems_down",
            "p_damage", "p_no_effect", "figure_of_merit"),
}
TRIALS = 20_000


@pytest.fixture(params=FOUND, ids=[r.name for r in FOUND])
def ruleset(request) -> Ruleset:
    return request.param


def test_the_five_built_in_rulesets_are_found_in_tab_order():
    assert rulesets.names()[:5] == ("lowluck", "mediumluck", "agc", "ur", "ds2")


def test_unknown_ruleset_names_the_known_ones():
    with pytest.raises(ScenarioError, match="unknown ruleset 'chess'") as info:
        rulesets.get("chess")
    assert info.value.field == "ruleset" and "lowluck" in str(info.value)


def test_shape(ruleset):
    assert ruleset.kind in KINDS
    assert ruleset.title and ruleset.name == type(ruleset).__module__.split(".")[-1]
    assert rulesets.get(ruleset.name) is ruleset
    assert ruleset.resources.is_dir() and ruleset.resources.name == ruleset.name


def test_default_scenario_parses_and_round_trips(ruleset):
    scenario = ruleset.default_scenario()
    assert scenario.ruleset == ruleset.name
    again = parse_scenario_text(scenario_to_toml(scenario))
    assert again.body == scenario.body and again.title == scenario.title
    assert ruleset.parse is not None and ruleset.to_document(again.body) == \
        ruleset.to_document(scenario.body)


def _probabilities(data: dict) -> dict[str, float]:
    """The figures of a result that are probabilities (win/draw, or a shot's p_*)."""
    keys = [k for k in ("attacker_wins", "defender_wins", "draw") if k in data] or \
        [k for k in data if k.startswith("p_")]
    return {k: data[k] for k in keys}


def test_exact_agrees_with_simulation_within_five_sigma(ruleset):
    body = ruleset.default_scenario().body
    exact = compute(ruleset, body)
    simulated = compute(ruleset, body, method="simulate", trials=TRIALS, seed=7)
    assert exact.method == "exact" and simulated.method == "simulate"
    figures = _probabilities(exact.to_json())
    assert figures
    for key, p in figures.items():
        sigma = math.sqrt(max(p * (1 - p), 1 / TRIALS) / TRIALS)
        assert abs(simulated.to_json()[key] - p) <= 5 * sigma, key


def test_simulation_is_repeatable(ruleset):
    body = ruleset.default_scenario().body
    one = compute(ruleset, body, method="simulate", trials=500, seed=3).to_json()
    two = compute(ruleset, body, method="simulate", trials=500, seed=3).to_json()
    assert one == two


def test_odds_json_keys_are_the_documented_ones(ruleset, tmp_path, capsys):
    path = tmp_path / "scenario.toml"
    save_scenario(ruleset.default_scenario(), path)
    assert main(["odds", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert tuple(data) == ruleset.json_keys
    assert data["ruleset"] == ruleset.name
    if ruleset.name in DOCUMENTED_KEYS:
        assert ruleset.json_keys == DOCUMENTED_KEYS[ruleset.name]
    assert main(["odds", str(path)]) == 0               # and a human summary
    assert capsys.readouterr().out.strip()


@pytest.mark.parametrize("method", ["guess", "", "EXACT"])
def test_unknown_method_is_the_one_error(ruleset, method):
    body = ruleset.default_scenario().body
    with pytest.raises(ScenarioError, match=f"unknown method '{method}'") as info:
        compute(ruleset, body, method=method)
    assert info.value.field == "method"
    assert all(m in str(info.value) for m in METHODS)


def _play(battle: TableBattle, rng: random.Random, phases: int) -> None:
    for _ in range(phases):
        if battle.is_over():
            return
        battle.enter(battle.roll(rng))


def test_a_table_battle_plays_undoes_redoes_autosaves_and_resumes(ruleset, tmp_path):
    scenario = ruleset.default_scenario()
    text = scenario_to_toml(scenario)
    autosave = tmp_path / "battle.json"
    battle = TableBattle(ruleset.make_rules(scenario.body), scenario_text=text,
                         ruleset=ruleset.name, autosave_path=autosave)
    rng = random.Random(11)
    battle.enter(battle.roll(rng))                     # the first phase
    first_log = [line.text for line in battle.log]
    assert first_log and autosave.is_file()
    _play(battle, rng, 400)                            # to the end (or far enough)
    played = [line.text for line in battle.log]
    state = battle.state
    while battle.rounds and battle.can_undo():          # undo whole rounds ...
        battle.undo()
    if battle.current:
        battle.undo()
    assert not battle.log and battle.state == battle.rules.initial_state()
    while battle.can_redo():                            # ... and redo them
        battle.redo()
    resumed = load_battle(autosave)                     # the autosave replays the same battle
    assert resumed.ruleset == ruleset.name
    assert [line.text for line in resumed.log] == [line.text for line in battle.log]
    assert resumed.state == battle.state
    if ruleset.kind == "resolution":                    # one round: all of it comes back
        assert battle.state == state and [line.text for line in battle.log] == played
        assert battle.is_over() and battle.verdict() in ("attacker", "defender", "draw")


def test_players_choice_text_round_trips(ruleset):
    scenario = ruleset.default_scenario()
    battle = TableBattle(ruleset.make_rules(scenario.body))
    rng = random.Random(5)
    for _ in range(50):
        if battle.is_over():
            break
        preview = battle.preview(battle.roll(rng))
        if preview.proposal is not None:
            text = ruleset.format_choice(preview.proposal)
            assert ruleset.parse_choice(text, preview.proposal, rules=battle.rules) == \
                preview.proposal
        battle.enter(preview.rolled)
    assert ruleset.parse_choice("", None) is None


def test_help_quotes_the_tables(ruleset):
    text = ruleset.help_text()
    assert text.strip() and "{" not in text          # every placeholder was filled


def test_labels_are_text(ruleset):
    for category, names in ruleset.labels.items():
        assert names and all(isinstance(v, str) and v for v in names.values()), category
