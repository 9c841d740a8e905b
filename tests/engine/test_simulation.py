"""The batched simulator: trials sharing a state roll together, through the same phases.

``resolve_many`` (a batch of rolls) must tally exactly what ``resolve`` gives roll by roll;
the simulation stays seeded and repeatable, and agrees with the exact odds (and stalemates).
"""
from __future__ import annotations

import numpy as np
import pytest

from combatassist.battle import BattleRules, DieSpec, Phase, play_round_many, roll_many
from combatassist.rulesets import lowluck, mediumluck
from combatassist.rulesets.lowluck import LowLuckOptions, LowLuckScenario, LowLuckSide
from combatassist.scenario import parse_scenario_text
from combatassist.solver import simulate, solve


def _ll(att, dfn, **options):
    return lowluck.make_rules(LowLuckScenario(options=LowLuckOptions(**options),
                                              attacker=LowLuckSide(units=att),
                                              defender=LowLuckSide(units=dfn)))


LL_RULES = [
    _ll({"infantry": 4, "armor": 3, "fighter": 3, "bomber": 2},
        {"infantry": 5, "armor": 1, "fighter": 2}, aa_gun=True, dice=dice)
    for dice in ("standard", "lowluck")] + [
    _ll({"submarine": 3, "battleship": 1, "fighter": 2}, {"submarine": 2, "carrier": 1,
                                                           "fighter": 2}, battle="sea", dice=dice)
    for dice in ("standard", "lowluck")]

ML_TEXT = """
ruleset = "mediumluck"
[attacker.bands.red]
roll = { tank = 4 }
boost = { mech_infantry = 2 }
[attacker.bands.white]
roll = { infantry = 6 }
[defender.bands.white]
roll = { infantry = 7 }
boost = { artillery = 2 }
"""


def _tally_one_by_one(phase, state, rolled):
    acc: dict = {}
    for row in rolled.tolist():
        o = phase.resolve(state, tuple(row))
        acc[o] = acc.get(o, 0) + 1
    return acc


def _states_to_check(rules, rng):
    state = rules.initial_state()
    yield state
    for s in list(play_round_many(rules, state, 50, rng))[:6]:
        if rules.verdict(s) is None:
            yield s


def _ur_rules():
    from tests.benchmarks import bench_ur
    from combatassist.rulesets import ur

    return [ur.make_rules(bench_ur._four_vs_four()), ur.make_rules(bench_ur._storm_wall_undead())]


@pytest.mark.parametrize("rules", LL_RULES + [
    mediumluck.MediumLuckRules(parse_scenario_text(ML_TEXT).body)] + _ur_rules(),
    ids=lambda r: type(r).__name__)
def test_resolve_many_tallies_what_resolve_gives_roll_by_roll(rules):
    rng = np.random.default_rng(3)
    checked = 0
    for state in _states_to_check(rules, rng):
        current = state
        for phase in rules.phases(state):
            specs = phase.dice(current)
            if specs:
                rolled = roll_many(rng, specs, 400)
                assert phase.resolve_many(current, rolled) == \
                    _tally_one_by_one(phase, current, rolled)
                checked += 1
            current = phase.apply(current, phase.resolve(current, tuple(
                roll_many(rng, specs, 1)[0].tolist())) if specs else phase.resolve(current, ()))
    assert checked >= 3


@pytest.mark.parametrize("config", [(1, (), 1, ()), (3, (1,), 2, ()), (4, (2, 1), 5, (1,)),
                                    (6, (1, 1), 7, (2,))])
def test_band_table_lookup_many_is_lookup_roll_by_roll(config):
    """Medium Luck's batched band-table lookup (the simulator's) answers each roll as the
    one-roll lookup does, whatever the order of the dice."""
    from combatassist.rulesets.mediumluck.bands import compute_table

    table = compute_table(config)
    n_a, _, n_d, _ = config
    rolled = np.random.default_rng(5).integers(1, 7, size=(300, n_a + n_d))
    hits_a, hits_d = table.lookup_many(rolled[:, :n_a], rolled[:, n_a:])
    for row, a, d in zip(rolled.tolist(), hits_a.tolist(), hits_d.tolist()):
        assert table.lookup(row[:n_a], row[n_a:]) == (a, d)


