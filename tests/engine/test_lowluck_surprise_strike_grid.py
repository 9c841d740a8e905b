"""The later editions' sea-battle solver (lowluck/surprise_strike_grid.py): its cells against the
casualty policy, its rounds against ``LaterRules.round_dist``, its answers state by state
against the generic solver on random 1942 / 1940 sea battles with submarines."""
from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest

from combatassist import limits
from combatassist.errors import EngineError
from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import chains, solvers
from combatassist.rulesets.lowluck import surprise_strike_grid as later_seagrid
from combatassist.rulesets.lowluck.later_phases import AIR_ONLY, ANY, SUB
from combatassist.solver import Cancelled, solve
from tests.engine.test_lowluck_editions import payload
from tests.engine.test_lowluck_plain_rounds_grid import (_same_states, assert_answers_as_the_generic_solver,
                                           assert_same_outcome)

SHIPS = {"1942se": ["submarine", "destroyer", "cruiser", "carrier", "battleship", "transport",
                    "fighter", "bomber"],
         "1940se": ["submarine", "destroyer", "cruiser", "carrier", "battleship", "transport",
                    "fighter", "tactical_bomber", "bomber"]}
TWO_HIT = {"1942se": ["battleship"], "1940se": ["battleship", "carrier"]}


def _battle(rng: random.Random, most: int, rounds=(0, 0, 0, 1, 2, 4), subs=True,
            dice: str = "standard"):
    """A random later-edition sea battle with submarines on at least one side (``subs``;
    else none): destroyers or not, aircraft, damaged two-hit units, transports, submerging,
    orders of loss."""
    edition = rng.choice(sorted(SHIPS))
    ids = [u for u in SHIPS[edition] if subs or u != "submarine"]
    doc = {"options": {"battle": "sea", "dice": dice,
                       "max_rounds": rng.choice(rounds)}}
    subs_on = rng.choice(["attacker", "defender", "both"]) if subs else None
    for role in ("attacker", "defender"):
        units = {u: rng.randint(0, most) if rng.random() < 0.5 else 0 for u in ids}
        if role == "defender":
            units.pop("bomber", None)            # a defending bomber at sea is not generated
        if subs_on in (role, "both"):
            units["submarine"] = max(1, units["submarine"])
        if not any(units.values()):
            units[rng.choice(["destroyer", "fighter", "cruiser"])] = 1
        units = {u: n for u, n in units.items() if n}
        side = {"units": units}
        damaged = {u: rng.randint(0, units[u]) for u in TWO_HIT[edition] if units.get(u)}
        if any(damaged.values()) and rng.random() < 0.6:
            side["damaged"] = {u: n for u, n in damaged.items() if n}
        if units.get("submarine") and rng.random() < 0.4:
            side["submerge"] = True
        if rng.random() < 0.4:
            side["order_of_loss"] = rng.sample(sorted(units), len(units))
        doc[role] = side
    return payload(edition, doc)


def _battles(count: int, seed: int, most: int, **kw):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = _battle(rng, most, **kw)
        rules = lowluck.make_rules(s)
        if later_seagrid.applicable(rules) and rules.verdict(rules.initial_state()) is None:
            out.append(s)
    return out


@pytest.mark.parametrize("s", _battles(12, seed=1, most=3))
def test_cells_are_the_casualty_policy(s):
    """Each cell is one composition, and every category's hits move it where the casualty
    policy (``SideSlots.take``) moves its composition; submerging and transports left alone
    as the rules do them."""
    rules = lowluck.make_rules(s)
    battle = later_seagrid._Battle(rules)
    for k, fleet in ((0, battle.att), (1, battle.dfn)):
        side = rules.side(k)
        assert len(set(fleet.comps)) == fleet.C
        assert fleet.comps[0] == side.counts0
        assert list(fleet.rank) == sorted(fleet.rank)
        for c, comp in enumerate(fleet.comps):
            for cat in (SUB, AIR_ONLY, ANY):
                for h in range(fleet.moves[cat].shape[1] + 1):
                    moved = later_seagrid._moved_by(fleet, cat, np.array([c]), np.array([h]))[0]
                    assert fleet.comps[moved] == side.take(comp, ((cat, h),))[0], (cat, h)
                    if moved != c:
                        assert fleet.rank[moved] > fleet.rank[c]
            assert fleet.wiped[c] == (side.fighting(comp) == 0)
            assert fleet.alone[c] == (side.left_alone(comp) and side.fighting(comp) > 0)


def _reachable(rules, limit: int = 400):
    """States the generic solver's rounds reach from the start (at most ``limit``)."""
    seen = {rules.initial_state()}
    todo = [rules.initial_state()]
    while todo and len(seen) < limit:
        for nxt in rules.round_dist(todo.pop()):
            if nxt not in seen and rules.verdict(nxt) is None:
                seen.add(nxt)
                todo.append(nxt)
    return [s for s in seen if not s[2]]


@pytest.mark.parametrize("s", _battles(10, seed=2, most=3)
                         + _battles(8, seed=12, most=3, dice="lowluck"))
def test_each_round_is_the_rules_round(s):
    """From every position the battle reaches, the solver's round (submerging and surprise
    strike to the mid-round positions, then the general combat from each, lone transports
    folded) is ``LaterRules.round_dist``; its P(staying) too, and its decided positions
    are the rules' verdicts."""
    rules = lowluck.make_rules(s)
    battle = later_seagrid._Battle(rules)
    index_a = {c: i for i, c in enumerate(battle.att.comps)}
    index_d = {c: j for j, c in enumerate(battle.dfn.comps)}
    for state in _reachable(rules):
        flat = np.array([index_a[state[0]] * battle.Cd + index_d[state[1]]])
        _, targets, probs, stay = battle.strikes(flat)
        ours: dict = {}
        for target, p_mid in zip(targets, probs):
            i2, j2 = np.divmod(np.array([target]), battle.Cd)
            (_, cols_a, pa, _), (_, cols_d, pd, _) = battle.main(i2, j2)
            if rules.dice.independent:      # (low luck's rows may repeat a cell)
                assert len(set(cols_a)) == len(cols_a) and len(set(cols_d)) == len(cols_d)
            for x, p in zip(cols_a, pa):
                for y, q in zip(cols_d, pd):
                    if p * q:
                        ti, tj = battle.end_of_round(np.array([x]), np.array([y]))
                        key = battle.state(int(ti[0]), int(tj[0]))
                        ours[key] = ours.get(key, 0.0) + p_mid * p * q
        theirs = dict(rules.round_dist(state).items())
        _same_states(theirs, ours, 1e-14)
        assert stay[0] == pytest.approx(theirs.get(state, 0.0), abs=1e-14)
    for i, a in enumerate(battle.att.comps):
        for j, d in enumerate(battle.dfn.comps):
            status = battle.status[i * battle.Cd + j]
            assert (status == 1) == (rules.verdict((a, d, False)) is not None)
            assert (status == 2) == (rules.end_round((a, d, False)) != (a, d, False))


@pytest.fixture(params=["whole rounds", "two pushes", "two pushes, few positions whole",
                        "two pushes, positions reached"])
def path(request, monkeypatch):
    """Small grids on their whole rounds (``_WholeRun``, as they are solved), on the two
    pushes every round (``_Run``, the big grids' way), on the two pushes with the rounds
    of few positions on their whole rounds (``_Run._whole_round``, as big grids' last rounds
    are solved: a small battle's every round after the first), and with every round and
    level reading the positions its pushes reached, added in place (``_Reached``, as big
    grids' last rounds and levels are solved)."""
    if request.param != "whole rounds":
        monkeypatch.setattr(later_seagrid, "SMALL_GRID", 0)
    if request.param == "two pushes":
        monkeypatch.setattr(later_seagrid, "WHOLE_ROUND_BELOW", 0)
    if request.param == "two pushes, positions reached":
        monkeypatch.setattr(later_seagrid, "SPARSE_PUSH", 1e-9)
        monkeypatch.setattr(later_seagrid, "ADD_AT", 0)
    return request.param


@pytest.mark.parametrize("s", _battles(40, seed=3, most=3) + _battles(8, seed=4, most=5)
                         + _battles(24, seed=13, most=4, dice="lowluck"))
def test_matches_the_generic_solver_state_by_state(s, path):
    """1942 and 1940, destroyers or not, aircraft, damaged two-hit units, transports,
    submerging on either side, max_rounds, ordinary dice and low luck: every decided,
    stalemate and undecided state carries the generic solver's mass, with its expected
    rounds and its curve."""
    assert_answers_as_the_generic_solver(s, later_seagrid.solve)


#: Low luck pools the submarines' hits with the rest's where the target has no aircraft,
#: at the submarines' place, before the aircraft's: the attacker's submarines fire in the
#: general combat (the defender has destroyers), its fighters have no destroyer (they may
#: not hit submarines), and the defender loses a destroyer, then a submarine, then a
#: cruiser — one hit of the pool and one of the fighters sink the destroyer and the
#: cruiser; taken the other way round, the destroyer and the submarine.
POOLED_AT_THE_SUBMARINES = payload("1942se", {
    "options": {"battle": "sea", "dice": "lowluck"},
    "attacker": {"units": {"submarine": 2, "fighter": 2, "cruiser": 2}},
    "defender": {"units": {"destroyer": 2, "submarine": 2, "cruiser": 2},
                 "order_of_loss": ["destroyer", "submarine", "cruiser"]}})


def test_low_luck_pools_at_the_first_categorys_place(path, monkeypatch):
    """The pooled batch's hits are taken where the submarines' stand: the generic
    solver's answer; pooled at the rest's place (after the aircraft's), it differs."""
    assert_answers_as_the_generic_solver(POOLED_AT_THE_SUBMARINES, later_seagrid.solve)
    pooled = later_seagrid._pooled

    def at_the_rests_place(noS, noA, pS, pA, pY):
        q1, q2, q3 = pooled(noS, noA, pS, pA, pY)
        moved = noA & ~noS & (pS > 0)
        return np.where(moved, 0, q1), q2, np.where(moved, q1, q3)

    monkeypatch.setattr(later_seagrid, "_pooled", at_the_rests_place)
    later_seagrid._kept_fleets.clear()
    with pytest.raises(AssertionError):
        assert_answers_as_the_generic_solver(POOLED_AT_THE_SUBMARINES, later_seagrid.solve)


@pytest.mark.parametrize("s", _battles(12, seed=8, most=4, subs=False)
                         + _battles(6, seed=14, most=4, subs=False, dice="lowluck"))
def test_sea_battles_without_submarines_too(s, path):
    """Without submarines (a solver that takes them first may come before this one): the
    generic solver's answer, state by state."""
    assert_answers_as_the_generic_solver(s, later_seagrid.solve)


