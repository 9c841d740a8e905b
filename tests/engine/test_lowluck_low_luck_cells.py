"""Low luck's battles cell by cell (``lowluck.low_luck_cells``): state by state the general
solver's answer (and the plain rounds grid's on battles too big for it), with AA fire, shore
bombardment, amphibious units, a side left alone, round limits and the sweep that finishes a
long battle; and the solver table sends every low-luck battle without submarines there from
its start, and only there."""
from __future__ import annotations

from dataclasses import replace

import pytest

from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import low_luck_cells as cells
from combatassist.rulesets.lowluck import plain_rounds_grid as grid
from combatassist.rulesets.lowluck import solvers
from combatassist.rulesets.lowluck.rules import LowLuckOptions, LowLuckScenario, LowLuckSide
from combatassist.solver import Cancelled, solve


def _land(edition, att, dfn, dice="lowluck", **options):
    return LowLuckScenario(options=LowLuckOptions(dice=dice, **options),
                           attacker=LowLuckSide(**att), defender=LowLuckSide(**dfn),
                           edition=lowluck.shipped(edition))

from .test_lowluck_later_plain_rounds_grid import CASES, _overlapping_support, later_battles
from .test_lowluck_plain_rounds_grid import (_battles as classic_battles, _same_states,
                                             assert_answers_as_the_generic_solver)


@pytest.mark.parametrize("s", later_battles(30, seed=51, most=5, dice="lowluck"))
def test_later_editions_answer_as_the_general_solver(s):
    """1942 and 1940: land and sea without submarines, AA guns, shore bombardment, amphibious
    units, damaged two-hit units, orders of loss, round limits."""
    assert cells.applicable(lowluck.make_rules(s))
    assert_answers_as_the_generic_solver(s, cells.solve)


@pytest.mark.parametrize("s", classic_battles(12, seed=52, most=4, dice="lowluck"))
def test_classic_answers_as_the_general_solver(s):
    assert_answers_as_the_generic_solver(s, cells.solve)


@pytest.mark.parametrize("s", [_overlapping_support(s) for s in later_battles(
    4, seed=54, most=4, edition="1942se", dice="lowluck",
    keep=lambda s: {"infantry", "armor"} <= set(s.attacker.units))])
def test_tables_the_rules_make_composition_by_composition(s):
    """Two support rules raising the same unit: no pooled powers (``chain_powers`` None),
    the rules' own tables, still the general solver's answer."""
    rules = lowluck.make_rules(s)
    assert rules.chain_powers("attacker", rules.chain("attacker", rules.initial_state()[0])) \
        is None
    assert_answers_as_the_generic_solver(s, cells.solve)


@pytest.mark.parametrize("name", ["AA guns left alone", "lone transports",
                                  "lone transports on both sides"])
def test_a_side_left_alone_is_folded_as_the_general_solver_does(name):
    s = CASES[name]
    s = replace(s, options=replace(s.options, dice="lowluck"))
    rules = lowluck.make_rules(s)
    out = cells.BattleOutcome()
    subs = cells._sub_battles(rules, rules.initial_state(), out, 0.0)
    assert any(sub.folds for sub in subs)             # the case reaches the folding
    assert_answers_as_the_generic_solver(s, cells.solve)


@pytest.mark.parametrize("attacker, defender", [
    ({"fighter": 1}, {"infantry": 1, "aa_gun": 1}),                 # AA may shoot all down
    ({"fighter": 2, "bomber": 1}, {"aa_gun": 2, "infantry": 1}),
    ({"armor": 1}, {"aa_gun": 1, "infantry": 1}),                   # the guns left alone
    ({"infantry": 1}, {"infantry": 1}),                             # weak dice, long tail
])
def test_edge_cases_answer_as_the_general_solver(attacker, defender):
    s = _land("1942se", {"units": attacker}, {"units": defender})
    assert cells.applicable(lowluck.make_rules(s))
    assert_answers_as_the_generic_solver(s, cells.solve)


