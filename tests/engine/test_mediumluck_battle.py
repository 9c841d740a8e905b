"""Medium Luck battles: the seed's worked example, policies, exact vs brute force / simulation."""
from __future__ import annotations

import math

import pytest

from combatassist.battle import BattleRules, FixedDice, Phase, play_round
from combatassist.data import examples_dir
from combatassist.errors import EngineError
from combatassist.rulesets import mediumluck
from combatassist.rulesets.mediumluck import bands
from combatassist.rulesets.mediumluck.rules import MediumLuckRules
from combatassist.scenario import load_scenario, parse_scenario_text
from combatassist.solver import solve

EXAMPLES = examples_dir()


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv(bands.CACHE_ENV, str(tmp_path / "cache"))


def setup_of(text: str):
    return parse_scenario_text('ruleset = "mediumluck"\ntitle = "t"\n' + text).body


def seed_rules():
    return MediumLuckRules(load_scenario(EXAMPLES / "mediumluck-seed-example.toml").body)


def test_seed_worked_example_every_number():
    rules = seed_rules()
    state = rules.initial_state()
    # red: attacker 3 tanks (1 die) + mech infantry, rolls 6; defender 2 tanks (1 die), rolls 6
    red = rules.table_band(state, "red", [6], [6])
    assert red.resolution.attacker.final == (7,)
    assert dict(red.resolution.attacker.boosts) == {"mech": (0,)}
    assert red.resolution.defender.final == (6,)
    assert red.resolution.pairings == ((0, 0, "attacker"),)
    assert red.hits == {"attacker": 0, "defender": 1}
    # winner's choice: the attacker kills a defending artillery
    assert red.proposal == {"attacker": [], "defender": ["white.boost.artillery"]}
    assert red.casualties == red.proposal
    # white: attacker 6 infantry = 2 dice, rolls 2 and 4, +2 each (artillery and air)
    white = rules.table_band(red.state_after, "white", [2, 4], [2, 4])
    att, dfn = white.resolution.attacker, white.resolution.defender
    assert att.final == (4, 6)
    assert dict(att.boosts) == {"art": (0, 1), "air": (0, 1)}
    # defender 5 infantry = 2 dice, one artillery left: one boost, on the 4
    assert dfn.final == (2, 5)
    assert dict(dfn.boosts) == {"art": (1,)}
    # 6 beats 5 and 4 beats 2
    assert sorted((att.final[a], dfn.final[d], w) for a, d, w in white.resolution.pairings) == \
        [(4, 2, "attacker"), (6, 5, "attacker")]
    assert white.hits == {"attacker": 0, "defender": 2}
    # victim's choice: 1 infantry and 1 tank (2 infantry would cost a white die)
    assert sorted(white.proposal["defender"]) == ["red.roll.tank", "white.roll.infantry"]
    # round total: attacker 0, defender 1 infantry + 1 artillery + 1 tank
    assert rules.losses(white.state_after) == (0, 3)
    assert "die 2 (4) +art +air" in white.text and "defender takes 1" in white.text


def test_seed_example_plays_through_the_shared_round_code():
    rules = seed_rules()
    record = play_round(rules, rules.initial_state(), FixedDice([(6, 6), (2, 4, 2, 4)]))
    assert rules.losses(record.state_after) == (0, 3)
    assert [p.phase for p in record.phases] == ["red", "white"]


def test_players_own_casualty_choice_and_validation():
    rules = seed_rules()
    red = rules.table_band(rules.initial_state(), "red", [6], [6],
                           choice={"defender": ["red.roll.tank"]})
    assert red.casualties["defender"] == ["red.roll.tank"]
    with pytest.raises(EngineError, match="exactly 1"):
        rules.table_band(rules.initial_state(), "red", [6], [6], choice={"defender": []})
    with pytest.raises(EngineError, match="no 'yellow.roll.fighter'"):
        rules.table_band(rules.initial_state(), "red", [6], [6],
                         choice={"defender": ["yellow.roll.fighter"]})
    with pytest.raises(EngineError, match="rolls 1 dice"):
        rules.table_band(rules.initial_state(), "red", [6, 5], [6])
    with pytest.raises(EngineError, match="1-6"):
        rules.table_band(rules.initial_state(), "red", [7], [6])


