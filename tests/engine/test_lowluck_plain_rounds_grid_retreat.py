""""Withdraw with N units or fewer" on the grid (``grid.solve_grid(withdraws=...)``): the
attacker leaves from the grid's bottom rows. Every answer here is compared state by state with
the generic solver under the same retreat rule (decided, retreated, undecided), with its
expected rounds and its curve, through every path the grid takes: rounds with and without the
corner solve, the hand-over to the sweep, the sweep alone, and withdrawal rows that differ
between AA fire's sub-battles."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import LowLuckOptions, LowLuckScenario, LowLuckSide
from combatassist.rulesets.lowluck import plain_rounds_grid as grid
from combatassist.solver import solve

from .test_lowluck_plain_rounds_grid import _battles, assert_same_outcome
from .test_lowluck_later_plain_rounds_grid import later_battles


def too_few(rules, n: int):
    """The rule as ``lowluck.outcome_of`` builds it."""
    return lambda state: rules.attacker_units(state) <= n


def assert_withdraws_as_the_generic_solver(s: LowLuckScenario, withdraws_of, **kwargs) -> None:
    """``solve_grid(rules, withdraws=...)`` answers what ``solve(rules, retreat=...)`` does
    with the same rule: every bucket state by state, the expected rounds, the curve."""
    rules = lowluck.make_rules(s)
    withdraws = withdraws_of(rules)
    assert grid.retreats_on_the_grid(rules)
    rounds = s.options.max_rounds
    a = solve(rules, max_rounds=rounds, retreat=lambda state, _fought: withdraws(state))
    b = grid.solve_grid(rules, max_rounds=rounds, withdraws=withdraws, **kwargs)
    assert_same_outcome(a, b, curve=kwargs.get("curve", True), tol=1e-13)
    total = sum(sum(getattr(b, bucket).values())
                for bucket in ("decided", "stalemates", "undecided", "retreated"))
    assert total + b.pruned == pytest.approx(1.0, abs=1e-13)


def _with_rounds(s: LowLuckScenario, rounds: int) -> LowLuckScenario:
    return LowLuckScenario(options=replace(s.options, max_rounds=rounds), attacker=s.attacker,
                           defender=s.defender, edition=s.edition)


def _withdrawing(battles, seed: int):
    """(battle, N) pairs: N below the attacker's start, so that it fights at least a round."""
    rng = random.Random(seed)
    out = []
    for s in battles:
        rules = lowluck.make_rules(s)
        start = rules.attacker_units(rules.initial_state())
        if start >= 2 and grid.retreats_on_the_grid(rules):
            out.append((s, rng.randint(1, start - 1)))
    return out


CLASSIC = _withdrawing(_battles(16, seed=61, most=6, dice="standard"), seed=1)
LATER = _withdrawing(later_battles(12, seed=62, most=5), seed=2)
LOW_LUCK = _withdrawing(later_battles(6, seed=63, most=5, dice="lowluck"), seed=3)


@pytest.mark.parametrize("rounds", [0, 1, 3])
@pytest.mark.parametrize("s, n", CLASSIC + LATER + LOW_LUCK)
def test_withdrawing_with_few_units_answers_as_the_generic_solver(s, n, rounds):
    """Random Classic battles (AA guns: several sub-battles) and later-edition ones (two-hit
    units, bombardment, both dice), to the end and cut after 1 and 3 rounds (no withdrawal
    after the last: what is on then is undecided, as the generic solver leaves it)."""
    assert_withdraws_as_the_generic_solver(_with_rounds(s, rounds), lambda r: too_few(r, n))


@pytest.mark.parametrize("cells", [0, 10_000])
def test_withdrawal_rows_with_and_without_the_corner_solve(cells, monkeypatch):
    """The corner solve stops at the withdrawal rows (what it sends there is retreated) —
    never used, or used at the first round its corner fits."""
    monkeypatch.setattr(grid, "TAIL_SOLVE_CELLS", cells)
    for s, n in CLASSIC[:8] + LATER[:4]:
        assert_withdraws_as_the_generic_solver(_with_rounds(s, 0), lambda r: too_few(r, n))


@pytest.mark.parametrize("after", [1, 2])
def test_the_sweep_stops_at_the_withdrawal_rows(after, monkeypatch):
    """The sweep (after ``after`` rounds, with its whole-row fast path and without it, and
    alone without the curve) leaves the withdrawal rows' cells where they land."""
    monkeypatch.setattr(grid, "MAX_ROUNDS_THEN_SWEEP", after)
    monkeypatch.setattr(grid, "TAIL_SOLVE_CELLS", 0)
    cases = CLASSIC[:6] + LATER[:3]
    for s, n in cases:
        assert_withdraws_as_the_generic_solver(_with_rounds(s, 0), lambda r: too_few(r, n))
        assert_withdraws_as_the_generic_solver(_with_rounds(s, 0), lambda r: too_few(r, n),
                                               curve=False)
    from combatassist.rulesets.lowluck import subbattles
    monkeypatch.setattr(subbattles, "MOVES_CACHE", 0)           # not dense: row by row
    for s, n in cases[:4]:
        assert_withdraws_as_the_generic_solver(_with_rounds(s, 0), lambda r: too_few(r, n))


