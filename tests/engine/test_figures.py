"""IPC lost and swing, survivors, end profiles and taking the territory (combatassist.figures)
against a brute-force enumeration of every die face and against seeded simulation."""
from __future__ import annotations

import functools
import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from combatassist.distribution import all_rolls
from combatassist.result import battle_result
from combatassist.rulesets import lowluck, mediumluck
from combatassist.rulesets.lowluck import LowLuckOptions, LowLuckScenario, LowLuckSide
from combatassist.rulesets.lowluck.edition import classic
from combatassist.rulesets.mediumluck import MediumLuckSetup, SideSetup, default_chart

LL_COST = {uid: u.cost for uid, u in classic().unit_map.items()}


def ll(att, dfn, **options):
    return LowLuckScenario(options=LowLuckOptions(**options), attacker=LowLuckSide(units=att),
                           defender=LowLuckSide(units=dfn))


def enumerated_round(rules, state) -> dict:
    """One round by rolling every combination of faces through the phases (no tables)."""
    current = {state: 1.0}
    for phase in rules.phases(state):
        following: dict = {}
        for s, p in current.items():
            specs = phase.dice(s)
            combos = math.prod(d.sides for d in specs)
            for rolled in all_rolls(d.sides for d in specs):
                s2 = phase.apply(s, phase.resolve(s, rolled))
                following[s2] = following.get(s2, 0.0) + p / combos
        current = following
    out: dict = {}
    for s, p in current.items():
        s2 = rules.end_round(s)
        out[s2] = out.get(s2, 0.0) + p
    return out


def brute_force_ends(rules) -> dict:
    """End positions -> probability, by recursion over enumerated rounds (self-loops summed
    as a geometric series)."""

    @functools.cache
    def ends(state) -> tuple:
        if rules.verdict(state) is not None:
            return ((state, 1.0),)
        moves = enumerated_round(rules, state)
        stay = moves.pop(state, 0.0)
        if stay >= 1.0 - 1e-15:
            return ((state, 1.0),)                  # stalemate
        acc: dict = {}
        for nxt, p in moves.items():
            for end, q in ends(nxt):
                acc[end] = acc.get(end, 0.0) + p * q / (1.0 - stay)
        return tuple(acc.items())

    return dict(ends(rules.initial_state()))


def expected_by_hand(rules, ends: dict, costs: dict):
    """IPC lost per side, survivors per type, and P(attacker wins with a land unit)."""
    start = rules.state_units(rules.initial_state())
    start_ipc = [sum(costs[u] * n for u, n in side.items()) for side in start]
    lost = [0.0, 0.0]
    survivors = [dict.fromkeys(start[0], 0.0), dict.fromkeys(start[1], 0.0)]
    swing: dict = {}
    for state, p in ends.items():
        units = rules.state_units(state)
        ipc = [start_ipc[s] - sum(costs[u] * n for u, n in units[s].items()) for s in (0, 1)]
        for s in (0, 1):
            lost[s] += p * ipc[s]
            for u, n in units[s].items():
                survivors[s][u] += p * n
        swing[ipc[1] - ipc[0]] = swing.get(ipc[1] - ipc[0], 0.0) + p
    return lost, survivors, swing


SMALL_LL = [
    ll({"infantry": 2, "armor": 1}, {"infantry": 2}),
    ll({"infantry": 2, "fighter": 1}, {"infantry": 1, "armor": 1}, aa_gun=True),
    ll({"infantry": 1, "armor": 1}, {"infantry": 2}, dice="standard"),
    ll({"armor": 1, "fighter": 1}, {"infantry": 1, "fighter": 1}, dice="standard", aa_gun=True),
    ll({"submarine": 1, "battleship": 1}, {"transport": 1, "submarine": 1}, battle="sea"),
]


