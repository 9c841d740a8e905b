"""Ur battles (docs/rules.md §4): the seed's example, brute force, exact vs simulation, policy."""
from __future__ import annotations

import functools
import itertools
import math

import pytest

from combatassist.battle import BattleRules, FixedDice, Phase, play_round
from combatassist.errors import EngineError
from combatassist.rulesets.ur import (Position, Side, Unit, UrRules, UrScenario, Wall,
                                      check_spread, compute, spread_hits, tables)


def scenario(att, dfn, *, a_stance="attack", d_stance="defend", max_rounds=0, a_retreat=0,
             d_retreat=0, a_magic=0, d_magic=0, moving=False, **position):
    def units(spec):
        out = []
        for item in spec:
            if isinstance(item, str):
                out.append(Unit(item))
            else:
                out.append(Unit(*item))
        return tuple(out)
    return UrScenario(Side(a_stance, units(att), a_retreat, a_magic, moving),
                      Side(d_stance, units(dfn), d_retreat, d_magic),
                      Position(**position), max_rounds)


def woods_example(**kw):
    return scenario(["infantry", "infantry"], ["infantry"], terrain="wood", **kw)


def total(result):
    return result.attacker_wins + result.defender_wins + result.draw + result.undecided


# -- the seed's worked example -------------------------------------------------------------
def test_hits_are_not_cumulative():
    t = tables()
    assert [t.hits_for(s) for s in (0, 5, 6, 9, 10, 13, 14, 15, 30)] == \
        [0, 0, 1, 1, 2, 2, 3, 3, 3]


def test_seed_example_hit_faces():
    rules = UrRules(woods_example())
    rollers = rules.melee.rollers(rules.initial_state())
    assert [(r.side, r.value) for r in rollers] == \
        [("attacker", 3), ("attacker", 3), ("defender", 5)]
    # Attacker hits on 3-6 (one hit); defender one hit on 1-4, two on 5-6.
    assert rules.hit_faces(3) == (0, 0, 1, 1, 1, 1)
    assert rules.hit_faces(5) == (1, 1, 1, 1, 2, 2)
    assert rules.ranged.dice(rules.initial_state()) == ()


def test_seed_example_round_by_round():
    """The seed's table: A1 A2 D1 rolls and steps remaining after rounds 1 and 2, then retreat."""
    rules = UrRules(woods_example(d_retreat=1))
    state = rules.initial_state()
    assert state == ((4, 4), (4,))
    # Round 1: A1 rolls 1 (no hit), A2 rolls 5 (1 hit), D1 rolls 2 (1 hit, goes to A1).
    record = play_round(rules, state, FixedDice([(1, 5, 2)]))
    assert record.phases[-1].outcome == (1, 1)
    assert record.state_after == ((3, 4), (3,))
    assert rules.verdict(record.state_after) is None
    # Round 2: A1 6 (1), A2 3 (1), D1 6 (2 hits: one each, A2 first as it has more steps).
    record = play_round(rules, record.state_after, FixedDice([(6, 3, 6)]))
    assert record.state_after == ((2, 3), (1,))
    # Round 3: the defender retreats before losing its unit: victory for the attacker.
    assert rules.verdict(record.state_after) == "attacker"
    assert rules.losses(record.state_after) == (3, 3)


def test_seed_example_explain_for_the_table():
    rules = UrRules(woods_example())
    text = rules.melee.explain(((3, 4), (3,)), (6, 3, 6))
    assert "attacker Infantry #1: 4 (attack) -1 wood + d6 6 = 9 -> 1 hit" in text
    assert "defender Infantry #1: 4 (defend) +1 wood + d6 6 = 11 -> 2 hits" in text
    assert "attacker takes 2 hits: Infantry #1 takes 1, Infantry #2 takes 1" in text
    assert "ranged: no unit with a range value" == rules.ranged.explain(((4, 4), (4,)), ())


def test_seed_example_exact_matches_brute_force():
    check_against_brute_force(woods_example())


