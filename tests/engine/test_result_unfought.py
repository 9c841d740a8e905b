"""BattleResult.unfought(): a battle with an empty side is "no battle", any real one is not."""
from __future__ import annotations

import dataclasses

import pytest

from combatassist.errors import ScenarioError
from combatassist.rulesets import lowluck


def lowluck_with(attacker: dict, defender: dict):
    body = lowluck.default_scenario().body
    return lowluck.compute(dataclasses.replace(
        body, attacker=dataclasses.replace(body.attacker, units=attacker),
        defender=dataclasses.replace(body.defender, units=defender)))


@pytest.mark.parametrize("attacker, defender, reason", [
    ({}, {"infantry": 2}, "the attacker has no units"),
    ({"infantry": 2}, {}, "the defender has no units"),
    ({}, {}, "neither side has units"),
])
def test_an_empty_side_is_no_battle(attacker, defender, reason):
    assert lowluck_with(attacker, defender).unfought() == reason


def test_a_real_battle_is_fought():
    result = lowluck_with({"infantry": 1}, {"infantry": 1})
    assert result.expected_rounds > 0 and result.unfought() is None
    assert lowluck.compute(lowluck.default_scenario().body).unfought() is None



def _later_edition_battle(edition: str, dice: str, battle: str, attacker: str,
                          defender: str):
    from combatassist.scenario import parse_scenario_text
    text = (f'ruleset = "lowluck"\n[options]\nedition = "{edition}"\ndice = "{dice}"\n'
            f'battle = "{battle}"\n[attacker]\nunits = {{ {attacker} }}\n'
            f'[defender]\nunits = {{ {defender} }}\n')
    return parse_scenario_text(text).body


@pytest.mark.parametrize("edition", ["1942se", "1940se"])
@pytest.mark.parametrize("dice", ["lowluck", "standard"])
@pytest.mark.parametrize("battle, attacker, defender", [
    ("land", "infantry = 2, fighter = 1", "infantry = 4, aa_gun = 1"),
    ("sea", "submarine = 2, fighter = 1", "destroyer = 1, transport = 1")])
@pytest.mark.parametrize("empty", ["attacker", "defender"])
@pytest.mark.parametrize("method", ["exact", "simulate"])
def test_a_later_edition_battle_with_an_empty_side_is_answered(edition, dice, battle, attacker,
                                                                defender, empty, method):
    """A later edition's battle with a side left empty (a player cleared the form) is "no
    battle", exactly and simulated, with its figures (an empty attacker raised an IndexError
    in the territory figure: a side with no units gave it an index array of floats)."""
    body = _later_edition_battle(edition, dice, battle, "" if empty == "attacker" else attacker,
                                 "" if empty == "defender" else defender)
    result = lowluck.compute(body, method=method, trials=50, seed=1)
    assert result.unfought() == f"the {empty} has no units"
    assert result.expected_rounds == 0.0
    if empty == "attacker":
        assert result.defender_wins == 1.0
        assert result.figures.takes_territory in (None, 0.0)


def test_a_later_edition_battle_with_no_units_is_refused_with_a_message():
    with pytest.raises(ScenarioError, match="no units on either side"):
        _later_edition_battle("1942se", "standard", "land", "", "")


def test_an_attack_its_retreat_rules_never_start_says_so():
    """The profit policy's "don't attack" (1 infantry against 5 infantry and 2 armor) is no
    battle because the attacker withdraws, not because it has no units."""
    body = lowluck.default_scenario().body
    result = lowluck.compute(dataclasses.replace(
        body, options=dataclasses.replace(body.options, retreat="profit"),
        attacker=dataclasses.replace(body.attacker, units={"infantry": 1}),
        defender=dataclasses.replace(body.defender, units={"infantry": 5, "armor": 2})))
    assert result.retreated == pytest.approx(1.0)
    assert result.unfought() == ("the attacker withdraws before the first round "
                                 "(its retreat rules)")
