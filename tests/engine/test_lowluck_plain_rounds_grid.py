"""The vectorised Low Luck solver (lowluck/plain_rounds_grid.py): its pieces against the rules, its answers
state by state against the generic solver, its fast paths against its general ones."""
from __future__ import annotations

import math
import random
from dataclasses import replace

import numpy as np
import pytest

from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import (LowLuckOptions, LowLuckScenario, LowLuckSide, chains,
                                           plain_rounds_grid as grid,
                                          subbattles)
from combatassist.solver import solve

LAND = ["infantry", "armor", "fighter", "bomber"]
SEA = ["battleship", "carrier", "transport", "submarine", "fighter", "bomber"]


def _battle(rng: random.Random, most: int, dice: str | None = None) -> LowLuckScenario:
    land = rng.random() < 0.7
    ids = LAND if land else SEA
    options = LowLuckOptions(
        dice=dice or rng.choice(["lowluck", "standard"]), battle="land" if land else "sea",
        aa_gun=land and rng.random() < 0.6, keep_land_unit=land and rng.random() < 0.5,
        max_rounds=rng.choice([0, 0, 0, 1, 2, 4]))

    def side():
        order = tuple(rng.sample(ids, len(ids))) if rng.random() < 0.4 else ()
        techs = frozenset(t for t in ("jet_power", "heavy_bombers") if rng.random() < 0.2)
        units = {u: rng.randint(0, most) for u in ids if u != "submarine"}
        return LowLuckSide(units=units, order_of_loss=order, techs=techs)

    return LowLuckScenario(options=options, attacker=side(), defender=side())


def battles_for(solver_module, make, count: int, seed: int, *args):
    """``count`` battles ``make(rng, *args)`` that ``solver_module`` applies to and that are
    not over before they start (seeded)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = make(rng, *args)
        rules = lowluck.make_rules(s)
        if solver_module.applicable(rules) and rules.verdict(rules.initial_state()) is None:
            out.append(s)
    return out


def _battles(count: int, seed: int, most: int, dice: str | None = None):
    return battles_for(grid, _battle, count, seed, most, dice)


@pytest.mark.parametrize("s", _battles(12, seed=1, most=4))
def test_chains_lose_one_unit_at_a_time(s):
    """The grid's premise: policy(comps[k], h) == comps[k + h] (orders of loss, keep_land)."""
    rules = lowluck.make_rules(s)
    for role, start, cas in (("attacker", rules.initial_state()[0], rules.att_cas),
                             ("defender", rules.initial_state()[1], rules.def_cas)):
        chain = chains.Chain(rules, role, start)
        for k, comp in enumerate(chain.comps):
            for h in range(chain.n - k + 2):
                assert cas.policy(comp, h, None) == chain.comps[min(k + h, chain.n)]


def test_losing_order_is_the_policy_one_unit_at_a_time():
    """The chains' compositions (``rules.chain``) are the policy's for every number of hits,
    each hit losing one unit: random sides, orders of loss, kept land units, both roles."""
    checked = 0
    for s in _battles(60, seed=11, most=3):
        rules = lowluck.make_rules(s)
        for role, start, side in (("attacker", rules.initial_state()[0], rules.att),
                                  ("defender", rules.initial_state()[1], rules.dfn)):
            comps = rules.chain(role, start)
            assert comps == [side.policy(start, k, None) for k in range(sum(start) + 1)]
            assert all(sum(a) - sum(b) == 1 for a, b in zip(comps, comps[1:]))
            checked += side.keep_land
    assert checked           # kept land units were among them


@pytest.mark.parametrize("dice", ["standard", "lowluck"])
def test_hit_tables_equal_the_rules_hit_dist(dice):
    """Each composition's table (built by convolving units) is the rules' own hit_dist."""
    for s in _battles(6, seed=2, most=5, dice=dice):
        rules = lowluck.make_rules(s)
        fire = rules.main_fire
        a0, d0, _ = rules.initial_state()
        chain = chains.Chain(rules, "attacker", a0)
        for k, comp in enumerate(chain.comps):
            # the general combat's attacker hits after round 1 (its batches' sum)
            dist = fire.batch_dist((comp, d0, False), 0)
            expect = np.zeros(chain.hits.shape[1])
            for hits, p in dist.items():
                expect[sum(hits)] += p
            assert chain.hits[k] == pytest.approx(expect, rel=1e-12, abs=1e-300)


