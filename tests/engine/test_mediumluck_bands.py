"""Medium Luck bands: boost minimax, pairing, exact tables vs brute force and icepool, cache."""
from __future__ import annotations

import itertools
import json
import math
from fractions import Fraction

import pytest

from combatassist.rulesets.mediumluck import bands
from combatassist.rulesets.mediumluck.bands import (BandTableCache, compute_table, make_config,
                                                    resolve_dice, usable_boosts)


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv(bands.CACHE_ENV, str(tmp_path / "cache"))


def _kinds(counts):
    return [(f"kind{i}", c) for i, c in enumerate(counts)]


def _brute_force(config):
    """Outcome probabilities by playing every ordered roll through the reference."""
    n_a, c_a, n_d, c_d = config
    acc: dict = {}
    total = 6 ** (n_a + n_d)
    for ra in itertools.product(range(1, 7), repeat=n_a):
        for rd in itertools.product(range(1, 7), repeat=n_d):
            o = resolve_dice(ra, _kinds(c_a), rd, _kinds(c_d)).outcome
            acc[o] = acc.get(o, 0) + 1
    return {o: Fraction(k, total) for o, k in acc.items()}


SMALL_CONFIGS = [
    (1, (), 1, ()),
    (2, (), 1, ()),
    (1, (1,), 1, ()),
    (1, (), 2, (1,)),
    (2, (1,), 2, (1,)),
    (2, (2, 1), 2, (1,)),        # white: two kinds (artillery + air)
    (2, (2, 2), 2, (2, 2)),
    (3, (2, 1), 2, (2,)),
    (2, (1, 1), 3, (1,)),
    (3, (3, 3), 1, (1, 1)),
    (1, (1, 1), 3, (2, 1)),
]


@pytest.mark.parametrize("config", SMALL_CONFIGS)
def test_table_matches_reference_roll_by_roll(config):
    n_a, c_a, n_d, c_d = config
    table = compute_table(config)
    for ra in itertools.product(range(1, 7), repeat=n_a):
        for rd in itertools.product(range(1, 7), repeat=n_d):
            assert table.lookup(ra, rd) == resolve_dice(ra, _kinds(c_a), rd, _kinds(c_d)).outcome
    exact = _brute_force(config)
    assert set(table.dist) == set(exact)
    for outcome, p in exact.items():
        assert table.dist[outcome] == pytest.approx(float(p), abs=1e-14)
    assert table.dist.total() == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("config", [(4, (2, 2), 4, (1,)), (6, (3,), 5, (2, 2)),
                                    (6, (6, 6), 7, (7, 7)), (5, (), 7, (3, 1))])
def test_large_table_matches_reference_on_sampled_rolls(config):
    import random
    rng = random.Random(3)
    n_a, c_a, n_d, c_d = config
    table = compute_table(config)
    assert table.dist.total() == pytest.approx(1.0, abs=1e-12)
    for _ in range(300):
        ra = [rng.randint(1, 6) for _ in range(n_a)]
        rd = [rng.randint(1, 6) for _ in range(n_d)]
        assert table.lookup(ra, rd) == resolve_dice(ra, _kinds(c_a), rd, _kinds(c_d)).outcome


@pytest.mark.parametrize("config", [(2, (2, 1), 3, (1,)), (3, (1,), 3, (2, 2)), (4, (2,), 2, ())])
def test_table_agrees_with_icepool(config):
    icepool = pytest.importorskip("icepool")
    n_a, c_a, n_d, c_d = config

    def outcome(rolled_a, rolled_d):
        return resolve_dice(rolled_a, _kinds(c_a), rolled_d, _kinds(c_d)).outcome

    die = icepool.map(outcome, icepool.d6.pool(n_a).expand(), icepool.d6.pool(n_d).expand())
    denominator = die.denominator()
    table = compute_table(config)
    seen = 0
    for o, weight in die.items():
        assert table.dist.prob(tuple(o)) == pytest.approx(weight / denominator, abs=1e-12)
        seen += 1
    assert seen == len(table.dist)


def test_seed_green_example_boosts_two_destroyer_dice():
    # 4 destroyers (2 green dice) and fighters, rolling 5 and 3 against no dice
    assert resolve_dice((5, 3), [("air", 0)], (), []).attacker.final == (5, 3)
    assert resolve_dice((5, 3), [("air", 1)], (), []).attacker.final == (6, 3)
    assert resolve_dice((5, 3), [("air", 2)], (), []).attacker.final == (6, 4)


