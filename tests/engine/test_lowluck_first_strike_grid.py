"""The sea-battle solver with submarine first strike (lowluck/first_strike_grid.py): its defender cells
against the casualty policy, its answers state by state against the generic solver."""
from __future__ import annotations

import math
import random
from dataclasses import replace

import numpy as np
import pytest

from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import (LowLuckOptions, LowLuckScenario, LowLuckSide, chains)
from combatassist.rulesets.lowluck import first_strike_grid as seagrid
from combatassist.rulesets.lowluck.later_phases import ANY, SUB
from combatassist.solver import Cancelled, solve
from tests.engine.test_lowluck_plain_rounds_grid import (assert_answers_as_the_generic_solver,
                                           assert_same_outcome, battles_for)

UNITS = ["battleship", "carrier", "transport", "submarine", "fighter", "bomber"]


def _battle(rng: random.Random, most: int, dice: str) -> LowLuckScenario:
    options = LowLuckOptions(dice=dice, battle="sea", max_rounds=rng.choice([0, 0, 0, 1, 2, 4]))

    def side(role):
        order = tuple(rng.sample(UNITS, len(UNITS))) if rng.random() < 0.4 else ()
        techs = frozenset(t for t in ("jet_power", "heavy_bombers", "super_subs")
                          if rng.random() < 0.2)
        units = {u: rng.randint(0, most) for u in UNITS}
        if role == "attacker":
            units["submarine"] = max(1, units["submarine"])
        return LowLuckSide(units=units, order_of_loss=order, techs=techs)

    return LowLuckScenario(options=options, attacker=side("attacker"), defender=side("defender"))


def _battles(count: int, seed: int, most: int, dice: str = "standard"):
    return battles_for(seagrid, _battle, count, seed, most, dice)


@pytest.mark.parametrize("s", _battles(10, seed=1, most=3))
def test_defender_cells_are_the_casualty_policy(s):
    """Each cell (sea lost, others lost) is one composition, and both phases' hits move it
    where the policy does: sea units only for the submarines, any unit for the main fire."""
    rules = lowluck.make_rules(s)
    dfn = seagrid._Defender(rules, rules.initial_state()[1])
    assert len(set(dfn.comps)) == dfn.C
    assert not any(dfn.comps[dfn.wiped])
    for c, comp in enumerate(dfn.comps):
        for h in range(dfn.n + 2):
            hh = min(h, dfn.main_to.shape[1] - 1)
            # the casualty policy's batches: the main fire's hits (any unit), the
            # submarines' strike (every unit but aircraft: the defender's sea units)
            assert dfn.comps[dfn.main_to[c, hh]] == rules.dfn.take(comp, ((ANY, h),))[0]
            assert dfn.comps[dfn.sub_to[c, hh]] == rules.dfn.take(comp, ((SUB, h),))[0]


@pytest.mark.parametrize("dice", ["standard", "lowluck"])
def test_defender_hit_tables_are_the_rules_hit_dist(dice):
    for s in _battles(4, seed=2, most=4, dice=dice):
        rules = lowluck.make_rules(s)
        dfn = seagrid._Defender(rules, rules.initial_state()[1])
        dfn.make_hit_tables(rules)
        a0 = rules.initial_state()[0]
        for c, comp in enumerate(dfn.comps):
            expect = np.zeros(dfn.hits.shape[1])
            # the general combat's defender hits (its batches' sum: one batch here)
            for hits, p in rules.main_fire.batch_dist((a0, comp, False), 1).items():
                expect[sum(hits)] += p
            assert dfn.hits[c] == pytest.approx(expect, rel=1e-12, abs=1e-300)


@pytest.mark.parametrize("s", _battles(24, seed=3, most=4) + _battles(6, seed=4, most=3,
                                                                     dice="lowluck"))
def test_matches_the_generic_solver_state_by_state(s):
    """Both dice, orders of loss, techs, max_rounds: every decided, stalemate and undecided
    state carries the generic solver's mass (what the IPC / survivor figures use)."""
    assert_answers_as_the_generic_solver(s, seagrid.solve_sea)


@pytest.mark.parametrize("after", [1, 2, 5])
def test_rounds_hand_over_to_the_sweep(after, monkeypatch):
    """To the end with the curve, rounds until ``MAX_ROUNDS_THEN_SWEEP``, then the sweep from
    the cells alive (after round 1: nearly all of it swept): the generic solver's answer,
    state by state, and its curve up to the rounds fought."""
    monkeypatch.setattr(chains, "MAX_ROUNDS_THEN_SWEEP", after)
    for s in _battles(8, seed=21, most=4):
        s = LowLuckScenario(options=replace(s.options, max_rounds=0), attacker=s.attacker,
                            defender=s.defender)
        assert_answers_as_the_generic_solver(s, seagrid.solve_sea)
        assert len(seagrid.solve_sea(lowluck.make_rules(s)).decided_by_round) <= after


def test_the_benchmark_sea_battle_is_exact_and_uses_the_sea_grid(monkeypatch):
    """bench_lowluck's 30 v 40 sea battle, ordinary dice: compute answers through the sea
    grid what the generic solver answers; mass conserved, pruning reported below 1e-12."""
    s = LowLuckScenario(
        attacker=LowLuckSide(units={"battleship": 4, "submarine": 10, "fighter": 10,
                                    "bomber": 6}),
        defender=LowLuckSide(units={"battleship": 5, "carrier": 5, "fighter": 10,
                                    "transport": 10, "submarine": 10}),
        options=LowLuckOptions(battle="sea", dice="standard"))
    calls = []
    real = seagrid.solve_sea
    monkeypatch.setattr(seagrid, "solve_sea", lambda *a, **k: calls.append(1) or real(*a, **k))
    result = lowluck.compute(s)
    assert calls
    generic = solve(lowluck.make_rules(s))
    wins = sum(p for st, p in generic.decided.items() if any(st[0]) and not any(st[1]))
    assert result.attacker_wins == pytest.approx(wins, abs=1e-13)
    out = real(lowluck.make_rules(s))
    assert 0 < out.pruned <= 1e-12
    assert math.fsum(out.decided.values()) + out.pruned == pytest.approx(1.0, abs=1e-14)
    assert out.decided_by_round[-1] == pytest.approx(1.0, abs=1e-8)


