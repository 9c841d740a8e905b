"""The grid solver (lowluck/plain_rounds_grid.py) on the later editions' battles without submarines: its
chains against the rules' casualty policy, its tables against the rules' own, and its answers
state by state against the generic solver (``solver.solve``) on random 1942 and 1940 battles
with artillery, tactical bombers, AA guns, shore bombardment, amphibious units, a kept land
unit, damaged two-hit units, lone transports and ``max_rounds``."""
from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from combatassist import limits
from combatassist.errors import EngineError
from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import (LowLuckOptions, LowLuckScenario, LowLuckSide, chains, subbattles)
from combatassist.rulesets.lowluck import plain_rounds_grid as grid
from combatassist.rulesets.lowluck.later_phases import AIR_ONLY, ANY, BOMBARD

from .test_lowluck_plain_rounds_grid import _same_states, assert_answers_as_the_generic_solver

LAND = {"1942se": ["infantry", "artillery", "armor", "fighter", "bomber", "aa_gun"],
        "revised": ["infantry", "artillery", "armor", "fighter", "bomber", "aa_gun"],
        "aa50": ["infantry", "artillery", "armor", "fighter", "bomber", "aa_gun"],
        "1940se": ["infantry", "mech_infantry", "artillery", "armor", "fighter",
                   "tactical_bomber", "bomber", "aa_gun"]}
SEA = {"1942se": ["destroyer", "cruiser", "carrier", "battleship", "transport", "fighter",
                  "bomber"],
       "revised": ["destroyer", "carrier", "battleship", "transport", "fighter", "bomber"],
       "aa50": ["destroyer", "cruiser", "carrier", "battleship", "transport", "fighter",
                "bomber"],
       "1940se": ["destroyer", "cruiser", "carrier", "battleship", "transport", "fighter",
                  "tactical_bomber", "bomber"]}


def later_battle(rng: random.Random, most: int, edition: str | None = None,
                 dice: str = "standard") -> LowLuckScenario:
    """A random later-edition battle without submarines (ordinary dice unless ``dice``)."""
    name = edition or rng.choice(["1942se", "1940se"])
    ed = lowluck.shipped(name)
    land = rng.random() < 0.6
    ids = LAND[name] if land else SEA[name]
    options = LowLuckOptions(dice=dice, battle="land" if land else "sea",
                             keep_land_unit=land and rng.random() < 0.5,
                             max_rounds=rng.choice([0, 0, 0, 1, 2, 4]))

    def side(role):
        kinds = [u for u in ids if not (role == "attacker" and u == "aa_gun")]
        picked = rng.sample(kinds, rng.randint(1, min(4, len(kinds))))
        units = {u: rng.randint(1, most) for u in picked}
        order = tuple(rng.sample(kinds, len(kinds))) if rng.random() < 0.4 else ()
        amphibious, bombard, damaged = {}, {}, {}
        if role == "attacker" and land and rng.random() < 0.5:
            amph = [u for u in units if ed.unit(u).kind == "land"]
            amphibious = {u: rng.randint(1, units[u]) for u in amph[:2]}
            landed = sum(amphibious.values())
            if landed and rng.random() < 0.7:
                ship = rng.choice(sorted(ed.with_ability("bombard")))
                bombard = {ship: rng.randint(1, min(landed, 3))}
        for u, n in units.items():
            if ed.unit(u).hits > 1 and rng.random() < 0.5:
                damaged[u] = rng.randint(1, n)
        return LowLuckSide(units=units, order_of_loss=order, amphibious=amphibious,
                           bombard=bombard, damaged=damaged)

    return LowLuckScenario(options=options, attacker=side("attacker"),
                           defender=side("defender"), edition=ed)


def later_battles(count: int, seed: int, most: int, edition: str | None = None,
                  keep=lambda s: True, dice: str = "standard"):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = later_battle(rng, most, edition, dice)
        rules = lowluck.make_rules(s)
        if grid.applicable(rules) and rules.verdict(rules.initial_state()) is None and keep(s):
            out.append(s)
    return out


