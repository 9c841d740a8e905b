"""Medium Luck with d12s (``[options] die = 12``, docs/rules.md §1): band tables against the
reference roll by roll, the boost-free order statistics against the tables, the size bound,
files, exact vs simulation, and the table side. Whole battles by brute force are in
test_mediumluck_independent.py (``test_d12_engine_equals_independent_brute_force``)."""
from __future__ import annotations

import itertools
import math

import pytest

from combatassist.errors import EngineError, ScenarioError
from combatassist.rulesets import mediumluck
from combatassist.rulesets.mediumluck import bands
from combatassist.rulesets.mediumluck.bands import (BandTableCache, boost_free_dist,
                                                    compute_table, resolve_dice)
from combatassist.scenario import parse_scenario_text
from combatassist.table import TableBattle


from tests.engine.test_mediumluck_bands import _kinds, _private_cache  # noqa: F401 (fixture)


@pytest.mark.parametrize("config", [(1, (1,), 1, ()), (2, (1,), 2, (1,)), (2, (2, 1), 1, (1,)),
                                    (1, (1, 1), 2, (2,)), (3, (1,), 1, ()), (2, (), 2, (2, 2))])
def test_d12_table_matches_reference_roll_by_roll(config):
    n_a, c_a, n_d, c_d = config
    table = compute_table(config, 12)
    counts: dict = {}
    for ra in itertools.product(range(1, 13), repeat=n_a):
        for rd in itertools.product(range(1, 13), repeat=n_d):
            outcome = resolve_dice(ra, _kinds(c_a), rd, _kinds(c_d)).outcome
            assert table.lookup(ra, rd) == outcome
            counts[outcome] = counts.get(outcome, 0) + 1
    total = 12 ** (n_a + n_d)
    assert set(table.dist) == set(counts)
    for outcome, k in counts.items():
        assert table.dist[outcome] == pytest.approx(k / total, abs=1e-12)


@pytest.mark.parametrize("sides,top", [(6, 7), (12, 4)])
def test_boost_free_order_statistics_equal_the_tables(sides, top):
    for n_a in range(1, top + 1):
        for n_d in range(1, top + 1):
            fast = boost_free_dist(n_a, n_d, sides)
            table = compute_table((n_a, (), n_d, ()), sides).dist
            assert set(fast) == set(table)
            for outcome in table:
                assert fast[outcome] == pytest.approx(table[outcome], abs=1e-12)


def test_boost_free_big_d12_band_by_sampling():
    """7 v 7 d12 dice: no table (31,824 rolls a side); order statistics vs a seeded sample."""
    import random
    rng = random.Random(5)
    dist = boost_free_dist(7, 7, 12)
    assert dist.total() == pytest.approx(1.0, abs=1e-12)
    trials, hits = 40_000, {}
    for _ in range(trials):
        ra = [rng.randint(1, 12) for _ in range(7)]
        rd = [rng.randint(1, 12) for _ in range(7)]
        o = resolve_dice(ra, [], rd, []).outcome
        hits[o] = hits.get(o, 0) + 1
    for outcome, p in dist.items():
        sd = math.sqrt(p * (1 - p) / trials)
        assert abs(hits.get(outcome, 0) / trials - p) < 5 * sd + 1e-4


def test_d12_tables_too_big_are_refused_at_once_and_d6_never():
    assert bands.largest_table_cells((7, (7, 7), 7, (7, 7)), 6)[0] < 1.4e9   # ~1 s: all fit
    bands.check_band_start((7, (7, 7), 7, (7, 7)), 6)
    bands.check_band_start((4, (4,), 4, (4, 4)), 12)          # 4 v 4 with any boosts fits
    with pytest.raises(EngineError) as info:
        bands.check_band_start((6, (3,), 6, (3,)), 12)
    message = str(info.value)
    assert "d12 band" in message and "or play d6" in message and "\n" not in message
    with pytest.raises(EngineError, match="d12 band"):
        compute_table((7, (3,), 7, ()), 12)                   # the table itself refuses too
    bands.check_band_start((7, (), 7, ()), 12)                # no boosts: no table at all


D12 = """ruleset = "mediumluck"
[options]
die = 12
defender_extra_white = false
[attacker.bands.red]
roll = { tank = 3 }
boost = { mech_infantry = 1 }
[attacker.bands.white]
roll = { infantry = 4 }
boost = { artillery = 2 }
[defender.bands.red]
roll = { tank = 2 }
[defender.bands.white]
roll = { infantry = 6 }
boost = { artillery = 1 }
"""


def test_die_option_round_trips_and_defaults_to_6():
    setup = parse_scenario_text(D12).body
    assert setup.die == 12
    doc = mediumluck.to_document(setup)
    assert doc["options"]["die"] == 12
    import tomli_w
    again = parse_scenario_text('ruleset = "mediumluck"\n' + tomli_w.dumps(doc)).body
    assert again.die == 12
    plain = parse_scenario_text(D12.replace("die = 12\n", "")).body
    assert plain.die == 6 and "die" not in mediumluck.to_document(plain)["options"]


