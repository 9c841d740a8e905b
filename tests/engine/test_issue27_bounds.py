"""Issue 27: computations refused at once, measured in work (never in wall time)."""
from __future__ import annotations

import pytest

from combatassist import rulesets
from combatassist.errors import EngineError
from combatassist.ruleset import compute
from combatassist.rulesets.lowluck.later import LaterRules
from combatassist.scenario import parse_scenario_text

#: Too big for exact odds; its attacker retreats below 30 % and after 200 rounds, so the
#: retreat rule needs the positions' values over 200 rounds first (simulated or not).
BIG_RETREATING = '''ruleset = "lowluck"
[options]
retreat_below = 0.3
retreat_after = 200
dice = "standard"
[attacker]
units = { infantry = 60, armor = 40, fighter = 30 }
[defender]
units = { infantry = 80, armor = 30, fighter = 20 }
'''


@pytest.mark.parametrize("method", ["exact", "simulate"])
def test_retreat_by_chance_over_many_rounds_is_refused_before_any_work(monkeypatch, method):
    # It was refused only once the running count passed the limit ("about 5,004,911
    # transitions", after ~950 rounds enumerated and seconds of work): the round-by-round
    # values had no estimate before starting.
    calls = []
    round_dist = LaterRules.round_dist
    monkeypatch.setattr(LaterRules, "round_dist",
                        lambda self, state: calls.append(state) or round_dist(self, state))
    body = parse_scenario_text(BIG_RETREATING).body
    with pytest.raises(EngineError, match="exact-solver transitions"):
        compute(rulesets.get("lowluck"), body, method=method, trials=1000)
    assert len(calls) <= 1            # the estimate's look at the first round, nothing more


def test_a_small_retreating_battle_over_many_rounds_still_answers():
    small = BIG_RETREATING.split("[attacker]")[0] + (
        "[attacker]\nunits = { infantry = 3, fighter = 1 }\n"
        "[defender]\nunits = { infantry = 3 }\n")
    data = compute(rulesets.get("lowluck"), parse_scenario_text(small).body).to_json()
    total = sum(data[k] for k in ("attacker_wins", "defender_wins", "draw", "undecided"))
    assert total == pytest.approx(1.0)
    assert 0 < data["retreated"] <= data["defender_wins"]     # a retreat is a defender's win


def test_a_medium_luck_simulation_counts_what_its_groups_cost():
    # 200 v 200: the dice limit let ~30,000 trials through, minutes of work: each group of
    # trials rolling together costs Medium Luck ~10x what it costs the other rulesets
    from combatassist import solver
    from tests.benchmarks.bench_bounds import ML_200, mediumluck

    rules = rulesets.get("mediumluck").make_rules(parse_scenario_text(mediumluck(*ML_200)).body)
    assert getattr(rules, "simulation_group_work", solver.GROUP_WORK) > 10 * solver.GROUP_WORK
    body = parse_scenario_text(mediumluck(*ML_200)).body
    with pytest.raises(EngineError, match=r"use at most ([\d,]+) trials") as refused:
        compute(rulesets.get("mediumluck"), body, method="simulate", trials=30_000)
    fits = int(refused.value.args[0].split("use at most ")[1].split(" ")[0].replace(",", ""))
    assert fits < 6_000


def test_a_small_battle_is_not_refused_for_groups_it_will_never_meet():
    # the pilot's groups are scaled by the states the battle can still reach (Chao's
    # estimate), not by the trials: the designer's example takes the default 100,000 trials
    from combatassist.data import examples_dir
    from combatassist.scenario import load_scenario

    body = load_scenario(examples_dir() / "mediumluck-seed-example.toml").body
    result = compute(rulesets.get("mediumluck"), body, method="simulate", trials=100_000)
    assert result.to_json()["attacker_wins"] > 0.9