# -- brute force ---------------------------------------------------------------------------
def brute_force(rules: UrRules):
    """Independent reference: every die of every unit enumerated per round, the self-loop
    removed algebraically. Returns {(verdict, attacker_lost, defender_lost): probability}."""
    t = tables()

    def hits(value, face):
        return t.hits_for(value + face)

    def spread(steps, n):
        # Round-robin over the units ordered by steps left (most first, then listed order):
        # the even rule's default for one phase.
        steps = list(steps)
        while n > 0 and any(steps):
            order = sorted((i for i, s in enumerate(steps) if s), key=lambda i: -steps[i])
            for i in order:
                if n == 0:
                    break
                steps[i] -= 1
                n -= 1
        return tuple(steps)

    def phase_next(phase, state):
        rollers = phase.make_rollers(state)
        acc = {}
        for faces in itertools.product(range(1, 7), repeat=len(rollers)):
            to_a = sum(hits(r.value, f) for r, f in zip(rollers, faces) if r.side == "defender")
            to_d = sum(hits(r.value, f) for r, f in zip(rollers, faces) if r.side == "attacker")
            nxt = (spread(state[0], to_a), spread(state[1], to_d))
            acc[nxt] = acc.get(nxt, 0.0) + 6.0 ** -len(rollers)
        return acc

    @functools.cache
    def value(state):
        v = rules.verdict(state)
        if v is not None:
            return {(v, *rules.losses(state)): 1.0}
        after = {}
        for s1, p1 in phase_next(rules.ranged, state).items():
            for s2, p2 in phase_next(rules.melee, s1).items():
                after[s2] = after.get(s2, 0.0) + p1 * p2
        stay = after.pop(state, 0.0)
        if stay > 1 - 1e-12:
            return {("stalemate", *rules.losses(state)): 1.0}
        out = {}
        for s, p in after.items():
            for k, q in value(s).items():
                out[k] = out.get(k, 0.0) + p * q / (1 - stay)
        return out

    return value(rules.initial_state())


def check_against_brute_force(sc):
    rules = UrRules(sc)
    ref = brute_force(rules)
    got = compute(sc)
    by = {"attacker": 0.0, "defender": 0.0, "draw": 0.0, "stalemate": 0.0}
    losses = {}
    for (verdict, la, ld), p in ref.items():
        by[verdict] += p
        losses[(la, ld)] = losses.get((la, ld), 0.0) + p
    assert got.attacker_wins == pytest.approx(by["attacker"], abs=1e-12)
    assert got.defender_wins == pytest.approx(by["defender"], abs=1e-12)
    assert got.draw == pytest.approx(by["draw"] + by["stalemate"], abs=1e-12)
    assert got.stalemate == pytest.approx(by["stalemate"], abs=1e-12)
    assert {(a, d): p for a, d, p in got.losses if p > 1e-15} == \
        pytest.approx({k: v for k, v in losses.items() if v > 1e-15}, abs=1e-12)
    assert total(got) == pytest.approx(1.0, abs=1e-12)
    return got


BRUTE_CASES = {
    "ranged and melee, wall": dict(
        att=["archers", ("cavalry", 2)], dfn=[("wall_defense", 2), ("infantry", 2)],
        wall=Wall("outer", 1)),
    "defender sallies at undead": dict(
        att=[("undead", 3), ("infantry", 2, True)], dfn=[("archers", 3), ("infantry", 2)],
        d_stance="attack", moving=True),
    "both defend: ranged only": dict(
        att=[("archers", 2), "infantry"], dfn=[("archers", 3)], a_stance="defend",
        terrain="hill", river=True),
    "attacker stands, dwarf hill, magic": dict(
        att=[("infantry", 3), ("cavalry", 2)], dfn=[("infantry", 3), ("cavalry", 2)],
        a_stance="defend", d_stance="attack", dwarf_hill=True, a_magic=-1, d_magic=2),
    "inner wall, raiders, retreat": dict(
        att=[("infantry", 3, True), ("undead", 4)], dfn=[("wall_defense", 3), "archers"],
        wall=Wall("inner", 1), a_retreat=2, d_retreat=1),
}


@pytest.mark.parametrize("case", BRUTE_CASES)
def test_exact_matches_brute_force(case):
    spec = dict(BRUTE_CASES[case])
    att, dfn = spec.pop("att"), spec.pop("dfn")
    check_against_brute_force(scenario(att, dfn, **spec))