@pytest.mark.parametrize("payload", SMALL_LL)
def test_lowluck_figures_equal_brute_force(payload):
    rules = lowluck.make_rules(payload)
    ends = brute_force_ends(rules)
    assert math.fsum(ends.values()) == pytest.approx(1.0, abs=1e-12)
    lost, survivors, swing = expected_by_hand(rules, ends, LL_COST)
    figures = lowluck.compute(payload).figures
    assert figures.attacker_ipc_lost == pytest.approx(lost[0], abs=1e-9)
    assert figures.defender_ipc_lost == pytest.approx(lost[1], abs=1e-9)
    assert figures.expected_ipc_swing == pytest.approx(lost[1] - lost[0], abs=1e-9)
    assert dict(figures.ipc_swing) == pytest.approx(swing, abs=1e-9)
    for s, side in enumerate(("attacker", "defender")):
        assert figures.survivors[side] == pytest.approx(survivors[s], abs=1e-9)
    # profiles: the most likely end compositions, by hand, most likely first
    by_hand: dict = {}
    for state, p in ends.items():
        a, d = rules.state_units(state)
        key = (tuple(a.items()), tuple(d.items()))
        by_hand[key] = by_hand.get(key, 0.0) + p
    best = sorted(by_hand.values(), reverse=True)[:10]
    assert [pr["p"] for pr in figures.profiles] == pytest.approx(best, abs=1e-9)
    for pr in figures.profiles:
        key = (tuple(pr["attacker"].items()), tuple(pr["defender"].items()))
        assert by_hand[key] == pytest.approx(pr["p"], abs=1e-9)
    if payload.options.battle == "land":
        land = {u for u, t in classic().unit_map.items() if t.kind == "land"}
        takes = sum(p for s, p in ends.items()
                    if not any(s[1]) and set(rules.state_units(s)[0]) & land)
        assert figures.takes_territory == pytest.approx(takes, abs=1e-9)
    else:
        assert figures.takes_territory is None


def test_mediumluck_figures_equal_brute_force():
    attacker = SideSetup(bands={"red": {"roll": {"tank": 2}},
                                "white": {"roll": {"infantry": 2}, "boost": {"fighter": 1}}})
    defender = SideSetup(bands={"white": {"roll": {"infantry": 3}, "boost": {"artillery": 1}}})
    # the brute force follows the rules' own (heuristic) casualty choices
    setup = MediumLuckSetup(default_chart(), attacker, defender, casualties="heuristic")
    rules = mediumluck.make_rules(setup)
    ends = brute_force_ends(rules)
    costs = {name: u.cost for name, u in default_chart().units.items()}
    lost, survivors, swing = expected_by_hand(rules, ends, costs)
    figures = mediumluck.compute(setup).figures
    assert figures.attacker_ipc_lost == pytest.approx(lost[0], abs=1e-9)
    assert figures.defender_ipc_lost == pytest.approx(lost[1], abs=1e-9)
    assert dict(figures.ipc_swing) == pytest.approx(swing, abs=1e-9)
    assert figures.survivors["attacker"] == pytest.approx(survivors[0], abs=1e-9)
    assert figures.survivors["defender"] == pytest.approx(survivors[1], abs=1e-9)
    takes = sum(p for s, p in ends.items()
                if not any(s[1]) and set(rules.state_units(s)[0]) & {"tank", "infantry"})
    assert figures.takes_territory == pytest.approx(takes, abs=1e-9)
    assert 0 < figures.takes_territory < mediumluck.compute(setup).attacker_wins + 1e-12


def test_mediumluck_sea_battle_has_no_territory():
    attacker = SideSetup(bands={"black": {"roll": {"battleship": 1}}})
    defender = SideSetup(bands={"blue": {"roll": {"destroyer": 2}}})
    result = mediumluck.compute(MediumLuckSetup(default_chart(), attacker, defender))
    assert result.figures.takes_territory is None
    assert result.to_json()["takes_territory"] is None


def _sigma_check(exact, sample_mean, sample_sd, trials, k=5.0):
    assert abs(exact - sample_mean) <= k * sample_sd / math.sqrt(trials) + 1e-9


