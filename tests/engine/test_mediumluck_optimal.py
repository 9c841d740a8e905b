"""Optimal casualty choices (positions.py) against an independent brute-force minimax.

The minimax is written from docs/rules.md §1 alone on top of the independent band
enumeration of ``test_mediumluck_independent`` (every roll, every boost placement, exact
fractions): at every casualty choice it tries every set of eligible units the hits can take
(not one removal at a time), the attacker choosing first and the defender answering.
"""
from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

import pytest

from combatassist.rulesets.mediumluck import bands as ml_bands
from combatassist.rulesets.mediumluck.rules import MediumLuckRules
from combatassist.rulesets.mediumluck.positions import PositionValues

from .test_mediumluck_independent import (BATTLES, CHART, IDLE, R, W, Y, Side, band_dist,
                                          engine_setup)


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv(ml_bands.CACHE_ENV, str(tmp_path / "cache"))


def removals(side: Side, counts, band_index: int, hits: int) -> set:
    """Every count vector after ``hits`` casualties among the band's eligible units."""
    may_hit = CHART[band_index][3]
    elig = [i for i, (_, _, u) in enumerate(side.slots) if u in may_hit]
    landed = min(hits, sum(counts[i] for i in elig))
    out = set()
    for combo in itertools.combinations_with_replacement(elig, landed):
        new = list(counts)
        for i in combo:
            new[i] -= 1
        if min(new) >= 0:
            out.add(tuple(new))
    return out


def minimax_score(attacker: dict, defender: dict, extra_white: bool) -> Fraction:
    """P(attacker wins) + 1/2 P(draw) when both sides choose every casualty optimally."""
    sides = (Side(attacker, False, extra_white), Side(defender, True, extra_white))
    n_bands = len(CHART)

    @cache
    def value(state) -> Fraction:
        a_alive, d_alive = any(state[0]), any(state[1])
        if not (a_alive and d_alive):
            return Fraction(1) if a_alive else Fraction(0) if d_alive else Fraction(1, 2)
        alpha, beta = linear(0, state, state)
        if beta == 1:
            return Fraction(1, 2)                   # stalemate
        return alpha / (1 - beta)

    def at(b, state, start):
        """The value before band b: a number, or (alpha, beta) on the round's start."""
        if b == n_bands:
            return (Fraction(0), Fraction(1)) if state == start else value(state)
        return linear(b, state, start)

    @cache
    def linear(b, state, start):
        a, d = state
        n_a, n_d = sides[0].dice(a, b), sides[1].dice(d, b)
        if n_a == 0 and n_d == 0:
            return at(b + 1, state, start)
        ka = tuple(sorted(sides[0].boosts(a, b).items()))
        kd = tuple(sorted(sides[1].boosts(d, b).items()))
        winner = CHART[b][4]
        alpha, beta = Fraction(0), Fraction(0)
        for (on_a, on_d), q in band_dist(n_a, ka, n_d, kd).items():
            a_opts = removals(sides[0], a, b, on_a)
            d_opts = removals(sides[1], d, b, on_d)
            if a_opts == {a} and d_opts == {d}:
                v = at(b + 1, state, start)
            elif winner:      # the attacker picks the defender's losses, then the defender
                v = max(min(at(b + 1, (a2, d2), start) for a2 in a_opts) for d2 in d_opts)
            else:             # the attacker picks its own losses, then the defender its own
                v = max(min(at(b + 1, (a2, d2), start) for d2 in d_opts) for a2 in a_opts)
            if isinstance(v, tuple):
                alpha += q * v[0]
                beta += q * v[1]
            else:
                alpha += q * v
        return (alpha, beta) if state == start else alpha + beta * value(state)

    start = (sides[0].start, sides[1].start)
    return value(start)


#: Tiny battles where choices matter: several eligible types on both sides, red choices.
CHOICE_BATTLES = [
    ({(R, "roll", "tank"): 1, (W, "roll", "infantry"): 2},
     {(R, "roll", "tank"): 1, (W, "roll", "infantry"): 1, (W, "boost", "artillery"): 1}),
    ({(Y, "roll", "fighter"): 1, (R, "roll", "tank"): 1, (W, "roll", "infantry"): 1},
     {(W, "roll", "infantry"): 2, (IDLE, "idle", "aaa"): 1}),
    ({(R, "roll", "tank"): 2, (R, "boost", "mech_infantry"): 1},
     {(R, "roll", "tank"): 1, (W, "roll", "infantry"): 2, (W, "boost", "fighter"): 1}),
]


@pytest.mark.parametrize("extra_white", [False, True])
@pytest.mark.parametrize("attacker,defender", BATTLES + CHOICE_BATTLES)
def test_position_values_equal_brute_force_minimax(attacker, defender, extra_white):
    rules = MediumLuckRules(engine_setup(attacker, defender, extra_white))
    values = PositionValues(rules)
    want = minimax_score(attacker, defender, extra_white)
    assert values.score(rules.start) == pytest.approx(float(want), abs=1e-12)
    # every position of the grid, not just the start
    for flat in range(0, values.n, max(1, values.n // 40)):
        state = values.state(flat)
        sub_a = {k: n for k, n in zip(Side(attacker, False, extra_white).slots, state[0]) if n}
        sub_d = {k: n for k, n in zip(Side(defender, True, extra_white).slots, state[1]) if n}
        if not sub_a or not sub_d:
            continue
        assert values.score(state) == pytest.approx(
            float(minimax_score(sub_a, sub_d, extra_white)), abs=1e-12), state


# -- the issue's case: a yellow fighter with nothing to hit ---------------------------------
CASE_A = """
ruleset = "mediumluck"
[attacker.bands.yellow]
roll = { fighter = 1 }
[attacker.bands.black]
roll = { strategic_bomber = 1 }
[attacker.bands.red]
roll = { tank = 3 }
[attacker.bands.white]
roll = { infantry = 6, mech_infantry = 1 }
boost = { artillery = 2, fighter = 2 }
[attacker]
idle = { infantry = 1 }
[defender.bands.red]
roll = { tank = 2 }
[defender.bands.white]
roll = { infantry = 5 }
boost = { artillery = 2 }
[defender]
idle = { aaa = 1 }
"""
CASE_B = CASE_A.replace("[attacker.bands.yellow]\nroll = { fighter = 1 }\n", "").replace(
    "fighter = 2 }", "fighter = 3 }")
#: The issue's advisor case: the same army with the three fighters rolling yellow.
CASE_ADVISOR = CASE_A.replace("roll = { fighter = 1 }", "roll = { fighter = 3 }").replace(
    "boost = { artillery = 2, fighter = 2 }", "boost = { artillery = 2 }")


def test_the_issue_case_is_explained_and_optimal_play_removes_the_anomaly():
    from combatassist.rulesets import mediumluck
    from combatassist.scenario import parse_scenario_text
    a = mediumluck.compute(parse_scenario_text(CASE_A).body)
    b = mediumluck.compute(parse_scenario_text(CASE_B).body)
    assert a.extra["casualties"] == b.extra["casualties"] == "optimal"
    assert "fighter (rolls yellow, can hit nothing)" in a.extra["lost_first"]["attacker"]
    assert "infantry (idle)" in a.extra["lost_first"]["attacker"]
    assert not any("fighter" in note for note in b.extra["lost_first"]["attacker"])
    # boosting white with the fighter is no worse once casualties are chosen soundly
    assert b.attacker_wins + b.draw / 2 >= a.attacker_wins + a.draw / 2 - 1e-3
