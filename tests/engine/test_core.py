"""The shared engine core: distributions, the solver, the simulator, the Qt boundary."""
from __future__ import annotations

import subprocess
import sys

import pytest

from combatassist.battle import BattleRules, FixedDice, Phase, DieSpec, play_round
from combatassist.distribution import Dist, sum_of
from combatassist.errors import EngineError
from combatassist.solver import simulate, solve


def test_die_and_sum():
    two = Dist.die(6) + Dist.die(6)
    assert two.prob(7) == pytest.approx(6 / 36)
    assert two.total() == pytest.approx(1.0)
    assert sum_of([Dist.die(4)] * 3).mean() == pytest.approx(7.5)
    assert Dist.binomial(5, 0.5).prob(2) == pytest.approx(10 / 32)


class Duel(Phase):
    """Each side has n hit points and rolls one d6 per round; hits on <= its value."""
    name = "duel"

    def __init__(self, values):
        self.values = values

    def dice(self, state):
        return tuple(DieSpec(side, 6) for side in ("attacker", "defender"))

    def resolve(self, state, rolled):
        return (int(rolled[0] <= self.values[0]), int(rolled[1] <= self.values[1]))

    def apply(self, state, outcome, choice=None):
        a, d = state
        return (max(0, a - outcome[1]), max(0, d - outcome[0]))


class DuelRules(BattleRules):
    def __init__(self, a, d, values=(2, 3)):
        self.start = (a, d)
        self.phase = Duel(values)

    def initial_state(self):
        return self.start

    def phases(self, state):
        return [self.phase]

    def verdict(self, state):
        a, d = state
        if a and d:
            return None
        return "draw" if not (a or d) else ("attacker" if a else "defender")

    def losses(self, state):
        return (self.start[0] - state[0], self.start[1] - state[1])

    def progress(self, state):
        return (-(state[0] + state[1]),)


def brute_force_duel(a, d, pa, pd, depth=400):
    """Recursive closed form for the duel with self-loops removed algebraically."""
    from functools import lru_cache

    @lru_cache(None)
    def f(a, d):
        if not a or not d:
            return {"attacker": float(a > 0 and d == 0), "defender": float(d > 0 and a == 0),
                    "draw": float(a == 0 and d == 0)}
        stay = (1 - pa) * (1 - pd)
        out = {"attacker": 0.0, "defender": 0.0, "draw": 0.0}
        for hit_a, hit_d, p in ((1, 0, pa * (1 - pd)), (0, 1, (1 - pa) * pd), (1, 1, pa * pd)):
            sub = f(max(0, a - hit_d), max(0, d - hit_a))
            for k in out:
                out[k] += p * sub[k] / (1 - stay)
        return out

    return f(a, d)


@pytest.mark.parametrize("a,d", [(1, 1), (2, 3), (4, 2)])
def test_solver_matches_closed_form(a, d):
    rules = DuelRules(a, d)
    out = solve(rules)
    wins = {"attacker": 0.0, "defender": 0.0, "draw": 0.0}
    for s, p in out.decided.items():
        wins[rules.verdict(s)] += p
    expect = brute_force_duel(a, d, 2 / 6, 3 / 6)
    for k in wins:
        assert wins[k] == pytest.approx(expect[k], abs=1e-12)
    assert sum(wins.values()) + out.pruned == pytest.approx(1.0, abs=1e-12)
    assert out.pruned < 1e-9


def test_expected_rounds_single_duel():
    # one hit point each: a round is decisive with p = 1 - (4/6)(3/6) = 2/3 -> E = 1.5 rounds
    out = solve(DuelRules(1, 1))
    assert out.expected_rounds == pytest.approx(1.5)
    assert out.decided_by_round[0] == pytest.approx(2 / 3)
    assert out.decided_by_round[1] == pytest.approx(1 - (1 / 3) ** 2)


def _stepped_curve(rules, monkeypatch, **kwargs):
    """``solve``'s curve with every round stepped position by position."""
    from combatassist import solver
    with monkeypatch.context() as m:
        m.setattr(solver, "_curve_on_arrays", lambda *a, **k: None)
        return solve(rules, **kwargs)


