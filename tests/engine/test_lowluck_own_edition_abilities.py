"""A player's own edition file (issue 35): an ability on a unit of any kind is solved as the
general solver and the simulator solve it, and the per-side inputs are refused in one line
when together they count more units than the side has."""
from __future__ import annotations

import tomllib

import pytest
import tomli_w

from combatassist.errors import ScenarioError
from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import edition as editions
from combatassist.rulesets.lowluck import plain_rounds_grid as grid
from combatassist.rulesets.lowluck import solvers
from combatassist.scenario import load_scenario
from combatassist.solver import simulate

from .test_lowluck_plain_rounds_grid import assert_answers_as_the_generic_solver


def own_edition(tmp_path, change) -> str:
    """1942 Second Edition's file changed by ``change(units)``, written beside the scenario."""
    doc = tomllib.loads(editions.shipped_path("1942se").read_text(encoding="utf-8"))
    change(doc["units"])
    (tmp_path / "own.toml").write_text(tomli_w.dumps(doc), encoding="utf-8")
    return "own.toml"


def scenario(tmp_path, options: dict, attacker: dict, defender: dict):
    doc = {"ruleset": "lowluck", "options": {"edition": "own.toml", **options},
           "attacker": attacker, "defender": defender}
    path = tmp_path / "battle.toml"
    path.write_text(tomli_w.dumps(doc), encoding="utf-8")
    return load_scenario(path).body


def _ability(uid: str, ability: str):
    def change(units):
        units[uid]["abilities"] = [ability]
    return change


#: Lone "transports" that fire on both sides: a round's end may take both sides' last units.
BOTH_LEFT_ALONE = [
    ("land", {"infantry": 2, "fighter": 1}, {"infantry": 2, "artillery": 1}),
    ("land", {"infantry": 3, "armor": 2, "fighter": 1}, {"infantry": 3, "armor": 1}),
    ("land", {"infantry": 1, "artillery": 2}, {"fighter": 2, "infantry": 1}),
]


@pytest.mark.parametrize("dice", ["lowluck", "standard"])
@pytest.mark.parametrize("battle,att,dfn", BOTH_LEFT_ALONE)
def test_a_land_unit_with_the_transport_ability_is_solved_as_the_general_solver(
        tmp_path, dice, battle, att, dfn):
    """Infantry with the transport ability: lost last, and lost when left alone while the
    enemy can fire. Both sides may be left with only such infantry, both firing: the round's
    end takes both (a draw), which the grid's cells held no place for (an AssertionError)."""
    own_edition(tmp_path, _ability("infantry", "transport"))
    s = scenario(tmp_path, {"battle": battle, "dice": dice}, {"units": att}, {"units": dfn})
    rules = lowluck.make_rules(s)
    assert solvers.pick(rules, solvers.Question()) is not None     # a grid answers it
    assert_answers_as_the_generic_solver(s, grid.solve_grid)


@pytest.mark.parametrize("dice", ["lowluck", "standard"])
def test_sea_transports_that_fire_left_alone_on_both_sides_are_a_draw(tmp_path, dice):
    """The same with ships: transports given attack and defence 1."""
    def change(units):
        units["transport"].update(attack=1, defence=1)
    own_edition(tmp_path, change)
    s = scenario(tmp_path, {"battle": "sea", "dice": dice},
                 {"units": {"transport": 2, "destroyer": 1}},
                 {"units": {"transport": 2, "cruiser": 1}})
    assert_answers_as_the_generic_solver(s, grid.solve_grid)
    exact = lowluck.outcome_of(lowluck.make_rules(s), s.options)
    draw = sum(p for state, p in exact.decided.items() if not any(state[0]) and not any(state[1]))
    assert draw > 0.3                      # both sides' last transports taken at once


def test_exact_odds_and_the_simulator_agree_on_the_land_transports(tmp_path):
    own_edition(tmp_path, _ability("infantry", "transport"))
    s = scenario(tmp_path, {"dice": "standard"}, {"units": {"infantry": 3, "armor": 1}},
                 {"units": {"infantry": 3}})
    rules = lowluck.make_rules(s)
    exact = lowluck.outcome_of(rules, s.options)
    trials = 40_000
    sim = simulate(rules, trials=trials, seed=5)
    for who in ("attacker", "defender", "draw"):
        p = sum(q for state, q in exact.decided.items() if rules.verdict(state) == who)
        got = sum(q for state, q in sim.decided.items() if rules.verdict(state) == who)
        sigma = (p * (1 - p) / trials) ** 0.5
        assert abs(got - p) <= 5 * sigma + 1e-9, (who, p, got)


def test_landed_and_damaged_together_count_no_more_units_than_the_side_has(tmp_path):
    """A two-hit land unit: ``amphibious`` and ``damaged`` are each parts of ``units`` that
    don't overlap; 2 landed and 2 damaged of 2 infantry were read as -2 undamaged ones."""
    def change(units):
        units["infantry"]["hits"] = 2
    own_edition(tmp_path, change)
    with pytest.raises(ScenarioError) as info:
        scenario(tmp_path, {}, {"units": {"infantry": 2}, "amphibious": {"infantry": 2},
                                "damaged": {"infantry": 2}}, {"units": {"infantry": 2}})
    text = str(info.value)
    assert "attacker.damaged.infantry" in text and "more than the 2 in units" in text
    assert "\n" not in text
    # within the side's units both are read, as disjoint parts
    s = scenario(tmp_path, {}, {"units": {"infantry": 3}, "amphibious": {"infantry": 2},
                                "damaged": {"infantry": 1}}, {"units": {"infantry": 2}})
    counts = dict(zip((slot.status for slot in lowluck.make_rules(s).att.slots),
                      lowluck.make_rules(s).initial_state()[0]))
    assert counts == {"amphibious": 2, "": 0, "damaged": 1, "withdrawn": 0}


@pytest.mark.parametrize("uid", ["carrier", "destroyer"])
def test_an_aa_gun_that_could_never_fire_is_refused_in_one_line(tmp_path, uid):
    """AA fire is round 1 of a land battle's: a ship with the ability would never fire."""
    def change(units):
        units[uid].update(abilities=["aa_gun"], aa_shots=2)
    own_edition(tmp_path, change)
    with pytest.raises(ScenarioError) as info:
        scenario(tmp_path, {}, {"units": {"infantry": 1}}, {"units": {"infantry": 1}})
    text = str(info.value)
    assert f"units.{uid}" in text and "fires only in land battles" in text and "own.toml" in text
    assert "\n" not in text
