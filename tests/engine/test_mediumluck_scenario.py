"""Medium Luck scenario files and charts: validation messages, round trips, house charts."""
from __future__ import annotations


import pytest
import tomli_w

from combatassist.data import examples_dir, resource_path
from combatassist.errors import ScenarioError
from combatassist.rulesets import mediumluck
from combatassist.rulesets.mediumluck import bands
from combatassist.rulesets.mediumluck.chart import (chart_to_dict, default_chart, load_chart,
                                                    parse_chart_text)
from combatassist.scenario import load_scenario, parse_scenario_text, save_scenario

EXAMPLES = examples_dir()
HEADER = 'ruleset = "mediumluck"\ntitle = "t"\n'


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv(bands.CACHE_ENV, str(tmp_path / "cache"))


def error_of(text: str, file: str | None = "battle.toml") -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario_text(HEADER + text, file=file)
    return info.value


def test_default_chart_is_the_reconstruction():
    chart = default_chart()
    assert chart.band_names == ("yellow", "black", "blue", "green", "red", "white")
    white = chart.band("white")
    assert set(white.kinds) == {"art", "air"} and white.defender_extra_die
    assert chart.band("red").casualties == "winner"
    assert chart.band("yellow").may_hit == {"fighter", "tactical_bomber", "strategic_bomber"}
    assert chart.band("green").may_hit == {"submarine"}
    assert "transport" in chart.band("blue").may_hit and "fighter" not in chart.band("blue").may_hit
    assert chart.units["battleship"].cost == 20


def test_unit_in_a_band_it_cannot_roll_names_the_field_and_the_bands():
    err = error_of("[attacker.bands.yellow]\nroll = { tank = 3 }\n"
                   "[defender.bands.white]\nroll = { infantry = 1 }\n")
    assert err.field == "attacker.bands.yellow.roll.tank"
    assert err.line == 4
    assert "tank may roll in red" in str(err)
    err = error_of("[attacker.bands.white]\nboost = { tank = 1 }\n"
                   "[defender.bands.white]\nroll = { infantry = 1 }\n")
    assert err.field == "attacker.bands.white.boost.tank" and "can't boost in white" in str(err)
    err = error_of("[attacker.bands.white]\nroll = { fighter = 1 }\n"
                   "[defender.bands.white]\nroll = { infantry = 1 }\n")
    assert "fighter may roll in yellow; boost in green, white" in str(err)


@pytest.mark.parametrize("text,field,words", [
    ("[attacker.bands.purple]\nroll = { tank = 1 }\n[defender]\nidle = { tank = 1 }\n",
     "attacker.bands.purple", "unknown band"),
    ("[attacker.bands.red]\nroll = { tank = -1 }\n[defender]\nidle = { tank = 1 }\n",
     "attacker.bands.red.roll.tank", "at least 0"),
    ("[attacker.bands.red]\nroll = { panzer = 1 }\n[defender]\nidle = { tank = 1 }\n",
     "attacker.bands.red.roll.panzer", "unknown unit"),
    ("[attacker.bands.red]\nroll = { tank = 1 }\nfire = 2\n[defender]\nidle = { tank = 1 }\n",
     "attacker.bands.red.fire", "unknown field"),
    ("[attacker]\nreserve = { tank = 1 }\nidle = { tank = 1 }\n[defender]\nidle = { tank = 1 }\n",
     "attacker.reserve", "reserves option"),
    ("[attacker]\nidle = {}\n[defender]\nidle = { tank = 1 }\n", "attacker", "no units"),
    ("[defender]\nidle = { tank = 1 }\n", "attacker", "required"),
    ("[options]\nmax_rounds = 1.5\n[attacker]\nidle = { tank = 1 }\n[defender]\n"
     "idle = { tank = 1 }\n", "options.max_rounds", "whole number"),
    ("[options]\nchart = \"nowhere.toml\"\n[attacker]\nidle = { tank = 1 }\n[defender]\n"
     "idle = { tank = 1 }\n", "options.chart", "not found"),
    ("[attacker]\nidle = { tank = 1 }\norder_of_loss = [\"tank\", \"tank\"]\n[defender]\n"
     "idle = { tank = 1 }\n", "attacker.order_of_loss", "twice"),
])
def test_bad_scenarios_give_one_clear_error(text, field, words):
    err = error_of(text)
    assert err.field == field
    assert words in str(err)
    assert "battle.toml" in str(err)