@pytest.mark.parametrize("s", later_battles(16, seed=1, most=4))
def test_chains_take_one_hit_at_a_time(s):
    """The grid's premise for the later editions: the policy's casualties for h hits from
    comps[k] are comps[k + h], whatever batches the hits come in (bombardment first, aircraft
    and the rest; two-hit units damaged first); the compositions left alone are its last."""
    rules = lowluck.make_rules(s)
    a0, d0, _ = rules.initial_state()
    for role, start, side in (("attacker", a0, rules.att), ("defender", d0, rules.dfn)):
        chain = chains.Chain(rules, role, start)
        for k, comp in enumerate(chain.comps):
            for h in range(chain.n - k + 2):
                expect = chain.comps[min(k + h, chain.n)]
                assert side.take(comp, ((ANY, h),))[0] == expect
                for h1 in range(h + 1):
                    assert side.take(comp, ((BOMBARD, h1), (AIR_ONLY, h - h1)))[0] == expect
        # a side is left alone (lone transports, AA guns) only at its chain's end
        alone = [rules.alone_at_end(role, c) for c in chain.comps[:-1]]
        assert alone == sorted(alone)


def test_a_chain_is_the_policy_for_every_number_of_hits():
    """``SideSlots.chain`` builds a chain in one pass: it is ``take`` for 0, 1, ... hits,
    with two-hit units (damaged ones too), amphibious units and 1-3 kept land units."""
    rng = random.Random(34)
    kept = 0
    for _ in range(150):
        s = later_battle(rng, 4)
        if s.options.battle == "land":
            s = replace(s, options=replace(s.options, keep_land_units=rng.randint(0, 3)))
        rules = lowluck.make_rules(s)
        a0, d0, _ = rules.initial_state()
        for role, start, side in (("attacker", a0, rules.att), ("defender", d0, rules.dfn)):
            n = side.fighting(start) + sum(start[i] for i in side.two_hit)
            assert rules.chain(role, start) == [side.take(start, ((ANY, k),))[0]
                                                for k in range(n + 1)]
            kept += side.keep_land > 1
    assert kept


def _overlapping_support(s: LowLuckScenario) -> LowLuckScenario:
    """``s`` in a player's edition whose two support rules may raise the same unit (armor
    raises infantry to 3 besides artillery's 2): ``LaterRules.chain_hits`` then takes the
    rules' own per-composition path."""
    from combatassist.rulesets.lowluck.edition import Support
    extra = Support(by=("armor",), units=("infantry",), attack=3)
    edition = replace(s.edition, support=s.edition.support + (extra,))
    return LowLuckScenario(options=s.options, attacker=s.attacker, defender=s.defender,
                           edition=edition)


@pytest.mark.parametrize("s", later_battles(8, seed=2, most=5)
                         + later_battles(8, seed=4, most=6, dice="lowluck")
                         + [_overlapping_support(s) for s in later_battles(
                             4, seed=5, most=5, edition="1942se",
                             keep=lambda s: {"infantry", "armor"} <= set(s.attacker.units))])
def test_each_compositions_table_is_its_own_dice_groups(s):
    """Each composition's table is the rules' own round table (support recounted from the
    units left; with low luck one pooled roll), and round 1's adds the bombardment. The
    tables are built for the whole chain at once (``LaterRules.chain_hits``)."""
    rules = lowluck.make_rules(s)
    fire = rules.main_fire
    a0, d0, _ = rules.initial_state()
    for role, start, k in (("attacker", a0, 0), ("defender", d0, 1)):
        chain = chains.Chain(rules, role, start)
        for n, comp in enumerate(chain.comps):
            state = (comp, d0, False) if k == 0 else (a0, comp, False)
            dist = fire.batch_dist(state, k)
            expect = np.zeros(chain.hits.shape[1] + 8)
            for hits, p in dist.items():
                expect[sum(hits)] += p
            got = np.zeros_like(expect)
            got[:chain.hits.shape[1]] = chain.hits[n]
            assert got == pytest.approx(expect, rel=1e-12, abs=1e-17)
    opening = rules.opening_hits(a0)
    if opening is None:                # no bombardment: round 1's table is the chain's first
        assert not (rules.bombard and rules.bombard_fires_back)
        opening = chains.Chain(rules, "attacker", a0).hits[0]
    expect = np.zeros(len(opening) + 8)
    for hits, p in fire.batch_dist((a0, d0, True), 0).items():
        expect[sum(hits)] += p
    got = np.zeros_like(expect)
    got[:len(opening)] = opening
    assert got == pytest.approx(expect, rel=1e-12, abs=1e-17)


