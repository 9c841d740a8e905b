"""A plan's fleets with submarines valued backwards on one lattice (lowluck/sea_values.py):
the lattice's cells are each force's own cells (the casualty policy's moves, flags and hit
tables), and the values at each force's start are what the sea grid's forward solve of
that force gives, on random 1942 / 1940 fleets."""
from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import batch, planner, sea_values
from combatassist.rulesets.lowluck import surprise_strike_grid as grid
from combatassist.rulesets.lowluck.later_phases import AIR_ONLY, ANY, SUB
from combatassist.solver import Cancelled, solve

from .test_lowluck_surprise_strike_grid import _battles


def _fleets(count: int, seed: int, k: int, dice: str = "standard") -> list:
    """Random fleets whose side k makes a lattice of at most ~2,000 cells."""
    out = []
    for s in _battles(4 * count, seed=seed, most=3, rounds=(0,), dice=dice):
        rules = lowluck.make_rules(s)
        if sea_values.applicable(rules, k) and sea_values.lattice_cells(rules, k) <= 2000:
            out.append(s)
    return out[:count]


def _forces(rules, k: int, most: int = 12) -> list:
    """Up to ``most`` of side k's compositions (every count from 0 to the side's), as
    variants of ``rules``: its forces, undecided at the start."""
    side = rules.side(k)
    every = [c for c in itertools.product(*[range(n + 1) for n in side.counts0]) if any(c)]
    picked = random.Random(len(every)).sample(every, min(most, len(every)))
    variants = batch.variants(rules, "attacker" if k == 0 else "defender", picked)
    return [v for v in variants if v.verdict(v.initial_state()) is None]


CASES = ([(k, s) for k in (0, 1) for s in _fleets(6, seed=70 + k, k=k)]
         + [(k, s) for k in (0, 1) for s in _fleets(5, seed=170 + k, k=k, dice="lowluck")])


@pytest.mark.parametrize("k,s", CASES, ids=[f"side{k}-{i}" for i, (k, _) in enumerate(CASES)])
def test_the_lattice_has_each_forces_cells(k, s):
    """Each cell of a force's own fleet (``_Fleet``) is the lattice's cell of its
    composition, with the same flags, moves (every category, every number of hits) and
    hit tables."""
    rules = lowluck.make_rules(s)
    lattice = sea_values.Lattice(rules, k)
    assert len(set(lattice.comps)) == lattice.C
    for force in _forces(rules, k, most=5):
        fleet = grid._Fleet(force, k)
        at = np.array([lattice.index[c] for c in fleet.comps])
        for name in ("dest", "subs", "fires", "wiped", "alone"):
            assert (getattr(lattice, name)[at] == getattr(fleet, name)).all(), name
        alone = np.flatnonzero(fleet.alone)
        assert (lattice.alone_to[at[alone]] == at[fleet.alone_to[alone]]).all()
        for cat in (SUB, AIR_ONLY, ANY):
            hits = fleet.moves[cat].shape[1]
            assert (lattice.moves[cat][at, :hits] == at[fleet.moves[cat]]).all(), cat
        if not rules.dice.independent:
            assert (lattice.air[at] == fleet.air).all()
            for cat in (SUB, AIR_ONLY, ANY):
                assert (lattice.power[cat][at] == fleet.power[cat]).all(), cat
        for table in ("strike", "sub", "air_only", "any"):
            mine, theirs = getattr(lattice, table), getattr(fleet, table)
            width = max(mine.width, theirs.width)
            dense = [np.zeros((fleet.C, width)) for _ in range(2)]
            for out, t, rows in ((dense[0], mine, at), (dense[1], theirs, np.arange(fleet.C))):
                e, h, p = t.entries(rows)
                out[e, h] = p
            np.testing.assert_allclose(dense[0], dense[1], rtol=0, atol=1e-15)


def _ends(att: np.ndarray, dfn: np.ndarray, stalemate: bool) -> np.ndarray:
    """(the attacker's alone, a stalemate, the attacker's units left, the defender's)."""
    a_on, d_on = att.sum(axis=1) > 0, dfn.sum(axis=1) > 0
    return np.column_stack([a_on & ~d_on & (not stalemate), np.full(len(att), stalemate),
                            att.sum(axis=1), dfn.sum(axis=1)]).astype(float)


def _forward(force) -> np.ndarray:
    """``_ends``'s means from the sea grid's forward solve of ``force`` (with low luck, the
    general solver's: the table's for single low-luck battles)."""
    out = (grid.solve(force, curve=False) if force.dice.independent
           else solve(force, curve=False))
    total = np.zeros(4)
    for bucket, stalemate in ((out.decided, False), (out.stalemates, True)):
        for (att, dfn, _), p in bucket.items():
            total += p * _ends(np.array([att]), np.array([dfn]), stalemate)[0]
    return total