@pytest.mark.parametrize("after", [1, 2, 5])
def test_the_sweep_finishes_a_battle_as_the_rounds_do(after, monkeypatch):
    """A battle still on after ``MAX_ROUNDS_THEN_SWEEP`` rounds is finished by the sweep
    (self-loops summed): the general solver's ends and expected rounds, its curve as far as
    the rounds went."""
    weak = [_land("1942se", {"units": {"infantry": 2}}, {"units": {"infantry": 1}}),
            _land("1942se", {"units": {"infantry": 3, "artillery": 1}},
                  {"units": {"infantry": 2, "aa_gun": 1}}),
            _land("classic", {"units": {"infantry": 1, "armor": 1}},
                  {"units": {"infantry": 1, "bomber": 1}})]
    for s in weak + later_battles(6, seed=53, most=4, dice="lowluck",
                                  keep=lambda s: not s.options.max_rounds):
        rules = lowluck.make_rules(s)
        general = solve(rules)
        monkeypatch.setattr(cells, "MAX_ROUNDS_THEN_SWEEP", after)
        swept = cells.solve(rules)
        monkeypatch.undo()
        for bucket in ("decided", "stalemates"):
            _same_states(getattr(general, bucket), getattr(swept, bucket), 1e-13)
        assert not swept.undecided
        assert swept.expected_rounds == pytest.approx(general.expected_rounds, abs=1e-12)
        assert len(swept.decided_by_round) <= after
        n = len(swept.decided_by_round)
        assert swept.decided_by_round == pytest.approx(general.decided_by_round[:n], abs=1e-9)


@pytest.mark.parametrize("attacker, defender", [
    ({"infantry": 12, "artillery": 6, "armor": 6, "fighter": 4, "bomber": 2},
     {"infantry": 16, "artillery": 4, "aa_gun": 2, "armor": 4, "fighter": 4}),
    ({"infantry": 45, "artillery": 25, "armor": 20, "fighter": 8, "bomber": 2},
     {"infantry": 60, "artillery": 15, "armor": 15, "fighter": 10}),
    ({"infantry": 2, "fighter": 1}, {"infantry": 9, "aa_gun": 1})])
def test_big_battles_answer_as_the_grid(attacker, defender):
    """Battles the general solver takes long on (bench_aacalc2's 1942 30 v 30 and 100 v 100):
    the grid's answer, state by state, with its curve and expected rounds."""
    s = _land("1942se", {"units": attacker}, {"units": defender})
    rules = lowluck.make_rules(s)
    mine, theirs = cells.solve(rules), grid.solve_grid(rules)
    for bucket in ("decided", "stalemates", "undecided"):
        _same_states(theirs.decided if bucket == "decided" else getattr(theirs, bucket),
                     getattr(mine, bucket), 1e-13)
    assert mine.expected_rounds == pytest.approx(theirs.expected_rounds, abs=1e-12)
    assert mine.decided_by_round == pytest.approx(theirs.decided_by_round, abs=1e-9)
    assert sum(mine.decided.values()) + mine.pruned == pytest.approx(1.0, abs=1e-13)


def test_a_round_limit_gives_a_point_per_round():
    """As the grid's rounds and the batch do: one point per round of the limit, however
    early the battle ends."""
    s = _land("1942se", {"units": {"armor": 6}}, {"units": {"infantry": 1}})
    out = cells.solve(lowluck.make_rules(s), max_rounds=4)
    assert out.decided_by_round == pytest.approx([1.0] * 4)


def test_cancel_stops_it():
    s = _land("1942se", {"units": {"infantry": 20, "artillery": 5}},
              {"units": {"infantry": 20, "aa_gun": 1}})
    with pytest.raises(Cancelled):
        cells.solve(lowluck.make_rules(s), cancel=lambda: True)


def test_the_table_sends_low_luck_from_the_start_here_and_only_there():
    """From the start without retreat rules: here (land and sea without submarines, every
    edition); with retreat rules the grid, at the table's positions the rules' own; ordinary
    dice and submarines never."""
    land = _land("1942se", {"units": {"infantry": 3, "armor": 2}}, {"units": {"infantry": 4}})
    rules = lowluck.make_rules(land)
    assert solvers.describe(rules) == "low luck cells"
    assert solvers.describe(rules, solvers.Question(max_rounds=2)) == "low luck cells"
    assert solvers.describe(rules, solvers.Question(below=0.3)) == "plain rounds grid"
    assert solvers.describe(rules, solvers.Question(
        withdraws=lambda state: rules.attacker_units(state) <= 1)) == "plain rounds grid"
    after = next(iter(rules.round_dist(rules.initial_state())))
    assert solvers.pick(rules, solvers.Question(start=after)) is None
    standard = lowluck.make_rules(_land("1942se", {"units": {"infantry": 3}},
                                        {"units": {"infantry": 4}}, dice="standard"))
    assert solvers.describe(standard) == "plain rounds grid"
    sea = _land("1942se", {"units": {"destroyer": 2, "cruiser": 1}},
                {"units": {"destroyer": 2}}, battle="sea")
    assert solvers.describe(lowluck.make_rules(sea)) == "low luck cells"
    subs = _land("1942se", {"units": {"submarine": 2, "destroyer": 1}},
                 {"units": {"destroyer": 1, "fighter": 1}}, battle="sea")
    assert solvers.describe(lowluck.make_rules(subs)) == "general solver"


