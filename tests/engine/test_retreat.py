"""Attacker retreat rules (combatassist.retreat, combatassist.position_values): a hand-solved
battle, thresholds 0 and 1, an independent recursion, simulation, and scenario files."""
from __future__ import annotations

import functools
from fractions import Fraction

import pytest

from combatassist.errors import ScenarioError
from combatassist.result import battle_result
from combatassist.retreat import RetreatOptions, run_battle
from combatassist.rulesets import lowluck, mediumluck
from combatassist.rulesets.lowluck import LowLuckOptions, LowLuckScenario, LowLuckSide
from combatassist.rulesets.mediumluck import MediumLuckSetup, SideSetup, default_chart
from combatassist.scenario import parse_scenario_text, scenario_to_toml


def ll(att, dfn, **options):
    return LowLuckScenario(options=LowLuckOptions(**options), attacker=LowLuckSide(units=att),
                           defender=LowLuckSide(units=dfn))


MIXED = ll({"infantry": 4, "armor": 2, "fighter": 2}, {"infantry": 5, "armor": 1, "fighter": 1},
           aa_gun=True)


def test_retreat_when_units_against_a_hand_solved_battle():
    """2 infantry + 1 armor (power 5: a hit on 1-5) against 2 infantry (power 4: a hit on
    1-4), the attacker retreating with 2 units or fewer. By hand:
    round 1 from (3, 2): both hit 5/9 -> (2, 1) retreat; attacker hits only 5/18 -> (3, 1);
    defender only 1/9 -> (2, 2) retreat; nothing 1/18 (self-loop, x 18/17).
    From (3, 1): the attacker wins 15/16 (self-loop 2/18 removed), retreats 1/16 at (2, 1).
    Attacker wins 5/17 * 15/16 = 75/272; retreated 197/272."""
    result = lowluck.compute(ll({"infantry": 2, "armor": 1}, {"infantry": 2},
                                retreat_when_units=2))
    assert result.attacker_wins == pytest.approx(float(Fraction(75, 272)), abs=1e-12)
    assert result.retreated == pytest.approx(float(Fraction(197, 272)), abs=1e-12)
    assert result.defender_wins == pytest.approx(result.retreated, abs=1e-12)
    assert result.draw == 0.0
    # every end loses the attacker at most one infantry: 12/17 + 5/17 * (5/16 + 1/16)
    lost_one = Fraction(12, 17) + Fraction(5, 17) * Fraction(6, 16)
    assert result.figures.attacker_ipc_lost == pytest.approx(float(3 * lost_one), abs=1e-12)


def test_retreat_when_units_from_the_start_means_no_battle():
    result = lowluck.compute(ll({"infantry": 2}, {"infantry": 2}, retreat_when_units=2))
    assert result.retreated == 1.0 and result.expected_rounds == 0.0
    assert result.losses == [(0, 0, 1.0)]


@pytest.mark.parametrize("payload", [
    MIXED,
    ll(MIXED.attacker.units, MIXED.defender.units, dice="standard"),
    ll(MIXED.attacker.units, MIXED.defender.units, retreat_after=3),
])
def test_threshold_zero_changes_nothing_and_one_retreats_at_once(payload):
    plain = lowluck.compute(payload)
    rules = lowluck.make_rules(payload)
    opts = payload.options
    # a threshold below every positive chance withdraws only from lost causes: wins unchanged
    tiny = battle_result("lowluck", rules, run_battle(
        rules, RetreatOptions(opts.retreat_after, 0, 1e-300), rules.attacker_units,
        max_rounds=opts.max_rounds))
    assert tiny.attacker_wins == pytest.approx(plain.attacker_wins, abs=1e-12)
    zero = lowluck.compute(ll(payload.attacker.units, payload.defender.units,
                              **{**opts.__dict__, "retreat_below": 0.0}))
    assert zero.to_json() == plain.to_json()
    one = lowluck.compute(ll(payload.attacker.units, payload.defender.units,
                             **{**opts.__dict__, "retreat_below": 1.0}))
    assert one.retreated == 1.0 and one.defender_wins == 1.0 and one.attacker_wins == 0.0
    assert one.losses == [(0, 0, 1.0)]
    start = rules.state_units(rules.initial_state())
    assert one.figures.profiles == [{"attacker": start[0], "defender": start[1], "p": 1.0}]


