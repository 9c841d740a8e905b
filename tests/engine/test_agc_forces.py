"""AGC random force generation: the rounding rules, seeded rolls, the exact composition."""
from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from combatassist.errors import EngineError
from combatassist.rulesets.agc.data import BASE_TYPES
from combatassist.rulesets.agc.forces import (composition_distribution, force_from_rolls,
                                              generate_force, percentages,
                                              remaining_units, round_half_up_percent)


def test_round_half_up_is_exact():
    assert round_half_up_percent(5, 30) == 2        # 1.5 -> 2 (Python's round gives 2 too)
    assert round_half_up_percent(5, 50) == 3        # 2.5 -> 3 (Python's round would give 2)
    assert round_half_up_percent(15, 70) == 11      # 10.5 -> 11
    assert round_half_up_percent(7, 30) == 2        # 2.1 -> 2
    assert round_half_up_percent(3, 50) == 2        # 1.5 -> 2
    assert round_half_up_percent(0, 70) == 0


def test_percentages_by_hand():
    assert percentages(1, 1)[:2] == (20, 10)
    assert percentages(1, 4)[:2] == (20, 10)        # 40 -> 30 -> 20 -> 10: below 20
    assert percentages(2, 3)[:2] == (30, 20)        # 30 is not below 30
    assert percentages(6, 4)[:2] == (70, 30)        # 70 + 40 > 100: lowered to 30
    inf, arm, notes = percentages(6, 4)
    assert any("at most 100%" in n for n in notes)
    assert percentages(6, 3) == (70, 30, [])


def test_every_face_and_size_follows_the_rules():
    for n in range(0, 61):
        for fi, fa in itertools.product(range(1, 7), range(1, 5)):
            inf_pct, arm_pct, _ = percentages(fi, fa)
            assert inf_pct == (fi + 1) * 10
            assert arm_pct < inf_pct and inf_pct + arm_pct <= 100 and arm_pct % 10 == 0
            assert arm_pct == min(fa * 10 if fa * 10 < inf_pct else
                                  max(a for a in range(0, inf_pct, 10)), 100 - inf_pct)
            r = remaining_units(n, fi, fa)
            if inf_pct + arm_pct == 100:
                assert r == 0                      # rounding never leaves a unit over at 100%
            force = force_from_rolls(n, fi, fa, [3] * r)
            assert sum(force.units.values()) == n
            assert force.units["infantry"] == (2 * n * inf_pct + 100) // 200
            assert force.units["armor"] == min((2 * n * arm_pct + 100) // 200,
                                               n - force.units["infantry"])
            assert force.units["engineers"] == r
            assert len(force.rolls) == 2 + r


def test_seeded_generation_shows_every_roll():
    f1, f2 = generate_force(25, seed=11), generate_force(25, seed=11)
    assert f1 == f2
    assert f1.rolls[0].step == "infantry %" and f1.rolls[0].die == "1d6"
    assert f1.rolls[1].step == "armor %" and f1.rolls[1].die == "1d4"
    rest = f1.rolls[2:]
    assert len(rest) == 25 - f1.units["infantry"] - f1.units["armor"]
    counts = Counter(r.meaning.replace(" ", "_") for r in rest)
    for unit in ("artillery", "aad", "engineers", "air_support"):
        assert counts[unit] == f1.units[unit]
    # replaying the shown rolls rebuilds the same force
    again = force_from_rolls(25, f1.rolls[0].face, f1.rolls[1].face, [r.face for r in rest])
    assert again.units == f1.units


def test_bad_sizes_and_dice_are_refused():
    with pytest.raises(EngineError, match="0 to"):
        generate_force(-1)
    with pytest.raises(EngineError, match="d6"):
        force_from_rolls(5, 7, 1)
    with pytest.raises(EngineError, match="remaining"):
        force_from_rolls(10, 1, 1, [])
    with pytest.raises(EngineError, match="d4"):
        force_from_rolls(10, 1, 1, [5] * 7)


def test_composition_distribution_matches_enumeration():
    for n in (1, 3, 7):
        dist = composition_distribution(n)
        ref: Counter = Counter()
        total = 0
        for fi, fa in itertools.product(range(1, 7), range(1, 5)):
            r = remaining_units(n, fi, fa)
            for faces in itertools.product(range(1, 5), repeat=r):
                w = 4 ** (6 - r)       # common denominator 24 * 4^6
                ref[force_from_rolls(n, fi, fa, list(faces)).composition()] += w
                total += w
        assert total == 24 * 4 ** 6
        assert set(dist) == set(ref)
        for key, w in ref.items():
            assert dist[key] == pytest.approx(w / total)
        assert all(sum(k) == n for k in dist)


def test_composition_distribution_matches_seeded_generation():
    n, trials = 10, 20_000
    dist = composition_distribution(n)
    rng = random.Random(5)
    seen = Counter(generate_force(n, rng).composition() for _ in range(trials))
    mean_exact = {u: dist.mean(lambda k, i=i: k[i]) for i, u in enumerate(BASE_TYPES)}
    for i, u in enumerate(BASE_TYPES):
        mean_sim = sum(k[i] * c for k, c in seen.items()) / trials
        assert abs(mean_sim - mean_exact[u]) < 0.06, u
    assert composition_distribution(60).total() == pytest.approx(1)
    with pytest.raises(EngineError):
        composition_distribution(61)