@pytest.mark.parametrize("after", [1, 2, 5])
def test_rounds_hand_over_to_the_levels(after, monkeypatch, path):
    """To the end with the curve, rounds until ``MAX_ROUNDS_THEN_SWEEP``, then level by level
    from the positions alive (after round 1: nearly all of it): the generic solver's answer,
    state by state, and its curve up to the rounds fought."""
    monkeypatch.setattr(chains, "MAX_ROUNDS_THEN_SWEEP", after)
    for s in _battles(8, seed=21, most=3, rounds=(0,)):
        assert_answers_as_the_generic_solver(s, later_seagrid.solve)
        assert len(later_seagrid.solve(lowluck.make_rules(s)).decided_by_round) <= after


def test_the_issues_fleet_is_exact():
    """A 12 v 12 fleet of every kind (subs on both sides, destroyers that die, damaged
    battleships, a transport): the generic solver's answer, the same positions explored."""
    s = payload("1942se", {
        "options": {"battle": "sea", "dice": "standard"},
        "attacker": {"units": {"submarine": 3, "destroyer": 2, "fighter": 2, "cruiser": 1,
                               "bomber": 1, "battleship": 2},
                     "damaged": {"battleship": 1},
                     "order_of_loss": ["submarine", "destroyer", "fighter", "cruiser",
                                       "bomber", "battleship"]},
        "defender": {"units": {"submarine": 2, "destroyer": 2, "fighter": 2, "cruiser": 1,
                               "carrier": 1, "battleship": 2, "transport": 1}}})
    rules = lowluck.make_rules(s)
    a = solve(rules)
    swept, b = later_seagrid.solve(rules, curve=False), later_seagrid.solve(rules)
    for other in (swept, b):                    # level by level; round by round with the curve
        _same_states(a.decided, other.decided, 1e-14)
        _same_states(a.stalemates, other.stalemates, 1e-14)
        assert other.expected_rounds == pytest.approx(a.expected_rounds, abs=1e-12)
        assert abs(other.states_explored - a.states_explored) <= 0.01 * a.states_explored
        assert math.fsum([*other.decided.values(), *other.stalemates.values(),
                          other.pruned]) == pytest.approx(1.0, abs=1e-14)
    assert swept.pruned == pytest.approx(a.pruned, abs=1e-15)
    # round by round a position lighter than 1e-16 at a round's start is pruned, where the
    # levels count a position's mass over all its rounds: a little more, as reported
    assert a.pruned <= b.pruned <= 1e-13
    n = len(b.decided_by_round)
    assert b.decided_by_round == pytest.approx(a.decided_by_round[:n], abs=1e-9)


def test_sub_against_aircraft_is_a_stalemate_and_submerged_subs_leave(path):
    s = payload("1942se", {"options": {"battle": "sea", "dice": "standard"},
                           "attacker": {"units": {"fighter": 2}},
                           "defender": {"units": {"submarine": 2, "transport": 1}}})
    out = later_seagrid.solve(lowluck.make_rules(s))
    assert sum(out.stalemates.values()) > 0.5
    assert_answers_as_the_generic_solver(s, later_seagrid.solve)
    s = payload("1942se", {"options": {"battle": "sea", "dice": "standard"},
                           "attacker": {"units": {"cruiser": 1, "submarine": 1},
                                        "submerge": True},
                           "defender": {"units": {"carrier": 1, "fighter": 1}}})
    out = later_seagrid.solve(lowluck.make_rules(s))
    assert_answers_as_the_generic_solver(s, later_seagrid.solve)
    assert any(st[0][-1] for st in out.decided)        # submarines out of the battle


def test_retreat_rules_which_solver(monkeypatch):
    """Without a retreat rule, with "withdraw with N units or fewer" (its attacker cells)
    and with "withdraw below X" to the end (the positions' chances solved backwards), the
    fast solver answers; "below X" with a round limit (the chances depend on the rounds
    left) goes to the generic solver (the fast solver is not asked)."""
    doc = {"options": {"battle": "sea", "dice": "standard"},
           "attacker": {"units": {"submarine": 2, "destroyer": 1, "fighter": 1}},
           "defender": {"units": {"submarine": 1, "cruiser": 1}}}
    asked = []
    real = later_seagrid.solve
    monkeypatch.setattr(later_seagrid, "solve", lambda *a, **k: asked.append(1) or real(*a, **k))
    plain = payload("1942se", doc)
    lowluck.outcome_of(lowluck.make_rules(plain), plain.options)
    assert asked == [1]
    doc["options"]["retreat_when_units"] = 1
    s = payload("1942se", doc)
    lowluck.outcome_of(lowluck.make_rules(s), s.options)
    assert asked == [1, 1]
    doc["options"]["retreat_below"] = 0.3
    s = payload("1942se", doc)
    lowluck.outcome_of(lowluck.make_rules(s), s.options)
    assert asked == [1, 1, 1]
    doc["options"]["max_rounds"] = 3
    s = payload("1942se", doc)
    lowluck.outcome_of(lowluck.make_rules(s), s.options)
    assert asked == [1, 1, 1]


def assert_withdraws_as_the_generic_solver(s, n: int, **kwargs) -> None:
    """``solve(rules, withdraws=...)`` with "withdraw with ``n`` units or fewer" answers what
    the generic solver does under the same rule: every bucket state by state (retreated
    too), the expected rounds, the curve."""
    rules = lowluck.make_rules(s)

    def withdraws(state):
        return rules.attacker_units(state) <= n

    rounds = s.options.max_rounds
    a = solve(rules, max_rounds=rounds, retreat=lambda state, _fought: withdraws(state))
    b = later_seagrid.solve(rules, max_rounds=rounds, withdraws=withdraws, **kwargs)
    assert_same_outcome(a, b, curve=kwargs.get("curve", True))


@pytest.mark.parametrize("n", [1, 2, 4])
def test_withdrawing_with_few_units_answers_as_the_generic_solver(n, path):
    """Random fleets (rounds cut or not: no withdrawal after the last), the curve's rounds
    then the levels, and the levels alone (no curve); a start with too few withdraws at
    once."""
    for s in _battles(10, seed=90 + n, most=3):
        assert_withdraws_as_the_generic_solver(s, n)
    for s in _battles(4, seed=95 + n, most=3, rounds=(0,)):
        assert_withdraws_as_the_generic_solver(s, n, curve=False)


@pytest.mark.parametrize("below", [0.1, 0.4, 0.8])
def test_withdrawing_below_a_chance_answers_as_the_generic_solver(below):
    """"Withdraw when the chance falls below X", alone and with "with 2 units or fewer":
    the positions' chances (``_Run.fight_on``, backwards by level over the positions a first
    pass met) and the pass withdrawing from those below X answer what the generic solver
    does (its position values, then its solve) — state by state, curve and all; fleets
    whose start is a fold (a defender of transports alone) or below X at once too."""
    from combatassist.retreat import RetreatOptions, run_battle
    for s in _battles(8, seed=int(below * 100) + 130, most=3, rounds=(0,)):
        rules = lowluck.make_rules(s)
        for few in (0, 2):
            a = run_battle(rules, RetreatOptions(0, few, below), rules.attacker_units)
            b = later_seagrid.solve(rules, below=below, withdraws=(
                (lambda state: rules.attacker_units(state) <= few) if few else None))
            assert_same_outcome(a, b)


def test_withdrawing_below_a_chance_from_a_fold_and_at_the_start():
    """A start that a round's end folds (the defender's transports alone: won in round 1)
    is fought, not withdrawn from; a start below X withdraws before round 1."""
    from combatassist.retreat import RetreatOptions, run_battle
    lone = payload("1942se", {"options": {"battle": "sea", "dice": "standard"},
                              "attacker": {"units": {"submarine": 1, "battleship": 1}},
                              "defender": {"units": {"transport": 2}}})
    weak = payload("1942se", {"options": {"battle": "sea", "dice": "standard"},
                              "attacker": {"units": {"submarine": 1}},
                              "defender": {"units": {"destroyer": 2, "cruiser": 1}}})
    for s, below, retreated in ((lone, 0.5, 0.0), (weak, 0.5, 1.0)):
        rules = lowluck.make_rules(s)
        a = run_battle(rules, RetreatOptions(0, 0, below), rules.attacker_units)
        b = later_seagrid.solve(rules, below=below)
        assert_same_outcome(a, b)
        assert sum(b.retreated.values()) == pytest.approx(retreated, abs=1e-12)


def test_withdrawing_before_the_levels_take_over(monkeypatch, path):
    """After one round the levels take over, withdrawing as the rounds did."""
    monkeypatch.setattr(chains, "MAX_ROUNDS_THEN_SWEEP", 1)
    for s in _battles(6, seed=97, most=3, rounds=(0,)):
        assert_withdraws_as_the_generic_solver(s, 2)


def test_classic_and_land_are_not_its_battles():
    """Nor are single low-luck battles the table gives it: the general solver answers
    those (their few positions, faster); the grid's low luck is the planner's lattice's."""
    classic = lowluck.LowLuckScenario(
        options=lowluck.LowLuckOptions(dice="standard", battle="sea"),
        attacker=lowluck.LowLuckSide(units={"submarine": 2}),
        defender=lowluck.LowLuckSide(units={"battleship": 1}))
    assert not later_seagrid.applicable(lowluck.make_rules(classic))
    s = payload("1942se", {"options": {"battle": "sea", "dice": "lowluck"},
                           "attacker": {"units": {"submarine": 2}},
                           "defender": {"units": {"battleship": 1}}})
    assert later_seagrid.applicable(lowluck.make_rules(s))
    assert solvers.describe(lowluck.make_rules(s)) == "general solver"
    land = payload("1942se", {"options": {"dice": "standard"},
                              "attacker": {"units": {"infantry": 2}},
                              "defender": {"units": {"infantry": 1}}})
    assert not later_seagrid.applicable(lowluck.make_rules(land))


def test_cancel_stops_it():
    s = _battles(1, seed=5, most=4)[0]
    with pytest.raises(Cancelled):
        later_seagrid.solve(lowluck.make_rules(s), cancel=lambda: True)


def test_too_big_is_refused_at_once(monkeypatch):
    """Above the work limit: one clear refusal before any round is computed."""
    s = _battles(1, seed=6, most=4)[0]
    rules = lowluck.make_rules(s)
    work = []
    for name in ("plain", "stays", "status", "on_att", "on_dfn"):
        monkeypatch.setattr(later_seagrid._Battle, name, property(lambda self: work.append(1)))
    monkeypatch.setattr(limits, "MAX_SEA_GRID_WORK", 1)
    with pytest.raises(EngineError, match="grid cells x outcomes"):
        later_seagrid.solve(rules)
    assert not work


