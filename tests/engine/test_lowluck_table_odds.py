"""The table's odds for Low Luck battles with ordinary dice (``LowLuck.table_odds``): from the
position after every step, on the grid, equal to the rules' own answer (the rest of the round
exactly, then the generic solver) — the odds, losses, curve and figures."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import (LowLuckOptions, LowLuckScenario, LowLuckSide,
                                          solvers)
from combatassist.rulesets.lowluck import first_strike_grid as seagrid
from combatassist.rulesets.lowluck import plain_rounds_grid as grid
from combatassist.rulesets.lowluck import surprise_strike_grid as later_seagrid
from combatassist.table import TableBattle
from combatassist.table.odds import _rules_odds

from .test_lowluck_plain_rounds_grid import _battles
from .test_lowluck_later_plain_rounds_grid import later_battles
from .test_lowluck_surprise_strike_grid import _battles as later_fleets
from .test_lowluck_first_strike_grid import _battles as classic_fleets


def _to_the_end(s: LowLuckScenario) -> LowLuckScenario:
    return LowLuckScenario(options=replace(s.options, max_rounds=0), attacker=s.attacker,
                           defender=s.defender, edition=s.edition)


def _generic(battle: TableBattle):
    """What ``table.odds_from`` answers without the ruleset (the rules' own solve)."""
    if battle.dice_entered():
        return _rules_odds(battle.rules, battle.state, ruleset="lowluck", cancel=None,
                           max_rounds=0, remaining=battle.remaining_phases())
    return _rules_odds(battle.rules, battle.round_start_state, ruleset="lowluck", cancel=None,
                       max_rounds=0, remaining=None)


def assert_same_result(a, b) -> None:
    for name in ("attacker_wins", "defender_wins", "draw", "undecided", "expected_rounds"):
        assert getattr(a, name) == pytest.approx(getattr(b, name), abs=1e-11), name
    la = {(x, y): p for x, y, p in a.losses}
    lb = {(x, y): p for x, y, p in b.losses}
    for key in set(la) | set(lb):
        assert la.get(key, 0.0) == pytest.approx(lb.get(key, 0.0), abs=1e-11), key
    n = min(len(a.decided_by_round), len(b.decided_by_round))
    assert a.decided_by_round[:n] == pytest.approx(b.decided_by_round[:n], abs=1e-9)
    assert a.figures.expected_ipc_swing == pytest.approx(b.figures.expected_ipc_swing,
                                                         abs=1e-9)
    if a.figures.takes_territory is not None:
        assert a.figures.takes_territory == pytest.approx(b.figures.takes_territory, abs=1e-11)


BATTLES = [_to_the_end(s) for s in _battles(10, seed=81, most=5, dice="standard")
           + later_battles(10, seed=82, most=4)]


FLEETS = later_fleets(10, seed=83, most=3, rounds=(0,)) + [
    _to_the_end(s) for s in classic_fleets(8, seed=84, most=3)]


@pytest.mark.parametrize("s", BATTLES + FLEETS)
def test_the_tables_odds_after_every_step_are_the_rules_own(s, monkeypatch):
    """Random Classic battles (AA fire: odds between it and the fire too), later-edition
    ones (bombardment in round 1 only, two-hit units), later-edition fleets (submarines:
    odds after their surprise strike too) and Classic fleets (the submarines' first strike),
    played with random dice: after every step the grids' odds equal the generic answer."""
    used = []
    for module, name in ((grid, "solve_grid"), (later_seagrid, "solve"),
                         (seagrid, "solve_sea")):
        solver = getattr(module, name)

        def spy(*args, _solver=solver, **kwargs):
            used.append(kwargs.get("start") is not None)
            return _solver(*args, **kwargs)

        monkeypatch.setattr(module, name, spy)
    rng = random.Random(len(str(s)))
    battle = TableBattle(lowluck.make_rules(s), ruleset="lowluck")
    steps = 0
    while not battle.is_over() and steps < 6:
        assert_same_result(battle.odds_from_here(), _generic(battle))
        phase = battle.current_phase()
        battle.enter(tuple(rng.randint(1, die.sides) for die in phase.dice(battle.state)))
        steps += 1
    assert used and all(used)


def test_a_fleets_odds_after_its_surprise_strike(monkeypatch):
    """Mid-round at sea, after the submarines' surprise strike (before the general combat):
    ``later_seagrid`` starts from the general combat, as the generic answer does."""
    ed = lowluck.shipped("1942se")
    s = LowLuckScenario(options=LowLuckOptions(dice="standard", battle="sea"), edition=ed,
                        attacker=LowLuckSide(units={"submarine": 3, "cruiser": 1,
                                                    "fighter": 1}),
                        defender=LowLuckSide(units={"cruiser": 1, "carrier": 1,
                                                    "fighter": 2, "transport": 1}))
    calls = []
    solve = later_seagrid.solve

    def spy(*args, **kwargs):
        calls.append(kwargs.get("mid_round"))
        return solve(*args, **kwargs)

    monkeypatch.setattr(later_seagrid, "solve", spy)
    battle = TableBattle(lowluck.make_rules(s), ruleset="lowluck")
    rng = random.Random(4)
    for _ in range(8):
        if battle.is_over():
            break
        assert_same_result(battle.odds_from_here(), _generic(battle))
        phase = battle.current_phase()
        battle.enter(tuple(rng.randint(1, die.sides) for die in phase.dice(battle.state)))
    assert True in calls and False in calls


def test_a_battle_the_generic_solver_refused_gets_odds_at_the_table():
    """53 v 47 with an AA gun: the generic solver refused it (over its work limit); the grid
    answers, as the odds view does."""
    s = LowLuckScenario(options=LowLuckOptions(dice="standard", aa_gun=True),
                        attacker=LowLuckSide(units={"infantry": 25, "armor": 18, "fighter": 7,
                                                    "bomber": 3}),
                        defender=LowLuckSide(units={"infantry": 30, "armor": 10, "fighter": 7}))
    battle = TableBattle(lowluck.make_rules(s), ruleset="lowluck")
    table = battle.odds_from_here()
    odds = lowluck.compute(s)
    assert table.attacker_wins == pytest.approx(odds.attacker_wins, abs=1e-12)
    assert table.expected_rounds == pytest.approx(odds.expected_rounds, abs=1e-12)


def test_low_luck_keeps_the_rules_own_odds(monkeypatch):
    """Low luck (the generic solver is fast there): ``table_odds`` hands it to the rules'
    own answer."""
    calls = []
    monkeypatch.setattr(grid, "solve_grid", lambda *a, **k: calls.append(1))
    low = LowLuckScenario(attacker=LowLuckSide(units={"infantry": 3, "armor": 2}),
                          defender=LowLuckSide(units={"infantry": 4}))
    battle = TableBattle(lowluck.make_rules(low), ruleset="lowluck")
    assert_same_result(battle.odds_from_here(), _generic(battle))
    assert not calls


def test_a_position_off_the_sea_grid_gets_the_rules_own_odds():
    """Players who take other casualties than the order of loss leave the sea grid's cells:
    the rules' own answer then (no solver of the table applies there), the same odds."""
    s = LowLuckScenario(options=LowLuckOptions(dice="standard", battle="sea"),
                        attacker=LowLuckSide(units={"submarine": 2, "battleship": 1,
                                                    "fighter": 1}),
                        defender=LowLuckSide(units={"carrier": 1, "fighter": 2,
                                                    "transport": 1}))
    rules = lowluck.make_rules(s)
    a, d, _ = rules.initial_state()
    off = list(a)
    off[[slot.unit.id for slot in rules.att.slots].index("battleship")] = 0   # not cheapest
    state = (tuple(off), d, False)
    assert not seagrid.on_the_grid(rules, state)
    assert seagrid.on_the_grid(rules, rules.initial_state())
    assert solvers.pick(rules, solvers.Question(start=state)) is None
    from combatassist.table.odds import odds_from
    table = odds_from(rules, state, ruleset="lowluck")
    generic = _rules_odds(rules, state, ruleset="lowluck", cancel=None, max_rounds=0,
                          remaining=None)
    assert_same_result(table, generic)