def test_dice_stream_hands_out_seeded_faces_in_order(monkeypatch):
    """The simulator's dice come in blocks: any group sizes read one seeded sequence of
    fair faces, across block boundaries too."""
    from combatassist.battle import DiceStream

    monkeypatch.setattr(DiceStream, "BLOCK", 50)
    stream = DiceStream(np.random.default_rng(7))
    parts = [stream.integers(1, 7, size=(n, 3)) for n in (1, 20, 7, 40, 2)]
    assert [p.shape for p in parts] == [(1, 3), (20, 3), (7, 3), (40, 3), (2, 3)]
    faces = np.concatenate([p.ravel() for p in parts])
    again = DiceStream(np.random.default_rng(7))
    assert np.array_equal(faces, np.concatenate([again.integers(1, 7, size=(n, 3)).ravel()
                                                 for n in (1, 20, 7, 40, 2)]))
    other = DiceStream(np.random.default_rng(8)).integers(1, 7, size=len(faces))
    assert not np.array_equal(faces, other)
    assert faces.min() >= 1 and faces.max() <= 6
    assert set(np.unique(DiceStream(np.random.default_rng(1)).integers(1, 7, 600))) == \
        set(range(1, 7))


def test_outcomes_and_states_hold_plain_ints():
    """Batched outcomes come from numpy; states must stay plain (JSON, hashing, the table)."""
    rules = LL_RULES[0]
    after = play_round_many(rules, rules.initial_state(), 1000, np.random.default_rng(1))
    for state in after:
        assert all(type(n) is int for n in state[0] + state[1])
    assert sum(after.values()) == 1000


def test_simulation_is_seeded_and_repeatable():
    rules = LL_RULES[0]
    a = simulate(rules, 3000, seed=5)
    b = simulate(rules, 3000, seed=5)
    c = simulate(rules, 3000, seed=6)
    assert a.decided == b.decided and a.expected_rounds == b.expected_rounds
    assert a.decided != c.decided


@pytest.mark.parametrize("rules", LL_RULES[:1] + LL_RULES[2:3], ids=["land-aa", "sea-subs"])
def test_standard_dice_simulation_agrees_with_exact(rules):
    trials = 40_000
    exact = solve(rules)
    sim = simulate(rules, trials, seed=11)
    for side in ("attacker", "defender", "draw"):
        p = sum(m for s, m in exact.decided.items() if rules.verdict(s) == side)
        q = sum(m for s, m in sim.decided.items() if rules.verdict(s) == side)
        sigma = max((p * (1 - p) / trials) ** 0.5, 1 / trials)
        assert abs(q - p) < 5 * sigma, side
    assert sim.expected_rounds == pytest.approx(exact.expected_rounds, rel=0.03)


class _Skirmish(Phase):
    """Armed units (lost first) hit on a 1 or 2, one d6 each; unarmed ones never hit. Once
    both sides' armed units are gone, the battle can't end: a stalemate mid-battle."""
    name = "skirmish"

    def dice(self, state):
        return tuple(DieSpec(side, 6) for side, (armed, _) in zip(("attacker", "defender"), state)
                     for _ in range(armed))

    def resolve(self, state, rolled):
        n_a = state[0][0]
        return (sum(r <= 2 for r in rolled[:n_a]), sum(r <= 2 for r in rolled[n_a:]))

    def apply(self, state, outcome, choice=None):
        def lose(side, hits):
            armed, unarmed = side
            take = min(hits, armed)
            return (armed - take, max(0, unarmed - (hits - take)))
        return (lose(state[0], outcome[1]), lose(state[1], outcome[0]))


class _SkirmishRules(BattleRules):
    def __init__(self):
        self.phase = _Skirmish()

    def initial_state(self):
        return ((2, 1), (1, 2))

    def phases(self, state):
        return [self.phase]

    def verdict(self, state):
        a, d = sum(state[0]), sum(state[1])
        if a and d:
            return None
        return "draw" if not (a or d) else ("attacker" if a else "defender")

    def losses(self, state):
        return (3 - sum(state[0]), 3 - sum(state[1]))

    def progress(self, state):
        return (6 - sum(state[0]) - sum(state[1]),)


def test_stalemates_are_found_when_every_trial_stays():
    """The simulator looks for a stalemate (exactly) only when a round left every trial of a
    state where it was; it finds the exact solver's stalemates at their frequency."""
    rules = _SkirmishRules()
    exact = solve(rules)
    trials = 20_000
    sim = simulate(rules, trials, seed=2)
    p = sum(exact.stalemates.values())
    q = sum(sim.stalemates.values())
    assert 0.01 < p < 0.99
    assert abs(q - p) < 5 * (p * (1 - p) / trials) ** 0.5
    assert set(sim.stalemates) == set(exact.stalemates)
    assert sim.expected_rounds == pytest.approx(exact.expected_rounds, rel=0.05)
    capped = simulate(rules, 2000, seed=2, max_rounds=2)
    assert sum(capped.undecided.values()) + sum(capped.decided.values()) + \
        sum(capped.stalemates.values()) == pytest.approx(1.0)
