"""Ur scenario files (docs/scenario-format.md): round trips, and one clear message per mistake."""
from __future__ import annotations

import copy

import pytest
import tomli_w

from combatassist.data import examples_dir, load_resource, read_data
from combatassist.errors import ScenarioError
from combatassist.rulesets.ur import (Side, Unit, UrScenario, Wall, check, compute,
                                      to_document)
from combatassist.rulesets.ur.data import read_tables, tables
from combatassist.scenario import load_scenario, parse_scenario_text

EXAMPLES = examples_dir()

FULL = '''ruleset = "ur"
title = "everything"
[options]
max_rounds = 5
[attacker]
stance = "attack"
units = [ { type = "infantry" }, { type = "infantry", steps = 3, raider = true },
          { type = "undead", steps = 6 }, { type = "cavalry" } ]
retreat_at_steps = 2
moving_to_archers = true
magic = -1
[defender]
stance = "defend"
terrain = "hill"
river = true
dwarf_hill = true
magic = 2
retreat_at_steps = 1
wall = { kind = "inner", damage = 1 }
units = [ { type = "archers" }, { type = "wall_defense", steps = 2 } ]
'''


def test_full_scenario_reads_every_field():
    sc = parse_scenario_text(FULL).body
    assert sc.max_rounds == 5
    assert sc.attacker.stance == "attack" and sc.attacker.retreat_at_steps == 2
    assert sc.attacker.moving_to_archers and sc.attacker.magic == -1
    assert [u.start_steps for u in sc.attacker.units] == [4, 3, 6, 4]
    assert sc.attacker.units[1].raider and not sc.attacker.units[0].raider
    assert sc.attacker.units[2].steps is None            # full steps written out = fresh
    assert sc.position.terrain == "hill" and sc.position.river and sc.position.dwarf_hill
    assert sc.position.wall == Wall("inner", 1) and sc.position.wall_strength == 2
    assert sc.defender.magic == 2 and sc.defender.retreat_at_steps == 1


@pytest.mark.parametrize("text", [FULL, None])
def test_round_trip(text):
    if text is None:
        text = (EXAMPLES / "ur-outer-wall.toml").read_text()
    first = parse_scenario_text(text)
    again = parse_scenario_text(first.to_toml())
    assert again.body == first.body and again.title == first.title


def test_payload_built_in_code_round_trips():
    sc = UrScenario(Side("defend", (Unit("archers", 2),), magic=3),
                    Side("attack", (Unit("undead", 6),)))
    doc = {"ruleset": "ur", "title": "t", **to_document(sc)}
    assert parse_scenario_text(tomli_w.dumps(doc)).body == \
        UrScenario(Side("defend", (Unit("archers", 2),), magic=3),
                   Side("attack", (Unit("undead"),)))


def test_defaults():
    sc = parse_scenario_text('ruleset = "ur"\ntitle = "t"\n[attacker]\nunits = []\n'
                             '[defender]\nunits = [ { type = "archers" } ]\n').body
    assert sc.attacker.stance == "attack" and sc.defender.stance == "defend"
    assert sc.position.terrain == "none" and sc.position.wall is None and sc.max_rounds == 0
    r = compute(sc)                      # an empty side has lost before the first round
    assert r.defender_wins == 1.0 and r.expected_rounds == 0.0


def test_example_scenarios_load():
    woods = load_scenario(EXAMPLES / "ur-woods.toml").body
    assert woods.position.terrain == "wood" and len(woods.attacker.units) == 2
    wall = load_scenario(EXAMPLES / "ur-outer-wall.toml").body
    assert wall.position.wall_strength == 2


BASE = '''ruleset = "ur"
title = "bad"
[attacker]
stance = "attack"
units = [ { type = "infantry" } ]
[defender]
stance = "defend"
units = [ { type = "infantry" } ]
'''


def bad(old, new, field, *words):
    assert old in BASE
    return pytest.param(BASE.replace(old, new, 1), field, words, id=field + ":" + words[0])