def _same_states(a: dict, b: dict, tol: float):
    keys = {k for k, v in a.items() if v > tol} | {k for k, v in b.items() if v > tol}
    for key in keys:
        assert b.get(key, 0.0) == pytest.approx(a.get(key, 0.0), abs=tol), key


def assert_same_outcome(a, b, *, curve: bool = True, tol: float = 1e-12) -> None:
    """``b`` answers what ``a`` (the generic solver's outcome) does: every bucket state by
    state (retreated too), the expected rounds and, with ``curve``, the curve as far as both
    go."""
    for bucket in ("decided", "stalemates", "undecided", "retreated"):
        _same_states(getattr(a, bucket), getattr(b, bucket), tol)
    assert b.expected_rounds == pytest.approx(a.expected_rounds, abs=10 * tol)
    if curve:
        n = min(len(a.decided_by_round), len(b.decided_by_round))
        assert b.decided_by_round[:n] == pytest.approx(a.decided_by_round[:n], abs=1e-9)


@pytest.mark.parametrize("s", _battles(30, seed=3, most=4, dice="standard"))
def test_grid_matches_the_generic_solver_state_by_state(s):
    """Ordinary dice, AA fire, orders of loss, techs, max_rounds: every decided, stalemate and
    undecided state carries the generic solver's mass (what the IPC / survivor figures use)."""
    assert_answers_as_the_generic_solver(s, grid.solve_grid)


@pytest.mark.parametrize("s", _battles(20, seed=23, most=5, dice="standard"))
def test_the_sweep_answers_as_the_rounds(s):
    """To the end, the row sweep (asked without the curve) and the rounds that draw the curve
    in the same pass (``_rounds_to_the_end``) answer the same, state by state."""
    s = LowLuckScenario(options=replace(s.options, max_rounds=0), attacker=s.attacker,
                        defender=s.defender)
    rules = lowluck.make_rules(s)
    swept = grid.solve_grid(rules, curve=False)
    rounds = grid.solve_grid(rules)
    for bucket in ("decided", "stalemates"):
        _same_states(getattr(swept, bucket), getattr(rounds, bucket), 1e-14)
    assert not rounds.undecided
    assert rounds.expected_rounds == pytest.approx(swept.expected_rounds, rel=1e-12)
    assert max(rounds.pruned, swept.pruned) <= 1e-12
    assert rounds.decided_by_round[-1] == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("after", [1, 2, 5])
def test_rounds_hand_over_to_the_sweep(after, monkeypatch):
    """A battle still on after ``MAX_ROUNDS_THEN_SWEEP`` rounds is finished by the sweep from
    the cells alive then: the generic solver's answer, state by state, and its curve up to
    the rounds fought."""
    monkeypatch.setattr(grid, "MAX_ROUNDS_THEN_SWEEP", after)
    monkeypatch.setattr(grid, "TAIL_SOLVE_CELLS", 0)        # no corner solved: rounds only
    for s in _battles(10, seed=29, most=5, dice="standard"):
        s = LowLuckScenario(options=replace(s.options, max_rounds=0), attacker=s.attacker,
                            defender=s.defender)
        assert_answers_as_the_generic_solver(s, grid.solve_grid)
        assert len(grid.solve_grid(lowluck.make_rules(s)).decided_by_round) <= after


@pytest.mark.parametrize("cells", [0, 4, 10_000])
def test_corners_solved_at_once_answer_as_rounds(cells, monkeypatch):
    """A group's last corner solved at once (``_solve_tail``) — never, once it is small, or
    at the first round it fits (the whole grid of these battles) —: the generic solver's
    answer state by state, its expected rounds and its curve."""
    monkeypatch.setattr(grid, "TAIL_SOLVE_CELLS", cells)
    for s in _battles(12, seed=31, most=5, dice="standard"):
        s = LowLuckScenario(options=replace(s.options, max_rounds=0), attacker=s.attacker,
                            defender=s.defender)
        assert_answers_as_the_generic_solver(s, grid.solve_grid)