def test_cancel_stops_the_sea_grid():
    s = LowLuckScenario(options=LowLuckOptions(dice="standard", battle="sea"),
                        attacker=LowLuckSide(units={"submarine": 8}),
                        defender=LowLuckSide(units={"transport": 8, "fighter": 3}))
    with pytest.raises(Cancelled):
        seagrid.solve_sea(lowluck.make_rules(s), cancel=lambda: True)


def assert_withdraws_as_the_generic_solver(s: LowLuckScenario, n: int, **kwargs) -> None:
    """``solve_sea(rules, withdraws=...)`` answers what the generic solver does with "withdraw
    with ``n`` units or fewer": every bucket state by state (retreated too), the expected
    rounds, the curve."""
    rules = lowluck.make_rules(s)
    rounds = s.options.max_rounds
    a = solve(rules, max_rounds=rounds,
              retreat=lambda state, _fought: rules.attacker_units(state) <= n)
    b = seagrid.solve_sea(rules, max_rounds=rounds, **kwargs,
                          withdraws=lambda state: rules.attacker_units(state) <= n)
    assert_same_outcome(a, b, curve=kwargs.get("curve", True))


@pytest.mark.parametrize("n", [1, 2, 4])
def test_withdrawing_with_few_units_answers_as_the_generic_solver(n):
    """Random fleets (rounds cut or not: no withdrawal after the last), to the end with the
    curve (the rounds, then the sweep) and without it (the sweep alone, stopping above the
    withdrawal rows); a start with too few withdraws at once."""
    for s in _battles(10, seed=110 + n, most=3):
        assert_withdraws_as_the_generic_solver(s, n)
    for s in _battles(4, seed=115 + n, most=3):
        s = LowLuckScenario(options=replace(s.options, max_rounds=0), attacker=s.attacker,
                            defender=s.defender)
        assert_withdraws_as_the_generic_solver(s, n, curve=False)


def test_withdrawing_before_the_sweep_takes_over(monkeypatch):
    """After one round the sweep takes over, withdrawing as the rounds did."""
    monkeypatch.setattr(chains, "MAX_ROUNDS_THEN_SWEEP", 1)
    for s in _battles(6, seed=118, most=3):
        s = LowLuckScenario(options=replace(s.options, max_rounds=0), attacker=s.attacker,
                            defender=s.defender)
        assert_withdraws_as_the_generic_solver(s, 2)


def test_retreat_rules_at_sea_which_solver(monkeypatch):
    """Both retreat rules to the end: the sea grid; "below X" with a round limit (the
    chances depend on the rounds left): the generic solver."""
    asked = []
    real = seagrid.solve_sea
    monkeypatch.setattr(seagrid, "solve_sea", lambda *a, **k: asked.append(k) or real(*a, **k))
    s = _battles(1, seed=119, most=3)[0]
    for options, on_grid in (({"retreat_when_units": 2}, True),
                             ({"retreat_below": 0.3}, True),
                             ({"retreat_below": 0.3, "retreat_after": 2}, False)):
        asked.clear()
        opts = replace(s.options, max_rounds=0, **options)
        lowluck.compute(LowLuckScenario(options=opts, attacker=s.attacker,
                                        defender=s.defender))
        assert bool(asked) == on_grid
        if on_grid:
            assert asked[0]["withdraws"] is not None or asked[0]["below"] > 0


@pytest.mark.parametrize("below", [0.1, 0.4, 0.8])
def test_withdrawing_below_a_chance_answers_as_the_generic_solver(below):
    """"Withdraw when the chance falls below X", alone and with "with 2 units or fewer": the
    cells' chances (``_fight_on``, row by row from the attacker's last unit) and the pass
    withdrawing from those below X (the rounds, the sweep, the sweep alone) answer what the
    generic solver does — its position values, then its solve."""
    from combatassist.retreat import RetreatOptions, run_battle
    for s in _battles(6, seed=int(below * 100) + 140, most=3):
        s = LowLuckScenario(options=replace(s.options, max_rounds=0), attacker=s.attacker,
                            defender=s.defender)
        rules = lowluck.make_rules(s)
        for few in (0, 2):
            a = run_battle(rules, RetreatOptions(0, few, below), rules.attacker_units)
            for curve in (True, False):
                b = seagrid.solve_sea(rules, below=below, curve=curve, withdraws=(
                    (lambda state: rules.attacker_units(state) <= few) if few else None))
                assert_same_outcome(a, b, curve=curve)


def test_withdrawing_below_a_chance_at_the_start():
    """A start below X withdraws before round 1, as the generic solver says."""
    s = LowLuckScenario(options=LowLuckOptions(dice="standard", battle="sea"),
                        attacker=LowLuckSide(units={"submarine": 1}),
                        defender=LowLuckSide(units={"battleship": 2, "carrier": 1}))
    from combatassist.retreat import RetreatOptions, run_battle
    rules = lowluck.make_rules(s)
    a = run_battle(rules, RetreatOptions(0, 0, 0.5), rules.attacker_units)
    b = seagrid.solve_sea(rules, below=0.5)
    assert_same_outcome(a, b)
    assert b.retreated == {rules.initial_state(): 1.0}