@pytest.mark.parametrize("k,s", CASES, ids=[f"side{k}-{i}" for i, (k, _) in enumerate(CASES)])
def test_each_forces_values_are_its_solve(k, s):
    rules = lowluck.make_rules(s)
    values = sea_values.ForceValues(rules, k)
    found = values.values(_ends, 4)
    for force in _forces(rules, k):
        att, dfn = (np.array([force.side(x).counts0]) for x in (0, 1))
        mine = found[values.starts(att, dfn)][0]
        np.testing.assert_allclose(mine, _forward(force), rtol=0, atol=1e-12)


@pytest.mark.parametrize("k,s", CASES[::3], ids=[f"side{k}-{i}" for i, (k, _) in
                                                 enumerate(CASES[::3])])
def test_small_chunks_value_the_same(k, s, monkeypatch):
    """Chunks of whole rounds halved when their entries are too many (and down to one
    position) value every position as whole levels at once."""
    rules = lowluck.make_rules(s)
    whole = sea_values.ForceValues(rules, k).values(_ends, 4)
    monkeypatch.setattr(sea_values, "CHUNK_ENTRIES", 7)
    monkeypatch.setattr(sea_values, "CHUNK_POSITIONS", 5)
    np.testing.assert_allclose(sea_values.ForceValues(rules, k).values(_ends, 4), whole,
                               rtol=0, atol=1e-15)


@pytest.mark.parametrize("seed,dice", [(seed, dice) for dice in ("standard", "lowluck")
                                       for seed in range(4)])
def test_the_estimate_bounds_the_entries(seed, dice, monkeypatch):
    """``ForceValues.entries`` bounds the entries valuing the lattice makes (its strikes
    and its mid-round positions' pairs of next cells), both dice: quickly from its fullest
    position's round, or (past ``SAMPLE_ABOVE``) from the rounds of its live positions, all
    of them (within 2.5x of what is made: neither below it nor far past it) or a sample
    (``SAMPLE_POSITIONS``: within 0.5-3x)."""
    made = []
    rounds = sea_values._rounds

    def counted(battle, pos, most=float("inf")):
        out = rounds(battle, pos, most)
        if out is not None:
            made.append(len(out[0][0]) + len(out[2][0]))
        return out

    for s in _fleets(5, seed=90 + seed, k=0, dice=dice):
        values = sea_values.ForceValues(lowluck.make_rules(s), 0)
        estimate = values.entries
        with monkeypatch.context() as m:
            m.setattr(sea_values, "SAMPLE_ABOVE", 0)        # (sampled, however small)
            sampled = sea_values.ForceValues(lowluck.make_rules(s), 0).entries
        with monkeypatch.context() as m:
            m.setattr(sea_values, "SAMPLE_ABOVE", 0)
            m.setattr(sea_values, "SAMPLE_POSITIONS", 50)   # (a sample of the positions)
            fewer = sea_values.ForceValues(lowluck.make_rules(s), 0).entries
        made.clear()
        monkeypatch.setattr(sea_values, "_rounds", counted)
        values.values(_ends, 4)
        monkeypatch.setattr(sea_values, "_rounds", rounds)
        assert 0 < sum(made) <= sampled <= estimate
        assert sampled <= 2.5 * sum(made)
        assert 0.5 * sum(made) <= fewer <= 3 * sum(made)


def test_cancel_stops_the_valuation():
    rules = lowluck.make_rules(CASES[0][1])
    with pytest.raises(Cancelled):
        sea_values.ForceValues(rules, 0).values(_ends, 4, cancel=lambda: True)


def test_a_lattice_past_its_limits_leaves_the_forces_one_by_one(monkeypatch):
    """Too many compositions, or a valuation past the plan's bound (its work, its memory):
    no lattice, each force solved on its own — the same plan."""
    from .test_lowluck_planner import CASES as PLANS, _scenario
    s = _scenario(PLANS["1942 fleet with submarines, transports, a damaged battleship "
                        "(on the lattice)"])
    on_it = planner.plan(s)
    assert planner._Question(s, s.plan)._lattice is not None
    for name, value in (("MAX_LATTICE_CELLS", 10), ("PLAN_SEA_ENTRY_WORK", 1e12),
                        ("PLAN_SEA_POSITION_BYTES", 1e12)):
        with monkeypatch.context() as m:
            target = sea_values if name == "MAX_LATTICE_CELLS" else planner.limits
            m.setattr(target, name, value)
            assert planner._Question(s, s.plan)._lattice is None
            alone = planner.plan(s)
        assert alone.best.force == on_it.best.force
        assert alone.best.attacker_wins == pytest.approx(on_it.best.attacker_wins, abs=1e-12)
        assert [c.force for c in alone.alternatives] == [c.force for c in on_it.alternatives]


def test_a_lattice_past_the_room_the_plan_leaves_is_a_search(monkeypatch):
    """A lattice within the bound alone but not with the plan's other battles (the "+1"
    forces, the forces shown): the forces are searched one by one, and the plan says so."""
    from .test_lowluck_planner import CASES as PLANS, _scenario
    s = _scenario(PLANS["1942 fleet with submarines, transports, a damaged battleship "
                        "(on the lattice)"])
    entries = planner._Question(s, s.plan)._lattice.entries
    monkeypatch.setattr(planner.limits, "PLAN_SEA_ENTRY_WORK",
                        0.9999 * planner.limits.MAX_PLAN_WORK / entries)
    assert planner._Question(s, s.plan)._lattice is not None
    valued = []
    monkeypatch.setattr(sea_values.ForceValues, "values",
                        lambda *a, **k: valued.append(1) or pytest.fail("valued"))
    answer = planner.plan(s)
    assert not answer.exhaustive and not valued