def test_many_tables_at_once_are_each_groups_own():
    """``hits.standard_tables`` (every composition's table in a few numpy calls) gives each
    row the table ``hits.standard_table`` builds from its groups alone (convolutions of
    binomials, cut at ``TAIL_CUTOFF``): values 0 (no die), past 6 (hit on 6), counts up to 90
    (past ``hits.BINOMIAL_DICE``: binomials made when asked)."""
    from combatassist.rulesets.lowluck.hits import standard_table, standard_tables
    rng = random.Random(26)
    for _ in range(200):
        values = [rng.randint(0, 8) for _ in range(rng.randint(1, 6))]
        counts = np.array([[rng.randint(0, rng.choice([2, 9, 40, 90])) for _ in values]
                           for _ in range(rng.randint(1, 12))])
        got = standard_tables(counts, values)
        for row, table in zip(counts.tolist(), got):
            expect = standard_table(tuple(zip(row, values)))
            width = max(len(expect), len(table))
            assert np.pad(table, (0, width - len(table))) == pytest.approx(
                np.pad(expect, (0, width - len(expect))), rel=1e-13, abs=1e-30)
        last = max(len(standard_table(tuple(zip(row, values)))) for row in counts.tolist())
        assert got.shape[1] == last               # as wide as the widest table, no wider


@pytest.mark.parametrize("s", later_battles(6, seed=7, most=5))
def test_chains_of_many_starts_are_each_starts_own(s):
    """``chains.chains_of`` (the sub-battles' chains, their tables from one call) gives every
    start the chain ``chains.Chain`` builds for it alone."""
    rules = lowluck.make_rules(s)
    a0, d0, _ = rules.initial_state()
    starts = [a0] + [rules.chain("attacker", a0)[k] for k in (1, 3)]
    for chain, start in zip(chains.chains_of(rules, "attacker", starts), starts):
        alone = chains.Chain(rules, "attacker", start)
        assert chain.comps == alone.comps and chain.n == alone.n
        assert chain.hits == pytest.approx(alone.hits, rel=1e-13, abs=1e-30)


@pytest.mark.parametrize("s", later_battles(40, seed=3, most=4))
def test_grid_matches_the_generic_solver_state_by_state(s):
    """Both editions, land and sea: every decided, stalemate and undecided state carries the
    generic solver's mass, with its expected rounds and curve."""
    assert_answers_as_the_generic_solver(s, grid.solve_grid)


def _has(s, what):
    return any(getattr(side, what) for side in (s.attacker, s.defender))


@pytest.mark.parametrize("what", ["bombard", "amphibious", "damaged"])
def test_grid_matches_with_each_later_input(what):
    for s in later_battles(6, seed=4, most=4, keep=lambda s: _has(s, what)):
        assert_answers_as_the_generic_solver(s, grid.solve_grid)


def _land(edition, att, dfn, **options):
    return LowLuckScenario(options=LowLuckOptions(dice="standard", **options),
                           attacker=LowLuckSide(**att), defender=LowLuckSide(**dfn),
                           edition=lowluck.shipped(edition))