@pytest.mark.parametrize("rounds", [1, 10, 100])
def test_a_corners_long_curve_is_the_generic_solvers(rounds, monkeypatch):
    """1 v 1 infantry is a corner from round 1 whose curve fades over ~36 rounds: computed a
    round a product for ``TAIL_ROUNDS`` rounds, then ``TAIL_BLOCK`` rounds a product, it is
    the generic solver's curve, round by round."""
    monkeypatch.setattr(grid, "TAIL_ROUNDS", rounds)
    s = LowLuckScenario(options=LowLuckOptions(dice="standard"),
                        attacker=LowLuckSide(units={"infantry": 1}),
                        defender=LowLuckSide(units={"infantry": 1}))
    curve = grid.solve_grid(lowluck.make_rules(s)).decided_by_round
    assert len(curve) > 30
    assert_answers_as_the_generic_solver(s, grid.solve_grid)


def test_a_long_battle_of_weak_dice_is_finished_by_the_sweep(monkeypatch):
    """Infantry attacking (1 in 6) bombers defending (1 in 6): the self-loops decay so slowly
    that ``MAX_ROUNDS_THEN_SWEEP`` rounds leave mass above the pruning; the sweep finishes
    it, as the generic solver answers."""
    s = LowLuckScenario(options=LowLuckOptions(dice="standard"),
                        attacker=LowLuckSide(units={"infantry": 2}),
                        defender=LowLuckSide(units={"bomber": 2}))
    handed_over = []
    sweep = grid._Solver.to_the_end

    def spy(self, g, alive=None):
        handed_over.append(float(alive.sum()))
        sweep(self, g, alive)

    monkeypatch.setattr(grid._Solver, "to_the_end", spy)
    monkeypatch.setattr(grid, "TAIL_SOLVE_CELLS", 0)        # or its corner is solved at once
    assert_answers_as_the_generic_solver(s, grid.solve_grid)
    assert len(handed_over) == 1 and handed_over[0] > 1e-12      # the sweep took the rest


def assert_answers_as_the_generic_solver(s: LowLuckScenario, fast) -> None:
    """``fast(rules, max_rounds=...)`` answers ``solve``'s answer state by state, with its
    expected rounds and curve; its pruning is reported and conserves the mass."""
    rules = lowluck.make_rules(s)
    rounds = s.options.max_rounds
    a = solve(rules, max_rounds=rounds)
    b = fast(rules, max_rounds=rounds)
    for bucket in ("decided", "stalemates", "undecided"):
        _same_states(getattr(a, bucket), getattr(b, bucket), 1e-13)
    assert b.expected_rounds == pytest.approx(a.expected_rounds, abs=1e-12)
    assert b.pruned <= 1e-12
    total = sum(b.decided.values()) + sum(b.stalemates.values()) + sum(b.undecided.values())
    assert total + b.pruned == pytest.approx(1.0, abs=1e-13)
    n = min(len(a.decided_by_round), len(b.decided_by_round))
    assert b.decided_by_round[:n] == pytest.approx(a.decided_by_round[:n], abs=1e-9)


def test_fast_paths_equal_the_general_ones(monkeypatch):
    """Cached move matrices and up-front within-row inverses answer what per-row gathers and
    solves answer."""
    s = LowLuckScenario(options=LowLuckOptions(dice="standard", aa_gun=True),
                        attacker=LowLuckSide(units={"infantry": 6, "armor": 4, "fighter": 3}),
                        defender=LowLuckSide(units={"infantry": 7, "armor": 2, "fighter": 2}))
    rules = lowluck.make_rules(s)
    fast = grid.solve_grid(rules, curve=False)       # the sweep (with the curve: rounds)
    fast_rounds = grid.solve_grid(rules)
    monkeypatch.setattr(subbattles, "INVERSE_CACHE", 0)
    whole_rows = grid.solve_grid(rules, curve=False)  # whole rows, a solve per row
    monkeypatch.setattr(subbattles, "MOVES_CACHE", 0)
    slow = grid.solve_grid(rules, curve=False)        # trimmed rows, gathered moves
    slow_rounds = grid.solve_grid(rules)
    for other in (whole_rows, slow):
        _same_states(fast.decided, other.decided, 1e-15)
        assert fast.expected_rounds == pytest.approx(other.expected_rounds, rel=1e-13)
        assert fast.pruned == pytest.approx(other.pruned, abs=1e-16)
    _same_states(fast_rounds.decided, slow_rounds.decided, 1e-15)
    assert fast_rounds.decided_by_round == pytest.approx(slow_rounds.decided_by_round, abs=1e-14)