@pytest.mark.parametrize("payload", [
    ll({"infantry": 12, "armor": 8, "fighter": 4, "bomber": 1},
       {"infantry": 14, "armor": 4, "fighter": 3}, aa_gun=True),
    ll({"infantry": 6, "armor": 4, "fighter": 2}, {"infantry": 7, "armor": 2, "fighter": 1},
       dice="standard"),
])
def test_lowluck_figures_agree_with_seeded_simulation(payload):
    trials = 10_000
    exact = lowluck.compute(payload)
    rules = lowluck.make_rules(payload)
    outcome = lowluck.outcome_of(rules, payload.options, method="simulate", trials=trials,
                                 seed=7)
    start = rules.state_units(rules.initial_state())
    start_ipc = [sum(LL_COST[u] * n for u, n in side.items()) for side in start]
    samples = []                                    # (attacker IPC lost, defender IPC lost)
    for bucket in (outcome.decided, outcome.stalemates, outcome.undecided):
        for state, p in bucket.items():
            units = rules.state_units(state)
            ipc = [start_ipc[s] - sum(LL_COST[u] * n for u, n in units[s].items())
                   for s in (0, 1)]
            samples.append((ipc, units, p))
    for s, key in enumerate(("attacker_ipc_lost", "defender_ipc_lost")):
        mean = sum(ipc[s] * p for ipc, _, p in samples)
        sd = math.sqrt(max(0.0, sum(ipc[s] ** 2 * p for ipc, _, p in samples) - mean ** 2))
        _sigma_check(getattr(exact.figures, key), mean, sd, trials)
    for s, side in enumerate(("attacker", "defender")):
        for unit, expected in exact.figures.survivors[side].items():
            mean = sum(u[s].get(unit, 0) * p for _, u, p in samples)
            sd = math.sqrt(max(0.0, sum(u[s].get(unit, 0) ** 2 * p for _, u, p in samples)
                               - mean ** 2))
            _sigma_check(expected, mean, max(sd, 0.05), trials)
    simulated = battle_result("lowluck", rules, outcome).figures
    p = exact.figures.takes_territory
    _sigma_check(p, simulated.takes_territory, math.sqrt(max(p * (1 - p), 0.01)), trials)


def test_mediumluck_figures_agree_with_seeded_simulation():
    setup = mediumluck.default_scenario().body
    trials = 20_000
    exact = mediumluck.compute(setup).figures
    simulated = mediumluck.compute(setup, method="simulate", trials=trials, seed=3).figures
    # IPC lost stay within 60 IPC a side here: sd <= 30
    assert abs(exact.attacker_ipc_lost - simulated.attacker_ipc_lost) < 5 * 30 / math.sqrt(trials)
    assert abs(exact.defender_ipc_lost - simulated.defender_ipc_lost) < 5 * 30 / math.sqrt(trials)
    for side in ("attacker", "defender"):
        for unit, expected in exact.survivors[side].items():
            assert abs(expected - simulated.survivors[side][unit]) < 5 * 6 / math.sqrt(trials)


small_side = st.dictionaries(st.sampled_from(["infantry", "armor", "fighter", "bomber"]),
                             st.integers(1, 3), min_size=1, max_size=3)


@settings(max_examples=40, deadline=None)
@given(att=small_side, dfn=small_side, aa=st.booleans(),
       dice=st.sampled_from(["lowluck", "standard"]))
def test_takes_territory_at_most_attacker_wins_equal_without_aircraft(att, dfn, aa, dice):
    result = lowluck.compute(ll(att, dfn, aa_gun=aa, dice=dice))
    takes = result.figures.takes_territory
    assert takes <= result.attacker_wins + 1e-12
    if not (set(att) & {"fighter", "bomber"}):
        assert takes == pytest.approx(result.attacker_wins, abs=1e-12)
    # every figure is a sum over the same end positions
    assert math.fsum(p for _, p in result.figures.ipc_swing) == pytest.approx(
        1.0 - result.pruned, abs=1e-9)
    assert sum(pr["p"] for pr in result.figures.profiles) <= 1.0 + 1e-12


def test_aircraft_only_win_does_not_take_the_territory():
    # 2 bombers vs 1 infantry: the attacker can only ever win with aircraft left
    result = lowluck.compute(ll({"bomber": 2}, {"infantry": 1}))
    assert result.attacker_wins > 0.9
    assert result.figures.takes_territory == 0.0