def test_band_may_hit_restricts_choices_and_extra_hits_are_lost():
    setup = setup_of("""
[options]
defender_extra_white = false
[attacker.bands.yellow]
roll = { fighter = 4 }
[defender.bands.yellow]
roll = { fighter = 1 }
[defender]
idle = { infantry = 3 }
""")
    rules = MediumLuckRules(setup)
    s0 = rules.initial_state()
    # attacker rolls 2 yellow dice, both beat the defender's: 2 hits, only 1 air unit to take
    res = rules.table_band(s0, "yellow", [5, 4], [1])
    assert res.hits["defender"] == 2 and res.landed["defender"] == 1
    assert res.casualties["defender"] == ["yellow.roll.fighter"]
    with pytest.raises(EngineError, match="can't take idle.infantry"):
        rules.table_band(s0, "yellow", [5, 4], [1], choice={"defender": ["idle.infantry"]})
    # then nothing can hit the infantry: a stalemate, reported as a draw
    out = solve(rules)
    assert sum(out.stalemates.values()) > 0.3


def _one_vs_one(extra: bool):
    return setup_of(f"""
[options]
defender_extra_white = {str(extra).lower()}
[attacker.bands.white]
roll = {{ infantry = 1 }}
[defender.bands.white]
roll = {{ infantry = 1 }}
""")


def test_one_infantry_each_by_hand():
    r = mediumluck.compute(_one_vs_one(False))
    assert r.attacker_wins == pytest.approx(15 / 36)
    assert r.defender_wins == pytest.approx(15 / 36)
    assert r.draw == pytest.approx(6 / 36)
    # with the defender's extra white die the attacker always takes the unpaired hit
    r = mediumluck.compute(_one_vs_one(True))
    assert r.attacker_wins == pytest.approx(0.0)
    assert r.draw == pytest.approx(91 / 216)
    assert r.defender_wins == pytest.approx(125 / 216)
    assert r.expected_rounds == pytest.approx(1.0)


def test_dice_per_type_rounded_up_and_capped():
    setup = setup_of("""
[options]
battle = "sea"
[attacker.bands.black]
roll = { battleship = 1, strategic_bomber = 2 }
[defender.bands.black]
roll = { battleship = 1 }
""")
    rules = MediumLuckRules(setup)
    assert rules.band_phase("black").counts(rules.initial_state()) == (2, 1)  # 1 bb + 2 bombers
    setup = setup_of("""
[options]
defender_extra_white = true
[attacker.bands.white]
roll = { infantry = 30 }
[defender.bands.white]
roll = { infantry = 30 }
""")
    rules = MediumLuckRules(setup)
    s0 = rules.initial_state()
    assert rules.band_phase("white").counts(s0) == (6, 7)      # capped at 6, extra die to 7


def test_bomber_killed_in_yellow_no_longer_rolls_black():
    setup = setup_of("""
[options]
defender_extra_white = false
[attacker.bands.black]
roll = { strategic_bomber = 4 }
[defender.bands.yellow]
roll = { fighter = 1 }
[defender]
idle = { infantry = 1 }
""")
    rules = MediumLuckRules(setup)
    s0 = rules.initial_state()
    assert rules.band_phase("black").counts(s0)[0] == 2
    after = rules.table_band(s0, "yellow", [], [3]).state_after
    assert rules.band_phase("black").counts(after)[0] == 1


def test_order_of_loss_comes_first():
    setup = setup_of("""
[options]
defender_extra_white = false
[attacker.bands.white]
roll = { infantry = 4 }
[defender.bands.white]
roll = { infantry = 3 }
[defender]
idle = { aaa = 1 }
order_of_loss = ["aaa"]
""")
    rules = MediumLuckRules(setup)
    res = rules.table_band(rules.initial_state(), "white", [6, 6], [1])
    assert res.proposal["defender"] == ["idle.aaa", "white.roll.infantry"]
    # the default policy: neither loss costs combat power, so the cheaper infantry go first
    setup.defender.order_of_loss = []
    rules = MediumLuckRules(setup)
    res = rules.table_band(rules.initial_state(), "white", [6, 6], [1])
    assert res.proposal["defender"] == ["white.roll.infantry", "white.roll.infantry"]