def test_a_big_battle_stays_exact():
    """60 v 60 with an AA gun and ordinary dice (bench_lowluck's battle): mass conserved,
    pruning reported and far below 1e-12, a curve that ends decided."""
    s = LowLuckScenario(
        options=LowLuckOptions(dice="standard", aa_gun=True),
        attacker=LowLuckSide(units={"infantry": 30, "armor": 20, "fighter": 7, "bomber": 3}),
        defender=LowLuckSide(units={"infantry": 40, "armor": 10, "fighter": 10}))
    out = grid.solve_grid(lowluck.make_rules(s))
    assert 0 < out.pruned <= 1e-12
    assert math.fsum(out.decided.values()) + out.pruned == pytest.approx(1.0, abs=1e-14)
    assert out.decided_by_round[-1] == pytest.approx(1.0, abs=1e-8)
    assert all(x <= y + 1e-15 for x, y in zip(out.decided_by_round, out.decided_by_round[1:]))


def test_cancel_stops_the_grid():
    s = LowLuckScenario(options=LowLuckOptions(dice="standard"),
                        attacker=LowLuckSide(units={"infantry": 20}),
                        defender=LowLuckSide(units={"infantry": 20}))
    with pytest.raises(grid.Cancelled):
        grid.solve_grid(lowluck.make_rules(s), cancel=lambda: True)


def _dense_within(flow: np.ndarray, b: np.ndarray) -> np.ndarray:
    """x (I - N) = b by one dense solve per row (what ``subbattles.within`` replaces)."""
    k, rows, size = flow.shape
    system = np.eye(size)[None].repeat(k, axis=0)
    system[:, :rows, :] -= flow
    return np.linalg.solve(system.transpose(0, 2, 1), b[:, :, None])[:, :, 0]


def test_within_row_series_and_solve_equal_one_dense_solve():
    """Random upper-triangular within-row flows whose outflows climb from 1e-15 to near 1, as a
    shrinking defender's do (some rows stalemates: no outflow): the series-then-solve answer
    is the dense solve's, per cell."""
    rng = np.random.default_rng(5)
    for _ in range(40):
        k, size = int(rng.integers(1, 6)), int(rng.integers(2, 40))
        miss = np.sort(10.0 ** rng.uniform(-15, -0.05, size - 1))[None, :].repeat(k, axis=0)
        miss[rng.random(miss.shape) < 0.05] = 0.0
        hits = rng.random((k, size)) ** 3
        hits /= hits.sum(axis=1, keepdims=True)
        moves = np.zeros((k, size - 1, size))
        for i in range(size - 1):
            moves[:, i, i:] = hits[:, :size - i]
            moves[:, i, -1] += hits[:, size - i:].sum(axis=1)
        b = rng.random((k, size)) * (rng.random((k, size)) < 0.7)
        want = _dense_within(moves * miss[:, :, None], b)
        got = subbattles.within(moves, miss, b)
        assert got == pytest.approx(want, rel=1e-12, abs=1e-300)