@pytest.mark.parametrize("value", ["8", "20", "0", "\"12\"", "true", "12.5"])
def test_other_dice_are_one_clear_error(value):
    with pytest.raises(ScenarioError) as info:
        parse_scenario_text(D12.replace("die = 12", f"die = {value}"))
    message = str(info.value)
    assert "options.die" in message and "\n" not in message


def test_d12_exact_equals_simulation_and_differs_from_d6():
    setup = parse_scenario_text(D12).body
    exact = mediumluck.compute(setup)
    trials = 40_000
    sim = mediumluck.compute(setup, method="simulate", trials=trials, seed=3)
    for key in ("attacker_wins", "defender_wins"):
        p = getattr(exact, key)
        assert abs(getattr(sim, key) - p) < 5 * math.sqrt(p * (1 - p) / trials) + 1e-3
    d6 = mediumluck.compute(parse_scenario_text(D12.replace("die = 12\n", "")).body)
    assert abs(d6.attacker_wins - exact.attacker_wins) > 0.01


def test_d12_grids_equal_the_chain_solver():
    """The optimal and heuristic grids use the same d12 tables as the chain solver."""
    from dataclasses import replace
    from combatassist.solver import solve

    setup = replace(parse_scenario_text(D12).body, casualties="heuristic")
    grid = mediumluck.compute(setup)
    chain = solve(mediumluck.MediumLuckRules(setup))
    assert grid.attacker_wins == pytest.approx(sum(
        p for s, p in chain.decided.items() if any(s[0]) and not any(s[1])), abs=1e-9)


def test_d12_at_the_table():
    rules = mediumluck.MediumLuckRules(parse_scenario_text(D12).body)
    assert {spec.sides for spec in rules.band_phase("red").dice(rules.start)} == {12}
    band = rules.table_band(rules.start, "red", [11], [12])
    assert band.hits == {"attacker": 1, "defender": 1}        # 11 + 1 (mech) = 12 ties 12
    assert band.resolution.attacker.final == (12,)
    with pytest.raises(EngineError, match="1-12"):
        rules.table_band(rules.start, "red", [13], [1])
    battle = TableBattle(rules, scenario_text=D12, ruleset="mediumluck")
    battle.enter((10, 12))                        # red: 10 + 1 = 11 < 12: the attacker loses one
    assert battle.current_phase().name == "white"
    assert sum(battle.state[0]) == sum(rules.start[0]) - 1
    with pytest.raises(EngineError):
        battle.enter((13, 1, 1, 1, 1))


def test_each_die_has_its_own_disk_cache(tmp_path):
    d6, d12 = BandTableCache(tmp_path), BandTableCache(tmp_path, sides=12)
    assert d6.path != d12.path and "d12" in d12.path.name
    d12.dist((2, (1,), 1, ()))
    d12.flush()
    again = BandTableCache(tmp_path, sides=12)
    again.load()
    assert (2, (1,), 1, ()) in again.dists
    fresh6 = BandTableCache(tmp_path)
    fresh6.load()
    assert (2, (1,), 1, ()) not in fresh6.dists


def test_big_d12_battle_with_boosts_refused_at_once_exact_and_simulated():
    """Refused by the check before anything is computed (``check_band_start``), no table
    built: the work, not the time (a test never asserts wall time)."""
    text = D12.replace("roll = { infantry = 4 }", "roll = { infantry = 18 }").replace(
        "boost = { artillery = 2 }", "boost = { artillery = 6 }").replace(
        "roll = { infantry = 6 }", "roll = { infantry = 18 }")
    setup = parse_scenario_text(text).body
    for method in ("exact", "simulate"):
        with pytest.raises(EngineError, match="d12 band of 6 v 6 dice") as info:
            mediumluck.compute(setup, method=method, trials=1000)
        assert any(entry.name == "check_band_start" for entry in info.traceback)


def test_largest_d12_tables_within_the_bound_match_the_reference_on_sampled_rolls():
    """5 v 5 d12 dice, two boosts of one kind on each side (~500 M cells, within the bound):
    the table against the reference resolver on 300 seeded rolls, and its mass."""
    import random
    config = (5, (2,), 5, (2,))
    assert bands.table_cells(config, 12) <= bands.MAX_TABLE_CELLS[12]
    table = compute_table(config, 12)
    assert table.dist.total() == pytest.approx(1.0, abs=1e-10)    # 19 M weights summed
    rng = random.Random(11)
    for _ in range(300):
        ra = [rng.randint(1, 12) for _ in range(5)]
        rd = [rng.randint(1, 12) for _ in range(5)]
        assert table.lookup(ra, rd) == resolve_dice(ra, _kinds((2,)), rd, _kinds((2,))).outcome


def test_d12_batched_lookup_is_lookup_roll_by_roll():
    """The simulator's batched band-table lookup reads d12 rolls (codes in base 12)."""
    import numpy as np
    config = (3, (1,), 4, (2,))
    table = compute_table(config, 12)
    rolled = np.random.default_rng(5).integers(1, 13, size=(400, 7))
    hits_a, hits_d = table.lookup_many(rolled[:, :3], rolled[:, 3:])
    for row, a, d in zip(rolled.tolist(), hits_a.tolist(), hits_d.tolist()):
        assert table.lookup(row[:3], row[3:]) == (a, d)