def test_seed_pairing_examples():
    # [5,4,3] vs [6,3,2]: I take 1, you take 2
    res = resolve_dice((5, 4, 3), [], (6, 3, 2), [])
    assert res.outcome == (1, 2)
    # [6,3,2] vs [6]: tie, then two unpaired: I take 1, you take 3
    res = resolve_dice((6, 3, 2), [], (6,), [])
    assert res.outcome == (1, 3)
    assert res.unpaired_attacker == (1, 2)


def test_white_die_takes_each_kind_once_so_reaches_eight():
    res = resolve_dice((6,), [("art", 3), ("air", 3)], (6,), [])
    assert res.attacker.final == (8,)
    assert dict(res.attacker.boosts) == {"art": (0,), "air": (0,)}
    assert res.outcome == (0, 1)


def test_attacker_places_against_the_best_answer():
    # attacker [6, 1] +1; defender [6, 6] +1 answers. Boosting the 6 -> [7, 1]: the best
    # answer [7, 6] ties the 7 and beats the 1 (net -1); boosting the 1 -> [6, 2]: the answer
    # [7, 6] beats both (net -2). So the attacker boosts its 6.
    res = resolve_dice((6, 1), [("k", 1)], (6, 6), [("k", 1)])
    assert res.attacker.final == (7, 1)
    assert sorted(res.defender.final, reverse=True) == [7, 6]
    assert res.outcome == (2, 1)


def test_equal_nets_prefer_fewer_casualties():
    # defender [3] with a boost against attacker [4]: 3 loses (net -1) or 4 ties (net 0): tie.
    # attacker [4] vs defender [4, 1] +1 on ... choose among equal nets the one with fewer ties.
    res = resolve_dice((4,), [], (3,), [("k", 1)])
    assert res.defender.final == (4,) and res.outcome == (1, 1)
    # defender [5, 4] +1 vs attacker [5]: 6 beats 5 (net +1, no tie) beats 5 tie.
    res = resolve_dice((5,), [], (5, 4), [("k", 1)])
    assert res.defender.final == (6, 4)
    assert res.outcome == (2, 0)


def test_unusable_boosts_are_wasted():
    assert usable_boosts(2, [3, 0, 1]) == (2, 1)
    assert usable_boosts(0, [3]) == ()
    assert make_config(1, [3], 0, [2]) == (1, (1,), 0, ())


def test_probability_mass_of_the_biggest_tables():
    for config in [(6, (3, 3), 7, (3, 3)), (6, (6,), 6, (6,))]:
        table = compute_table(config)
        assert math.fsum(table.dist.values()) == pytest.approx(1.0, abs=1e-12)
        # more dice on the attacker's side in total can't make it take more than 7 hits
        assert max(a for a, _ in table.dist) <= 7


def test_disk_cache_round_trip(tmp_path):
    folder = tmp_path / "c"
    first = BandTableCache(folder)
    config = (2, (2, 1), 3, (1,))
    d1 = first.dist(config)
    first.flush()
    assert first.path.is_file()
    second = BandTableCache(folder)
    second.load()
    assert config in second.dists and not second.tables   # from disk, nothing recomputed
    for o, p in d1.items():
        assert second.dists[config][o] == pytest.approx(p, abs=1e-15)


@pytest.mark.parametrize("content", ["{not json", json.dumps({"version": 999, "entries": {}}),
                                     json.dumps({"version": bands.TABLE_VERSION,
                                                 "entries": {"2||1|": [[0, 2, 0.5]]}}),
                                     json.dumps({"version": bands.TABLE_VERSION,
                                                 "entries": {"x": 3}})])
def test_corrupt_disk_cache_is_recomputed(tmp_path, content):
    folder = tmp_path / "c"
    folder.mkdir()
    path = folder / f"mediumluck-bands-v{bands.TABLE_VERSION}.json"
    path.write_text(content)
    cache = BandTableCache(folder)
    d = cache.dist((2, (1,), 1, ()))     # with a boost: a table (boost-free bands need none)
    assert d.total() == pytest.approx(1.0)
    assert d == compute_table((2, (1,), 1, ())).dist
    cache.flush()
    reread = json.loads(path.read_text())
    assert reread["version"] == bands.TABLE_VERSION