COMBINED_ARMS = """
[attacker.bands.yellow]
roll = { fighter = 2 }
[attacker.bands.red]
roll = { tank = 3 }
boost = { mech_infantry = 2 }
[attacker.bands.white]
roll = { infantry = 4 }
boost = { artillery = 2, fighter = 1 }
[defender.bands.yellow]
roll = { fighter = 1 }
boost = { aaa = 1 }
[defender.bands.red]
roll = { tank = 2 }
[defender.bands.white]
roll = { infantry = 6 }
boost = { artillery = 1 }
"""


def test_round_dist_override_equals_the_generic_one():
    rules = MediumLuckRules(setup_of(COMBINED_ARMS))
    s0 = rules.initial_state()
    for state in [s0, next(iter(rules.round_dist(s0)))]:
        fast = rules.round_dist(state)
        generic = BattleRules.round_dist(rules, state)
        assert set(fast) == set(generic)
        for s, p in generic.items():
            assert fast[s] == pytest.approx(p, abs=1e-14)


def test_band_outcome_table_equals_enumeration_through_resolve():
    rules = MediumLuckRules(setup_of(COMBINED_ARMS))
    s0 = rules.initial_state()
    for phase in rules.phases(s0):
        fast = phase.outcome_dist(s0)
        slow = Phase.outcome_dist(phase, s0)
        assert set(fast) == set(slow)
        for o, p in slow.items():
            assert fast[o] == pytest.approx(p, abs=1e-13)


def test_exact_mass_sums_to_one_and_matches_simulation():
    setup = setup_of(COMBINED_ARMS)
    exact = mediumluck.compute(setup)
    total = exact.attacker_wins + exact.defender_wins + exact.draw + exact.undecided
    assert total + exact.pruned == pytest.approx(1.0, abs=1e-12)
    assert math.fsum(p for *_, p in exact.losses) == pytest.approx(1.0, abs=1e-12)
    trials = 20_000
    sim = mediumluck.compute(setup, method="simulate", trials=trials, seed=11)
    for key in ("attacker_wins", "defender_wins", "draw"):
        p = getattr(exact, key)
        sigma = math.sqrt(max(p * (1 - p), 1e-6) / trials)
        assert abs(getattr(sim, key) - p) < 5 * sigma, key
    ea, ed = exact.expected_losses()
    sa, sd = sim.expected_losses()
    assert sa == pytest.approx(ea, rel=0.05) and sd == pytest.approx(ed, rel=0.05)


def test_sea_battle_exact_vs_simulation_with_opposed_bands():
    setup = setup_of("""
[options]
battle = "sea"
[attacker.bands.black]
roll = { battleship = 2 }
boost = { cruiser = 1 }
[attacker.bands.blue]
roll = { destroyer = 3 }
[attacker.bands.green]
roll = { destroyer = 1 }
boost = { fighter = 1 }
[defender.bands.blue]
roll = { submarine = 4 }
boost = { carrier = 1 }
[defender.bands.black]
roll = { battleship = 1 }
""")
    exact = mediumluck.compute(setup)
    sim = mediumluck.compute(setup, method="simulate", trials=10_000, seed=5)
    p = exact.attacker_wins
    assert abs(sim.attacker_wins - p) < 5 * math.sqrt(p * (1 - p) / 10_000) + 1e-9
    assert exact.expected_rounds == pytest.approx(sim.expected_rounds, rel=0.05)


def test_max_rounds_leaves_mass_undecided():
    setup = setup_of(COMBINED_ARMS)
    setup.max_rounds = 1
    r = mediumluck.compute(setup)
    assert r.undecided > 0.1
    assert r.attacker_wins + r.defender_wins + r.draw + r.undecided == pytest.approx(1.0)