def test_the_valuation_tells_its_progress():
    """The share of the positions valued, after each level: rising to 1; a plan turns it
    into forces (``progress(done, of)``), rising, below the forces until they are ranked."""
    from .test_lowluck_planner import CASES as PLANS, _scenario
    rules = lowluck.make_rules(CASES[0][1])
    shares: list[float] = []
    sea_values.values(sea_values.ForceValues(rules, 0).battle, lambda flat, st: np.zeros(
        (len(flat), 1)), 1, progress=shares.append)
    assert len(shares) > 2 and shares == sorted(shares) and shares[-1] == 1.0
    s = _scenario(PLANS["1942 fleet with submarines, transports, a damaged battleship "
                        "(on the lattice)"])
    told: list[tuple[int, int]] = []
    answer = planner.plan(s, progress=lambda done, of: told.append((done, of)))
    assert answer.exhaustive
    of = told[-1][1]
    assert len(told) > 3 and all(o == of for _, o in told) and told[-1][0] == of
    assert [d for d, _ in told] == sorted(d for d, _ in told)


def _leave(att: np.ndarray, dfn: np.ndarray) -> np.ndarray:
    """``_ends`` of a withdrawal: not won, no stalemate, each side's units left."""
    return np.column_stack([np.zeros(len(att)), np.zeros(len(att)), att.sum(axis=1),
                            dfn.sum(axis=1)]).astype(float)


def _priced(force) -> tuple:
    """(``_ends`` and ``_leave`` with the units priced, the worth): the columns' IPC left
    as the policy's swing counts it (the edition's costs)."""
    costs = [np.array([s.unit.cost for s in force.side(k).slots], dtype=float)
             for k in (0, 1)]

    def priced(values):
        def made(att, dfn, *rest):
            out = values(att, dfn, *rest)
            out[:, 2], out[:, 3] = att @ costs[0], dfn @ costs[1]
            return out
        return made
    return priced(_ends), priced(_leave), np.array([0.0, 0.0, 1.0, -1.0])


def _under_the_policy(k: int, s, few: int = 0) -> float:
    """Each force's values with the attacker's optimal retreat (``Retreat``) against its
    battle under its own best "profit" policy (``retreat_policy.best_policy``: the general
    solver's positions valued backwards, then solved forwards under the policy): the chance
    to win and each side's IPC left, to 1e-9; ``few``: withdrawing with that many fighting
    units or fewer, whatever the policy says. How far the policy moved them (from the
    values without it), at most."""
    from combatassist.retreat_policy import best_policy
    rules = lowluck.make_rules(s)
    ends, leave, worth = _priced(rules)
    lattice = sea_values.ForceValues(rules, k)
    fights = np.array([bool(x.fights) for x in rules.att.slots])
    values = lattice.values(ends, 4, leave=leave, worth=worth, forced=(
        None if not few else lambda att, dfn: att[:, fights].sum(axis=1) <= few))
    plain = sea_values.ForceValues(rules, k).values(ends, 4)
    moved = 0.0
    for force in _forces(rules, k, most=6):
        att, dfn = (np.array([force.side(x).counts0]) for x in (0, 1))
        at = lattice.starts(att, dfn)
        mine = values[at][0]
        out = best_policy(force, "profit", forced=None if not few else (
            lambda state, force=force: force.attacker_units(state) <= few)).outcome
        expected = np.zeros(4)
        for bucket, stalemate in ((out.decided, False), (out.stalemates, True)):
            for (a, d, _), p in bucket.items():
                expected += p * ends(np.array([a]), np.array([d]), stalemate)[0]
        for (a, d, _), p in out.retreated.items():
            expected += p * leave(np.array([a]), np.array([d]))[0]
        np.testing.assert_allclose(mine[[0, 2, 3]], expected[[0, 2, 3]], rtol=0, atol=1e-9)
        moved = max(moved, float(np.abs(mine - plain[at][0]).max()))
    return moved


POLICY_CASES = CASES[::2]


@pytest.mark.parametrize("k,s", POLICY_CASES, ids=[f"side{k}-{i}" for i, (k, _) in
                                                   enumerate(POLICY_CASES)])
def test_each_forces_values_under_the_profit_policy_are_its_own(k, s):
    _under_the_policy(k, s)
    _under_the_policy(k, s, few=1)


def test_the_policy_moves_the_values():
    """(The check above could fail: on most of its fleets the policy withdraws somewhere.)"""
    moved = [_under_the_policy(k, s) for k, s in POLICY_CASES]
    assert sum(m > 1e-6 for m in moved) >= len(moved) // 2, moved
