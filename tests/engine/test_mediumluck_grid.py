"""The grid forward pass (forward.py) against the chain solver and against simulation.

- Heuristic casualties: ``HeuristicGrid`` must reproduce ``solver.solve`` on the same rules
  (every figure: wins, draws, the loss distribution, expected rounds, the curve).
- Optimal casualties: the forward pass must end with the backward values' score, and a
  seeded simulation of the same optimal policy must agree within statistical bounds.
"""
from __future__ import annotations

import random

import pytest

from combatassist.result import battle_result
from combatassist.rulesets import mediumluck
from combatassist.rulesets.mediumluck import bands as ml_bands
from combatassist.rulesets.mediumluck.rules import MediumLuckRules, MediumLuckSetup, SideSetup
from combatassist.rulesets.mediumluck.chart import default_chart
from combatassist.rulesets.mediumluck.forward import outcome
from combatassist.rulesets.mediumluck.heuristic import HeuristicGrid
from combatassist.rulesets.mediumluck.positions import PositionValues
from combatassist.solver import simulate, solve


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv(ml_bands.CACHE_ENV, str(tmp_path / "cache"))


LAND_PLACES = [("yellow", "roll", "fighter"), ("red", "roll", "tank"),
               ("red", "boost", "mech_infantry"), ("white", "roll", "infantry"),
               ("white", "roll", "mech_infantry"), ("white", "boost", "artillery"),
               ("white", "boost", "fighter"), ("black", "roll", "strategic_bomber"),
               (None, "idle", "infantry"), ("yellow", "boost", "aaa")]


def random_side(rng: random.Random, units: int, types: int) -> SideSetup:
    side = SideSetup()
    places = rng.sample(LAND_PLACES, types)
    for k in range(units):
        band, role, unit = places[k % types] if k < types else rng.choice(places)
        if band is None:
            side.idle[unit] = side.idle.get(unit, 0) + 1
        else:
            table = side.bands.setdefault(band, {}).setdefault(role, {})
            table[unit] = table.get(unit, 0) + 1
    return side


def random_setup(rng: random.Random, max_units: int = 7) -> MediumLuckSetup:
    sides = [random_side(rng, rng.randint(2, max_units), rng.randint(2, 4)) for _ in range(2)]
    return MediumLuckSetup(default_chart(), *sides, defender_extra_white=rng.random() < 0.7)


@pytest.mark.parametrize("seed", range(12))
def test_heuristic_grid_equals_the_chain_solver(seed):
    setup = random_setup(random.Random(seed), max_units=9)
    want = battle_result("mediumluck", MediumLuckRules(setup),
                         solve(MediumLuckRules(setup), prune_below=0.0))
    rules = MediumLuckRules(setup)
    got = battle_result("mediumluck", rules, outcome(HeuristicGrid(rules)))
    for key in ("attacker_wins", "defender_wins", "draw", "stalemate", "expected_rounds"):
        assert getattr(got, key) == pytest.approx(getattr(want, key), abs=1e-12), key
    assert [(a, d) for a, d, _ in got.losses] == [(a, d) for a, d, _ in want.losses]
    for (_, _, p), (_, _, q) in zip(got.losses, want.losses):
        assert p == pytest.approx(q, abs=1e-12)
    assert got.decided_by_round == pytest.approx(want.decided_by_round, abs=1e-9)


@pytest.mark.parametrize("seed", range(6))
def test_optimal_forward_pass_ends_with_the_backward_score(seed):
    setup = random_setup(random.Random(100 + seed))
    rules = MediumLuckRules(setup)
    values = PositionValues(rules)
    result = battle_result("mediumluck", rules, outcome(values))
    assert result.attacker_wins + result.defender_wins + result.draw == pytest.approx(1.0)
    assert result.attacker_wins + result.draw / 2 == pytest.approx(
        values.score(rules.start), abs=1e-12)


def test_optimal_exact_equals_simulation_of_the_same_policy():
    rng = random.Random(5)
    for _ in range(40):            # a battle where optimal and heuristic differ
        setup = random_setup(rng)
        setup.casualties = "optimal"
        exact = mediumluck.compute(setup)
        setup.casualties = "heuristic"
        if abs(mediumluck.compute(setup).attacker_wins - exact.attacker_wins) > 0.03:
            break
    else:
        pytest.fail("no battle where the policies differ")
    setup.casualties = "optimal"
    trials = 20_000
    sim = mediumluck.compute(setup, method="simulate", trials=trials, seed=3)
    assert sim.extra["casualties"] == "optimal"
    for key in ("attacker_wins", "defender_wins", "draw"):
        p = getattr(exact, key)
        sigma = (max(p * (1 - p), 1e-4) / trials) ** 0.5
        assert abs(getattr(sim, key) - p) < 4.5 * sigma, key


def test_stalemates_reached_mid_battle_in_the_grid_and_its_curve():
    """Both infantry can die together (the defender loses its infantry first: its order of
    loss), leaving a fighter (yellow: air only) against an idle AAA: a stalemate. The grid's figures and its 'decided by round N' curve (which takes the
    stalemates from the forward pass) equal the chain solver's."""
    attacker = SideSetup(bands={"yellow": {"roll": {"fighter": 1}},
                                "white": {"roll": {"infantry": 1}}})
    defender = SideSetup(bands={"white": {"roll": {"infantry": 1}}}, idle={"aaa": 1},
                         order_of_loss=["infantry"])
    setup = MediumLuckSetup(default_chart(), attacker, defender, defender_extra_white=False,
                            casualties="heuristic")
    rules = MediumLuckRules(setup)
    got = outcome(HeuristicGrid(rules))
    want = solve(MediumLuckRules(setup))
    assert sum(got.stalemates.values()) > 0.05
    assert sum(got.stalemates.values()) == pytest.approx(sum(want.stalemates.values()),
                                                         abs=1e-12)
    assert got.decided_by_round == pytest.approx(want.decided_by_round, abs=1e-9)