@pytest.mark.parametrize("s", _battles(8, seed=13, most=5, dice="standard"))
def test_within_row_series_answers_as_dense_solves(s, monkeypatch):
    """The grid with the within-row series and the rows' tails solved up front (default), with
    the series and a dense solve of each tail, and with a dense solve for every whole row
    (``SERIES_BELOW`` = -1), no whole-row inverses kept: the same answer, state by state."""
    rules = lowluck.make_rules(s)
    rounds = s.options.max_rounds
    monkeypatch.setattr(subbattles, "INVERSE_CACHE", 0)
    series = grid.solve_grid(rules, max_rounds=rounds, curve=False)
    monkeypatch.setattr(subbattles, "TAIL_CACHE", 0)
    solved_tails = grid.solve_grid(rules, max_rounds=rounds, curve=False)
    monkeypatch.setattr(subbattles, "SERIES_BELOW", -1.0)
    dense = grid.solve_grid(rules, max_rounds=rounds, curve=False)
    for other in (series, solved_tails):
        _same_states(dense.decided, other.decided, 1e-15)
        _same_states(dense.undecided, other.undecided, 1e-15)
        assert other.expected_rounds == pytest.approx(dense.expected_rounds, rel=1e-13)
        assert other.pruned == pytest.approx(dense.pruned, abs=1e-16)


@pytest.mark.parametrize("s", _battles(6, seed=17, most=6, dice="standard"))
def test_round_steps_in_parts_answer_as_whole_boxes(s, monkeypatch):
    """Rounds pushed box by box in parts (every box split, one sub-battle at a time) answer
    what whole boxes of all sub-battles together answer: states, pruning and the curve."""
    rules = lowluck.make_rules(s)
    rounds = s.options.max_rounds or 3
    whole = grid.solve_grid(rules, max_rounds=rounds)
    whole_curve = grid.solve_grid(rules).decided_by_round
    monkeypatch.setattr(grid, "STEP_SPLIT_CELLS", 1)
    monkeypatch.setattr(grid, "STEP_CHUNK", 1)
    parts = grid.solve_grid(rules, max_rounds=rounds)
    for bucket in ("decided", "stalemates", "undecided"):
        _same_states(getattr(whole, bucket), getattr(parts, bucket), 1e-15)
    assert parts.pruned == pytest.approx(whole.pruned, abs=1e-16)
    assert parts.expected_rounds == pytest.approx(whole.expected_rounds, rel=1e-13)
    assert grid.solve_grid(rules).decided_by_round == pytest.approx(whole_curve, abs=1e-14)


@pytest.mark.parametrize("s", _battles(8, seed=19, most=6, dice="standard"))
def test_trimmed_rows_answer_as_whole_rows(s, monkeypatch):
    """The sweep of big battles (rows trimmed to their cells with mass, the live sub-battles
    only, move matrices built per row and shared by the row's own flow and its spread, long
    rows of several sub-battles pushed in parts) answers what the small battles' whole-row
    sweep answers, state by state."""
    rules = lowluck.make_rules(s)
    whole = grid.solve_grid(rules, curve=False)
    monkeypatch.setattr(subbattles, "MOVES_CACHE", 0)
    monkeypatch.setattr(subbattles, "INVERSE_CACHE", 0)
    trimmed = grid.solve_grid(rules, curve=False)
    monkeypatch.setattr(grid, "SPREAD_SPLIT", 2)         # rows pushed in parts of 2-3 cells
    in_parts = grid.solve_grid(rules, curve=False)
    for other in (trimmed, in_parts):
        for bucket in ("decided", "stalemates"):
            _same_states(getattr(whole, bucket), getattr(other, bucket), 1e-15)
        assert other.pruned == pytest.approx(whole.pruned, abs=1e-16)
        assert other.expected_rounds == pytest.approx(whole.expected_rounds, rel=1e-13)
        assert other.states_explored == whole.states_explored