def test_long_curves_on_arrays_step_as_positions(monkeypatch):
    """A long battle's curve goes on arrays once the rounds stepped one by one cost as much
    (``_curve_on_arrays``): the same curve as stepping every round, to rounding — the duel of
    one hit point each in closed form (1 - (1/3)^n), weak dice with several hit points, a
    low-luck fleet of 50 rounds; a solve pruned so coarsely that the curve meets positions
    whose rounds aren't known steps on (the same curve too)."""
    from combatassist import solver
    from combatassist.rulesets import lowluck
    from tests.engine.test_lowluck_editions import payload
    used: list = []
    real = solver._curve_on_arrays

    def on_arrays(*a, **k):
        used.append(real(*a, **k))
        return used[-1]

    monkeypatch.setattr(solver, "_curve_on_arrays", on_arrays)
    curve = solve(DuelRules(1, 1)).decided_by_round
    assert len(curve) == 19 and used
    assert curve == pytest.approx([1 - (1 / 3) ** n for n in range(1, 20)], abs=1e-15)
    fleet = payload("1942se", {"options": {"battle": "sea", "dice": "lowluck"},
                               "attacker": {"units": {"fighter": 1, "cruiser": 1,
                                                      "carrier": 1}},
                               "defender": {"units": {"submarine": 4, "fighter": 1,
                                                      "transport": 4}}})
    for rules, kwargs in ((DuelRules(4, 5, values=(1, 1)), {}),
                          (lowluck.make_rules(fleet), {}),
                          (DuelRules(8, 8, values=(1, 1)), {"prune_below": 1e-2})):
        del used[:]
        fast = solve(rules, **kwargs)
        slow = _stepped_curve(rules, monkeypatch, **kwargs)
        assert used[-1] is not None
        # pruned at 1e-2, the solve leaves positions the curve meets unknown: stepped on
        assert (None in used) == ("prune_below" in kwargs)
        assert len(fast.decided_by_round) == len(slow.decided_by_round) > 20
        assert fast.decided_by_round == pytest.approx(slow.decided_by_round, abs=1e-15)
        assert fast.states_explored == slow.states_explored


def test_max_rounds_leaves_undecided_mass():
    out = solve(DuelRules(3, 3), max_rounds=2)
    total = sum(out.decided.values()) + sum(out.undecided.values()) + out.pruned
    assert total == pytest.approx(1.0)
    assert sum(out.undecided.values()) > 0.5


def test_stalemate_detected():
    out = solve(DuelRules(2, 2, values=(0, 0)))
    assert out.stalemates == {(2, 2): 1.0}


def test_simulation_agrees_with_exact():
    rules = DuelRules(3, 3)
    exact = solve(rules)
    p_exact = sum(p for s, p in exact.decided.items() if rules.verdict(s) == "attacker")
    sim = simulate(rules, 20_000, seed=7)
    p_sim = sum(p for s, p in sim.decided.items() if rules.verdict(s) == "attacker")
    sigma = (p_exact * (1 - p_exact) / 20_000) ** 0.5
    assert abs(p_sim - p_exact) < 5 * sigma
    assert sim.expected_rounds == pytest.approx(exact.expected_rounds, rel=0.05)


def test_fixed_dice_play_the_same_rules():
    rules = DuelRules(2, 2)
    record = play_round(rules, (2, 2), FixedDice([(1, 6)]))
    assert record.state_after == (2, 1)
    with pytest.raises(EngineError, match="must show 1-6"):
        play_round(rules, (2, 2), FixedDice([(7, 1)]))


def test_engine_never_imports_qt():
    code = (
        "import importlib, pkgutil, sys, combatassist\n"
        "for m in pkgutil.walk_packages(combatassist.__path__, 'combatassist.'):\n"
        "    if not m.name.endswith('__main__'): importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'pyqtgraph')]\n"
        "print(bad); sys.exit(1 if bad else 0)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