def _land_units(rules, n: int):
    """Withdraw with ``n`` land units or fewer: aircraft are lost last, so these are bottom
    rows too, but how many differs with the aircraft AA fire shot down."""
    land = [i for i, u in enumerate(rules.scenario.edition.ids) if u in ("infantry", "armor")]
    return lambda state: sum(state[0][i] for i in land) <= n


def test_withdrawal_rows_that_differ_between_sub_battles():
    """AA fire's sub-battles each withdraw from their own rows (``Group.retreat_rows`` is
    None: no whole-row sweep, no corner solve): still the generic solver's answer."""
    s = LowLuckScenario(options=LowLuckOptions(dice="standard", aa_gun=True),
                        attacker=LowLuckSide(units={"infantry": 4, "armor": 2, "fighter": 3}),
                        defender=LowLuckSide(units={"infantry": 5, "armor": 1}))
    rules = lowluck.make_rules(s)
    groups = grid._groups(rules, rules.initial_state(), grid.BattleOutcome(), 1e-16)
    for g in groups:
        g.retreat_when(lambda comp: _land_units(rules, 2)((comp, None, False)))
    assert any(g.retreat_rows is None for g in groups)
    assert_withdraws_as_the_generic_solver(s, lambda r: _land_units(r, 2))
    assert_withdraws_as_the_generic_solver(s, lambda r: _land_units(r, 2), curve=False)
    assert_withdraws_as_the_generic_solver(_with_rounds(s, 2), lambda r: _land_units(r, 2))


def test_a_rule_that_does_not_hold_on_bottom_rows_is_refused():
    """The grid's premise: a withdrawal rule holds from some row down (units only decrease
    down a chain). One that doesn't is an internal error, not a wrong answer."""
    s = LowLuckScenario(options=LowLuckOptions(dice="standard"),
                        attacker=LowLuckSide(units={"infantry": 3, "armor": 2}),
                        defender=LowLuckSide(units={"infantry": 3}))
    rules = lowluck.make_rules(s)
    with pytest.raises(AssertionError):
        grid.solve_grid(rules, withdraws=lambda state: sum(state[0]) == 3)


def _used(monkeypatch, s) -> list:
    calls = []
    solve_grid = grid.solve_grid

    def spy(*args, **kwargs):
        calls.append(kwargs.get("withdraws") is not None or kwargs.get("below", 0.0) > 0.0)
        return solve_grid(*args, **kwargs)

    monkeypatch.setattr(grid, "solve_grid", spy)
    lowluck.compute(s)
    return calls


def test_outcome_of_sends_retreat_rules_to_the_grid(monkeypatch):
    """Ordinary dice with ``retreat_when_units``: the grid, with the rule; the answer is the
    generic solver's. With ``retreat_below`` too, the grid when fought to the end; with a
    round limit (the chances depend on the rounds left) and in an amphibious assault
    (landed units stay), the generic solver."""
    units = {"infantry": 8, "armor": 4, "fighter": 2}
    s = LowLuckScenario(options=LowLuckOptions(dice="standard", retreat_when_units=4),
                        attacker=LowLuckSide(units=units),
                        defender=LowLuckSide(units={"infantry": 9, "armor": 2}))
    assert _used(monkeypatch, s) == [True]
    fast = lowluck.compute(s)
    rules = lowluck.make_rules(s)
    generic = solve(rules, retreat=lambda state, _fought: rules.attacker_units(state) <= 4)
    assert fast.retreated == pytest.approx(sum(generic.retreated.values()), abs=1e-13)
    assert fast.attacker_wins == pytest.approx(
        sum(p for st, p in generic.decided.items() if rules.verdict(st) == "attacker"),
        abs=1e-13)
    both = LowLuckScenario(options=replace(s.options, retreat_below=0.2), attacker=s.attacker,
                           defender=s.defender)
    assert _used(monkeypatch, both) == [True]                  # below: to the end only
    for cut in ({"max_rounds": 3}, {"retreat_after": 2}):
        limited = LowLuckScenario(options=replace(both.options, **cut), attacker=s.attacker,
                                  defender=s.defender)
        assert _used(monkeypatch, limited) == []
    ed = lowluck.shipped("1942se")
    landed = LowLuckScenario(
        options=LowLuckOptions(dice="standard", retreat_when_units=2), edition=ed,
        attacker=LowLuckSide(units={"infantry": 3, "armor": 2}, amphibious={"infantry": 2}),
        defender=LowLuckSide(units={"infantry": 3}))
    assert _used(monkeypatch, landed) == []


