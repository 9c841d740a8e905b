"""Low Luck battles: the seed's example, brute force, simulation, options, order of loss."""
from __future__ import annotations

import functools
import math

import pytest

from combatassist.battle import FixedDice, Phase, play_round
from combatassist.data import examples_dir
from combatassist.errors import EngineError
from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import LowLuckOptions, LowLuckScenario, LowLuckSide
from combatassist.scenario import load_scenario
from combatassist.solver import solve

EXAMPLES = examples_dir()


def scenario(att, dfn, **options):
    return LowLuckScenario(options=LowLuckOptions(**options), attacker=LowLuckSide(units=att),
                           defender=LowLuckSide(units=dfn))


def test_finland_round_one_hits():
    """Seed: attacker power 15 -> 2 sure hits + a third on 1-3; defender 12 -> exactly 2."""
    rules = lowluck.make_rules(scenario({"infantry": 3, "armor": 3, "fighter": 1},
                                        {"infantry": 3, "armor": 1, "fighter": 1}))
    fire = rules.phases(rules.initial_state())[-1]
    dist = fire.outcome_dist(rules.initial_state())
    # (attacker's hits, defender's hits), each per batch: one batch a side here
    assert dict(dist) == pytest.approx({((2,), (2,)): 0.5, ((3,), (2,)): 0.5})
    # The dice the players roll: one attacker die (hit on 3 or less), no defender die.
    specs = fire.dice(rules.initial_state())
    assert [(d.side, d.sides) for d in specs] == [("attacker", 6)]
    assert fire.resolve(rules.initial_state(), (3,)) == ((3,), (2,))
    assert fire.resolve(rules.initial_state(), (4,)) == ((2,), (2,))


def test_finland_round_two_as_in_the_seed():
    """Seed round 2 after 3 attacker hits: attacker 13 power (2 sure, 1 on a 1), defender 6."""
    rules = lowluck.make_rules(lowluck.parse_file(EXAMPLES / "lowluck-finland.toml")
                               if hasattr(lowluck, "parse_file") else
                               load_scenario(EXAMPLES / "lowluck-finland.toml").body)
    state = rules.initial_state()
    after1 = play_round(rules, state, FixedDice([(1,)])).state_after   # lucky: 3 hits
    a_units, d_units = rules.state_units(after1)
    assert a_units == {"infantry": 1, "armor": 3, "fighter": 1}        # lost 2 infantry
    assert d_units == {"armor": 1, "fighter": 1}                       # lost 3 infantry
    fire = rules.phases(after1)[-1]
    assert dict(fire.outcome_dist(after1)) == pytest.approx({((2,), (1,)): 5 / 6,
                                                             ((3,), (1,)): 1 / 6})
    after2 = play_round(rules, after1, FixedDice([(2,)])).state_after  # no third hit
    assert rules.verdict(after2) == "attacker"
    assert rules.state_units(after2)[0] == {"armor": 3, "fighter": 1}  # "3 Panzern und dem Fighter"


VALUES = {"infantry": (1, 2, 3), "armor": (3, 2, 5), "fighter": (3, 4, 12)}


def brute_force(att: dict, dfn: dict):
    """Independent low-luck battle: unit lists cheapest-first, recursion on (att, def) sizes,
    self-loops removed algebraically. Returns (P attacker, P defender, P draw)."""
    a_list = sorted((u for u, n in att.items() for _ in range(n)), key=lambda u: VALUES[u][2])
    d_list = sorted((u for u, n in dfn.items() for _ in range(n)), key=lambda u: VALUES[u][2])

    def hits(power):
        q, r = divmod(power, 6)
        return [(q, 1 - r / 6), (q + 1, r / 6)]

    @functools.lru_cache(None)
    def f(na, nd):
        if na == 0 or nd == 0:
            return (float(na > 0), float(nd > 0), float(na == nd == 0))
        pa = sum(VALUES[u][0] for u in a_list[len(a_list) - na:])
        pd = sum(VALUES[u][1] for u in d_list[len(d_list) - nd:])
        stay, acc = 0.0, [0.0, 0.0, 0.0]
        for ha, p in hits(pa):
            for hd, q in hits(pd):
                if not p * q:
                    continue
                na2, nd2 = max(0, na - hd), max(0, nd - ha)
                if (na2, nd2) == (na, nd):
                    stay += p * q
                    continue
                sub = f(na2, nd2)
                for i in range(3):
                    acc[i] += p * q * sub[i]
        return tuple(x / (1 - stay) for x in acc)

    return f(len(a_list), len(d_list))