def test_weighted_moves_are_the_hit_tables_windows(monkeypatch):
    """Move matrices read through strided views (sub-battles and rows as an index, a range or
    a list; the last column "wiped out" folded) equal the hit tables read entry by entry,
    times the mass when one is given."""
    monkeypatch.setattr(subbattles, "MOVES_CACHE", 0)
    s = LowLuckScenario(options=LowLuckOptions(dice="standard", aa_gun=True),
                        attacker=LowLuckSide(units={"infantry": 5, "armor": 3, "fighter": 4}),
                        defender=LowLuckSide(units={"infantry": 6, "armor": 2, "fighter": 1}))
    rules = lowluck.make_rules(s)
    g = grid._groups(rules, rules.initial_state(), grid.BattleOutcome(), 1e-16)[0]
    assert g.K > 2 and g._all_moves is None
    rng = np.random.default_rng(3)

    def by_entry(k, r, j0, j1, c0, c1):
        out = np.zeros((j1 - j0, c1 - c0))
        for j in range(j0, j1):
            for c in range(c0, c1):
                hits = g.ha[k, r]
                out[j - j0, c - c0] = (hits[c - j] if 0 <= c - j < len(hits) else 0.0) \
                    if c < g.nd else hits[max(0, g.nd - j):].sum()
        return out

    ks = [(2, [2]), (slice(1, 3), [1, 2]), (slice(None), list(range(g.K))),
          (np.array([0, 2]), [0, 2])]
    rs = [(4, [4]), (slice(2, 6), [2, 3, 4, 5])]
    for kk, klist in ks:
        for rr, rlist in rs:
            if not isinstance(kk, (int, slice)) and not isinstance(rr, int):
                continue                              # numpy pairs two lists entry by entry
            for j0, j1, c0, c1 in ((0, g.nd, 0, g.nd + 1), (2, 6, 3, 8), (4, g.nd, 5, g.nd + 1)):
                want = np.array([[by_entry(k, r, j0, j1, c0, c1) for r in rlist]
                                 for k in klist]).reshape(g.moves(kk, rr, j0, j1, c0, c1).shape)
                got = g.weighted_moves(kk, rr, j0, j1, c0, c1)
                assert got == pytest.approx(want, rel=1e-15, abs=0)
                mass = rng.random(want.shape[:-1])
                got = g.weighted_moves(kk, rr, j0, j1, c0, c1, mass)
                assert got == pytest.approx(want * mass[..., None], rel=1e-15, abs=0)


def test_work_arrays_take_turns_and_come_back_zeroed():
    """A round's next grid is never the grid it reads, and starts from zero; named arrays are
    reused at the largest size asked for."""
    work = grid.WorkArrays()
    group, first = object(), np.ones((1, 3, 4))
    a = work.other_grid(group, first)
    assert a is not first and not a.any()
    a += 1.0
    b = work.other_grid(group, a)
    assert b is not a and not b.any()
    b += 2.0
    c = work.other_grid(group, b)
    assert c is a and not c.any()                      # the round before last, zeroed
    big = work.array("x", (4, 5))
    small = work.array("x", (2, 3))
    assert small.shape == (2, 3) and np.shares_memory(big, small)