def test_json_keys_and_summary():
    result = lowluck.compute(ll({"infantry": 3, "armor": 3, "fighter": 1},
                                {"infantry": 3, "armor": 1, "fighter": 1}))
    data = result.to_json()
    assert data["retreated"] == 0.0
    assert data["ipc_swing"] and all(len(row) == 2 for row in data["ipc_swing"])
    assert data["expected_ipc_swing"] == pytest.approx(
        data["defender_ipc_lost"] - data["attacker_ipc_lost"])
    assert set(data["survivors"]) == {"attacker", "defender"}
    assert 1 <= len(data["profiles"]) <= 10
    assert [p["p"] for p in data["profiles"]] == sorted((p["p"] for p in data["profiles"]),
                                                        reverse=True)
    text = lowluck.summarise(result, "Finland")
    assert "IPC swing +14.78" in text
    assert "takes the territory  100.00%" in text
    assert "64.81%  attacker 3 armor + 1 fighter | defender nothing" in text


class _Without:
    """The rules without one optional method (``name``): the caller takes its other path
    (``state_counts``: ``battle_figures`` per position; ``verdicts_and_losses``:
    ``battle_result`` asks position by position)."""

    def __init__(self, rules, name: str):
        self._rules, self._name = rules, name

    def __getattr__(self, name):
        if name == self._name:
            raise AttributeError(name)
        return getattr(self._rules, name)


#: Battles whose figures two paths must give alike: the small ones, an AA gun, retreat
#: rules, a round limit, a fleet, a side with nothing.
TWO_PATHS = SMALL_LL + [
    ll({"infantry": 9, "armor": 5, "fighter": 3, "bomber": 1},
       {"infantry": 8, "armor": 3, "fighter": 2}, dice="standard", aa_gun=True),
    ll({"infantry": 5, "armor": 3}, {"infantry": 6, "armor": 1}, dice="standard",
       retreat_after=2),
    ll({"infantry": 5, "armor": 3}, {"infantry": 6}, dice="standard", max_rounds=2),
    ll({"battleship": 2, "submarine": 3, "fighter": 2},
       {"carrier": 1, "fighter": 2, "transport": 2, "submarine": 2}, battle="sea",
       dice="standard"),
    ll({}, {"infantry": 2}),
]


@pytest.mark.parametrize("payload", TWO_PATHS)
def test_figures_from_count_arrays_equal_the_per_position_sums(payload):
    """The array path (``rules.state_counts``) gives the per-position loop's figures: the same
    sums in the same order, so the same numbers to the last bit; exact and simulated."""
    from combatassist.figures import battle_figures
    rules = lowluck.make_rules(payload)
    for outcome in (lowluck.outcome_of(rules, payload.options),
                    lowluck.outcome_of(rules, payload.options, method="simulate", trials=500,
                                       seed=2)):
        fast = battle_figures(rules, outcome).to_json()
        slow = battle_figures(_Without(rules, "state_counts"), outcome).to_json()
        assert fast == slow


@pytest.mark.parametrize("payload", SMALL_LL + [
    ll({"infantry": 9, "armor": 5, "fighter": 3, "bomber": 1},
       {"infantry": 8, "armor": 3, "fighter": 2}, dice="standard", aa_gun=True),
    ll({"infantry": 5, "armor": 3}, {"infantry": 6, "armor": 1}, dice="standard",
       retreat_after=2),
    ll({"battleship": 2, "submarine": 3, "fighter": 2},
       {"carrier": 1, "fighter": 2, "transport": 2, "submarine": 2}, battle="sea",
       dice="standard"),
    ll({}, {"infantry": 2}),
])
def test_figures_of_a_few_positions_equal_the_array_path(payload, monkeypatch):
    """Up to ``FEW_POSITIONS`` end positions the figures are summed in plain Python: the
    array path's numbers to the last bit, exact and simulated (many positions: the array
    path forced for them all)."""
    from combatassist import figures
    rules = lowluck.make_rules(payload)
    for outcome in (lowluck.outcome_of(rules, payload.options),
                    lowluck.outcome_of(rules, payload.options, method="simulate", trials=500,
                                       seed=2)):
        monkeypatch.setattr(figures, "FEW_POSITIONS", 10**9)
        few = figures.battle_figures(rules, outcome).to_json()
        monkeypatch.setattr(figures, "FEW_POSITIONS", -1)
        arrays = figures.battle_figures(rules, outcome).to_json()
        assert few == arrays


