"""AGC scenario files: parsing, round trip, and clear errors for bad names and counts."""
from __future__ import annotations

import pytest

from combatassist.errors import ScenarioError
from combatassist.rulesets import agc
from combatassist.rulesets.agc import AgcScenario, AgcSide
from combatassist.scenario import parse_scenario_text, scenario_to_toml

GOOD = """\
ruleset = "agc"
title = "A forest attack"
terrain = "forest"
[attacker]
units = { infantry = 4, armor = 2, artillery = 1 }
engineer_unit_type = "armor"
[defender]
units = { infantry = 5, engineers = 1 }
[options]
air_attacks_aad = true
"""


def parse(text):
    return parse_scenario_text(text, file="s.toml").body


def test_parse_and_round_trip():
    body = parse(GOOD)
    assert body == AgcScenario("forest", AgcSide({"infantry": 4, "armor": 2, "artillery": 1},
                                                 "armor"),
                               AgcSide({"infantry": 5, "engineers": 1}), True)
    again = parse_scenario_text(scenario_to_toml(parse_scenario_text(GOOD))).body
    assert again == body
    # options are optional
    minimal = 'ruleset = "agc"\ntitle = "t"\nterrain = "rural"\n[attacker]\nunits = { armor = 1 }\n' \
              '[defender]\nunits = { aad = 1 }\n'
    assert parse(minimal).air_attacks_aad is False


@pytest.mark.parametrize("old, new, field, words", [
    ('terrain = "forest"', 'terrain = "swamp"', "terrain", "unknown value"),
    ("infantry = 4, armor", "infantery = 4, armor", "attacker.units.infantery", "unknown unit"),
    ("infantry = 5, engineers", "infantry = -1, engineers", "defender.units.infantry",
     "at least 0"),
    ("infantry = 5, engineers", "infantry = 2.5, engineers", "defender.units.infantry",
     "whole number"),
    ('engineer_unit_type = "armor"', 'engineer_unit_type = "tanks"',
     "attacker.engineer_unit_type", "unknown value"),
    ('engineer_unit_type = "armor"', 'engineer_unit_type = "urban_infantry"',
     "attacker.engineer_unit_type", "infantry column"),
    ("air_attacks_aad = true", "air_attacks_aad = 1", "options.air_attacks_aad", "true or false"),
    ("air_attacks_aad = true", "air_attack_aad = true", "options.air_attack_aad", "unknown field"),
    ("units = { infantry = 5, engineers = 1 }", "units = {}", "defender.units", "no units"),
    ("units = { infantry = 5, engineers = 1 }", "units = { infantry = 150, armor = 60 }",
     "defender.units", "at most 200"),
    ("[defender]\nunits = { infantry = 5, engineers = 1 }\n", "", "defender", "missing"),
])
def test_bad_files_give_one_clear_message(old, new, field, words):
    text = GOOD.replace(old, new)
    assert text != GOOD
    with pytest.raises(ScenarioError) as info:
        parse(text)
    err = info.value
    assert err.field == field
    assert words in str(err)
    assert "s.toml" in str(err)
    if field != "defender":
        assert err.line is not None


def test_unknown_terrain_lists_the_terrains():
    with pytest.raises(ScenarioError) as info:
        parse(GOOD.replace('"forest"', '"swamp"'))
    assert "heavy_urban" in str(info.value) and "volcanic" in str(info.value)


def test_constructed_payloads_are_validated_too():
    with pytest.raises(ScenarioError, match="unknown terrain 'swamp'"):
        agc.compute(AgcScenario("swamp", AgcSide({"armor": 1}), AgcSide({"armor": 1})))
    with pytest.raises(ScenarioError, match="unknown unit 'tank'"):
        agc.compute(AgcScenario("rural", AgcSide({"tank": 1}), AgcSide({"armor": 1})))
    with pytest.raises(ScenarioError, match="no units"):
        agc.compute(AgcScenario("rural", AgcSide({}), AgcSide({"armor": 1})))
    with pytest.raises(ScenarioError, match="unknown unit type"):
        agc.compute(AgcScenario("rural", AgcSide({"armor": 1, "engineers": 1}, "tank"),
                                AgcSide({"armor": 1})))


def test_summary_mentions_the_figures():
    body = parse(GOOD.replace("air_attacks_aad = true", "air_attacks_aad = false")
                 .replace("engineers = 1 }", "engineers = 1, aad = 1 }")
                 .replace("artillery = 1 }", "artillery = 1, air_support = 1 }"))
    result = agc.compute(body)
    text = agc.summarise(result, "My title")
    assert text.startswith("My title\nagc combat in Forest (exact)")
    assert "attacker victor" in text and "AAD contest" in text
    # the defender's engineers default to the type that loses most: AAD (forest -1)
    assert "defender engineers remove the terrain penalties of: aad" in text