@pytest.mark.parametrize("box", [None, (6, 0), (4, 3)])
def test_settling_prunes_live_cells_only_and_hands_the_step_its_box(box):
    """``settle_live`` (the whole grid in flat loops when the box is most of it, else the box)
    prunes the live cells lighter than ``prune_below`` and reports them, never a decided
    cell however light (row 0, column nd); returns the live mass; the next ``step`` on that
    grid reads its box of live cells from the settling's sums, the same box and the same
    round as from the cells themselves."""
    s = LowLuckScenario(options=LowLuckOptions(dice="standard", aa_gun=True),
                        attacker=LowLuckSide(units={"infantry": 3, "armor": 1, "fighter": 2}),
                        defender=LowLuckSide(units={"infantry": 4, "armor": 1, "fighter": 1}))
    rules = lowluck.make_rules(s)
    g = grid._groups(rules, rules.initial_state(), grid.BattleOutcome(), 1e-16)[0]
    assert g.K > 1 and g.R >= 5 and g.nd >= 5
    r1, j0 = (g.R + 1, 0) if box is None else box
    rng = np.random.default_rng(5)
    cells = np.zeros((g.K, g.R + 1, g.nd + 1))
    cells[:, 1:r1, j0:g.nd] = rng.random((g.K, r1 - 1, g.nd - j0))
    cells[:, 1:r1, j0:g.nd][rng.random((g.K, r1 - 1, g.nd - j0)) < 0.3] = 0.0
    tiny = np.zeros_like(cells, dtype=bool)
    tiny[:, 1:r1, j0:g.nd] = rng.random((g.K, r1 - 1, g.nd - j0)) < 0.3
    cells[tiny] = 1e-18
    cells[1, 1:r1, j0:g.nd] = 0.0                     # a sub-battle with nothing live
    cells[:, r1 - 1, :] = cells[:, :, j0] = 0.0       # the box's edges: light, kept cells
    cells[0, r1 - 1, g.nd - 1], cells[2, 1, j0] = 2e-16, 3e-16
    cells[:, 0, :] = 1e-18                            # decided, however light
    cells[:, :, g.nd] = 1e-19
    live = cells.copy()
    live[:, 0, :] = 0.0
    live[:, :, g.nd] = 0.0
    kept = np.where(live < 1e-16, 0.0, live)
    for whole in (True, False):
        solver = grid._Solver(grid.BattleOutcome(), 1e-16, None)
        settled = cells.copy() if whole else np.asfortranarray(cells)   # (flat loops: C order)
        left = solver.settle_live(g, settled, box)
        assert solver.out.pruned == pytest.approx(float((live - kept).sum()), rel=1e-12)
        assert left == pytest.approx(float(kept.sum()), rel=1e-12)
        assert np.array_equal(settled[:, 1:, :g.nd], kept[:, 1:, :g.nd])
        assert np.array_equal(settled[:, 0, :], cells[:, 0, :])
        assert np.array_equal(settled[:, :, g.nd], cells[:, :, g.nd])
        from_sums = solver._live_box(g, settled)
        assert id(g) not in solver._settled           # read once
        from_cells = solver._live_box(g, settled)
        assert from_sums is not None and from_cells is not None
        ks = [k for k in range(g.K) if k != 1]          # the one with nothing live left out
        assert np.arange(g.K)[from_sums[0]].tolist() == np.arange(g.K)[from_cells[0]].tolist() \
            == ks
        assert np.array_equal(from_sums[1], from_cells[1]) and from_sums[2:] == from_cells[2:]
        assert from_sums[1][-1] + 2 == r1 and from_sums[2:] == (j0, g.nd)


def test_whole_rows_read_the_kept_hit_tables_as_their_own():
    """A push of whole rows reads the defender's hits of every row kept once
    (``Group.all_down``: views) or, past ``MOVES_CACHE``, copies its rows' each round
    (``down_rows``): the same numbers, so the same answer to the last bit."""
    s = LowLuckScenario(options=LowLuckOptions(dice="standard", aa_gun=True),
                        attacker=LowLuckSide(units={"infantry": 9, "armor": 4, "fighter": 3}),
                        defender=LowLuckSide(units={"infantry": 10, "armor": 2, "fighter": 2}))
    rules = lowluck.make_rules(s)
    pushed = []
    push_rows = grid._Solver._push_rows

    def counted(self, g, *args, **kwargs):
        pushed.append(g.all_down is not None)
        push_rows(self, g, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(grid._Solver, "_push_rows", counted)
        kept = grid.solve_grid(rules)
        patch.setattr(subbattles.Group, "all_down", property(lambda self: None))
        copied = grid.solve_grid(rules)
    assert True in pushed and False in pushed
    assert kept.decided == copied.decided and kept.decided_by_round == copied.decided_by_round
    assert (kept.expected_rounds, kept.pruned) == (copied.expected_rounds, copied.pruned)


@pytest.mark.parametrize("cutoff", [None, 1e-6])
def test_a_group_drops_exactly_when_some_cell_does(cutoff, monkeypatch):
    """``Group.drops`` (some cell's round drops more than float rounding: its hit tables'
    cut tails) is true exactly when ``dropped_all`` has a cell above 0, so the solver skips
    summing the drops only when they are all 0: battles of ordinary dice as they are, and
    cut at 1e-6 (tails dropped for real)."""
    from combatassist.rulesets.lowluck import hits
    if cutoff is not None:
        monkeypatch.setattr(hits, "TAIL_CUTOFF", cutoff)
    seen = set()
    for s in _battles(12, seed=41, most=6, dice="standard"):
        rules = lowluck.make_rules(s)
        for g in grid._groups(rules, rules.initial_state(), grid.BattleOutcome(), 1e-16):
            assert g.drops == bool((g.dropped_all() > 0).any())
            seen.add(g.drops)
    assert seen == {True, False}
