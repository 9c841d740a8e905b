"""The attacker's retreat from an amphibious assault (docs/rules.md §2b): the units landed from
transports can't leave and fight on; the others withdraw (not lost, no territory).

Checked against a battle worked by hand, exact against simulation (which plays the rule by
rounds, not through the solver's continuation), and at the table (a step of the log: undo,
autosave, resume)."""
from __future__ import annotations

import math

import pytest

from combatassist.errors import EngineError
from combatassist.ruleset import compute
from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import outcome_of
from combatassist.scenario import parse_scenario_text

from .test_lowluck_editions import payload, toml_of

#: 1 landed infantry and a fighter against 1 infantry.
SMALL = {"attacker": {"units": {"infantry": 1, "fighter": 1}, "amphibious": {"infantry": 1}},
         "defender": {"units": {"infantry": 1}}}

#: A larger assault: landed infantry and artillery, with armor and fighters that may leave.
ASSAULT = {"attacker": {"units": {"infantry": 3, "artillery": 1, "fighter": 2, "armor": 1},
                        "amphibious": {"infantry": 2, "artillery": 1}},
           "defender": {"units": {"infantry": 4, "armor": 1}}}

#: The same forces, none landed from the sea (every unit may leave).
PLAIN = {"attacker": {"units": ASSAULT["attacker"]["units"]}, "defender": ASSAULT["defender"]}


def with_options(doc: dict, **options) -> dict:
    return {**doc, "options": {**doc.get("options", {}), **options}}


def test_retreat_after_round_1_worked_by_hand():
    """Round 1: the attack (infantry 1, fighter 3) scores 0/1/2 hits with 5/12, 1/2, 1/12; the
    defence (2) hits with 1/3, taking the landed infantry. Then the fighter leaves; a landed
    infantry left fights 1 v 2 to the end: it wins 1/4, draws 1/8, loses 5/8."""
    res = compute(lowluck.RULESET, payload("1942se", with_options(
        SMALL, dice="standard", retreat_after=1)))
    assert res.attacker_wins == pytest.approx(94 / 144, abs=1e-12)
    assert res.draw == pytest.approx(5 / 144, abs=1e-12)
    assert res.defender_wins == pytest.approx(45 / 144, abs=1e-12)
    # the fighter alone (its infantry lost in round 1, the defender still there) retreats
    assert res.retreated == pytest.approx(20 / 144, abs=1e-12)
    figures = res.figures
    # the fighter that withdrew is not lost; only the infantry is (3 IPC)
    assert figures.attacker_ipc_lost == pytest.approx(3 * 78 / 144, abs=1e-12)
    assert figures.defender_ipc_lost == pytest.approx(3 * 99 / 144, abs=1e-12)
    # a fighter left alone wins but doesn't take the territory; the withdrawn one never does
    assert figures.takes_territory == pytest.approx(66 / 144, abs=1e-12)
    assert figures.survivors["attacker"]["fighter"] == pytest.approx(1.0, abs=1e-12)


def test_without_a_retreat_the_assault_is_unchanged():
    plain = compute(lowluck.RULESET, payload("1942se", with_options(SMALL, dice="standard")))
    # the fighter fights on: 1 + 3 attack against 2 until one side is gone
    assert plain.retreated == 0.0
    assert plain.attacker_wins + plain.draw + plain.defender_wins == pytest.approx(1.0)


@pytest.mark.parametrize("options", [
    {"retreat_after": 1}, {"retreat_after": 2, "max_rounds": 3}, {"retreat_when_units": 4},
    {"retreat_below": 0.6}, {"retreat_below": 0.6, "max_rounds": 3},
    {"retreat_when_units": 3, "retreat_below": 0.4}, {"retreat_after": 2, "retreat_below": 0.7},
    {"retreat_after": 2, "retreat_below": 0.7, "max_rounds": 4},
    # the cut is the last round: nobody fights on (the simulation left it all undecided)
    {"retreat_after": 2, "max_rounds": 2}, {"retreat_after": 1, "max_rounds": 1,
                                            "retreat_when_units": 3}])
