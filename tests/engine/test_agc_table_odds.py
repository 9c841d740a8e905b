"""AGC at the table: the odds before any dice are the ruleset's own exact answer.

The one-round rules (``AgcRules``) roll every unit's dice in one phase: from the set-up the
chain solver would enumerate every face of every die (1 AAD against 2 urban infantry, 2
armor and 1 polar infantry: 130,000 rolls, each then with its damage dice) and ran for
minutes. Found by a random probe solving the table side's rules against ``exact``.
"""
from __future__ import annotations

import pytest

from combatassist import rulesets
from combatassist.rulesets.agc import AgcScenario, AgcSide, compute
from combatassist.table import odds as table_odds
from combatassist.table.battle import TableBattle

BIG = AgcScenario("mountainous", AgcSide({"aad": 1}, "artillery"),
                  AgcSide({"urban_infantry": 2, "armor": 2, "polar_infantry": 1}, "artillery"),
                  air_attacks_aad=True)
SMALL = AgcScenario("forest", AgcSide({"infantry": 1}), AgcSide({"engineers": 1}))


def test_odds_from_the_set_up_are_the_exact_answer_without_the_chain_solver(monkeypatch):
    def no_chain(*args, **kwargs):
        raise AssertionError("the chain solver enumerated every unit's dice")
    monkeypatch.setattr(table_odds, "solve", no_chain)
    ruleset = rulesets.get("agc")
    battle = TableBattle(ruleset.make_rules(BIG), ruleset="agc")
    got = battle.odds_from_here()
    want = compute(BIG)
    for key in ("attacker_wins", "defender_wins", "draw"):
        assert getattr(got, key) == pytest.approx(getattr(want, key), abs=1e-12)
    assert got.losses == want.losses


def test_a_small_set_up_gives_what_the_chain_solver_gives():
    """The same figures the rules give when the chain solver can enumerate them."""
    ruleset = rulesets.get("agc")
    rules = ruleset.make_rules(SMALL)
    battle = TableBattle(rules, ruleset="agc")
    got = battle.odds_from_here()
    chain = table_odds._rules_odds(rules, rules.initial_state(), ruleset="agc", cancel=None,
                                   max_rounds=0, remaining=None)
    for key in ("attacker_wins", "defender_wins", "draw"):
        assert getattr(got, key) == pytest.approx(getattr(chain, key), abs=1e-12)
    assert dict(((a, d), p) for a, d, p in got.losses) == pytest.approx(
        dict(((a, d), p) for a, d, p in chain.losses), abs=1e-12)