# -- the fast exact tables equal plain enumeration -----------------------------------------
SMALL_STATES = [((4, 4), (4,)), ((3, 0), (2,)), ((1, 2), (0,))]


@pytest.mark.parametrize("case", BRUTE_CASES)
def test_outcome_dist_equals_enumeration(case):
    spec = dict(BRUTE_CASES[case])
    att, dfn = spec.pop("att"), spec.pop("dfn")
    rules = UrRules(scenario(att, dfn, **spec))
    start = rules.initial_state()
    states = [start, (tuple(max(0, s - 1) for s in start[0]), start[1]),
              (start[0], (0,) + start[1][1:])]
    for state in states:
        for phase in rules.phases(state):
            fast = phase.outcome_dist(state)
            slow = Phase.outcome_dist(phase, state)
            assert dict(fast) == pytest.approx(dict(slow), abs=1e-12)
            assert fast.total() == pytest.approx(1.0)
        fast = rules.round_dist(state)
        slow = BattleRules.round_dist(rules, state)
        assert dict(fast) == pytest.approx(dict(slow), abs=1e-12)


# -- exact vs simulation -------------------------------------------------------------------
def test_simulation_agrees_with_exact():
    sc = scenario(["infantry", "archers", "cavalry"], ["wall_defense", "infantry", "archers"],
                  wall=Wall("outer", 3), moving=True)
    exact = compute(sc)
    n = 20_000
    sim = compute(sc, method="simulate", trials=n, seed=11)
    assert sim.method == "simulate" and sim.trials == n
    for key in ("attacker_wins", "defender_wins", "draw"):
        p = getattr(exact, key)
        sigma = math.sqrt(max(p * (1 - p), 1e-6) / n)
        assert abs(getattr(sim, key) - p) < 5 * sigma, key
    ea, ed = exact.expected_losses()
    sa, sd = sim.expected_losses()
    assert sa == pytest.approx(ea, rel=0.03)
    assert sd == pytest.approx(ed, rel=0.03)
    assert sim.expected_rounds == pytest.approx(exact.expected_rounds, rel=0.03)
    assert total(sim) == pytest.approx(1.0)


# -- whole battles: mass, max_rounds, stalemate, retreat -----------------------------------
@pytest.mark.parametrize("max_rounds", [0, 1, 3])
def test_mass_sums_to_one(max_rounds):
    sc = scenario(["infantry", "infantry", "cavalry", "undead"],
                  ["wall_defense", "archers", "infantry"], wall=Wall("outer", 3),
                  max_rounds=max_rounds)
    r = compute(sc)
    assert total(r) == pytest.approx(1.0, abs=1e-12)
    assert sum(p for *_, p in r.losses) == pytest.approx(1.0, abs=1e-12)
    assert r.pruned < 1e-9
    if max_rounds:
        assert r.undecided > 0
        assert r.expected_rounds <= max_rounds
        assert len(r.decided_by_round) == max_rounds
    for a, d, _ in r.losses:
        assert 0 <= a <= 4 + 4 + 4 + 6 and 0 <= d <= 12


def test_one_round_is_the_phase_product():
    """max_rounds = 1 losses equal the explicit ranged x melee distribution."""
    sc = scenario(["archers", "infantry"], ["archers"], max_rounds=1)
    rules = UrRules(sc)
    dist = BattleRules.round_dist(rules, rules.initial_state())
    r = compute(sc)
    expect = {}
    for s, p in dist.items():
        key = rules.losses(s)
        expect[key] = expect.get(key, 0.0) + p
    assert {(a, d): p for a, d, p in r.losses} == pytest.approx(expect)


def test_both_defend_without_ranged_is_a_stalemate():
    r = compute(scenario(["infantry"], ["infantry"], a_stance="defend"))
    assert r.stalemate == pytest.approx(1.0)
    assert r.draw == pytest.approx(1.0)
    assert r.losses == [(0, 0, 1.0)]


def test_nobody_can_hit_is_a_stalemate():
    r = compute(scenario(["infantry"], ["infantry"], a_magic=-20, d_magic=-20))
    assert r.stalemate == pytest.approx(1.0)