@pytest.mark.parametrize("name", ["mediumluck-seed-example.toml", "mediumluck-sea.toml"])
def test_example_scenarios_round_trip(name, tmp_path):
    scenario = load_scenario(EXAMPLES / name)
    again = parse_scenario_text(scenario.to_toml())
    assert again.body.attacker == scenario.body.attacker
    assert again.body.defender == scenario.body.defender
    assert again.body.defender_extra_white == scenario.body.defender_extra_white
    assert again.title == scenario.title
    save_scenario(scenario, tmp_path / "copy.toml")
    assert load_scenario(tmp_path / "copy.toml").body.attacker == scenario.body.attacker


def test_same_unit_in_several_bands_and_options_round_trip(tmp_path):
    text = HEADER + """
[options]
max_rounds = 3
defender_extra_white = false
reserves = true
casualties = "heuristic"
[attacker.bands.yellow]
roll = { fighter = 3 }
[attacker.bands.white]
roll = { infantry = 6 }
boost = { fighter = 2, artillery = 1 }
[attacker]
idle = { aaa = 1 }
reserve = { tank = 2 }
order_of_loss = ["infantry", "artillery"]
[defender.bands.white]
roll = { infantry = 5 }
"""
    scenario = parse_scenario_text(text)
    body = scenario.body
    assert body.attacker.unit_counts()["fighter"] == 5
    doc = mediumluck.to_document(body)
    again = parse_scenario_text(tomli_w.dumps({"ruleset": "mediumluck", **doc})).body
    assert again.attacker == body.attacker and again.defender == body.defender
    assert (again.max_rounds, again.reserves, again.defender_extra_white) == (3, True, False)
    assert again.casualties == "heuristic" and again.battle == "land"
    # reserve units are idle in exact odds: they can be lost but never roll
    r = mediumluck.compute(body)
    assert r.undecided > 0 and max(a for a, _, _ in r.losses) <= 12


HOUSE_CHART = """
format = 1
[[bands]]
name = "orange"
roll = ["infantry"]
boost = { artillery = "art" }
may_hit = ["any"]
casualties = "winner"
[units]
infantry = { cost = 3 }
artillery = { cost = 4 }
"""


def test_house_chart_relative_to_the_scenario(tmp_path):
    (tmp_path / "charts").mkdir()
    (tmp_path / "charts" / "house.toml").write_text(HOUSE_CHART)
    scenario_file = tmp_path / "battle.toml"
    scenario_file.write_text(HEADER + """
[options]
chart = "charts/house.toml"
[attacker.bands.orange]
roll = { infantry = 3 }
boost = { artillery = 1 }
[defender.bands.orange]
roll = { infantry = 3 }
""")
    scenario = load_scenario(scenario_file)
    assert scenario.body.chart.band_names == ("orange",)
    assert "charts/house.toml" in scenario.to_toml()
    r = mediumluck.compute(scenario.body)
    assert r.attacker_wins + r.defender_wins + r.draw == pytest.approx(1.0)
    assert r.attacker_wins > r.defender_wins          # the boost helps
    # the default chart's bands are not in this chart
    scenario_file.write_text(HEADER + '[options]\nchart = "charts/house.toml"\n'
                             "[attacker.bands.white]\nroll = { infantry = 1 }\n"
                             "[defender.bands.orange]\nroll = { infantry = 1 }\n")
    with pytest.raises(ScenarioError, match="unknown band 'white'.*orange"):
        load_scenario(scenario_file)


def test_a_chart_named_beside_the_scenario_is_found_again_wherever_it_is_written(
        tmp_path, monkeypatch):
    """Written back (saved elsewhere, or checked again without a folder, as the app's form
    does), the scenario still names the same chart, from any working folder."""
    from combatassist.scenario import parse_scenario_text
    (tmp_path / "house.toml").write_text(HOUSE_CHART)
    scenario_file = tmp_path / "battle.toml"
    scenario_file.write_text(HEADER + '[options]\nchart = "house.toml"\n'
                             "[attacker.bands.orange]\nroll = { infantry = 3 }\n"
                             "[defender.bands.orange]\nroll = { infantry = 3 }\n")
    loaded = load_scenario(scenario_file)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    again = parse_scenario_text(loaded.to_toml())
    assert again.body.chart.band_names == ("orange",)
    assert again.body.chart_ref == loaded.body.chart_ref


