"""Issue 25, item 4: the table side's Medium Luck odds are the Odds tab's — the same
casualty policy (``choose_policy``) from the start, and after every band the grid's forward
pass under optimal play equals the absorbing-chain solver playing the same optimal choices."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from combatassist.rulesets import mediumluck
from combatassist.rulesets.mediumluck import bands as ml_bands
from combatassist.rulesets.mediumluck.positions import PositionValues
from combatassist.rulesets.mediumluck.rules import MediumLuckRules
from combatassist.scenario import Scenario, scenario_to_toml
from combatassist.table import TableBattle, rules_from_scenario
from combatassist.table.odds import _rules_odds


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv(ml_bands.CACHE_ENV, str(tmp_path / "cache"))


def table_battle(setup) -> TableBattle:
    text = scenario_to_toml(Scenario("mediumluck", setup))
    rules, ruleset = rules_from_scenario(text)
    return TableBattle(rules, scenario_text=text, ruleset=ruleset)


def same_odds(a, b, tol=1e-9) -> None:
    assert a.attacker_wins == pytest.approx(b.attacker_wins, abs=tol)
    assert a.defender_wins == pytest.approx(b.defender_wins, abs=tol)
    assert a.draw == pytest.approx(b.draw, abs=tol)
    for x, y in zip(a.expected_losses(), b.expected_losses()):
        assert x == pytest.approx(y, abs=1e-7)


def test_the_table_starts_with_the_odds_tabs_figures():
    setup = mediumluck.default_scenario().body
    tab = mediumluck.RULESET.exact(setup)
    assert tab.extra["casualties"] == "optimal"
    table = table_battle(setup).odds_from_here()
    same_odds(table, tab)
    assert table.extra["casualties"] == "optimal"
    # what the table showed before: the heuristic's figures, a visibly different answer
    heuristic = mediumluck.RULESET.exact(replace(setup, casualties="heuristic"))
    assert abs(heuristic.attacker_wins - tab.attacker_wins) > 1e-3


def test_a_heuristic_set_up_keeps_the_heuristic_at_the_table():
    setup = replace(mediumluck.default_scenario().body, casualties="heuristic")
    table = table_battle(setup).odds_from_here()
    same_odds(table, mediumluck.RULESET.exact(setup))
    assert table.extra["casualties"] == "heuristic"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_after_every_band_the_grid_agrees_with_the_chain_solver(seed):
    """Mid-round odds from the grid (optimal choices) against the generic solver on rules
    that take their casualties by the same position values."""
    battle = table_battle(mediumluck.default_scenario().body)
    own = MediumLuckRules(battle.rules.setup)
    own.use_optimal(PositionValues(own))
    rng = random.Random(seed)
    checked = 0
    while not battle.is_over() and checked < 6:
        battle.enter(battle.roll(rng))
        if battle.is_over():
            break
        done = battle.dice_entered()
        state = battle.state if done else battle.round_start_state
        chain = _rules_odds(own, state, ruleset="mediumluck", cancel=None, max_rounds=0,
                            remaining=own.phases(state)[done:] if done else None)
        table = battle.odds_from_here()
        same_odds(table, chain)
        assert table.expected_rounds == pytest.approx(chain.expected_rounds, rel=1e-7)
        checked += 1
    assert checked >= 2