@pytest.mark.parametrize("att,dfn", [
    ({"infantry": 2}, {"infantry": 1}),
    ({"infantry": 3, "armor": 2}, {"infantry": 3}),
    ({"infantry": 1, "armor": 1, "fighter": 1}, {"infantry": 2, "fighter": 1}),
    ({"armor": 4}, {"infantry": 4, "armor": 1}),
    ({"infantry": 5, "armor": 3, "fighter": 2}, {"infantry": 6, "armor": 2, "fighter": 1}),
])
def test_exact_matches_brute_force(att, dfn):
    result = lowluck.compute(scenario(att, dfn))
    expect = brute_force(att, dfn)
    assert result.attacker_wins == pytest.approx(expect[0], abs=1e-12)
    assert result.defender_wins == pytest.approx(expect[1], abs=1e-12)
    assert result.draw == pytest.approx(expect[2], abs=1e-12)
    total = result.attacker_wins + result.defender_wins + result.draw + result.undecided
    assert total == pytest.approx(1.0, abs=1e-9)
    assert sum(p for *_, p in result.losses) == pytest.approx(1.0, abs=1e-9)
    assert result.pruned < 1e-9


def test_standard_dice_fast_table_equals_enumeration():
    """The binomial shortcut gives exactly what rolling every die through resolve gives."""
    rules = lowluck.make_rules(scenario({"infantry": 2, "armor": 1, "fighter": 1},
                                        {"infantry": 1, "armor": 1}, dice="standard"))
    state = rules.initial_state()
    fire = rules.phases(state)[-1]
    fast = fire.outcome_dist(state)
    slow = Phase.outcome_dist(fire, state)   # the default: enumerate every roll
    assert set(fast) == set(slow)
    for k in slow:
        assert fast[k] == pytest.approx(slow[k], abs=1e-12)


def test_standard_one_on_one_closed_form():
    # 1 infantry (hits on 1) attacks 1 infantry (hits on 2): P(att) = (1/6 * 4/6) / (1 - 5/6 * 4/6)
    r = lowluck.compute(scenario({"infantry": 1}, {"infantry": 1}, dice="standard"))
    denom = 1 - (5 / 6) * (4 / 6)
    assert r.attacker_wins == pytest.approx((1 / 6) * (4 / 6) / denom)
    assert r.draw == pytest.approx((1 / 6) * (2 / 6) / denom)
    assert r.defender_wins == pytest.approx((5 / 6) * (2 / 6) / denom)


@pytest.mark.parametrize("dice", ["lowluck", "standard"])
def test_exact_agrees_with_simulation(dice):
    s = scenario({"infantry": 4, "armor": 3, "fighter": 2, "bomber": 1},
                 {"infantry": 5, "armor": 2, "fighter": 2}, dice=dice, aa_gun=True)
    exact = lowluck.compute(s)
    trials = 20_000
    sim = lowluck.compute(s, method="simulate", trials=trials, seed=11)
    for key in ("attacker_wins", "defender_wins", "draw"):
        p = getattr(exact, key)
        sigma = math.sqrt(max(p * (1 - p), 1e-6) / trials)
        assert abs(getattr(sim, key) - p) < 5 * sigma + 1e-3, key
    ea, ed = exact.expected_losses()
    sa, sd = sim.expected_losses()
    assert sa == pytest.approx(ea, abs=0.1) and sd == pytest.approx(ed, abs=0.1)


def test_aa_fire_low_luck():
    """Seed: 4 aircraft -> one shot down on a 4 or less; two only from 7 aircraft."""
    rules = lowluck.make_rules(scenario({"fighter": 4}, {"infantry": 1}, aa_gun=True))
    state = rules.initial_state()
    aa = rules.phases(state)[0]
    assert aa.name == "AA fire"
    assert dict(aa.outcome_dist(state)) == pytest.approx({1: 4 / 6, 0: 2 / 6})
    rules7 = lowluck.make_rules(scenario({"fighter": 5, "bomber": 2, "armor": 1},
                                         {"infantry": 1}, aa_gun=True))
    s7 = rules7.initial_state()
    assert dict(rules7.phases(s7)[0].outcome_dist(s7)) == pytest.approx({1: 5 / 6, 2: 1 / 6})
    # AA only in round 1, and only aircraft are lost to it (the armor survives).
    after = rules7.phases(s7)[0].apply(s7, 2)
    assert rules7.state_units(after)[0] == {"armor": 1, "fighter": 3, "bomber": 2}
    assert all(p.name != "AA fire" for p in rules7.phases(rules7.end_round(after)))