def test_one_sided_fight_never_stalls():
    # Only the defender's archers can hurt anyone: the attacker must lose.
    r = compute(scenario(["infantry"], ["archers"], a_stance="defend"))
    assert r.defender_wins == pytest.approx(1.0)
    assert r.losses == [(4, 0, pytest.approx(1.0))]


def test_retreat_thresholds_per_side():
    base = compute(woods_example())
    timid_defender = compute(woods_example(d_retreat=2))
    timid_attacker = compute(woods_example(a_retreat=6))
    assert timid_defender.attacker_wins > base.attacker_wins
    assert timid_attacker.attacker_wins < base.attacker_wins
    # A retreating defender never loses its last steps: it leaves with 1 or 2.
    assert all(d <= 3 for _, d, p in timid_defender.losses if p > 0)
    assert all(a <= 8 for a, _, p in timid_attacker.losses)
    # Already at the threshold: the battle is over before the first round.
    at_once = compute(woods_example(d_retreat=4))
    assert at_once.attacker_wins == 1.0 and at_once.expected_rounds == 0.0


def test_both_sides_at_their_retreat_threshold_the_attacker_breaks_off():
    rules = UrRules(woods_example(a_retreat=3, d_retreat=1))
    assert rules.verdict(((1, 1), (1,))) == "defender"
    assert rules.verdict(((0, 0), (0,))) == "draw"
    assert rules.verdict(((0, 1), (0,))) == "attacker"


# -- stances and modifiers -----------------------------------------------------------------
def values(sc, phase="melee", state=None):
    rules = UrRules(sc)
    ph = rules.ranged if phase == "ranged" else rules.melee
    return [(r.side, r.unit.id, r.value) for r in ph.rollers(state or rules.initial_state())]


def test_attack_only_and_defence_only_units():
    army = ["infantry", "archers", "cavalry", "undead"]
    both_attack = values(scenario(army, ["wall_defense", "infantry"], d_stance="attack"))
    assert both_attack == [("attacker", "infantry", 4), ("attacker", "cavalry", 6),
                           ("attacker", "undead", 3), ("defender", "infantry", 4)]
    stand = values(scenario(army, ["wall_defense", "cavalry"], a_stance="defend",
                            d_stance="attack"))
    assert stand == [("attacker", "infantry", 4), ("attacker", "archers", 1),
                     ("defender", "cavalry", 6)]
    assert values(scenario(army, ["infantry"], a_stance="defend")) == []


def test_ranged_modifiers():
    wall = Wall("outer", 1)                       # strength 3
    sc = scenario([("archers", 2), "undead"], ["archers", "wall_defense"], wall=wall,
                  moving=True)
    assert values(sc, "ranged") == [("attacker", "archers", 4 - 3),
                                    ("defender", "archers", 4 + 3 + 1 - 1),
                                    ("defender", "wall_defense", 2 + 3 + 1 - 1)]
    # Once the undead are gone, the -1 for firing at undead goes with them.
    rules = UrRules(sc)
    assert [r.value for r in rules.ranged.rollers(((2, 0), (4, 4)))] == [1, 8, 6]
    # Shooting at a stack with undead: the defender's undead make the attacker's fire -1.
    sc2 = scenario(["archers"], ["undead", "archers"], d_stance="attack")
    assert values(sc2, "ranged") == [("attacker", "archers", 3), ("defender", "archers", 4)]
    # Magic and raiders don't touch ranged rolls.
    sc3 = scenario([("archers", 4, True)], ["archers"], a_magic=3, d_magic=-2)
    assert values(sc3, "ranged") == [("attacker", "archers", 4), ("defender", "archers", 4)]


def test_melee_position_modifiers():
    sc = scenario(["infantry"], ["infantry"], terrain="city", river=True, dwarf_hill=True,
                  wall=Wall("inner", 0))           # strength 3
    assert values(sc) == [("attacker", "infantry", 4 - 3 - 1 - 2 + 1),
                          ("defender", "infantry", 4 + 3 + 1 + 2 + 1)]
    for terrain in ("wood", "city", "bogs", "hill"):
        assert values(scenario(["infantry"], ["infantry"], terrain=terrain)) == \
            [("attacker", "infantry", 3), ("defender", "infantry", 5)]