@pytest.mark.parametrize("few", [10**9, -1])
@pytest.mark.parametrize("payload", TWO_PATHS)
def test_verdicts_and_losses_at_once_equal_one_end_at_a_time(payload, few, monkeypatch):
    """``battle_result`` with the rules' ``verdicts_and_losses`` (every end at once) gives
    what it gives asking ``verdict`` and ``losses`` position by position, to the last bit:
    wins, losses, retreats, stalemates and undecided; exact and simulated; summed in plain
    Python (a few ends) and in arrays (many: forced here for them all)."""
    from combatassist import result
    from combatassist.result import battle_result
    monkeypatch.setattr(result, "FEW_ENDS", few)
    rules = lowluck.make_rules(payload)
    for outcome in (lowluck.outcome_of(rules, payload.options),
                    lowluck.outcome_of(rules, payload.options, method="simulate", trials=500,
                                       seed=2)):
        at_once = battle_result("lowluck", rules, outcome)
        one_by_one = battle_result("lowluck", _Without(rules, "verdicts_and_losses"), outcome)
        assert at_once.to_json() == one_by_one.to_json()
        assert at_once.losses == one_by_one.losses
        assert (at_once.attacker_wins, at_once.defender_wins, at_once.draw) == \
            (one_by_one.attacker_wins, one_by_one.defender_wins, one_by_one.draw)


@pytest.mark.parametrize("swings", [[3.0, -2.0, 3.0, 0.0, 7.0, -2.0],        # whole: counted
                                    [1.5, -2.0, 1.5, 0.25],                  # not whole
                                    [0.0, 1e6, 0.0, -5.0]])                  # too wide a range
def test_ipc_swings_summed_per_swing_as_one_position_at_a_time(swings):
    """``ipc_swing`` of many positions (counted by number when the swings are whole IPC in
    a small range, else sorted): each swing once, ascending, its mass summed one position
    at a time in order (the per-position loop's sums, to the last bit); whole swings as
    ints."""
    from combatassist.figures import _swing
    rng = np.random.default_rng(7)
    p = rng.random(len(swings)) * 1e-3
    want: dict = {}
    for s, q in zip(swings, p.tolist()):
        want[s] = want.get(s, 0.0) + q
    got = _swing(np.array(swings), p)
    assert got == sorted(want.items())
    assert [type(s) for s, _ in got] == [int if float(s).is_integer() else float
                                         for s, _ in got]


def test_ends_with_the_same_units_merge_into_one_profile(monkeypatch):
    """End positions with the same units (here: one in round 1, one after it) make one
    profile with their summed chance: the array path (each end once, or merged by
    sorting) gives the per-position loop's figures, to the last bit."""
    from combatassist import figures
    from combatassist.solver import BattleOutcome
    rules = lowluck.make_rules(ll({"infantry": 3, "armor": 2}, {"infantry": 3},
                                  dice="standard"))
    a0, d0, _ = rules.initial_state()
    out = BattleOutcome()
    rng = np.random.default_rng(11)
    for n in range(4 * 4 * 2):
        att = tuple(max(0, c - n % 4) for c in a0)
        dfn = tuple(max(0, c - n // 4 % 4) for c in d0)
        out.decided[(att, dfn, n >= 16)] = float(rng.random())
    total = sum(out.decided.values())
    out.decided = {s: p / total for s, p in out.decided.items()}
    monkeypatch.setattr(figures, "FEW_POSITIONS", -1)             # the array path
    fast = figures.battle_figures(rules, out).to_json()
    slow = figures.battle_figures(_Without(rules, "state_counts"), out).to_json()
    assert fast == slow
    assert len(fast["profiles"]) == figures.TOP_PROFILES
    merged = []
    unique = np.unique
    monkeypatch.setattr(np, "unique", lambda *a, **k: merged.append(1) or unique(*a, **k))
    figures.battle_figures(rules, out)
    assert merged                                   # (the sorted way was taken)