@pytest.mark.parametrize("options", [
    {"retreat_when_units": 4},
    {"retreat_below": 0.3},
    {"retreat_below": 0.45, "retreat_when_units": 3, "aa_gun": True},
    {"retreat_when_units": 3, "retreat_after": 2},
    {"retreat_when_units": 5, "max_rounds": 3},
    {"retreat_when_units": 2, "aa_gun": True},
])
def test_the_results_figures_are_the_generic_solvers(options, monkeypatch):
    """End to end (``lowluck.compute``): the odds, the retreat, the losses, the curve and the
    players' figures with the grid answering equal those with the generic solver answering
    (the grid refused by monkeypatch), with "retreat after round N" and a round limit too."""
    s = LowLuckScenario(options=LowLuckOptions(dice="standard", **options),
                        attacker=LowLuckSide(units={"infantry": 6, "armor": 3, "fighter": 2}),
                        defender=LowLuckSide(units={"infantry": 7, "armor": 1, "fighter": 1}))
    fast = lowluck.compute(s)
    assert _used(monkeypatch, s) == [True]
    monkeypatch.setattr(grid, "retreats_on_the_grid", lambda rules: False)
    generic = lowluck.compute(s)
    assert _used(monkeypatch, s) == []
    for name in ("attacker_wins", "defender_wins", "draw", "undecided", "retreated",
                 "expected_rounds"):
        assert getattr(fast, name) == pytest.approx(getattr(generic, name), abs=1e-12), name
    assert fast.retreated > 0.01
    assert dict(((a, d), p) for a, d, p in fast.losses) == pytest.approx(
        dict(((a, d), p) for a, d, p in generic.losses), abs=1e-12)
    f, g = fast.figures, generic.figures
    assert f.expected_ipc_swing == pytest.approx(g.expected_ipc_swing, abs=1e-10)
    assert f.takes_territory == pytest.approx(g.takes_territory, abs=1e-12)
    assert dict(f.ipc_swing) == pytest.approx(dict(g.ipc_swing), abs=1e-12)
    n = min(len(fast.decided_by_round), len(generic.decided_by_round))
    assert fast.decided_by_round[:n] == pytest.approx(generic.decided_by_round[:n], abs=1e-9)



BELOW = [(s, x) for (s, _), x in zip(CLASSIC + LATER + LOW_LUCK,
                                      [0.1, 0.3, 0.5, 0.7, 0.9] * 20)]


def assert_withdraws_below_as_the_generic_solver(s: LowLuckScenario, below: float,
                                                 when_units: int = 0, **kwargs) -> None:
    """``solve_grid(rules, below=..., withdraws=...)`` answers what the generic solver does
    with the same rules (``run_battle``: its position values, then the solve): every bucket
    state by state, the expected rounds, the curve."""
    from combatassist.retreat import RetreatOptions, run_battle
    rules = lowluck.make_rules(s)
    a = run_battle(rules, RetreatOptions(0, when_units, below), rules.attacker_units)
    b = grid.solve_grid(rules, below=below, withdraws=too_few(rules, when_units)
                        if when_units else None, **kwargs)
    assert_same_outcome(a, b, curve=kwargs.get("curve", True))


@pytest.mark.parametrize("s, below", BELOW)
def test_withdrawing_below_a_chance_answers_as_the_generic_solver(s, below):
    """Random Classic battles (AA guns), later-edition ones (two-hit units, bombardment, both
    dice): "withdraw when the chance falls below X", alone and with "with 2 units or fewer"."""
    s = _with_rounds(s, 0)
    assert_withdraws_below_as_the_generic_solver(s, below)
    assert_withdraws_below_as_the_generic_solver(s, below, when_units=2)


def test_withdrawing_below_a_chance_through_the_sweep(monkeypatch):
    """After one round the sweep takes over (withdrawal cells collect, their rows are solved
    with them, what reaches them is set aside), and the sweep alone without the curve."""
    monkeypatch.setattr(grid, "MAX_ROUNDS_THEN_SWEEP", 1)
    for s, below in BELOW[:8]:
        s = _with_rounds(s, 0)
        assert_withdraws_below_as_the_generic_solver(s, below)
        assert_withdraws_below_as_the_generic_solver(s, below, curve=False)


@pytest.mark.parametrize("name", ["AA guns left alone", "lone transports",
                                  "1940 tactical bombers and mech infantry"])
def test_withdrawing_below_a_chance_where_round_ends_fold(name):
    """Cells a round's end folds (a defender with only AA guns, lone transports) are worth
    where they fold to."""
    from .test_lowluck_later_plain_rounds_grid import CASES
    s = CASES[name]
    for below in (0.2, 0.6):
        assert_withdraws_below_as_the_generic_solver(_with_rounds(s, 0), below)


