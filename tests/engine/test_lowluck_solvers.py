"""The Low Luck solver table (``lowluck.solvers``): each solver, on random questions of the
battles it names (from the start, with retreat rules, from table positions), answers what the
general solver answers state by state; the table picks the first that applies, and the
general solver where none does."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import solvers
from combatassist.battle import phase_exact
from combatassist.solver import solve
from combatassist.table.odds import _rules_odds

from .test_lowluck_first_strike_grid import _battles as classic_fleets
from .test_lowluck_later_plain_rounds_grid import later_battles
from .test_lowluck_plain_rounds_grid import _battles as classic_battles, assert_same_outcome
from .test_lowluck_surprise_strike_grid import _battles as later_fleets

NAMES = {type(s).__name__: s for s in solvers.SOLVERS}


def _kinds():
    """(the solver expected, battles of its kind), a few of each."""
    return [("PlainRoundsGrid", classic_battles(4, seed=11, most=3, dice="standard")),
            ("PlainRoundsGrid", later_battles(4, seed=12, most=3)),
            ("PlainRoundsGrid", later_battles(3, seed=13, most=3, edition="1942se",
                                              dice="lowluck",
                                              keep=lambda s: s.options.battle == "land")),
            ("FirstStrikeGrid", classic_fleets(4, seed=14, most=2)),
            ("SurpriseStrikeGrid", later_fleets(4, seed=15, most=2))]


CASES = [(name, s) for name, battles in _kinds() for s in battles]


@pytest.mark.parametrize("name,s", CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_each_solver_answers_as_the_general_solver_from_the_start(name, s):
    rules = lowluck.make_rules(s)
    for max_rounds in (0, 2):
        question = solvers.Question(max_rounds=max_rounds)
        solver = solvers.pick(rules, question)
        # low luck from the start: cell by cell (two hit counts a side)
        assert solver is NAMES["LowLuckCells" if not rules.dice.independent else name]
        assert_same_outcome(solve(rules, max_rounds=max_rounds),
                            solver.solve(rules, question), curve=True, tol=1e-12)


@pytest.mark.parametrize("name,s", CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_each_solver_answers_retreat_rules_as_the_general_solver(name, s, monkeypatch):
    """"Withdraw with N units or fewer" and "below X" through exact odds (``outcome_of``),
    with the table and with the general solver alone (``run_battle``'s retreat rules)."""
    rules = lowluck.make_rules(s)
    few = max(1, rules.attacker_units(rules.initial_state()) // 2)
    for options in (replace(s.options, max_rounds=0, retreat_when_units=few),
                    replace(s.options, max_rounds=0, retreat_below=0.4)):
        question = solvers.Question(
            below=options.retreat_below,
            withdraws=(lambda state: rules.attacker_units(state) <= few)
            if options.retreat_when_units else None)
        solver = solvers.pick(rules, question)
        assert solver in (None, NAMES[name])
        if solver is None:                   # amphibious: the landed units stay
            assert rules.withdraw(rules.initial_state()) is not None
        mine = lowluck.outcome_of(rules, options)
        with monkeypatch.context() as m:
            m.setattr(solvers, "SOLVERS", ())
            general = lowluck.outcome_of(rules, options)
        assert_same_outcome(general, mine, curve=False, tol=1e-11)


@pytest.mark.parametrize("name,s", CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_table_positions_are_answered_as_the_general_solver(name, s):
    """Positions after round 1 (a few drawn from its exact outcome, ``round_dist``), and
    round 1's before each of its phases (drawn from the phases before it, played exactly): the table's odds from there (the first solver that
    applies, or the rules' own) equal the general solver's; where a solver is picked it is
    the one of the battle's kind."""
    from combatassist.table.odds import odds_from
    rules = lowluck.make_rules(s)
    start = rules.initial_state()
    after = sorted(rules.round_dist(start).items(), key=lambda kv: -kv[1])
    rng = random.Random(len(CASES))
    positions = [(state, rules.phases(state)) for state, _ in rng.sample(after, min(3, len(after)))]
    current = {start: 1.0}                       # round 1 phase by phase, as played
    round_1 = rules.phases(start)
    for band, phase in enumerate(round_1):
        positions += [(state, round_1[band:]) for state in rng.sample(sorted(current), 1)]
        current = phase_exact(phase, current)
    picked = 0
    for state, remaining in positions:
        if rules.verdict(state) is not None:
            continue
        band = len(rules.phases(state)) - len(remaining)
        solver = solvers.pick(rules, solvers.Question(start=state, band=band))
        assert solver in (None, NAMES[name])
        picked += solver is not None
        mine = odds_from(rules, state, ruleset="lowluck", remaining=remaining)
        general = _rules_odds(rules, state, ruleset="lowluck", cancel=None, max_rounds=0,
                              remaining=remaining)
        assert mine.attacker_wins == pytest.approx(general.attacker_wins, abs=1e-10)
        assert mine.defender_wins == pytest.approx(general.defender_wins, abs=1e-10)
        assert mine.figures.attacker_ipc_lost == pytest.approx(
            general.figures.attacker_ipc_lost, abs=1e-8)
    assert picked or not rules.dice.independent      # (low luck's table: the rules' own)


def test_low_luck_battles_without_submarines_are_solved_cell_by_cell():
    """Low luck's two-point rounds from the start: cell by cell, land or sea, Classic too;
    with submarines the general solver."""
    sea = lowluck.LowLuckScenario(
        options=lowluck.LowLuckOptions(dice="lowluck", battle="sea"),
        attacker=lowluck.LowLuckSide(units={"destroyer": 2}),
        defender=lowluck.LowLuckSide(units={"destroyer": 2}),
        edition=lowluck.shipped("1942se"))
    assert solvers.describe(lowluck.make_rules(sea)) == "low luck cells"
    land = replace(sea, options=replace(sea.options, battle="land"),
                   attacker=lowluck.LowLuckSide(units={"infantry": 2}),
                   defender=lowluck.LowLuckSide(units={"infantry": 2}))
    assert solvers.describe(lowluck.make_rules(land)) == "low luck cells"
    classic = replace(land, edition=lowluck.shipped("classic"))
    assert solvers.describe(lowluck.make_rules(classic)) == "low luck cells"
    classic_sea = replace(classic, options=replace(classic.options, battle="sea"),
                          attacker=lowluck.LowLuckSide(units={"battleship": 2}),
                          defender=lowluck.LowLuckSide(units={"battleship": 2}))
    assert solvers.describe(lowluck.make_rules(classic_sea)) == "low luck cells"
    subs = replace(sea, attacker=lowluck.LowLuckSide(units={"submarine": 2}))
    assert solvers.describe(lowluck.make_rules(subs)) == "general solver"


def test_retreat_below_with_a_round_limit_goes_to_the_general_solver():
    s = classic_battles(1, seed=21, most=3, dice="standard")[0]
    rules = lowluck.make_rules(s)
    assert solvers.pick(rules, solvers.Question(below=0.5)) is not None
    assert solvers.pick(rules, solvers.Question(below=0.5, max_rounds=3)) is None


@pytest.mark.parametrize("name,s", CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_without_the_curve_each_solver_answers_the_same(name, s):
    """``curve`` False (a planner's forces: swept, not round by round, where that saves
    work) changes nothing but the curve, one battle at a time and through ``solve_batch``
    (the battles it doesn't batch are solved one by one, without the curve too)."""
    rules = lowluck.make_rules(s)
    question = solvers.Question()
    solver = solvers.pick(rules, question)
    with_curve = solver.solve(rules, question)
    assert_same_outcome(with_curve, solver.solve(rules, question, curve=False), curve=False,
                        tol=1e-12)
    (batched,) = solvers.solve_batch([rules], question, curve=False)
    assert_same_outcome(with_curve, batched, curve=False, tol=1e-12)
    if name == "SurpriseStrikeGrid":                     # solved one by one: swept
        assert not batched.decided_by_round and with_curve.decided_by_round