def test_sallying_defender_and_standing_attacker_get_no_position_modifiers():
    pos = dict(terrain="wood", river=True, wall=Wall("outer", 0))
    both_attack = values(scenario(["infantry"], ["infantry"], d_stance="attack", **pos))
    assert both_attack == [("attacker", "infantry", 4 - 4 - 1 - 2),
                           ("defender", "infantry", 4)]
    attacker_stands = values(scenario(["infantry"], ["infantry"], a_stance="defend",
                                      d_stance="attack", **pos))
    assert attacker_stands == [("attacker", "infantry", 4), ("defender", "infantry", 4)]


def test_magic_and_raiders_modify_their_own_melee_rolls():
    sc = scenario([("infantry", 4, True), "infantry"], ["infantry", ("infantry", 2, True)],
                  a_magic=2, d_magic=-1)
    assert values(sc) == [("attacker", "infantry", 4 + 2 + 1), ("attacker", "infantry", 6),
                          ("defender", "infantry", 3), ("defender", "infantry", 4)]


def test_a_unit_fights_at_full_strength_until_its_last_step():
    full = compute(scenario(["infantry"], ["infantry"], max_rounds=1))
    worn = compute(scenario([("infantry", 1)], ["infantry"], max_rounds=1))
    # The attacker's hits on the defender don't depend on its own steps left.
    def dealt(r):
        out = {}
        for _, d, p in r.losses:
            out[d] = out.get(d, 0.0) + p
        return out
    assert dealt(full) == pytest.approx(dealt(worn))


# -- hit spreading and the owner's choice ----------------------------------------------------
def test_spread_hits_default_policy():
    assert spread_hits((4, 4), 1) == (1, 0)          # tie: first listed
    assert spread_hits((3, 4), 1) == (0, 1)          # tie: most steps left
    assert spread_hits((3, 4), 2) == (1, 1)          # evenly
    assert spread_hits((1, 4, 4), 5) == (1, 2, 2)    # lost units take no more
    assert spread_hits((2, 1), 9) == (2, 1)          # excess hits change nothing
    assert spread_hits((6, 4, 4), 4) == (2, 1, 1)


def test_check_spread_accepts_exactly_the_even_allocations():
    steps = (3, 4, 1)
    for hits in range(0, 10):
        legal = set()
        # Every allocation the even rule allows with any tie-breaking, by search.
        def walk(taken, left):
            alive = [i for i in range(3) if steps[i] - taken[i] > 0]
            if left == 0 or not alive:
                legal.add(tuple(taken))
                return
            least = min(taken[i] for i in alive)
            for i in alive:
                if taken[i] == least:
                    t = list(taken)
                    t[i] += 1
                    walk(t, left - 1)
        walk([0, 0, 0], hits)
        for alloc in itertools.product(range(5), repeat=3):
            ok = check_spread(steps, hits, alloc) is None
            assert ok == (alloc in legal), (hits, alloc)
        assert spread_hits(steps, hits) in legal


def test_owner_choice_at_the_table():
    rules = UrRules(woods_example())
    state = ((4, 4), (4,))
    phase = rules.melee
    outcome = phase.resolve(state, (1, 1, 5))          # defender deals 2 hits
    assert outcome == (2, 0)
    assert phase.propose(state, outcome) == ((1, 1), (0,))
    # With one hit the owner may give it to A2 instead of A1 (a tie).
    one = phase.resolve(state, (1, 1, 1))
    assert phase.apply(state, one, ((0, 1), (0,))) == ((4, 3), (4,))
    assert phase.apply(state, one, [[1, 0], [0]]) == ((3, 4), (4,))   # JSON lists work
    with pytest.raises(EngineError, match="spread evenly"):
        phase.apply(state, outcome, ((2, 0), (0,)))
    with pytest.raises(EngineError, match="must be taken"):
        phase.apply(state, outcome, ((1, 0), (0,)))
    with pytest.raises(EngineError, match="choice must be"):
        phase.apply(state, outcome, "A1")
    record = play_round(rules, state, FixedDice([(1, 1, 1)], choices=[((0, 1), (0,))]))
    assert record.state_after == ((4, 3), (4,))