@pytest.mark.parametrize("units, edition, battle", [
    (10, "1942se", "land"), (60, "1942se", "land"), (140, "1942se", "land"),
    (10, "1942se", "sea"), (10, "classic", "land")])
def test_low_luck_battles_go_cell_by_cell(units, edition, battle, monkeypatch):
    """Every edition's low-luck battle without submarines, land or sea, is solved cell by
    cell (``low_luck_cells``: faster than the grid and the generic solver, measured) — the
    generic solver's answer."""
    kinds = ("infantry", "armor") if battle == "land" else ("destroyer", "cruiser")
    s = LowLuckScenario(options=LowLuckOptions(dice="lowluck", battle=battle),
                        attacker=LowLuckSide(units={kinds[0]: units, kinds[1]: 1}),
                        defender=LowLuckSide(units={kinds[0]: units}),
                        edition=lowluck.shipped(edition))
    calls = []
    solve_cells = cells.solve
    monkeypatch.setattr(cells, "solve",
                        lambda *a, **k: calls.append(1) or solve_cells(*a, **k))
    cell_result = lowluck.compute(s)
    assert calls
    monkeypatch.setattr(lowluck.solvers, "SOLVERS", ())              # the general solver
    generic = lowluck.compute(s)
    assert cell_result.attacker_wins == pytest.approx(generic.attacker_wins, abs=1e-12)
    assert cell_result.figures.attacker_ipc_lost == pytest.approx(
        generic.figures.attacker_ipc_lost, abs=1e-9)


@pytest.mark.parametrize("s", later_battles(6, seed=55, most=8, dice="lowluck"))
@pytest.mark.parametrize("powers", [cells.POWERS, 5])
def test_a_sides_tables_are_the_low_luck_tables(s, powers, monkeypatch):
    """Low luck's tables, looked up in the tables made on import (below ``POWERS``) or made
    (above it: ``powers`` 5 makes most), and the chances of no hit made from the powers are
    ``hits.lowluck_table``'s, composition by composition."""
    from combatassist.rulesets.lowluck.hits import lowluck_table
    monkeypatch.setattr(cells, "POWERS", powers)
    rules = lowluck.make_rules(s)
    a, d, _ = rules.initial_state()
    for role, start in (("attacker", a), ("defender", d)):
        side = cells._Side(rules, role, start)
        if side.powers is None:
            continue
        made = [lowluck_table(p) for p in side.powers]
        assert side.tables == made
        assert side.miss == [t[0][1] if t[0][0] == 0 else 0.0 for t in made]
        assert not side.cut


@pytest.mark.parametrize("s", later_battles(10, seed=56, most=8, dice="lowluck") + [
    _land("aa50", {"units": {"infantry": 5, "artillery": 2, "armor": 1},
                   "techs": frozenset({"improved_artillery"})},
          {"units": {"infantry": 4, "armor": 2}}),
    _land("1940se", {"units": {"infantry": 3, "mech_infantry": 2, "artillery": 4,
                               "tactical_bomber": 2, "fighter": 1},
                     "order_of_loss": ("artillery", "infantry", "mech_infantry")},
          {"units": {"infantry": 4, "armor": 2}})])
def test_chain_powers_are_the_chain_values_powers(s):
    """``chain_powers`` (its own few array steps) gives ``_chain_values``' powers (the split
    the grid and the batch engine use) at every composition of both chains: support,
    a supporter raising several units (improved artillery), units that don't fight."""
    from combatassist.rulesets.lowluck.later import _powers
    rules = lowluck.make_rules(s)
    a, d, _ = rules.initial_state()
    for k, (role, start) in enumerate((("attacker", a), ("defender", d))):
        comps = rules.chain(role, start)
        split = rules._chain_values(comps, k)
        assert rules.chain_powers(role, comps) == (None if split is None else _powers(split))