@pytest.mark.parametrize("dice", ["standard", "lowluck"])
@pytest.mark.parametrize("battle", ["ASSAULT", "PLAIN"])
def test_exact_and_simulation_agree_within_five_sigma(options, dice, battle):
    doc = ASSAULT if battle == "ASSAULT" else PLAIN
    body = payload("1942se", with_options(doc, dice=dice, **options))
    exact = compute(lowluck.RULESET, body)
    trials = 40_000
    sim = compute(lowluck.RULESET, body, method="simulate", trials=trials, seed=11)
    assert exact.attacker_wins + exact.draw + exact.defender_wins + exact.undecided == \
        pytest.approx(1.0)
    for key in ("attacker_wins", "defender_wins", "draw", "retreated", "undecided"):
        p = getattr(exact, key)
        sigma = math.sqrt(max(p * (1 - p), 1e-6) / trials)
        assert abs(getattr(sim, key) - p) <= 5 * sigma, key
    p = exact.figures.takes_territory
    assert abs(sim.figures.takes_territory - p) <= 5 * math.sqrt(max(p * (1 - p), 1e-6) / trials)


def test_the_landed_units_fighting_on_change_the_answer():
    """Before, every unit left at the cut; now the landed ones fight on: they win sometimes."""
    body = payload("1942se", with_options(ASSAULT, dice="standard", retreat_after=1))
    rules = lowluck.make_rules(body)
    outcome = outcome_of(rules, body.options)
    # some end positions have withdrawn units beside a won battle
    withdrawn_wins = sum(p for s, p in outcome.decided.items()
                         if rules.verdict(s) == "attacker"
                         and any(n for n, slot in zip(s[0], rules.att.slots)
                                 if slot.status == "withdrawn"))
    assert withdrawn_wins > 0.01


# -- the table side --------------------------------------------------------------------------
def test_the_players_retreat_from_an_assault_at_the_table(tmp_path):
    from combatassist.table import TableBattle, load_battle, rules_from_scenario
    text = toml_of("1942se", with_options(ASSAULT, dice="standard"))
    rules, ruleset = rules_from_scenario(text)
    path = tmp_path / "assault.json"
    battle = TableBattle(rules, scenario_text=text, ruleset=ruleset, autosave_path=path)
    with pytest.raises(EngineError, match="once round 1 is over"):
        battle.end("retreat", "attacker")
    misses = tuple(6 for _ in battle.dice())
    battle.enter(misses)                                # round 1: nobody hits
    assert battle.withdrawal("attacker") is not None
    battle.end("retreat", "attacker")
    # the infantry not landed, the armor and the fighters left; the landed units fight on
    assert battle.ending is None and not battle.is_over()
    assert rules.state_units(battle.state) == rules.state_units(rules.initial_state())
    assert rules.attacker_units(battle.state) == 3
    assert "withdrawn" in rules.describe(battle.state)
    assert "fight on" in battle.log[-1].text
    # nothing more can leave: a second retreat is refused, nothing changes
    before = battle.state
    with pytest.raises(EngineError, match="amphibious units can't retreat"):
        battle.end("retreat", "attacker")
    assert battle.state == before
    # the autosave replays the step; undo takes it back
    resumed = load_battle(path)
    assert resumed.state == battle.state
    resumed.undo()
    assert rules.attacker_units(resumed.state) == 7
    resumed.redo()
    assert resumed.state == battle.state
    # the landed units fight the battle to its end: the defender's hits take them
    while not resumed.is_over():
        resumed.enter(tuple(1 for _ in resumed.dice()))
    assert resumed.verdict() == "defender"            # every hit lands, the attack's too
    assert rules.state_units(resumed.state)[0] == {"infantry": 1, "armor": 1, "fighter": 2}


def test_without_landed_units_left_the_retreat_ends_the_battle(tmp_path):
    from combatassist.table import TableBattle, rules_from_scenario
    text = toml_of("1942se", with_options(SMALL, dice="standard"))
    rules, ruleset = rules_from_scenario(text)
    battle = TableBattle(rules, scenario_text=text, ruleset=ruleset)
    # round 1: the attack misses, the defence takes the landed infantry
    battle.enter((6, 6, 1))
    assert rules.attacker_units(battle.state) == 1
    assert battle.withdrawal("attacker") is None
    battle.end("retreat", "attacker")
    assert battle.is_over() and battle.verdict() == "defender"