@pytest.mark.parametrize("s", _battles(6, seed=7, most=4))
def test_staged_moves_answer_what_combined_moves_answer(s, monkeypatch):
    """A volley too big to keep its combined moves takes the three categories' hits in turn:
    the same answer."""
    rules = lowluck.make_rules(s)
    fast = later_seagrid.solve(rules, max_rounds=s.options.max_rounds)
    monkeypatch.setattr(later_seagrid, "MAX_VOLLEY_MOVES", 0)
    staged = later_seagrid.solve(rules, max_rounds=s.options.max_rounds)
    for bucket in ("decided", "stalemates", "undecided"):
        _same_states(getattr(fast, bucket), getattr(staged, bucket), 1e-15)
    assert staged.expected_rounds == pytest.approx(fast.expected_rounds, rel=1e-13)
    assert staged.decided_by_round == pytest.approx(fast.decided_by_round, abs=1e-14)


def _fleet(k: int):
    return payload("1942se", {
        "options": {"battle": "sea", "dice": "standard"},
        "attacker": {"units": {"submarine": 3 * k, "destroyer": 2 * k, "fighter": 2 * k,
                               "cruiser": k, "bomber": k, "battleship": k}},
        "defender": {"units": {"submarine": 2 * k, "destroyer": 2 * k, "fighter": 2 * k,
                               "cruiser": k, "carrier": k, "battleship": k,
                               "transport": k}}})


def test_light_mid_round_positions_are_pruned_and_reported():
    """A mid-round position lighter than ``prune_below`` is pruned, its mass reported in
    ``pruned`` (and ``mid_pruned``), its general combat neither made nor pushed — round by
    round (``_fire_all``) and level by level (``_level``) —; one at the threshold is pushed,
    and the heavy ones beside it as without the light one."""
    from combatassist.solver import BattleOutcome
    battle = later_seagrid._Battle(lowluck.make_rules(_fleet(1)))
    live = np.flatnonzero(battle.status == 0)
    heavy, light = live[len(live) // 3], live[len(live) // 2]

    def fired(masses: dict, by_level: bool = False):
        run = later_seagrid._Run(battle, BattleOutcome(), 1e-16, None)
        at = np.array(sorted(masses), dtype=np.int64)
        run.mid.ravel()[at] = [masses[x] for x in at]
        run.to_mid.note(at)
        if by_level:
            run._level(at)          # (the start mass it leaves there struck: mid-round mass)
        else:
            run._fire_all()
            assert not run.mid.ravel()[at].any()
        return run

    for by_level in (False, True):
        alone = fired({heavy: 0.5}, by_level)
        assert alone.out.pruned < 1e-15 and alone.mid_pruned == 0.0
        run = fired({heavy: 0.5, light: 6e-17}, by_level)
        assert run.mid_pruned == 6e-17
        assert run.out.pruned == pytest.approx(alone.out.pruned + 6e-17, rel=1e-9)
        assert run.att_row[light] == 0 and run.att_row[heavy] != 0     # not fired
        assert np.array_equal(run.grid, alone.grid) and np.array_equal(run.mid, alone.mid)
        nothing = fired({light: 6e-17}, by_level)
        assert not (nothing.grid.any() or nothing.mid.any())
        kept = fired({light: 1e-16}, by_level)                         # not lighter: pushed
        assert kept.mid_pruned == 0.0 and kept.att_row[light] != 0
        assert kept.grid.sum() + kept.mid.sum() > 0.0


def test_work_is_estimated_and_counted(monkeypatch):
    """The issue's 20 v 20 fleet: the outcomes pushed stay within the estimate, far below
    the limit; a 100 v 100 fleet is refused before any round is fought; a solve whose
    estimate was low stops at the limit (the count)."""
    rules = lowluck.make_rules(_fleet(2))
    counted = []
    real = later_seagrid._Run._count
    monkeypatch.setattr(later_seagrid._Run, "_count",
                        lambda self, n: counted.append(n) or real(self, n))
    later_seagrid.solve(rules)
    estimate = later_seagrid.work_estimate(later_seagrid._Battle(rules))
    assert 0 < sum(counted) <= estimate < limits.MAX_SEA_GRID_WORK / 50
    ran = []
    monkeypatch.setattr(later_seagrid._Run, "__init__", lambda *a, **k: ran.append(1))
    with pytest.raises(EngineError, match="grid cells x outcomes|MB of memory"):
        later_seagrid.solve(lowluck.make_rules(_fleet(10)))
    assert not ran
    monkeypatch.undo()
    monkeypatch.setattr(later_seagrid, "work_estimate", lambda battle: 0.0)
    monkeypatch.setattr(limits, "MAX_SEA_GRID_WORK", sum(counted) // 2)
    with pytest.raises(EngineError, match="grid cells x outcomes"):
        later_seagrid.solve(rules)


@pytest.mark.parametrize("s", _battles(6, seed=11, most=3, rounds=(2, 3, 5)))
def test_round_by_round_explores_the_generic_solvers_positions(s, path):
    rules = lowluck.make_rules(s)
    rounds = s.options.max_rounds
    assert (later_seagrid.solve(rules, max_rounds=rounds).states_explored
            == solve(rules, max_rounds=rounds).states_explored)


def _fleets(count: int, seed: int, most: int):
    """Random 1942 / 1940 fleets with every kind on both sides (submarines, destroyers or
    not, two-hit battleships and carriers, damaged ones, carriers, fighters, transports, the
    attacker's bombers), fought to the end with the curve or for a few rounds."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        edition = rng.choice(sorted(SHIPS))
        doc = {"options": {"battle": "sea", "dice": "standard",
                           "max_rounds": rng.choice([0, 0, 3])}}
        for role in ("attacker", "defender"):
            units = {u: rng.randint(1, most) for u in SHIPS[edition]
                     if u != "destroyer" or rng.random() < 0.7}
            if role == "defender":
                units.pop("bomber", None)
            side = {"units": units}
            if rng.random() < 0.4:
                side["damaged"] = {u: 1 for u in TWO_HIT[edition]}
            doc[role] = side
        s = payload(edition, doc)
        rules = lowluck.make_rules(s)
        if later_seagrid.applicable(rules) and rules.verdict(rules.initial_state()) is None:
            out.append(s)
    return out


@pytest.mark.parametrize("cost", [0, 10**9])
@pytest.mark.parametrize("chunk", [1, None])
@pytest.mark.parametrize("s", _fleets(5, seed=31, most=2))
def test_small_bands_and_chunks_answer_as_the_generic_solver(s, chunk, cost, monkeypatch):
    """A round's positions in many bands of two, their products in groups of like widths
    (a band in a group of its own unless it pads nothing, or all a chunk's bands in one),
    in one chunk or in chunks of one band each: the generic solver's answer, state by
    state, with its curve."""
    monkeypatch.setattr(later_seagrid, "BAND", 2)
    monkeypatch.setattr(later_seagrid, "GROUP_COST", cost)
    monkeypatch.setattr(later_seagrid, "WHOLE_ROUND_BELOW", 0)     # every round banded
    if chunk:
        monkeypatch.setattr(later_seagrid, "_CHUNK", chunk)
    assert_answers_as_the_generic_solver(s, later_seagrid.solve)


def test_bands_are_grouped_by_what_padding_costs(monkeypatch):
    """``_groups``: every band once, in order, in groups padded to their widest; a band
    joins the group before it unless that pads more than ``GROUP_COST`` entries."""
    rng = random.Random(5)
    for cost in (0, 50, 1000, 10**9):
        monkeypatch.setattr(later_seagrid, "GROUP_COST", cost)
        for _ in range(50):
            n = rng.randint(1, 30)
            na = sorted(rng.randint(1, 120) for _ in range(n))
            nd = [rng.randint(1, 120) for _ in range(n)]
            shapes = later_seagrid._groups(na, nd)
            assert [b0 for b0, *_ in shapes] == [0] + [b1 for _, b1, *_ in shapes[:-1]]
            assert shapes[-1][1] == n
            for k, (b0, b1, a, d) in enumerate(shapes):
                assert (a, d) == (max(na[b0:b1]), max(nd[b0:b1]))
                if k:                       # joining the group before would pad too much
                    p0, _, pa, pd = shapes[k - 1]
                    joined = (b0 + 1 - p0) * max(pa, na[b0]) * max(pd, nd[b0])
                    assert joined - (b0 - p0) * pa * pd - na[b0] * nd[b0] > cost
        if cost == 10**9:
            assert len(shapes) == 1
    monkeypatch.setattr(later_seagrid, "GROUP_COST", 0)
    assert later_seagrid._groups([3, 3, 5, 5], [2, 2, 2, 4]) == [(0, 2, 3, 2), (2, 3, 5, 2),
                                                                (3, 4, 5, 4)]


@pytest.mark.parametrize("s", _fleets(5, seed=32, most=3))
def test_fleets_of_every_kind_answer_as_the_generic_solver(s, path):
    assert_answers_as_the_generic_solver(s, later_seagrid.solve)


@pytest.mark.parametrize("s", _fleets(5, seed=32, most=3))
def test_combined_moves_made_per_pair_of_hits_answer_alike(s, monkeypatch):
    """The combined moves made per (cell, pair of hits) met (``BLOCKS_ABOVE``: big fleets'
    volleys) answer as the generic solver."""
    monkeypatch.setattr(later_seagrid, "SMALL_GRID", 0)
    monkeypatch.setattr(later_seagrid, "BLOCKS_ABOVE", 0)
    assert_answers_as_the_generic_solver(s, later_seagrid.solve)


def test_each_positions_round_is_made_once(monkeypatch):
    """Round by round, a position met again takes its strikes and general combat from the
    pools: its strikes are made once (the work: positions given to ``_Battle``), and each
    side's next cells once per key (its cell and the joint table it is under:
    ``_Volley.key``; positions of one key share them: fewer made than positions fired),
    however many rounds meet it (a grid too big for the whole rounds: ``SMALL_GRID``; every
    round on the two pushes: ``WHOLE_ROUND_BELOW``)."""
    monkeypatch.setattr(later_seagrid, "SMALL_GRID", 0)
    monkeypatch.setattr(later_seagrid, "WHOLE_ROUND_BELOW", 0)
    rules = lowluck.make_rules(_fleet(1))
    struck = []
    real_strikes = later_seagrid._Battle.strikes
    monkeypatch.setattr(later_seagrid._Battle, "strikes",
                        lambda self, flat: struck.append(flat) or real_strikes(self, flat))
    made: dict[str, list] = {"attacker": [], "defender": []}
    real_rows = later_seagrid._Volley.runs
    monkeypatch.setattr(later_seagrid._Volley, "runs",
                        lambda self, mine, theirs: made[self.side.role].append(
                            self.key(mine, theirs)) or real_rows(self, mine, theirs))
    fired = []
    real_fire = later_seagrid._Run._fire
    monkeypatch.setattr(later_seagrid._Run, "_fire",
                        lambda self, flat, mass, **kw: fired.append(flat.copy())
                        or real_fire(self, flat, mass, **kw))
    later_seagrid.solve(rules)
    struck = np.concatenate(struck)
    assert len(set(struck.tolist())) == len(struck)
    fired = np.concatenate(fired)
    assert len(set(fired.tolist())) < len(fired)          # rounds do meet positions again
    battle = later_seagrid._Battle(rules)
    i, j = np.divmod(np.unique(fired), battle.Cd)
    for role, keys in (("attacker", battle.on_att.key(i, j)),
                       ("defender", battle.on_dfn.key(j, i))):
        keys_made = np.concatenate(made[role])
        assert len(set(keys_made.tolist())) == len(keys_made), role
        assert set(keys_made.tolist()) == set(keys.tolist()), role
        assert len(keys_made) < len(i), role                # positions share them


@pytest.mark.parametrize("s", _battles(6, seed=51, most=3) + [_fleet(1)])
def test_positions_of_one_key_take_the_same_next_cells(s):
    """``_Volley.key``: every position's next cells in the general combat (each side's) are
    those of any other position of its key — made for every position of the grid."""
    battle = later_seagrid._Battle(lowluck.make_rules(s))
    i, j = np.divmod(np.arange(battle.Ca * battle.Cd), battle.Cd)
    for volley, mine, theirs in ((battle.on_att, i, j), (battle.on_dfn, j, i)):
        keys = volley.key(mine, theirs)
        assert keys.max() < volley.side.C * volley.tables
        e, cells, p, kept = volley.rows(mine, theirs)
        per = np.bincount(e, minlength=len(mine))
        start = per.cumsum() - per
        first = {}
        for n, key in enumerate(keys.tolist()):
            row = (tuple(cells[start[n]:start[n] + per[n]].tolist()),
                   tuple(p[start[n]:start[n] + per[n]].tolist()), float(kept[n]))
            assert first.setdefault(key, row) == row
        assert (keys // volley.tables == mine).all()         # a key is of one cell


def _joint_by_row(enemy, merged=(False, False)):
    """Every enemy row's joint hit table (row 2 * cell: its submarines don't fire; + 1: they
    do), made row by row from the three categories' rows as the volley once made it (before
    one table per like rows): [(flat outcome, p), ...] in the order submarines' hits,
    aircraft's, the rest's, p multiplied in that order; and its P of all outcomes, summed in
    that order. ``merged`` (``_Volley.merged``): the submarines' (the aircraft's) hits
    added to the rest's, the p of like outcomes summed in that order, by outcome."""
    w0, w1, w2 = enemy.sub.width, enemy.air_only.width, enemy.any.width
    ms, ma = merged
    w2 += ms * (w0 - 1) + ma * (w1 - 1)

    def row(table, r):
        at = slice(table.start[r], table.start[r] + table.length[r])
        return list(zip(table.h[at].tolist(), table.p[at].tolist()))

    out = []
    for r in range(2 * enemy.C):
        cell = r // 2
        entries = [((hs * w1 + ha) * w2 + hy, ps * pa * py)
                   for hs, ps in row(enemy.sub, cell if r % 2 else enemy.sub.none)
                   for ha, pa in row(enemy.air_only, cell)
                   for hy, py in row(enemy.any, cell)]
        kept = 0.0
        for _, p in entries:
            kept += p
        if ms or ma:
            summed: dict[int, float] = {}
            for h, p in entries:
                hs, ha, hy = h // (w1 * w2), h // w2 % w1, h % w2
                h = ((0 if ms else hs) * w1 + (0 if ma else ha)) * w2 + hy + ms * hs + ma * ha
                summed[h] = summed.get(h, 0.0) + p
            entries = sorted(summed.items())
        out.append((entries, kept))
    return out