@pytest.mark.parametrize("change,field,words", [
    (lambda t: t.replace('roll = ["infantry"]', 'roll = ["knight"]'), "bands[1].roll",
     "unknown unit"),
    (lambda t: t.replace('casualties = "winner"', 'casualties = "loser"'), "bands[1].casualties",
     "unknown value"),
    (lambda t: t.replace('may_hit = ["any"]', "may_hit = []"), "bands[1].may_hit",
     "hit something"),
    (lambda t: t.replace("cost = 3", "cost = \"three\""), "units.infantry.cost", "number"),
    (lambda t: t.replace('name = "orange"', 'name = "orange"\ncolour = 2'), "bands[1].colour",
     "unknown field"),
    (lambda t: t.replace("format = 1", "format = 9"), "format", "not supported"),
    (lambda t: t.replace("[units]", "[units"), None, "not valid TOML"),
])
def test_malformed_chart_errors_name_the_chart_file(tmp_path, change, field, words):
    path = tmp_path / "bad_chart.toml"
    path.write_text(change(HOUSE_CHART))
    with pytest.raises(ScenarioError) as info:
        load_chart(path)
    err = info.value
    assert err.field == field
    assert words in str(err) and "bad_chart.toml" in str(err)
    assert err.line is not None
    # the same error reaches whoever loads a scenario naming that chart
    scenario_file = tmp_path / "battle.toml"
    scenario_file.write_text(HEADER + '[options]\nchart = "bad_chart.toml"\n'
                             "[attacker]\nidle = { infantry = 1 }\n"
                             "[defender]\nidle = { infantry = 1 }\n")
    with pytest.raises(ScenarioError, match="bad_chart.toml"):
        load_scenario(scenario_file)


def test_default_chart_round_trips_as_data():
    chart = default_chart()
    again = parse_chart_text(tomli_w.dumps(chart_to_dict(chart)))
    assert again.bands == chart.bands
    assert again.units == chart.units
    assert resource_path("mediumluck", "default_chart.toml").is_file()


def test_default_scenario_is_the_seed_example_and_make_rules_plays_it():
    seed = load_scenario(EXAMPLES / "mediumluck-seed-example.toml")
    default = mediumluck.default_scenario()
    assert default.body.attacker == seed.body.attacker
    assert default.body.defender == seed.body.defender
    assert default.body.defender_extra_white is False
    rules = mediumluck.make_rules(default.body)
    assert rules.initial_state() == mediumluck.make_rules(seed.body).initial_state()
    assert parse_scenario_text(default.to_toml()).body.attacker == seed.body.attacker


@pytest.mark.parametrize("battle,place,unit,words", [
    ("land", "idle", "carrier", "carrier is a ship: it can't fight in a land battle"),
    ("sea", "idle", "infantry", "infantry is a land unit: it can't fight in a sea battle"),
])
def test_battle_kind_refuses_units_that_cant_be_in_it(battle, place, unit, words):
    text = HEADER + f"""
[options]
battle = "{battle}"
[attacker.bands.black]
roll = {{ strategic_bomber = 1 }}
[attacker]
{place} = {{ {unit} = 2 }}
[defender.bands.black]
roll = {{ strategic_bomber = 1 }}
"""
    with pytest.raises(ScenarioError) as info:
        parse_scenario_text(text)
    message = str(info.value)
    assert words in message and f"attacker.{place}.{unit}" in message
    other = "sea" if battle == "land" else "land"
    assert f'battle = "{other}"' in message
    # the other kind takes them, and the option round-trips
    body = parse_scenario_text(text.replace(f'battle = "{battle}"', f'battle = "{other}"')).body
    assert body.battle == other
    again = parse_scenario_text(tomli_w.dumps({"ruleset": "mediumluck",
                                               **mediumluck.to_document(body)})).body
    assert again.battle == other


def test_unknown_battle_kind_and_casualty_policy_are_errors():
    for option, value in (("battle", "air"), ("casualties", "best")):
        with pytest.raises(ScenarioError, match=f"options.{option}"):
            parse_scenario_text(HEADER + f'[options]\n{option} = "{value}"\n'
                                "[attacker]\nidle = { infantry = 1 }\n"
                                "[defender]\nidle = { infantry = 1 }\n")