def test_withdrawing_at_the_start():
    """A chance below X from the start (or too few units): nothing is fought, all of it
    retreated, as the generic solver says."""
    s = LowLuckScenario(options=LowLuckOptions(dice="standard"),
                        attacker=LowLuckSide(units={"infantry": 3}),
                        defender=LowLuckSide(units={"infantry": 4, "armor": 2}))
    assert_withdraws_below_as_the_generic_solver(s, 0.5)
    out = grid.solve_grid(lowluck.make_rules(s), below=0.5)
    assert out.retreated == {lowluck.make_rules(s).initial_state(): 1.0}
    assert out.decided_by_round == [1.0] and out.expected_rounds == 0.0
    assert_withdraws_below_as_the_generic_solver(s, 0.01, when_units=3)


def test_a_rows_chances_are_the_cell_by_cell_recursion():
    """``grid_values._row`` (the row as a series for its first cells and a triangular
    system for the rest, its withdrawals found by repeating) against the recursion it
    replaces — each cell from the cells after it, the rule applied at once —, on random rows
    with forced withdrawals, folded cells and stalemates."""
    import numpy as np
    from combatassist.rulesets.lowluck import grid_values
    rng = np.random.default_rng(7)
    for trial in range(200):
        K, nd = int(rng.integers(1, 4)), int(rng.integers(1, 9))
        moves = np.triu(rng.random((K, nd, nd + 1)))
        moves /= moves.sum(axis=2, keepdims=True)
        miss = rng.random(nd) * rng.choice([1e-3, 0.3, 1.0])
        if trial % 5 == 1:          # as a shrinking defender's: a series first, then a solve
            nd = int(rng.integers(8, 30))
            moves = np.triu(rng.random((K, nd, nd + 1)))
            moves /= moves.sum(axis=2, keepdims=True)
            miss = np.geomspace(1e-6, 0.9, nd)
        if trial % 7 == 0:                             # a stalemate: nothing moves
            moves[0, 0] = 0.0
            moves[0, 0, 0], miss[0] = 1.0, 1.0
        down = rng.random((K, nd)) * (1 - miss)[None, :] * 0.8
        forced = rng.random((K, nd)) < 0.15
        fixed = rng.random((K, nd)) < 0.1 if trial % 3 == 0 else None
        fixed_value = rng.choice([0.0, 1.0], size=(K, nd))
        below = float(rng.choice([0.05, 0.3, 0.6]))
        on, value = grid_values._row(moves, miss, down, below, forced, fixed, fixed_value)
        want_on, want = np.zeros((K, nd)), np.zeros((K, nd))
        for k in range(K):
            for j in range(nd - 1, -1, -1):
                if fixed is not None and fixed[k, j]:
                    want[k, j] = fixed_value[k, j]
                    continue
                stay = miss[j] * moves[k, j, j]
                if stay >= 1.0 - 1e-15:
                    continue                               # a stalemate is worth 0
                same = miss[j] * (moves[k, j, j + 1:nd] @ want[k, j + 1:] + moves[k, j, nd])
                want_on[k, j] = (down[k, j] + same) / (1.0 - stay)
                withdraw = forced[k, j] or want_on[k, j] < below
                want[k, j] = 0.0 if withdraw else want_on[k, j]
        free = np.ones((K, nd), dtype=bool) if fixed is None else ~fixed
        assert on[free] == pytest.approx(want_on[free], abs=1e-14)
        assert value == pytest.approx(want, abs=1e-14)


def test_valuing_the_positions_can_be_cancelled():
    """Valuing every position first (``retreat_below``) polls ``cancel`` too, on land and
    at sea: a player's edit stops it."""
    from combatassist.rulesets.lowluck import first_strike_grid as seagrid
    from combatassist.solver import Cancelled
    land = LowLuckScenario(options=LowLuckOptions(dice="standard"),
                           attacker=LowLuckSide(units={"infantry": 8, "armor": 4}),
                           defender=LowLuckSide(units={"infantry": 10}))
    sea = LowLuckScenario(options=LowLuckOptions(dice="standard", battle="sea"),
                          attacker=LowLuckSide(units={"submarine": 4, "battleship": 2}),
                          defender=LowLuckSide(units={"carrier": 2, "fighter": 3}))
    for s, solve in ((land, grid.solve_grid), (sea, seagrid.solve_sea)):
        asked = []

        def cancel():
            asked.append(1)
            return len(asked) > 2            # past the first rows of the values

        with pytest.raises(Cancelled):
            solve(lowluck.make_rules(s), below=0.3, cancel=cancel)
        assert len(asked) == 3