@pytest.mark.parametrize("text,field,words", [
    bad('units = [ { type = "infantry" } ]\n[defender]',
        'units = [ { type = "infantry" } ' + ', { type = "infantry" }' * 4 + ' ]\n[defender]',
        "attacker.units", "stacking limit", "at most 4"),
    bad('{ type = "infantry" } ]\n[defender]', '{ type = "orc" } ]\n[defender]',
        "attacker.units.type", "unit 1 has an unknown type \"orc\"", "infantry, archers"),
    bad('{ type = "infantry" } ]\n[defender]', '{ steps = 2 } ]\n[defender]',
        "attacker.units.type", "no type"),
    bad('{ type = "infantry" } ]\n[defender]', '{ type = "infantry", steps = 5 } ]\n[defender]',
        "attacker.units.steps", "at most 4"),
    bad('{ type = "infantry" } ]\n[defender]', '{ type = "infantry", steps = 0 } ]\n[defender]',
        "attacker.units.steps", "at least 1"),
    bad('{ type = "infantry" } ]\n[defender]', '{ type = "infantry", steps = "3" } ]\n[defender]',
        "attacker.units.steps", "whole number"),
    bad('{ type = "infantry" } ]\n[defender]', '{ type = "infantry", step = 3 } ]\n[defender]',
        "attacker.units.step", "unknown field"),
    bad('{ type = "infantry" } ]\n[defender]', '"infantry" ]\n[defender]',
        "attacker.units", "must be a table"),
    bad('stance = "attack"', 'stance = "charge"', "attacker.stance", "unknown value"),
    bad('stance = "defend"', 'stance = "defend"\nmoving_to_archers = true',
        "defender.moving_to_archers", "unknown field"),
    bad('stance = "defend"', 'stance = "defend"\nwall = { kind = "outer", damage = 8 }',
        "defender.wall.damage", "more than", "at most 7"),
    bad('stance = "defend"', 'stance = "defend"\nwall = { kind = "moat" }',
        "defender.wall.kind", "unknown value"),
    bad('stance = "defend"', 'stance = "defend"\nterrain = "swamp"',
        "defender.terrain", "unknown value"),
    bad('stance = "attack"', 'stance = "attack"\nterrain = "wood"',
        "attacker.terrain", "unknown field"),
    bad('stance = "attack"', 'stance = "attack"\nretreat_at_steps = -1',
        "attacker.retreat_at_steps", "at least 0"),
    bad('stance = "attack"', 'stance = "attack"\nmagic = 1.5',
        "attacker.magic", "whole number"),
    bad('title = "bad"', 'title = "bad"\n[options]\nmax_round = 3', "options.max_round",
        "unknown field"),
])
def test_input_errors_name_the_field(text, field, words, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    err = info.value
    assert err.field == field
    assert err.file == str(path)
    assert err.line is not None
    message = str(err)
    for w in words:
        assert w in message


def test_missing_units_and_sides():
    with pytest.raises(ScenarioError, match="units.*required"):
        parse_scenario_text(BASE.replace('units = [ { type = "infantry" } ]\n[defender]',
                                         '[defender]'))
    with pytest.raises(ScenarioError, match="defender.*required"):
        parse_scenario_text(BASE.split("[defender]")[0])


def test_check_refuses_bad_payloads_built_in_code():
    ok = UrScenario(Side("attack", (Unit("infantry"),)), Side("defend", (Unit("archers"),)))
    check(ok)
    with pytest.raises(ScenarioError, match="stacking limit"):
        check(UrScenario(Side("attack", (Unit("infantry"),) * 5), ok.defender))
    with pytest.raises(ScenarioError, match="unknown type"):
        compute(UrScenario(Side("attack", (Unit("dragon"),)), ok.defender))
    with pytest.raises(ScenarioError, match="can't have 7 steps"):
        check(UrScenario(Side("attack", (Unit("undead", 7),)), ok.defender))
    with pytest.raises(ScenarioError, match="can't be removed"):
        check(UrScenario(ok.attacker, ok.defender,
                         type(ok.position)(wall=Wall("inner", 5))))


def parse_tables(doc):
    return read_data(doc, read_tables, file="tables.toml")


def test_data_file_is_validated():
    doc = load_resource("ur/tables.toml")
    assert parse_tables(copy.deepcopy(doc)) == tables()
    for mutate, field, words in [
        (lambda d: d["units"]["infantry"].update(melee_use="sometimes"),
         "units.infantry.melee_use", "unknown value"),
        (lambda d: d["walls"]["outer"].update(steps_to_lose=[1, 2]),
         "walls.outer.steps_to_lose", "per level"),
        (lambda d: d["modifiers"]["attack"]["terrain"].pop("bogs"),
         "modifiers.attack.terrain", "lacks bogs"),
        (lambda d: d["hits"]["thresholds"][0].update(hits="three"),
         "hits.thresholds[1].hits", "whole number"),
        (lambda d: d["units"]["infantry"].update(colour="red"),
         "units.infantry.colour", "unknown field"),
    ]:
        broken = copy.deepcopy(doc)
        mutate(broken)
        with pytest.raises(ScenarioError, match=words) as info:
            parse_tables(broken)
        assert info.value.field == field