def test_submarine_first_strike_hits_sea_units_only():
    s = scenario({"submarine": 3}, {"fighter": 2, "transport": 1}, battle="sea")
    rules = lowluck.make_rules(s)
    state = rules.initial_state()
    strike = rules.phases(state)[0]
    assert strike.name == "submarine first strike"
    # (attacker's hits, defender's hits), per batch: the attacker's submarines only
    assert dict(strike.outcome_dist(state)) == pytest.approx({((1,), ()): 1.0})   # power 6
    after = strike.apply(state, ((1,), ()))
    assert rules.state_units(after)[1] == {"fighter": 2}                  # transport, not fighters
    with pytest.raises(EngineError, match="can't be taken"):
        strike.apply(state, ((1,), ()), {"defender": {"fighter": 1}})
    # With first strike off the subs fire with everyone (one phase per round).
    rules_off = lowluck.make_rules(scenario({"submarine": 3}, {"fighter": 2, "transport": 1},
                                            battle="sea", submarine_first_strike=False))
    assert [p.name for p in rules_off.phases(rules_off.initial_state())] == ["fire"]


def test_techs_change_values():
    rules = lowluck.make_rules(LowLuckScenario(
        attacker=LowLuckSide(units={"bomber": 1, "submarine": 1},
                             techs=frozenset({"heavy_bombers", "super_subs"})),
        defender=LowLuckSide(units={"fighter": 1}, techs=frozenset({"jet_power"})),
        options=LowLuckOptions(battle="sea", submarine_first_strike=False)))
    state = rules.initial_state()
    fire = rules.phases(state)[-1]
    # attacker 12 (heavy bomber) + 3 (super sub) = 15 -> 2 + 1/2; defender jet fighter 5.
    assert dict(fire.outcome_dist(state)) == pytest.approx(
        {((2,), (0,)): 0.5 * 1 / 6, ((3,), (0,)): 0.5 * 1 / 6, ((2,), (1,)): 0.5 * 5 / 6,
         ((3,), (1,)): 0.5 * 5 / 6})


def test_order_of_loss_and_keep_land_unit():
    s = LowLuckScenario(attacker=LowLuckSide(units={"infantry": 2, "armor": 1, "fighter": 1},
                                             order_of_loss=("armor", "infantry", "fighter")),
                        defender=LowLuckSide(units={"infantry": 1}))
    rules = lowluck.make_rules(s)
    fire = rules.main_fire
    state = rules.initial_state()
    after = fire.apply(state, ((0,), (1,)))
    assert rules.state_units(after)[0] == {"infantry": 2, "fighter": 1}   # armor first
    # Default order: cheapest first -> an infantry goes first.
    rules_d = lowluck.make_rules(LowLuckScenario(
        attacker=LowLuckSide(units={"infantry": 1, "armor": 1, "fighter": 1}),
        defender=LowLuckSide(units={"infantry": 1}), options=LowLuckOptions(keep_land_unit=True)))
    st = rules_d.initial_state()
    # keep_land_unit: two hits kill the infantry and the fighter, keeping the armor (last land).
    after = rules_d.main_fire.apply(st, ((0,), (2,)))
    assert rules_d.state_units(after)[0] == {"armor": 1}
    rules_n = lowluck.make_rules(LowLuckScenario(
        attacker=LowLuckSide(units={"infantry": 1, "armor": 1, "fighter": 1}),
        defender=LowLuckSide(units={"infantry": 1})))
    after_n = rules_n.main_fire.apply(rules_n.initial_state(), ((0,), (2,)))
    assert rules_n.state_units(after_n)[0] == {"fighter": 1}


def test_players_casualty_choice_is_validated():
    rules = lowluck.make_rules(scenario({"infantry": 2, "armor": 1}, {"infantry": 2}))
    state = rules.initial_state()
    fire = rules.phases(state)[-1]
    one_each, two_on_attacker = ((1,), (1,)), ((0,), (2,))
    assert fire.propose(state, one_each) == {"attacker": {"infantry": 1},
                                             "defender": {"infantry": 1}}
    after = fire.apply(state, one_each, {"attacker": {"armor": 1}})
    assert rules.state_units(after)[0] == {"infantry": 2}
    with pytest.raises(EngineError, match="exactly 1"):
        fire.apply(state, one_each, {"attacker": {"infantry": 2}})
    with pytest.raises(EngineError, match="only 1 armor"):
        fire.apply(state, two_on_attacker, {"attacker": {"armor": 2}})


def test_max_rounds_and_stalemate():
    r = lowluck.compute(scenario({"infantry": 10}, {"infantry": 10}, max_rounds=1))
    assert r.undecided == pytest.approx(1.0)
    assert r.expected_rounds == pytest.approx(1.0)
    t = lowluck.compute(scenario({"transport": 1}, {"transport": 1}, battle="sea"))
    # attack 0 vs defence 1: the defender hits with 1/6 each round; no stalemate
    assert t.defender_wins == pytest.approx(1.0)
    s = lowluck.compute(scenario({"transport": 2}, {"carrier": 0, "transport": 0}, battle="sea"))
    assert s.attacker_wins == pytest.approx(1.0)