def independent_retreat_below(rules, below: float) -> tuple[float, float]:
    """(attacker wins, retreated) by plain recursion over ``rules.round_dist``: the value of a
    position is its chance to win fighting on, 0 when that is below the threshold."""

    @functools.cache
    def fight_on(state) -> float:
        moves = dict(rules.round_dist(state).items())
        stay = moves.pop(state, 0.0)
        if stay >= 1.0 - 1e-15:
            return 0.0
        return sum(p * value(s) for s, p in moves.items()) / (1.0 - stay)

    @functools.cache
    def value(state) -> float:
        verdict = rules.verdict(state)
        if verdict is not None:
            return 1.0 if verdict == "attacker" else 0.0
        on = fight_on(state)
        return 0.0 if on < below else on

    @functools.cache
    def retreat_mass(state) -> float:
        if rules.verdict(state) is not None:
            return 0.0
        if fight_on(state) < below:
            return 1.0
        moves = dict(rules.round_dist(state).items())
        stay = moves.pop(state, 0.0)
        return sum(p * retreat_mass(s) for s, p in moves.items()) / (1.0 - stay)

    start = rules.initial_state()
    return value(start), retreat_mass(start)


@pytest.mark.parametrize("below", [0.2, 0.4, 0.5])
def test_retreat_below_equals_an_independent_recursion(below):
    payload = ll(MIXED.attacker.units, MIXED.defender.units, aa_gun=True, retreat_below=below)
    result = lowluck.compute(payload)
    wins, retreated = independent_retreat_below(lowluck.make_rules(payload), below)
    assert result.attacker_wins == pytest.approx(wins, abs=1e-12)
    assert result.retreated == pytest.approx(retreated, abs=1e-12)
    assert 0 < result.retreated < 1
    assert result.attacker_wins + result.defender_wins + result.draw == pytest.approx(1.0)


def test_retreat_below_with_retreat_after_solved_round_by_round():
    """With a round limit the chance depends on the rounds left; brute force by rounds."""
    after, below = 3, 0.45
    payload = ll({"infantry": 3, "armor": 2}, {"infantry": 3, "armor": 1}, dice="standard",
                 retreat_after=after, retreat_below=below)
    rules = lowluck.make_rules(payload)

    @functools.cache
    def value(state, fought: int) -> float:       # chance to win with the rule, 'fought' done
        verdict = rules.verdict(state)
        if verdict is not None:
            return 1.0 if verdict == "attacker" else 0.0
        if fought == after:
            return 0.0
        on = fight_on(state, fought)
        return 0.0 if on < below else on

    @functools.cache
    def fight_on(state, fought: int) -> float:
        return sum(p * value(s, fought + 1) for s, p in rules.round_dist(state).items())

    result = lowluck.compute(payload)
    assert result.attacker_wins == pytest.approx(value(rules.initial_state(), 0), abs=1e-12)
    plain = lowluck.compute(ll({"infantry": 3, "armor": 2}, {"infantry": 3, "armor": 1},
                               dice="standard", retreat_after=after))
    assert result.attacker_wins < plain.attacker_wins
    assert result.retreated > plain.retreated > 0


def test_rules_combine_and_simulation_agrees():
    payload = ll(MIXED.attacker.units, MIXED.defender.units, aa_gun=True,
                 retreat_when_units=3, retreat_below=0.4)
    exact = lowluck.compute(payload)
    sim = lowluck.compute(payload, method="simulate", trials=20_000, seed=5)
    sd = (exact.retreated * (1 - exact.retreated) / 20_000) ** 0.5
    assert abs(sim.retreated - exact.retreated) < 5 * sd + 1e-9
    only_units = lowluck.compute(ll(MIXED.attacker.units, MIXED.defender.units, aa_gun=True,
                                    retreat_when_units=3))
    assert exact.retreated >= only_units.retreated - 1e-12


