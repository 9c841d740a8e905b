"""BattleResult.unfought(): a battle with an empty side is "no battle", any real one is not."""
from __future__ import annotations

import dataclasses

import pytest

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