@pytest.mark.parametrize("s", _battles(8, seed=53, most=3) + [_fleet(1)])
def test_a_tables_joint_table_is_each_of_its_rows(s, monkeypatch):
    """A volley makes one joint table per table (``_Volley.table``), when a row of it is
    first asked for: each row's is, entry by entry and to the last bit, the row's own joint
    table; its outcomes numbered as all the rows' outcomes sorted (``codes``: as many); P of
    all its outcomes to the last bit, with the combined moves or (alone) without them; and
    the combined moves (``local``, ``frame``) are the three categories' moves in turn."""
    rules = lowluck.make_rules(s)
    for combined in (True, False):
        if not combined:
            monkeypatch.setattr(later_seagrid, "MAX_VOLLEY_MOVES", 0)
        battle = later_seagrid._Battle(rules)
        for volley in (battle.on_att, battle.on_dfn):
            side, enemy = volley.side, volley.enemy
            assert volley.combined == combined
            by_row = _joint_by_row(enemy, volley.merged)
            outcomes = sorted({h for entries, _ in by_row for h, _ in entries})
            assert volley.codes == len(outcomes)
            assert not volley.made.any()                      # none made before asked for
            rows = np.arange(2 * enemy.C)
            mine = np.zeros(len(rows), dtype=np.int64)
            theirs = rows // 2
            if combined:
                tabs = volley._made_for(rows)
                assert volley.made.all()
                k, number, p = volley.joint.entries(tabs)
                for r, (entries, kept) in enumerate(by_row):
                    assert ([outcomes[c] for c in number[k == r].tolist()]
                            == [h for h, _ in entries])
                    assert p[k == r].tolist() == [q for _, q in entries]
                    assert volley.kept[tabs[r]] == kept
                assert not volley.framed.any()                # none made before asked for
                w1, w2 = volley.widths[1:]
                hits = np.array(outcomes)
                cells = np.arange(side.C)[:, None]
                moved = later_seagrid._moved_by(side, SUB, cells, (hits // (w1 * w2))[None, :])
                moved = later_seagrid._moved_by(side, AIR_ONLY, moved, (hits // w2 % w1)[None, :])
                moved = later_seagrid._moved_by(side, ANY, moved, (hits % w2)[None, :])
                # made per cell (all its outcomes), or per (cell, pair of hits) a table has:
                # every table under every cell makes them all
                volley._framed_for(np.arange(side.C))
                assert (volley.frame[cells, volley.local - 1] == moved).all()
                again = later_seagrid._Battle(rules)
                by_pair = again.on_dfn if volley is battle.on_dfn else again.on_att
                by_pair.blocks = True
                by_pair.blocked = np.zeros(side.C * by_pair.pairs, dtype=bool)
                tabs = by_pair._made_for(rows)
                by_pair._blocks_for(np.arange(side.C).repeat(len(tabs)), np.tile(tabs, side.C))
                assert by_pair.framed.all()
                assert (by_pair.frame[cells, by_pair.local - 1] == moved).all()
            else:
                # the hits taken in turn: P of all outcomes alone made (no joint table kept)
                monkeypatch.setattr(side, "dest", np.ones(side.C, dtype=bool))
                for odd in (0, 1):
                    monkeypatch.setattr(enemy, "subs", np.full(enemy.C, bool(odd)))
                    _, _, _, kept = volley(mine[::2], theirs[::2])
                    assert kept.tolist() == [by_row[r][1] for r in rows[odd::2].tolist()]
                assert volley.made.all() and volley._used == 0


def _sea(attacker: dict, defender: dict, max_rounds: int = 0):
    return payload("1942se", {"options": {"battle": "sea", "dice": "standard",
                                          "max_rounds": max_rounds},
                              "attacker": {"units": attacker}, "defender": {"units": defender}})


@pytest.mark.parametrize("rounds", [0, 2])
@pytest.mark.parametrize("attacker, defender, merged", [
    # sides without aircraft (none firing on their own either): the submarines' hits at
    # each summed with the rest's
    ({"submarine": 2, "destroyer": 1, "cruiser": 1},
     {"submarine": 2, "destroyer": 1, "battleship": 1}, ((True, False), (True, False))),
    # ... with aircraft that may (their destroyer lost): theirs come between, not summed
    # (test_issue37_readings: a destroyer lost first to the submarine leaves the fighter
    # nothing it may take)
    ({"submarine": 2, "destroyer": 1, "fighter": 1, "bomber": 1},
     {"submarine": 2, "destroyer": 1, "battleship": 1}, ((False, False), (False, False))),
    # the attacker without submarines: the aircraft's hits at it summed with the rest's
    ({"destroyer": 1, "fighter": 2, "battleship": 1},
     {"submarine": 2, "fighter": 2, "carrier": 1}, ((False, True), (False, False))),
    # the defender without either: all three categories' hits summed
    ({"submarine": 2, "fighter": 2, "cruiser": 1},
     {"destroyer": 1, "cruiser": 1, "transport": 1}, ((False, False), (True, True)))])
def test_hits_that_take_what_the_rests_take_are_summed_with_them(attacker, defender, merged,
                                                                   rounds, monkeypatch):
    """``_Volley.merged``: a side whose units the submarines' (aircraft's) hits take as the
    rest's do is fired at in the sums of those hits — fewer outcomes, the generic solver's
    answer state by state, and the answer of the volleys that don't sum them."""
    s = _sea(attacker, defender, rounds)
    rules = lowluck.make_rules(s)
    battle = later_seagrid._Battle(rules)
    assert (battle.on_att.merged, battle.on_dfn.merged) == merged
    assert_answers_as_the_generic_solver(s, later_seagrid.solve)
    summed = later_seagrid.solve(rules, max_rounds=rounds)
    real_one_hit = later_seagrid._one_hit
    monkeypatch.setattr(later_seagrid, "_one_hit",             # a category of its own each
                        lambda side, cat: real_one_hit(side, cat) if cat == ANY else -1)
    monkeypatch.setattr(later_seagrid, "_kept_fleets", {})
    apart = later_seagrid._Battle(rules)
    assert (apart.on_att.merged, apart.on_dfn.merged) == ((False, False), (False, False))
    for volley, fewer in zip((apart.on_att, apart.on_dfn), merged):
        if any(fewer):
            assert volley.codes > (battle.on_att, battle.on_dfn)[merged.index(fewer)].codes
    alone = later_seagrid.solve(rules, max_rounds=rounds)
    for bucket in ("decided", "stalemates", "undecided"):
        _same_states(getattr(summed, bucket), getattr(alone, bucket), 1e-15)
    assert summed.decided_by_round == pytest.approx(alone.decided_by_round, abs=1e-15)


def test_a_solve_makes_the_joint_tables_it_meets(monkeypatch):
    """A volley's joint tables are made for the tables its keys are under (the rows made,
    ``_Run._general``), not for every table: the 2x fleet makes a third of them; its
    combined moves (``local``, ``frame``) for its keys' cells."""
    monkeypatch.setattr(later_seagrid, "SMALL_GRID", 0)
    battles, keys = [], {"attacker": [], "defender": []}
    real_init = later_seagrid._Battle.__init__
    monkeypatch.setattr(later_seagrid._Battle, "__init__",
                        lambda self, rules: battles.append(self) or real_init(self, rules))
    real_rows = later_seagrid._Volley.runs
    monkeypatch.setattr(later_seagrid._Volley, "runs",
                        lambda self, mine, theirs: keys[self.side.role].append(
                            self.key(mine, theirs)) or real_rows(self, mine, theirs))
    later_seagrid.solve(lowluck.make_rules(_fleet(2)))
    for volley in (battles[-1].on_att, battles[-1].on_dfn):
        assert volley.combined
        keys_met = np.concatenate(keys[volley.side.role])
        assert np.array_equal(np.flatnonzero(volley.made), np.unique(keys_met % volley.tables))
        assert 3 * volley.made.sum() < volley.tables
        # and the combined moves for the cells met
        assert np.array_equal(np.flatnonzero(volley.framed), np.unique(keys_met // volley.tables))


def _pruned_alike(a, a_mid: float, b, b_mid: float) -> None:
    """Outcomes ``a`` and ``b`` of one battle pruned alike but for what each pruned at
    mid-round positions (``a_mid``, ``b_mid``: ``_Run.mid_pruned``; a whole round keeps no
    mid-round mass): of that mass, kept, some would have been pruned later anyway, so each
    one's pruned mass without the mid-round positions' lies between its pruned less its
    ``mid`` and its pruned (to rounding) — both ranges hold it."""
    low = max(a.pruned - a_mid, b.pruned - b_mid)
    assert low <= min(a.pruned, b.pruned) * (1 + 1e-6) + 1e-17, (a.pruned, a_mid, b.pruned,
                                                                 b_mid)


def test_small_grids_take_their_whole_rounds(monkeypatch):
    """Random small battles are pushed on their whole rounds (``_WholeRun``), answering what
    the two pushes answer (``_Run``) to rounding — state by state, the curve, the pruned
    mass (less what the two pushes prune at mid-round positions: the whole rounds keep no
    mid-round mass) and the positions explored —, round by round, to the end, and without
    the curve; a battle whose whole rounds would be more than ``MAX_WHOLE`` entries takes
    the two pushes."""
    made, runs = [], []
    real = later_seagrid._Run.__init__
    monkeypatch.setattr(later_seagrid._Run, "__init__",
                        lambda self, *a, **k: made.append(type(self)) or runs.append(self)
                        or real(self, *a, **k))
    wholes = 0
    for n, s in enumerate(_battles(12, seed=41, most=3)):
        rules = lowluck.make_rules(s)
        battle = later_seagrid._Battle(rules)
        kwargs = {"max_rounds": s.options.max_rounds, "curve": n % 3 != 2}
        del made[:]
        whole = later_seagrid.solve(rules, **kwargs)
        small = battle.Ca * battle.Cd <= later_seagrid.SMALL_GRID
        assert made == [later_seagrid._WholeRun if small else later_seagrid._Run]
        if not small:
            continue
        wholes += 1
        with monkeypatch.context() as m:
            m.setattr(later_seagrid, "MAX_WHOLE", 0)
            m.setattr(later_seagrid, "WHOLE_ROUND_BELOW", 0)
            del made[:]
            pushed = later_seagrid.solve(rules, **kwargs)
            assert made == [later_seagrid._Run]
        for bucket in ("decided", "stalemates", "undecided"):
            _same_states(getattr(pushed, bucket), getattr(whole, bucket), 1e-15)
        assert whole.expected_rounds == pytest.approx(pushed.expected_rounds, rel=1e-13)
        assert whole.decided_by_round == pytest.approx(pushed.decided_by_round, abs=1e-15)
        _pruned_alike(whole, 0.0, pushed, runs[-1].mid_pruned)
        assert whole.states_explored == pushed.states_explored
    assert wholes >= 8


def test_rounds_of_few_positions_take_their_whole_rounds(monkeypatch):
    """A big grid's rounds of few positions (``WHOLE_ROUND_BELOW``), and its levels of few
    positions after them, are pushed on their whole rounds, each position's made once,
    answering what the two pushes answer every round to rounding — state by state, the curve, the expected rounds, the pruned mass (less what the
    two pushes prune at mid-round positions) and the positions explored —, round by round,
    to the end, without the curve, and with
    ``retreat_below``; where those rows would be more than ``MAX_WHOLE_MADE`` entries, the
    round takes the two pushes (the same answer)."""
    monkeypatch.setattr(later_seagrid, "SMALL_GRID", 0)
    whole_rounds, levels, in_levels = [], [], []
    real_round, real_levels = later_seagrid._Run._whole_round, later_seagrid._Run._levels

    def whole_round(self, flat, live, entries):
        done = real_round(self, flat, live, entries)
        whole_rounds.append(done)
        levels.append(done and bool(in_levels))
        return done

    def sweep(self):
        in_levels.append(1)
        try:
            real_levels(self)
        finally:
            in_levels.pop()

    monkeypatch.setattr(later_seagrid._Run, "_whole_round", whole_round)
    monkeypatch.setattr(later_seagrid._Run, "_levels", sweep)

    def solve(s, below_round, max_made, **kwargs):
        with monkeypatch.context() as m:
            m.setattr(later_seagrid, "WHOLE_ROUND_BELOW", below_round)
            m.setattr(later_seagrid, "MAX_WHOLE_MADE", max_made)
            return later_seagrid.solve(lowluck.make_rules(s), **kwargs)

    runs = []
    real_init = later_seagrid._Run.__init__
    monkeypatch.setattr(later_seagrid._Run, "__init__",
                        lambda self, *a, **k: runs.append(self) or real_init(self, *a, **k))
    used = 0
    for n, s in enumerate(_battles(10, seed=47, most=4) + [_fleet(1)]):
        kwargs = {"max_rounds": s.options.max_rounds, "curve": n % 3 != 2}
        if n % 4 == 3 and not s.options.max_rounds:
            kwargs = {"below": 0.3}
        del runs[:]
        pushed = solve(s, 0, later_seagrid.MAX_WHOLE_MADE, **kwargs)
        pushed_mid = runs[-1].mid_pruned
        assert not whole_rounds
        del runs[:]
        whole = solve(s, later_seagrid.WHOLE_ROUND_BELOW, later_seagrid.MAX_WHOLE_MADE,
                      **kwargs)
        assert all(whole_rounds)
        used += bool(whole_rounds)
        run = runs[-1]
        assert np.count_nonzero(run.whole_row) == run.whole_rows.rows - 1   # made once each
        mids = {"whole": run.mid_pruned}
        del whole_rounds[:]
        del runs[:]
        refused = solve(s, later_seagrid.WHOLE_ROUND_BELOW, 0, **kwargs)
        mids["refused"] = runs[-1].mid_pruned
        assert not any(whole_rounds)
        del whole_rounds[:]
        for name, other in (("whole", whole), ("refused", refused)):
            for bucket in ("decided", "stalemates", "undecided", "retreated"):
                _same_states(getattr(pushed, bucket), getattr(other, bucket), 1e-15)
            assert other.expected_rounds == pytest.approx(pushed.expected_rounds, rel=1e-13)
            # (the curve: as far as the mass one of them pruned at mid-round positions)
            assert other.decided_by_round == pytest.approx(
                pushed.decided_by_round, abs=1e-15 + max(mids[name], pushed_mid))
            _pruned_alike(other, mids[name], pushed, pushed_mid)
            assert other.states_explored == pushed.states_explored
    assert used >= 8 and sum(levels) >= 8


def test_the_pool_keeps_what_it_was_given():
    """Rows added in batches (growing its arrays several times) come back as added, by
    ``get`` and by ``runs``."""
    pool = later_seagrid._Pool()
    room = len(pool.start), len(pool.col)
    rng = np.random.default_rng(5)
    rows = []
    for _ in range(250):
        n = int(rng.integers(1, 50))
        lens = rng.integers(0, 9, n)
        k = np.repeat(np.arange(n), lens)
        col, p = rng.integers(0, 1000, len(k)), rng.random(len(k))
        value = rng.random(n)
        numbers = pool.add(n, k, col, p, value)
        rows += [(int(r), col[k == e].tolist(), p[k == e].tolist(), value[e])
                 for e, r in enumerate(numbers)]
    assert [r for r, *_ in rows] == list(range(1, len(rows) + 1))     # (0: none)
    assert pool.get(np.zeros(3, dtype=np.int64))[0].size == 0 and pool.value[0] == 0.0
    pick = rng.permutation(len(rows))[:300]
    k, col, p = pool.get(pick + 1)
    for e, r in enumerate(pick):
        assert col[k == e].tolist() == rows[r][1] and p[k == e].tolist() == rows[r][2]
        assert pool.value[r + 1] == rows[r][3]
    lens, col2, p2 = pool.runs(pick + 1)
    assert (lens == np.bincount(k, minlength=len(pick))).all()
    assert (col2 == col).all() and (p2 == p).all()
    assert len(pool.start) >= 4 * room[0] and len(pool.col) >= 2 * room[1]


def test_numbered_is_unique_with_its_inverse():
    rng = np.random.default_rng(7)
    for below in (1, 5, 400):
        values = rng.integers(0, below, int(rng.integers(1, 3000)))
        distinct, number = later_seagrid._numbered(values, below)
        expected, inverse = np.unique(values, return_inverse=True)
        assert (distinct == expected).all() and (number == inverse.ravel()).all()


def test_sort_keys_are_small_when_they_fit():
    keys = np.array([3, 1, 65535, 1, 0])
    assert later_seagrid._small(keys).dtype == np.uint16
    wide = later_seagrid._small(keys + 1)
    assert wide.dtype == keys.dtype
    assert (np.argsort(later_seagrid._small(keys), kind="stable")
            == np.argsort(wide, kind="stable")).all()


#: Issue 37's kinds of fleets for the estimates: (name, unit ids per side, what else).
KINDS = {
    "subs only": (["submarine"], ["submarine"], {}),
    "subs + destroyers": (["submarine", "destroyer"], ["submarine", "destroyer"], {}),
    "carriers + fighters": (["submarine", "carrier", "fighter", "bomber"],
                            ["submarine", "carrier", "fighter", "destroyer"], {}),
    "transports": (["submarine", "cruiser", "fighter"],
                   ["submarine", "transport", "destroyer", "fighter"], {}),
    "two-hit battleships": (["submarine", "battleship", "destroyer"],
                            ["submarine", "battleship", "carrier", "fighter"],
                            {"damaged": True}),
    "both sides submerging": (["submarine", "cruiser", "fighter", "destroyer"],
                              ["submarine", "carrier", "fighter", "cruiser"],
                              {"submerge": True}),
    "every kind": (SHIPS["1942se"], [u for u in SHIPS["1942se"] if u != "bomber"], {}),
}


def _kind_fleets(kind: str, count: int, seed: int, most: int):
    """Random fleets of ``kind`` (``KINDS``): 1-``most`` of each of its units a side, in
    1942 or 1940 (their two-hit units damaged or not, submerging or not where it says),
    fought to the end (with the curve or without) or for a few rounds."""
    att_ids, dfn_ids, extra = KINDS[kind]
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        edition = rng.choice(sorted(SHIPS))
        doc = {"options": {"battle": "sea", "dice": "standard",
                           "max_rounds": rng.choice([0, 0, 0, 3])}}
        for role, ids in (("attacker", att_ids), ("defender", dfn_ids)):
            units = {u: rng.randint(1, most) for u in ids
                     if u in SHIPS[edition] and (u == "submarine" or rng.random() < 0.85)}
            side = {"units": units}
            if extra.get("damaged"):
                hurt = {u: rng.randint(0, units[u]) for u in TWO_HIT[edition] if u in units}
                if any(hurt.values()):
                    side["damaged"] = {u: n for u, n in hurt.items() if n}
            if extra.get("submerge"):
                side["submerge"] = True
            doc[role] = side
        s = payload(edition, doc)
        rules = lowluck.make_rules(s)
        if later_seagrid.applicable(rules) and rules.verdict(rules.initial_state()) is None:
            out.append(s)
    return out


def _counted(monkeypatch) -> list:
    """Each run's hit outcomes counted (``_Run._count``), one entry per run (cleared by
    ``del runs[:]``)."""
    runs: list = []
    real = later_seagrid._Run._count

    def count(self, n):
        if not any(run is self for run in runs):
            self.tested = len(runs)
            runs.append(self)
        real(self, n)

    monkeypatch.setattr(later_seagrid._Run, "_count", count)
    return runs


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_estimate_bounds_the_count(kind, monkeypatch):
    """On random fleets of every kind (submarines alone, with destroyers, carriers and
    fighters, transports, two-hit battleships, both sides submerging), to the end with the
    curve and without, for a few rounds, and with ``retreat_below``: every run's outcomes
    counted are within the up-front estimate, and the estimate is not absurdly loose (the
    median run counts at least 1/200 of it: the fullest fleets' round, met sqrt(positions)
    times, is what the big fleets meet)."""
    runs = _counted(monkeypatch)
    ratios = []
    for n, s in enumerate(_kind_fleets(kind, 8, seed=370 + len(kind), most=6)):
        rules = lowluck.make_rules(s)
        battle = later_seagrid._Battle(rules)
        estimate = later_seagrid.work_estimate(battle)
        below = 0.3 if n % 4 == 3 and not s.options.max_rounds else 0.0
        del runs[:]
        later_seagrid.solve(rules, max_rounds=s.options.max_rounds, curve=n % 3 != 2,
                            below=below)
        work = [run.work for run in runs]
        assert work and max(work) <= estimate, (kind, n, work, estimate)
        ratios += [w / estimate for w in work]
    print(f"{kind}: count / estimate min {min(ratios):.4f} median "
          f"{float(np.median(ratios)):.4f} max {max(ratios):.3f}")
    assert float(np.median(ratios)) >= 1 / 200


def test_the_issues_big_fleet_answers(monkeypatch):
    """Issue 37's 1942 fleet with submarines and ordinary dice (80 v 80: submarines,
    destroyers, cruisers, battleships, carriers, fighters, bombers; 2.6 million positions),
    refused before at ~2e8 estimated outcomes, answers: its estimates of work and memory
    are within the limits, and what it counts within the estimate."""
    from tests.benchmarks.bench_lowluck import FLEET_80, edition_battle
    _answers_within_its_estimates(
        lowluck.make_rules(edition_battle("1942se", "sea", "standard", *FLEET_80)), monkeypatch)


def _answers_within_its_estimates(rules, monkeypatch) -> None:
    """``rules``' estimates of work and memory are within the limits, it answers (all its
    mass accounted for), and what it counts is within the estimate."""
    battle = later_seagrid._Battle(rules)
    work = later_seagrid.work_estimate(battle)
    assert work <= limits.MAX_SEA_GRID_WORK
    assert later_seagrid.memory_estimate(battle) <= limits.MAX_EXACT_BYTES
    runs = _counted(monkeypatch)
    out = later_seagrid.solve(rules)
    assert 0 < runs[0].work <= work
    assert math.fsum([*out.decided.values(), *out.stalemates.values(),
                      out.pruned]) == pytest.approx(1.0, abs=1e-12)


def test_memory_past_the_limit_is_refused_at_once(monkeypatch):
    """A fleet whose grid would keep more than ``MAX_EXACT_BYTES`` is refused before a
    round, in one line naming the memory; a side's box beyond ``MAX_BOX_ENTRIES`` before
    its cells are made."""
    s = _battles(1, seed=6, most=4)[0]
    rules = lowluck.make_rules(s)
    ran = []
    monkeypatch.setattr(later_seagrid._Run, "__init__", lambda *a, **k: ran.append(1))
    monkeypatch.setattr(limits, "MAX_EXACT_BYTES", 1000)
    with pytest.raises(EngineError, match="MB of memory"):
        later_seagrid.solve(rules)
    monkeypatch.setattr(later_seagrid, "MAX_BOX_ENTRIES", 10)
    built = []
    monkeypatch.setattr(later_seagrid, "_Fleet", lambda *a: built.append(1))
    with pytest.raises(EngineError, match="MB of memory"):
        later_seagrid.solve(rules)
    assert not ran and not built


def test_reading_the_positions_pushes_reached_answers_as_sweeping_the_grid(monkeypatch):
    """A round (and a level) reads the positions its pushes reached while they are few
    (``_Reached``, ``SPARSE_PUSH``) and adds a push's outcomes in place (``ADD_AT``): on
    big grids' last rounds and levels. Forced everywhere, never, and switching mid-way (a
    run's reads start few and turn many: the levels then sweep from where they are), each
    answers what sweeping the whole grid answers to rounding — state by state, the curve,
    the expected rounds, the pruned mass and the positions explored —, round by round, to
    the end, without the curve, and with ``retreat_below``."""
    monkeypatch.setattr(later_seagrid, "SMALL_GRID", 0)         # every grid on ``_Run``
    # (without the curve, swept: a "below X" retreat's first pass sweeps)
    monkeypatch.setattr(later_seagrid, "ROUNDS_WITHOUT_CURVE", False)
    reads = {"few": 0, "many": 0, "none": 0}
    real_read = later_seagrid._Reached.read

    def read(self, mass):
        reads["many" if self.many else "few" if self.parts else "none"] += 1
        return real_read(self, mass)

    monkeypatch.setattr(later_seagrid._Reached, "read", read)
    both = []                   # what the levels read: the positions reached, or None (many)
    real_both = later_seagrid._Run._reached_both
    monkeypatch.setattr(later_seagrid._Run, "_reached_both",
                        lambda self: both.append(real_both(self)) or both[-1])
    levels_switched = 0

    def solve(s, sparse, add_at, **kwargs):
        with monkeypatch.context() as m:
            m.setattr(later_seagrid, "SPARSE_PUSH", sparse)
            m.setattr(later_seagrid, "ADD_AT", add_at)
            return later_seagrid.solve(lowluck.make_rules(s), **kwargs)

    switched = 0
    for n, s in enumerate(_battles(8, seed=53, most=4) + [_fleet(1)]):
        kwargs = {"max_rounds": s.options.max_rounds, "curve": n % 3 != 2}
        if n % 4 == 3 and not s.options.max_rounds:
            kwargs = {"below": 0.3}
        reads.update(few=0, many=0, none=0)
        swept = solve(s, math.inf, math.inf, **kwargs)      # every read sweeps; summed
        assert reads["few"] == 0
        for sparse, add_at in ((1e-9, 0), (1e-9, math.inf), (0.5, 0), (2, 1), (8, 4)):
            reads.update(few=0, many=0, none=0)
            del both[:]
            other = solve(s, sparse, add_at, **kwargs)
            levels_switched += any(a is not None and b is None for a, b in zip(both, both[1:]))
            if sparse == 1e-9:
                assert reads["many"] == 0
            switched += reads["few"] > 0 and reads["many"] > 0
            for bucket in ("decided", "stalemates", "undecided", "retreated"):
                _same_states(getattr(swept, bucket), getattr(other, bucket), 1e-15)
            assert other.expected_rounds == pytest.approx(swept.expected_rounds, rel=1e-13)
            assert other.decided_by_round == pytest.approx(swept.decided_by_round, abs=1e-15)
            assert other.pruned == pytest.approx(swept.pruned, rel=1e-6, abs=1e-17)
            assert other.states_explored == swept.states_explored
    assert switched >= 6 and levels_switched >= 2, (switched, levels_switched)


def test_levels_of_the_positions_reached_are_the_grids_levels():
    """``_Battle.level`` (a few positions' levels) is ``by_level``'s (the whole grid's)."""
    for s in _battles(4, seed=59, most=3):
        battle = later_seagrid._Battle(lowluck.make_rules(s))
        levels, order, bounds = battle.by_level
        flat = np.arange(battle.Ca * battle.Cd)
        assert np.array_equal(battle.level(flat), levels)
        assert np.array_equal(battle.level(flat[::7]), levels[::7])


def test_a_few_positions_status_is_the_grids():
    """``_Battle.status_at`` (made for the positions asked) is the whole grid's ``status``
    (checked against the rules above)."""
    for s in _battles(6, seed=61, most=3) + [_fleet(1)]:
        battle = later_seagrid._Battle(lowluck.make_rules(s))
        flat = np.random.default_rng(3).permutation(battle.Ca * battle.Cd)[:500]
        assert np.array_equal(battle.status_at(flat), battle.status[flat])
        assert (battle.status == 2).any() or not battle.att.alone.any()


def test_a_strike_of_many_outcomes_from_the_start_is_counted_once_per_mid_round_position(
        monkeypatch):
    """A 45 v 45 fleet whose defender's submarines strike first (the attacker has no
    destroyer: 10 mid-round positions from the start) was refused at ~5.8e8 estimated
    outcomes for ~3.3e6 counted: each of the start's mid-round positions' general combat
    was counted for every position met. Mid-round positions are grid positions, fired once
    a round whatever reaches them: the estimate counts ``MID_PER_MET`` of them (the one
    with the most next cells) — within the limits now, above the count, and the fleet
    answers."""
    from tests.benchmarks.bench_lowluck import edition_battle
    rules = lowluck.make_rules(edition_battle(
        "1942se", "sea", "standard",
        "{ submarine = 6, fighter = 14, cruiser = 12, battleship = 13 }",
        "{ submarine = 9, destroyer = 7, fighter = 7, cruiser = 6, battleship = 7, "
        "transport = 9 }"))
    strike = later_seagrid._Battle(rules).mid_round(np.array([0]), np.array([0]))[1]
    assert len(strike) >= 8                          # the defender's subs strike first
    _answers_within_its_estimates(rules, monkeypatch)


def test_a_side_shared_by_battles_is_made_once(monkeypatch):
    """A planner's forces (``batch.variants``) share the side they don't vary: its fleet is
    made once and kept (least recently asked out first, ``KEPT_FLEETS``; a big one not at
    all), and every force answers as when each fleet is made afresh."""
    from combatassist.rulesets.lowluck import batch
    s = payload("1942se", {
        "options": {"battle": "sea", "dice": "standard"},
        "attacker": {"units": {"submarine": 2, "destroyer": 1, "fighter": 2, "battleship": 1}},
        "defender": {"units": {"submarine": 2, "destroyer": 1, "carrier": 1, "fighter": 1,
                               "transport": 1}}})
    rules = lowluck.make_rules(s)
    counts = [c for c in itertools.product(*[range(n + 1) for n in rules.att.counts0])
              if any(c)]
    variants = batch.variants(rules, "attacker", counts)
    assert len(variants) > 2 * later_seagrid.KEPT_FLEETS and all(map(later_seagrid.applicable,
                                                                       variants))
    made = []
    fleet_init = later_seagrid._Fleet.__init__

    def counted(self, rules, k):
        made.append(k)
        fleet_init(self, rules, k)

    monkeypatch.setattr(later_seagrid._Fleet, "__init__", counted)
    monkeypatch.setattr(later_seagrid, "_kept_fleets", {})
    kept = [later_seagrid.solve(v) for v in variants]
    assert made.count(1) == 1 and made.count(0) == len(variants)
    assert len(later_seagrid._kept_fleets) <= later_seagrid.KEPT_FLEETS
    for v, out in zip(variants, kept):
        later_seagrid._kept_fleets.clear()
        assert_same_outcome(later_seagrid.solve(v), out, curve=True, tol=0.0)
    # the side asked most recently stays while others come and go; a big fleet isn't kept
    later_seagrid._kept_fleets.clear()
    made.clear()
    for v in variants:
        later_seagrid._Battle(v)
    assert made.count(1) == 1
    monkeypatch.setattr(later_seagrid, "KEPT_FLEET_CELLS", 0)
    later_seagrid._kept_fleets.clear()
    made.clear()
    for v in variants[:2]:
        later_seagrid._Battle(v)
    assert made.count(1) == 2 and not later_seagrid._kept_fleets


def test_without_the_curve_big_grids_go_round_by_round(monkeypatch):
    """Without the curve, a grid on the two pushes is still pushed round by round (its
    sweep, a level at a time, is the slower: ``ROUNDS_WITHOUT_CURVE``), a small grid on its
    whole rounds swept: each answers what the other path answers, state by state."""
    calls = []
    for name in ("rounds_to_the_end", "to_the_end"):
        real = getattr(later_seagrid._Run, name)
        monkeypatch.setattr(later_seagrid._Run, name,
                            lambda self, *a, real=real, name=name: calls.append(
                                (type(self).__name__, name)) or real(self, *a))
    big = lowluck.make_rules(_fleet(2))
    assert later_seagrid._Battle(big).Ca * later_seagrid._Battle(big).Cd > \
        later_seagrid.SMALL_GRID
    small = lowluck.make_rules(_fleet(1))
    for rules, path in ((big, ("_Run", "rounds_to_the_end")),
                        (small, ("_WholeRun", "to_the_end"))):
        calls.clear()
        fast = later_seagrid.solve(rules, curve=False)
        assert calls == [path]
        with monkeypatch.context() as m:
            m.setattr(later_seagrid, "ROUNDS_WITHOUT_CURVE", False)
            m.setattr(later_seagrid, "SMALL_GRID", 0)
            swept = later_seagrid.solve(rules, curve=False)
        assert calls[-1] == ("_Run", "to_the_end")
        for bucket in ("decided", "stalemates", "undecided"):
            _same_states(getattr(swept, bucket), getattr(fast, bucket), 1e-13)
        assert fast.pruned == pytest.approx(swept.pruned, abs=1e-13)


LAND = {"1942se": ["infantry", "artillery", "armor", "fighter", "bomber"],
        "1940se": ["infantry", "mech_infantry", "artillery", "armor", "fighter",
                   "tactical_bomber", "bomber"]}


#: Revised (its sea rules aren't the cells': aircraft hit submarines, submarines submerge at
#: a round's end) and Anniversary: their land battles are the cells'.
LAND_OTHERS = {"revised": ["infantry", "artillery", "armor", "fighter", "bomber"],
               "aa50": ["infantry", "artillery", "armor", "fighter", "bomber"]}


def _land_battles(count: int, seed: int, editions: dict = LAND, keep: bool = False) -> list:
    """Random 1942 / 1940 land battles of the grid's kind (``applicable(land=True)``: no AA
    gun, bombardment or landed units; 1940's tactical bombers beside the fighters or armor
    that raise them are not), either dice, orders of loss, round limits; ``keep``: the
    attacker keeping its last 1-3 land units for last."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        edition = rng.choice(sorted(editions))
        doc = {"options": {"battle": "land", "dice": rng.choice(["standard", "lowluck"]),
                           "max_rounds": rng.choice([0, 0, 0, 2])}}
        if keep:
            doc["options"]["keep_land_units"] = rng.randint(1, 3)
        for role in ("attacker", "defender"):
            units = {u: rng.randint(1, 3) for u in editions[edition] if rng.random() < 0.6}
            if role == "defender":
                units.pop("bomber", None)
            side = {"units": units or {"infantry": 1}}
            if rng.random() < 0.4:
                side["order_of_loss"] = rng.sample(sorted(side["units"]), len(side["units"]))
            doc[role] = side
        s = payload(edition, doc)
        rules = lowluck.make_rules(s)
        if later_seagrid.applicable(rules, land=True) and \
                rules.verdict(rules.initial_state()) is None:
            out.append(s)
    return out


@pytest.mark.parametrize("s", _land_battles(16, seed=61))
def test_land_battles_of_its_kind_too(s, path):
    """A land battle without AA guns, bombardment or landed units (the planner's lattice
    under a retreat policy): the generic solver's answer, state by state, both dice."""
    assert not later_seagrid.applicable(lowluck.make_rules(s))      # (single battles: not)
    assert_answers_as_the_generic_solver(s, later_seagrid.solve)


@pytest.mark.parametrize("s", _land_battles(8, seed=62, editions=LAND_OTHERS))
def test_revised_and_anniversary_land_battles_too(s, path):
    """Revised's and Anniversary's land battles of the grid's kind (Revised's sea rules
    aren't the cells', but no submarine fights on land): the generic solver's answer, state
    by state, both dice."""
    assert later_seagrid.applicable(lowluck.make_rules(s), land=True)
    assert_answers_as_the_generic_solver(s, later_seagrid.solve)


def _revised_fleets(count: int, seed: int, most: int) -> list:
    """Random Revised fleets (its aircraft hit submarines always; its transports defend at
    1, ordinary ships), no side submerging, both dice, damaged battleships, round limits."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        doc = {"options": {"battle": "sea", "dice": rng.choice(["standard", "lowluck"]),
                           "max_rounds": rng.choice([0, 0, 3])}}
        for role in ("attacker", "defender"):
            units = {u: rng.randint(1, most) for u in ("submarine", "destroyer", "carrier",
                                                        "battleship", "transport", "fighter",
                                                        "bomber")
                     if rng.random() < (0.4 if u == "destroyer" else 0.6)}
            if role == "defender":
                units.pop("bomber", None)
            side = {"units": units or {"submarine": 1}}
            if "battleship" in units and rng.random() < 0.4:
                side["damaged"] = {"battleship": 1}
            doc[role] = side
        s = payload("revised", doc)
        rules = lowluck.make_rules(s)
        if rules.verdict(rules.initial_state()) is None:
            assert later_seagrid.applicable(rules)
            out.append(s)
    return out


@pytest.mark.parametrize("s", _revised_fleets(10, seed=71, most=3))
def test_revised_fleets_too(s, path):
    """Revised's fleets (its aircraft's hits may always take submarines: they fire with the
    rest, as beside a destroyer): the generic solver's answer, state by state, both dice."""
    assert lowluck.make_rules(s).air_hits_submarines
    assert_answers_as_the_generic_solver(s, later_seagrid.solve)


def test_revised_fleets_whose_submarines_submerge_are_the_single_battles_only():
    """At sea Revised's submarines submerge at a round's end, when their side chooses to: a
    fold on arrival whose battle goes on, which a single battle's runs take
    (``submerge_at_end``) and the planner's lattice doesn't (without submerging, both)."""
    doc = {"options": {"battle": "sea", "dice": "standard"},
           "attacker": {"units": {"submarine": 2, "fighter": 1}},
           "defender": {"units": {"destroyer": 1, "submarine": 1}}}
    rules = lowluck.make_rules(payload("revised", doc))
    assert rules.air_hits_submarines and later_seagrid.applicable(rules, land=True)
    doc["attacker"]["submerge"] = True
    rules = lowluck.make_rules(payload("revised", doc))
    assert rules.submerge_at_end and not later_seagrid.applicable(rules, land=True)
    assert later_seagrid.applicable(rules, submerge_at_end=True)
    assert solvers.describe(rules) == "surprise strike grid"


def _revised_submerging(count: int, seed: int, most: int, rounds=(0, 0, 3)) -> list:
    """Random Revised fleets where a side's submarines submerge at a round's end (one side
    or both; destroyers on the other side or not — its submarines submerge once they are
    lost), transports (left alone when the submarines beside them have submerged), carriers,
    aircraft, damaged battleships, round limits, both dice."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        doc = {"options": {"battle": "sea", "dice": rng.choice(["standard", "lowluck"]),
                           "max_rounds": rng.choice(rounds)}}
        diving = rng.choice([(True, False), (False, True), (True, True)])
        for role, dives in zip(("attacker", "defender"), diving):
            units = {u: rng.randint(1, most) for u in ("destroyer", "carrier", "battleship",
                                                        "transport", "fighter", "bomber")
                     if rng.random() < (0.35 if u == "destroyer" else 0.45)}
            if dives or rng.random() < 0.5:
                units["submarine"] = rng.randint(1, most)
            if role == "defender":
                units.pop("bomber", None)
            side = {"units": units or {"submarine": 1}, "submerge": dives}
            if "battleship" in units and rng.random() < 0.3:
                side["damaged"] = {"battleship": 1}
            doc[role] = side
        s = payload("revised", doc)
        rules = lowluck.make_rules(s)
        if rules.verdict(rules.initial_state()) is None and not later_seagrid.applicable(
                rules) and later_seagrid.applicable(rules, submerge_at_end=True):
            out.append(s)
    return out


@pytest.mark.parametrize("s", _revised_submerging(20, seed=171, most=3))
def test_revised_fleets_whose_submarines_submerge(s, path):
    """Revised's submarines submerging at a round's end (``_Battle.end_of_round``, then the
    battle goes on from where they have): the generic solver's answer, state by state,
    curve and all, both dice, on every path."""
    assert_answers_as_the_generic_solver(s, later_seagrid.solve)


@pytest.mark.parametrize("s", _revised_submerging(8, seed=172, most=2))
def test_revised_submerging_rounds_are_the_rules_rounds(s):
    """From every position the battle reaches, the grid's round and its end (submerging,
    then transports left alone) are ``LaterRules.round_dist``'s, and a position folds on
    arrival exactly where ``LaterRules.end_round`` changes it."""
    test_each_round_is_the_rules_round(s)


@pytest.mark.parametrize("after", [1, 2])
def test_revised_submerging_by_levels_too(after, monkeypatch, path):
    """The levels (to the end without the curve; after a round or two of the curve's
    rounds): a submerged position is a higher level's, its mass left there."""
    monkeypatch.setattr(chains, "MAX_ROUNDS_THEN_SWEEP", after)
    for s in _revised_submerging(6, seed=173 + after, most=3, rounds=(0,)):
        assert_answers_as_the_generic_solver(s, later_seagrid.solve)
        rules = lowluck.make_rules(s)
        a, b = solve(rules), later_seagrid.solve(rules, curve=False)
        _same_states(a.decided, b.decided, 1e-13)
        _same_states(a.stalemates, b.stalemates, 1e-13)
        assert b.expected_rounds == pytest.approx(a.expected_rounds, abs=1e-12)


def test_revised_submerging_withdrawals():
    """"Withdraw with N units or fewer" and "below X" (the positions' chances valued
    backwards: a submerging fold worth where it goes on) answer as the generic solver."""
    from combatassist.retreat import RetreatOptions, run_battle
    for s in _revised_submerging(6, seed=175, most=3, rounds=(0,)):
        assert_withdraws_as_the_generic_solver(s, 2)
        rules = lowluck.make_rules(s)
        for below in (0.2, 0.6):
            a = run_battle(rules, RetreatOptions(0, 0, below), rules.attacker_units)
            b = later_seagrid.solve(rules, below=below)
            assert_same_outcome(a, b)


def test_revised_submerging_from_the_tables_positions():
    """From any position the battle reaches at a round's start (the table): the generic
    solver's answer from there."""
    for s in _revised_submerging(4, seed=176, most=2, rounds=(0,)):
        rules = lowluck.make_rules(s)
        for state in _reachable(rules, limit=40):
            try:
                b = later_seagrid.solve(rules, start=state)
            except KeyError:                # not one of the grid's positions
                continue
            a = solve(rules, state)
            for bucket in ("decided", "stalemates", "undecided"):
                _same_states(getattr(a, bucket), getattr(b, bucket), 1e-13)
            assert b.expected_rounds == pytest.approx(a.expected_rounds, abs=1e-12)


#: The techs that change a fleet's fire (values, dice), per edition that has them.
SEA_TECHS = {"revised": ["jet_power", "super_subs", "heavy_bombers"],
             "aa50": ["jet_power", "super_subs"]}
SEA_SHIPS = {"revised": ["submarine", "destroyer", "carrier", "battleship", "transport",
                         "fighter", "bomber"],
             "aa50": ["submarine", "destroyer", "cruiser", "carrier", "battleship", "transport",
                      "fighter", "bomber"]}


def _fleets_with_techs(count: int, seed: int, most: int, rounds=(0, 0, 3)) -> list:
    """Random Revised and Anniversary fleets whose sides have techs (jet fighters, super
    submarines, Revised's heavy bombers: two dice each), submerging or not, damaged
    battleships, round limits, both dice."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        edition = rng.choice(sorted(SEA_TECHS))
        doc = {"options": {"battle": "sea", "dice": rng.choice(["standard", "lowluck"]),
                           "max_rounds": rng.choice(rounds)}}
        for role in ("attacker", "defender"):
            units = {u: rng.randint(1, most) for u in SEA_SHIPS[edition]
                     if rng.random() < (0.35 if u == "destroyer" else 0.5)}
            if role == "defender":
                units.pop("bomber", None)
            side = {"units": units or {"fighter": 1}}
            techs = [t for t in SEA_TECHS[edition] if rng.random() < 0.6]
            if techs:
                side["techs"] = techs
            if units.get("submarine") and rng.random() < 0.3:
                side["submerge"] = True
            if "battleship" in units and rng.random() < 0.3:
                side["damaged"] = {"battleship": 1}
            doc[role] = side
        s = payload(edition, doc)
        rules = lowluck.make_rules(s)
        changed = any(v != sl.unit.value(side.role) or d != 1
                      for side in (rules.att, rules.dfn)
                      for v, d, sl in zip(side.values0, side.dice0, side.slots))
        if changed and rules.verdict(rules.initial_state()) is None \
                and later_seagrid.applicable(rules, submerge_at_end=True, techs=True):
            assert not later_seagrid.applicable(rules)      # (the planner's lattice: not)
            out.append(s)
    return out


@pytest.mark.parametrize("s", _fleets_with_techs(16, seed=181, most=3))
def test_fleets_with_techs(s, path):
    """A side's techs (its values and dice, as the phases fire them: the surprise strike
    and the general combat) in the cells' hit tables: the generic solver's answer, state by
    state, both dice, on every path."""
    assert_answers_as_the_generic_solver(s, later_seagrid.solve)


@pytest.mark.parametrize("s", _fleets_with_techs(6, seed=182, most=2))
def test_fleets_with_techs_rounds_are_the_rules_rounds(s):
    """From every position a fleet with techs reaches, the grid's round is
    ``LaterRules.round_dist``."""
    test_each_round_is_the_rules_round(s)


@pytest.mark.parametrize("s", _land_battles(10, seed=64, keep=True))
def test_land_battles_keeping_land_units_too(s, path):
    """The attacker's last N land units kept for last (``keep_land_units``: each cell's
    casualties so): the generic solver's answer, state by state, both dice."""
    assert lowluck.make_rules(s).att.keep_land
    assert_answers_as_the_generic_solver(s, later_seagrid.solve)


@pytest.mark.parametrize("dice", ["standard", "lowluck"])
def test_a_defenders_aa_guns_from_a_rounds_start(dice):
    """A 1942 defender's AA guns (``guns``): units of no value among its casualties, a
    defender left with them alone losing them; round 1's AA fire isn't the cells' round
    (the planner pushes it first), so from a position after it — round 2's start, any
    position the battle reaches there — the generic solver's answer, state by state."""
    doc = {"options": {"battle": "land", "dice": dice},
           # (its fighters first: a fighter shot down is one of its own cells)
           "attacker": {"units": {"infantry": 2, "armor": 1, "fighter": 2},
                        "order_of_loss": ["fighter", "infantry", "armor"]},
           "defender": {"units": {"infantry": 2, "aa_gun": 2, "fighter": 1},
                        "order_of_loss": ["infantry", "fighter", "aa_gun"]}}
    rules = lowluck.make_rules(payload("1942se", doc))
    assert not later_seagrid.applicable(rules, land=True)
    assert later_seagrid.applicable(rules, land=True, guns=True)
    # a position of round 2's start: a fighter shot down, the defender's infantry lost
    att = list(rules.att.counts0)
    dfn = list(rules.dfn.counts0)
    att[next(i for i, s in enumerate(rules.att.slots) if s.unit.id == "fighter")] -= 1
    dfn[next(i for i, s in enumerate(rules.dfn.slots) if s.unit.id == "infantry")] = 0
    start = (tuple(att), tuple(dfn), False)
    a = solve(rules, start)
    b = later_seagrid.solve(rules, start=start)
    for bucket in ("decided", "stalemates", "undecided"):
        _same_states(getattr(a, bucket), getattr(b, bucket), 1e-13)
    assert b.expected_rounds == pytest.approx(a.expected_rounds, abs=1e-12)
    # (the battle meets the guns left alone: the attacker, if it has units left, wins and
    # they are lost; with none left the defender holds, guns and all)
    gun = next(i for i, s in enumerate(rules.dfn.slots) if s.unit.has("aa_gun"))
    assert not any(any(a) and d[gun] and not any(n for i, n in enumerate(d) if i != gun)
                   for a, d, _ in b.decided)
    assert sum(p for (_, d, _), p in b.decided.items() if not any(d)) > 0.01


@pytest.mark.parametrize("change", ["aa_gun", "bombard", "amphibious"])
def test_land_battles_it_leaves_to_the_others(change):
    """AA guns (but the planner's, ``guns``), bombardment and landed units are not the
    grid's."""
    doc = {"options": {"battle": "land", "dice": "standard"},
           "attacker": {"units": {"infantry": 2, "armor": 1}},
           "defender": {"units": {"infantry": 2}}}
    assert later_seagrid.applicable(lowluck.make_rules(payload("1942se", doc)), land=True)
    if change == "aa_gun":
        doc["defender"]["units"]["aa_gun"] = 1
    elif change == "bombard":
        doc["attacker"]["bombard"] = {"battleship": 1}
        doc["attacker"]["amphibious"] = {"infantry": 1}
    else:
        doc["attacker"]["amphibious"] = {"infantry": 1}
    assert not later_seagrid.applicable(lowluck.make_rules(payload("1942se", doc)),
                                        land=True)