def test_large_battle_mass_and_pruning():
    r = lowluck.compute(scenario({"infantry": 30, "armor": 20, "fighter": 10},
                                 {"infantry": 40, "armor": 10, "fighter": 10}))
    total = r.attacker_wins + r.defender_wins + r.draw + r.undecided
    assert total == pytest.approx(1.0, abs=1e-9)
    assert r.pruned < 1e-9
    assert r.decided_by_round and r.decided_by_round[-1] == pytest.approx(1.0, abs=1e-6)


@pytest.mark.parametrize("dice", ["lowluck", "standard"])
@pytest.mark.parametrize("battle", ["land", "sea"])
def test_fast_round_equals_phase_by_phase(dice, battle):
    """The rules' round_dist (sides paired independently) == the generic phase composition."""
    from combatassist.battle import BattleRules

    if battle == "land":
        s = scenario({"infantry": 3, "armor": 2, "fighter": 2}, {"infantry": 3, "fighter": 1},
                     dice=dice, aa_gun=True)
    else:
        s = scenario({"submarine": 2, "battleship": 1, "fighter": 1},
                     {"transport": 2, "carrier": 1, "fighter": 1}, dice=dice, battle="sea")
    rules = lowluck.make_rules(s)
    for state in (rules.initial_state(), rules.end_round(rules.initial_state())):
        fast = rules.round_dist(state)
        slow = BattleRules.round_dist(rules, state)
        assert set(fast) == set(slow)
        for k in slow:
            assert fast[k] == pytest.approx(slow[k], abs=1e-12)


def test_retreat_after_round_counts_for_the_defender():
    base = scenario({"infantry": 6, "armor": 2}, {"infantry": 6})
    full = lowluck.compute(base)
    one = lowluck.compute(LowLuckScenario(options=LowLuckOptions(retreat_after=1),
                                          attacker=base.attacker, defender=base.defender))
    capped = lowluck.compute(LowLuckScenario(options=LowLuckOptions(max_rounds=1),
                                             attacker=base.attacker, defender=base.defender))
    assert one.undecided == 0.0
    assert one.defender_wins == pytest.approx(capped.defender_wins + capped.undecided)
    assert one.attacker_wins == pytest.approx(capped.attacker_wins)
    assert one.attacker_wins < full.attacker_wins
    assert one.losses == capped.losses


def _random_battles(count, seed):
    import random

    rng = random.Random(seed)
    made = 0
    while made < count:
        land = rng.random() < 0.6
        ids = (["infantry", "armor", "fighter", "bomber"] if land else
               ["battleship", "carrier", "transport", "submarine", "fighter", "bomber"])
        options = LowLuckOptions(
            dice=rng.choice(["lowluck", "standard"]), battle="land" if land else "sea",
            aa_gun=land and rng.random() < 0.5, keep_land_unit=land and rng.random() < 0.5,
            submarine_first_strike=rng.random() < 0.3, max_rounds=rng.choice([0, 0, 0, 1, 2, 3]))
        s = LowLuckScenario(options=options,
                            attacker=LowLuckSide(units={u: rng.randint(0, 3) for u in ids}),
                            defender=LowLuckSide(units={u: rng.randint(0, 3) for u in ids}))
        if grid.applicable(lowluck.make_rules(s)):
            made += 1
            yield s


from combatassist.result import battle_result  # noqa: E402
from combatassist.rulesets.lowluck import plain_rounds_grid as grid  # noqa: E402


@pytest.mark.parametrize("s", list(_random_battles(40, seed=5)))
def test_grid_solver_equals_the_generic_solver(s):
    """The vectorised solver pushes the same mass as solver.solve over the same phases."""
    rules = lowluck.make_rules(s)
    rounds = s.options.max_rounds
    a = battle_result("lowluck", rules, solve(rules, max_rounds=rounds))
    b = battle_result("lowluck", rules, grid.solve_grid(rules, max_rounds=rounds))
    for key in ("attacker_wins", "defender_wins", "draw", "undecided", "stalemate",
                "expected_rounds"):
        assert getattr(b, key) == pytest.approx(getattr(a, key), abs=1e-12), key
    la = {(x, y): p for x, y, p in a.losses}
    lb = {(x, y): p for x, y, p in b.losses}
    assert set(la) == set(lb)
    for k in la:
        assert lb[k] == pytest.approx(la[k], abs=1e-12)
    assert b.decided_by_round[:len(a.decided_by_round)] == pytest.approx(
        a.decided_by_round[:len(b.decided_by_round)], abs=1e-9)