def test_mediumluck_retreat_rules():
    setup = mediumluck.default_scenario().body
    plain = mediumluck.compute(setup)
    few = mediumluck.compute(MediumLuckSetup(**{**setup.__dict__, "retreat_when_units": 12}))
    assert 0 < few.retreated < 1 and few.attacker_wins < plain.attacker_wins
    assert few.defender_wins >= few.retreated
    assert few.attacker_wins + few.defender_wins + few.draw == pytest.approx(1.0, abs=1e-9)
    all_out = mediumluck.compute(MediumLuckSetup(**{**setup.__dict__, "retreat_below": 1.0}))
    assert all_out.retreated == 1.0 and all_out.attacker_wins == 0.0
    after = mediumluck.compute(MediumLuckSetup(**{**setup.__dict__, "retreat_after": 2}))
    assert after.undecided == 0.0 and after.retreated > 0.9
    below = mediumluck.compute(MediumLuckSetup(**{**setup.__dict__, "retreat_below": 0.5}))
    assert below.attacker_wins <= plain.attacker_wins + 1e-12
    small = MediumLuckSetup(default_chart(),
                            SideSetup(bands={"white": {"roll": {"infantry": 4}}}),
                            SideSetup(bands={"white": {"roll": {"infantry": 4}}}),
                            retreat_below=0.3)
    wins, retreated = independent_retreat_below(mediumluck.make_rules(small), 0.3)
    result = mediumluck.compute(small)
    assert result.attacker_wins == pytest.approx(wins, abs=1e-12)
    assert result.retreated == pytest.approx(retreated, abs=1e-12)


SCENARIO = """
ruleset = "lowluck"
[options]
retreat_when_units = 3
retreat_below = 0.25
retreat_after = 4
[attacker]
units = { infantry = 3, armor = 2 }
[defender]
units = { infantry = 4 }
"""


def test_scenario_options_round_trip():
    scenario = parse_scenario_text(SCENARIO)
    o = scenario.body.options
    assert (o.retreat_when_units, o.retreat_below, o.retreat_after) == (3, 0.25, 4)
    again = parse_scenario_text(scenario_to_toml(scenario))
    assert again.body == scenario.body


@pytest.mark.parametrize("line, message", [
    ("retreat_below = 30", "'options.retreat_below': must be a chance from 0 to 1, got 30"),
    ("retreat_below = 1.5", "'options.retreat_below': must be a chance from 0 to 1"),
    ("retreat_below = 101", "'options.retreat_below': must be at most 1.0, got 101"),
    ("retreat_below = -0.1", "'options.retreat_below': must be at least 0.0"),
    ("retreat_below = \"half\"", "'options.retreat_below': must be a number"),
    ("retreat_when_units = -1", "'options.retreat_when_units': must be at least 0"),
    ("retreat_when_units = 2.5", "'options.retreat_when_units': must be a whole number"),
])
def test_bad_retreat_options_are_one_clear_error(line, message):
    text = f'ruleset = "lowluck"\n[options]\n{line}\n[attacker]\nunits = {{ infantry = 1 }}\n' \
           '[defender]\nunits = { infantry = 1 }\n'
    with pytest.raises(ScenarioError) as err:
        parse_scenario_text(text)
    assert message in str(err.value)
    ml = text.replace('"lowluck"', '"mediumluck"').replace(
        "[attacker]\nunits = { infantry = 1 }", "[attacker]\nidle = { infantry = 1 }").replace(
        "[defender]\nunits = { infantry = 1 }", "[defender]\nidle = { infantry = 1 }")
    with pytest.raises(ScenarioError) as err:
        parse_scenario_text(ml)
    assert message in str(err.value)