def test_fixed_dice_refuse_bad_rolls():
    rules = UrRules(woods_example())
    with pytest.raises(EngineError, match="expected 3 dice"):
        play_round(rules, rules.initial_state(), FixedDice([(1, 2)]))
    with pytest.raises(EngineError, match="must show 1-6"):
        play_round(rules, rules.initial_state(), FixedDice([(1, 2, 7)]))


def test_ranged_then_melee_with_fixed_dice():
    """Casualties of the ranged phase are removed before melee."""
    sc = scenario(["archers", ("infantry", 1)], [("archers", 1), "infantry"])
    rules = UrRules(sc)
    state = rules.initial_state()
    assert [d.side for d in rules.ranged.dice(state)] == ["attacker", "defender"]
    # Attacker archers 4+6 = 10: two hits; defender archers 4+2 = 6: one hit.
    record = play_round(rules, state, FixedDice([(6, 2), (6, 6)]))
    ranged = record.phases[0]
    assert ranged.outcome == (1, 2)
    # Defender: archers (1 step) take one hit and are lost, infantry takes the other.
    # Attacker: the one hit goes to the archers (most steps), the infantry survives.
    assert ranged.state_after == ((3, 1), (0, 3))
    melee = record.phases[1]
    # Melee: attacker infantry (archers are defence only) vs defender infantry.
    assert [d.label.split()[1] for d in melee.dice] == ["Infantry", "Infantry"]
    # Both roll 6: attacker 4+6 = 10 (two hits), defender 4+6 = 10 (two hits); the
    # attacker's archers may not roll (defence only) but they take hits: one each.
    assert melee.outcome == (2, 2)
    assert record.state_after == ((2, 0), (0, 1))
    # Capped: a side can't take more hits than its steps left.
    capped = play_round(rules, ((0, 1), (0, 1)), FixedDice([(6, 6)]))
    assert capped.phases[1].outcome == (1, 1)
    assert capped.state_after == ((0, 0), (0, 0))
    assert rules.verdict(capped.state_after) == "draw"


def test_table_battle_drives_ur():
    table = pytest.importorskip("combatassist.table")
    text = ('ruleset = "ur"\ntitle = "woods"\n[attacker]\nstance = "attack"\n'
            'units = [ { type = "infantry" }, { type = "infantry" } ]\n'
            '[defender]\nstance = "defend"\nterrain = "wood"\nunits = [ { type = "infantry" } ]\n')
    rules, name = table.rules_from_scenario(text)
    assert name == "ur" and isinstance(rules, UrRules)
    battle = table.TableBattle(rules, scenario_text=text, ruleset=name)
    assert battle.dice() == ()                     # the ranged phase: nobody shoots
    battle.enter(())
    assert len(battle.dice()) == 3
    battle.enter((1, 5, 2))
    battle.enter(())
    battle.enter((6, 3, 6))
    assert battle.state == ((2, 3), (1,))


# -- random small battles against the brute force ------------------------------------------
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

UNIT_TYPES = ["infantry", "archers", "cavalry", "wall_defense", "undead"]
small_unit = st.tuples(st.sampled_from(UNIT_TYPES), st.integers(1, 2), st.booleans())
small_side = st.lists(small_unit, min_size=1, max_size=2)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(att=small_side, dfn=small_side, a_stance=st.sampled_from(["attack", "defend"]),
       d_stance=st.sampled_from(["attack", "defend"]),
       terrain=st.sampled_from(["none", "wood", "bogs"]), river=st.booleans(),
       wall=st.sampled_from([None, Wall("outer", 0), Wall("outer", 7), Wall("inner", 1)]),
       a_magic=st.integers(-2, 2), d_magic=st.integers(-2, 2), moving=st.booleans(),
       a_retreat=st.integers(0, 2), d_retreat=st.integers(0, 2))
def test_random_small_battles_match_brute_force(att, dfn, **kw):
    got = check_against_brute_force(scenario(att, dfn, **kw))
    assert got.pruned == 0.0