CASES = {
    "AA guns left alone": _land("1942se", {"units": {"infantry": 3, "fighter": 2}},
                                {"units": {"infantry": 2, "aa_gun": 2}}),
    "AA guns, every round": _land("1942se", {"units": {"armor": 2, "bomber": 3}},
                                  {"units": {"infantry": 1, "aa_gun": 1}}, max_rounds=3),
    "kept land unit, amphibious, bombardment": _land(
        "1942se", {"units": {"infantry": 3, "artillery": 1, "fighter": 2},
                   "amphibious": {"infantry": 2}, "bombard": {"battleship": 1, "cruiser": 1}},
        {"units": {"infantry": 3, "aa_gun": 1}}, keep_land_unit=True),
    "1940 tactical bombers and mech infantry": _land(
        "1940se", {"units": {"mech_infantry": 2, "artillery": 1, "armor": 1,
                             "tactical_bomber": 2}},
        {"units": {"infantry": 3, "tactical_bomber": 1, "aa_gun": 1}}),
    "lone transports": _land(
        "1942se", {"units": {"destroyer": 1, "transport": 2}},
        {"units": {"carrier": 1, "fighter": 1, "transport": 1}}, battle="sea"),
    "lone transports on both sides": _land(
        "1942se", {"units": {"cruiser": 1, "transport": 1}},
        {"units": {"destroyer": 1, "transport": 2}}, battle="sea", max_rounds=5),
    "damaged battleships and 1940 carriers": _land(
        "1940se", {"units": {"battleship": 2, "fighter": 1}, "damaged": {"battleship": 1}},
        {"units": {"carrier": 2, "fighter": 2, "destroyer": 1}, "damaged": {"carrier": 1}},
        battle="sea"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_chains_of_each_rule(name):
    test_chains_take_one_hit_at_a_time(CASES[name])


@pytest.mark.parametrize("name", list(CASES))
def test_grid_matches_the_generic_solver_on_each_rule(name):
    s = CASES[name]
    rules = lowluck.make_rules(s)
    assert grid.applicable(rules)
    assert_answers_as_the_generic_solver(s, grid.solve_grid)


def test_the_round_end_folds_cells_when_a_side_is_left_alone():
    """The AA-only and lone-transport cases really fold cells (the tests above exercise the
    folding, not a battle that never reaches it)."""
    for name in ("AA guns left alone", "lone transports", "lone transports on both sides"):
        rules = lowluck.make_rules(CASES[name])
        (g,) = grid._groups(rules, rules.initial_state(), grid.BattleOutcome(), 0.0)
        assert g.fold_d is not None and g.fold_any.any(), name


def test_fast_paths_equal_the_general_ones(monkeypatch):
    """With folds and an opening round too: cached moves and inverses answer what per-row
    gathers and solves answer."""
    s = _land("1942se", {"units": {"infantry": 6, "artillery": 3, "armor": 3, "fighter": 3},
                         "amphibious": {"infantry": 4}, "bombard": {"cruiser": 2}},
              {"units": {"infantry": 8, "fighter": 2, "aa_gun": 2}},
              keep_land_unit=True)
    s = LowLuckScenario(options=s.options, attacker=s.attacker,
                        defender=LowLuckSide(units=s.defender.units,
                                             order_of_loss=("fighter", "infantry", "aa_gun")),
                        edition=s.edition)
    rules = lowluck.make_rules(s)
    fast = grid.solve_grid(rules)
    monkeypatch.setattr(subbattles, "INVERSE_CACHE", 0)
    whole_rows = grid.solve_grid(rules)
    monkeypatch.setattr(subbattles, "MOVES_CACHE", 0)
    slow = grid.solve_grid(rules)
    for other in (whole_rows, slow):
        _same_states(fast.decided, other.decided, 1e-15)
        assert fast.expected_rounds == pytest.approx(other.expected_rounds, rel=1e-13)
        assert fast.decided_by_round == pytest.approx(other.decided_by_round, abs=1e-14)
    assert_answers_as_the_generic_solver(s, grid.solve_grid)


def test_over_the_work_limit_is_refused_at_once(monkeypatch):
    """The grid's work estimate bounds a later edition's battle too (refused before any row
    is pushed)."""
    s = CASES["kept land unit, amphibious, bombardment"]
    rules = lowluck.make_rules(s)
    monkeypatch.setattr(limits, "MAX_GRID_WORK", 10)
    pushed = []
    monkeypatch.setattr(grid._Solver, "to_the_end", lambda self, g: pushed.append(g))
    with pytest.raises(EngineError):
        grid.solve_grid(rules)
    assert not pushed


def test_cancel_stops_a_later_editions_grid():
    s = _land("1942se", {"units": {"infantry": 20, "artillery": 5}},
              {"units": {"infantry": 20, "aa_gun": 1}})
    with pytest.raises(grid.Cancelled):
        grid.solve_grid(lowluck.make_rules(s), cancel=lambda: True)


def _used_grid(monkeypatch, s) -> bool:
    calls = []
    real = grid.solve_grid

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)
    monkeypatch.setattr(grid, "solve_grid", counted)
    lowluck.RULESET.exact(s)
    return bool(calls)


def test_outcome_of_sends_later_battles_without_submarines_to_the_grid(monkeypatch):
    land = CASES["1940 tactical bombers and mech infantry"]
    assert _used_grid(monkeypatch, land)
    subs = _land("1942se", {"units": {"submarine": 2, "destroyer": 1}},
                 {"units": {"destroyer": 1, "fighter": 1}}, battle="sea")
    assert not _used_grid(monkeypatch, subs)
    retreating = _land("1942se", {"units": {"infantry": 3, "armor": 2}},
                       {"units": {"infantry": 3}}, retreat_when_units=2)
    assert _used_grid(monkeypatch, retreating)        # its bottom rows withdraw
    judging = _land("1942se", {"units": {"infantry": 3, "armor": 2}},
                    {"units": {"infantry": 3}}, retreat_below=0.3)
    assert _used_grid(monkeypatch, judging)           # the cells' chances, then the rounds
    judging_for_rounds = _land("1942se", {"units": {"infantry": 3, "armor": 2}},
                               {"units": {"infantry": 3}}, retreat_below=0.3, max_rounds=3)
    assert not _used_grid(monkeypatch, judging_for_rounds)     # they depend on rounds left
    low_luck = LowLuckScenario(options=LowLuckOptions(dice="lowluck"), attacker=land.attacker,
                               defender=land.defender, edition=land.edition)
    # low luck from the start: cell by cell (test_lowluck_low_luck_cells)
    assert not _used_grid(monkeypatch, low_luck)
    low_luck_retreating = LowLuckScenario(
        options=LowLuckOptions(dice="lowluck", retreat_below=0.2, retreat_after=2),
        attacker=land.attacker, defender=land.defender, edition=land.edition)
    assert not _used_grid(monkeypatch, low_luck_retreating)


def test_a_hundred_a_side_land_battle_is_solved_not_refused():
    """bench_aacalc2's 100 v 100 1942 land battle (over the general solver's work limit):
    the grid answers it, the mass conserved and the pruning reported below 1e-12."""
    s = _land("1942se", {"units": {"infantry": 45, "artillery": 25, "armor": 20,
                                   "fighter": 8, "bomber": 2}},
              {"units": {"infantry": 60, "artillery": 15, "armor": 15, "fighter": 10}})
    rules = lowluck.make_rules(s)
    with pytest.raises(EngineError):
        limits.check_exact(rules.work_estimate(rules.initial_state()))
    out = grid.solve_grid(rules)
    assert 0 <= out.pruned <= 1e-12
    assert sum(out.decided.values()) + out.pruned == pytest.approx(1.0, abs=1e-13)
    assert out.states_explored > 1000
    assert out.decided_by_round[-1] == pytest.approx(1.0, abs=1e-8)


@pytest.mark.parametrize("s", later_battles(6, seed=5, most=3,
                                            keep=lambda s: bool(s.attacker.amphibious)))
def test_retreat_after_a_round_from_the_grid_equals_the_generic_solvers(s):
    """``retreat_after`` cuts the grid's battle (the landed units fight on from its undecided
    positions): the same buckets as the generic solver's run."""
    from combatassist.retreat import run_battle
    options = LowLuckOptions(**{**s.options.__dict__, "retreat_after": 1, "max_rounds": 0})
    s = LowLuckScenario(options=options, attacker=s.attacker, defender=s.defender,
                        edition=s.edition)
    rules = lowluck.make_rules(s)
    fast = lowluck.outcome_of(rules, options)
    slow = run_battle(lowluck.make_rules(s), lowluck.retreat_options(options),
                      rules.attacker_units)
    for bucket in ("decided", "stalemates", "undecided", "retreated"):
        _same_states(getattr(slow, bucket), getattr(fast, bucket), 1e-13)


def test_split_steps_equal_one_product(monkeypatch):
    """``step``'s boxes cut in parts and sub-battles pushed a few at a time (big battles)
    answer what one product answers, folds included: the curve and a round-limited battle."""
    s = CASES["AA guns, every round"]
    for rounds in (0, 3):
        s = LowLuckScenario(options=LowLuckOptions(**{**s.options.__dict__,
                                                      "max_rounds": rounds}),
                            attacker=s.attacker, defender=s.defender, edition=s.edition)
        rules = lowluck.make_rules(s)
        one = grid.solve_grid(rules, max_rounds=rounds)
        monkeypatch.setattr(grid, "STEP_SPLIT_CELLS", 0)
        monkeypatch.setattr(grid, "STEP_CHUNK", 1)
        parts = grid.solve_grid(rules, max_rounds=rounds)
        monkeypatch.undo()
        assert parts.decided_by_round == pytest.approx(one.decided_by_round, abs=1e-15)
        for bucket in ("decided", "undecided"):
            _same_states(getattr(one, bucket), getattr(parts, bucket), 1e-15)


@pytest.mark.parametrize("name", ["AA guns left alone", "AA guns, every round",
                                  "1940 tactical bombers and mech infantry",
                                  "lone transports on both sides", "all aircraft shot down"])
def test_round_one_from_the_starts_is_a_rounds_product(name):
    """``Group.first_fire`` (round 1 from one cell a sub-battle, outer products) gives the
    cells, the folds and the dropped tails a round's product gives the start grid; a
    sub-battle over at its start (AA guns shot every aircraft down) stays put."""
    s = CASES.get(name) or _land("1942se", {"units": {"fighter": 1}},
                                 {"units": {"infantry": 1, "aa_gun": 1}})
    rules = lowluck.make_rules(s)
    out = grid.BattleOutcome()
    groups = grid._groups(rules, rules.initial_state(), out, grid.DEFAULT_PRUNE)
    assert sum(g.K for g in groups) > 1 or "transports" in name     # AA fire's sub-battles
    for g in groups:
        fired, dropped = g.first_fire()
        by_step = grid._Solver(grid.BattleOutcome(), grid.DEFAULT_PRUNE, None)
        start = g.start_grid()
        over = g.over_at_start()
        held = np.where(over[:, None, None], start, 0.0)
        start[over] = 0.0
        stepped = by_step.step(g, start) + held
        assert fired == pytest.approx(stepped, rel=1e-14, abs=1e-300)
        assert dropped == pytest.approx(by_step.out.pruned, rel=1e-12, abs=1e-300)
        if name == "all aircraft shot down":
            assert over.any() and fired[over].sum() == pytest.approx(g.masses[over].sum())


@pytest.mark.parametrize("split", [False, True])
def test_whole_row_pushes_equal_the_boxs_product(split, monkeypatch):
    """A round's box pushed as whole rows of the kept move matrices (``_push_rows``: AA
    guns' sub-battles, a round-limited battle, folds, a box cut in parts whose runs of rows
    hold other parts' cells) answers what the box's own product answers; and it is used."""
    used = []
    push_rows = grid._Solver._push_rows

    def counted(*args):
        used.append(args[3:7])
        push_rows(*args)

    cases = [CASES["AA guns, every round"],
             _land("1942se", {"units": {"infantry": 7, "artillery": 3, "armor": 3,
                                        "fighter": 3, "bomber": 2}},
                   {"units": {"infantry": 8, "artillery": 2, "aa_gun": 2, "armor": 2,
                              "fighter": 2}})]
    for s in cases:
        for rounds in (0, 3):
            s = LowLuckScenario(options=LowLuckOptions(**{**s.options.__dict__,
                                                          "max_rounds": rounds}),
                                attacker=s.attacker, defender=s.defender, edition=s.edition)
            rules = lowluck.make_rules(s)
            if split:       # (and the move matrices kept for parts this small too)
                monkeypatch.setattr(grid, "STEP_SPLIT_CELLS", 0)
                monkeypatch.setattr(grid, "ROWS_BUILD", 0.0)
            monkeypatch.setattr(grid._Solver, "_push_rows", counted)
            rows = grid.solve_grid(rules, max_rounds=rounds)
            monkeypatch.setattr(grid, "ROWS_WASTE", 0.0)
            box = grid.solve_grid(rules, max_rounds=rounds)
            monkeypatch.undo()
            assert rows.decided_by_round == pytest.approx(box.decided_by_round, abs=1e-15)
            assert rows.expected_rounds == pytest.approx(box.expected_rounds, rel=1e-14)
            assert rows.pruned == pytest.approx(box.pruned, abs=1e-18)
            for bucket in ("decided", "undecided"):
                _same_states(getattr(box, bucket), getattr(rows, bucket), 1e-15)
    assert len(used) >= 4
    if split:       # a part of a cut box, not its whole rows
        assert any(j0 > 0 or r1 - r0 < 3 for r0, r1, j0, j1 in used)


@pytest.mark.parametrize("s", later_battles(24, seed=41, most=5, dice="lowluck"))
def test_low_luck_battles_on_the_grid_answer_as_the_generic_solver(s):
    """With low luck a side's groups roll as one pool (the bombardment on its own): the
    grid's tables from that, its answer the generic solver's, state by state — land and sea
    without submarines, AA guns, shore bombardment, amphibious units, max_rounds."""
    assert_answers_as_the_generic_solver(s, grid.solve_grid)