def test_stalemate_when_nobody_rolls():
    setup = setup_of("""
[options]
defender_extra_white = false
[attacker.bands.white]
boost = { fighter = 1 }
[defender]
idle = { aaa = 1 }
""")
    r = mediumluck.compute(setup)
    assert r.stalemate == pytest.approx(1.0) and r.draw == pytest.approx(1.0)
    setup.defender_extra_white = True          # now the extra white die hits every round
    r = mediumluck.compute(setup)
    assert r.defender_wins == pytest.approx(1.0)


def test_winner_picks_what_costs_the_enemy_most():
    rules = seed_rules()
    # the defender's winning red die: the attacker loses a tank? No: mech infantry boosts red
    # (1 usable boost) and losing it costs a boost; a tank (3 -> 2) keeps its die. Combat
    # power decides first, so the mech infantry goes.
    res = rules.table_band(rules.initial_state(), "red", [1], [6])
    assert res.proposal["attacker"] == ["red.boost.mech_infantry"]


def test_simulation_is_reproducible_with_a_seed():
    setup = setup_of(COMBINED_ARMS)
    a = mediumluck.compute(setup, method="simulate", trials=500, seed=3).to_json()
    b = mediumluck.compute(setup, method="simulate", trials=500, seed=3).to_json()
    assert a == b


RESERVES = """
[options]
reserves = true
defender_extra_white = false
[attacker.bands.white]
roll = { infantry = 1 }
[attacker]
reserve = { infantry = 3, artillery = 1 }
[defender.bands.white]
roll = { infantry = 3 }
"""


def test_reserves_are_idle_until_deployed_then_stay_in_their_band():
    rules = MediumLuckRules(setup_of(RESERVES))
    s0 = rules.initial_state()
    assert rules.band_phase("white").counts(s0) == (1, 1)        # reserves don't roll
    # round 1: the attacker's 1 beats nothing; the defender's 6 kills a reserve infantry
    # (reserves cost no combat power, and infantry is cheaper than artillery)
    after = rules.table_band(s0, "white", [1], [6])
    assert after.casualties["attacker"] == ["reserve.infantry"]
    s1 = after.state_after
    assert rules.losses(s1) == (1, 0)
    # round 2: deploy the 2 infantry left and the artillery into white
    rules2, s2 = rules.deploy_reserves(s1, "attacker", [("white", "roll", "infantry", 2),
                                                       ("white", "boost", "artillery", 1)])
    assert rules2.band_phase("white").counts(s2) == (1, 1)       # 3 infantry: still 1 die
    assert dict(zip(rules2.models[0].names, s2[0])) == {
        "white.roll.infantry": 3, "white.boost.artillery": 1, "reserve.infantry": 0}
    assert rules2.losses(s2) == (1, 0)                           # counted from the start
    band = rules2.table_band(s2, "white", [3], [3])
    assert band.resolution.attacker.final == (4,)                # the artillery now boosts
    assert band.hits == {"attacker": 0, "defender": 1}
    out = solve(rules2, start=s2)
    assert sum(out.decided.values()) + sum(out.stalemates.values()) == pytest.approx(1.0)


@pytest.mark.parametrize("moves,words", [
    ([("white", "roll", "infantry", 4)], "3 infantry in reserve"),
    ([("white", "roll", "artillery", 1)], "artillery can't roll in white"),
    ([("purple", "roll", "infantry", 1)], "unknown band 'purple'"),
    ([("white", "idle", "infantry", 1)], "roll or boost"),
    ([("white", "roll", "infantry", 0)], "at least 1"),
    ([("white", "roll", "infantry")], "(band, role, unit, count)"),
    ([], "at least one unit"),       # issue 27: an empty deployment resumed a different battle
])
def test_bad_deployments_are_refused(moves, words):
    rules = MediumLuckRules(setup_of(RESERVES))
    with pytest.raises(EngineError) as err:
        rules.deploy_reserves(rules.initial_state(), "attacker", moves)
    assert words in str(err.value)


def test_deploying_needs_the_reserves_option():
    rules = seed_rules()
    with pytest.raises(EngineError, match="reserves option"):
        rules.deploy_reserves(rules.initial_state(), "attacker", [])
