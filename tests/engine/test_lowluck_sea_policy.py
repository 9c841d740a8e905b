"""A fleet under a retreat policy on the sea grid (``sea_policy``): what the generic
``retreat_policy.best_policy`` answers — the positions withdrawn from, the worth, the outcome
state by state with its curve, the policy in words — and what ``odds`` says with it."""
from __future__ import annotations

import random

import pytest

from combatassist.retreat_policy import best_policy
from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import sea_policy, withdrawals
from combatassist.solver import estimate_work
from tests.engine.test_lowluck_batch import figures_diff
from tests.engine.test_lowluck_editions import payload
from tests.engine.test_lowluck_plain_rounds_grid import assert_same_outcome

SHIPS = {"1942se": ["submarine", "destroyer", "cruiser", "carrier", "battleship", "transport",
                    "fighter", "bomber"],
         "1940se": ["submarine", "destroyer", "cruiser", "carrier", "battleship", "transport",
                    "fighter", "tactical_bomber", "bomber"],
         "aa50": ["submarine", "destroyer", "cruiser", "carrier", "battleship", "transport",
                  "fighter", "bomber"],
         "revised": ["submarine", "destroyer", "carrier", "battleship", "transport", "fighter",
                     "bomber"]}
TECHS = {"aa50": ["jet_power", "super_subs"], "revised": ["jet_power", "super_subs",
                                                          "heavy_bombers"]}


def _fleets(count: int, seed: int, most: int = 3) -> list:
    """Random fleets of every later edition under "profit" (a strafe is for land battles):
    submarines that
    submerge (at a round's start, or Revised's end), techs, damaged battleships, transports,
    the forced rules ("with N units or fewer", "only aircraft left") beside the policy."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        edition = rng.choice(sorted(SHIPS))
        doc = {"options": {"battle": "sea", "dice": "standard", "retreat": "profit"}}
        if rng.random() < 0.3:
            doc["options"]["retreat_when_units"] = rng.randint(1, 3)
        for role in ("attacker", "defender"):
            units = {u: rng.randint(1, most) for u in SHIPS[edition] if rng.random() < 0.45}
            if role == "defender":
                units.pop("bomber", None)
                units.pop("tactical_bomber", None)
            side = {"units": units or {"destroyer": 1}}
            if units.get("submarine") and rng.random() < 0.3:
                side["submerge"] = True
            if "battleship" in units and rng.random() < 0.3:
                side["damaged"] = {"battleship": 1}
            if edition in TECHS and rng.random() < 0.3:
                side["techs"] = rng.sample(TECHS[edition], 1)
            doc[role] = side
        s = payload(edition, doc)
        rules = lowluck.make_rules(s)
        if sea_policy.applicable(rules, s.options):
            out.append(s)
    return out


def _generic(rules, opts):
    return best_policy(rules, opts.retreat, territory_value=opts.territory_value,
                       forced=withdrawals.forced_rule(rules, opts),
                       defender_hits=withdrawals.defender_hits(rules))


def _grid(rules, opts):
    return sea_policy.best_policy(rules, forced=withdrawals.forced_rule(rules, opts),
                                  defender_hits=withdrawals.defender_hits(rules))


@pytest.mark.parametrize("s", _fleets(40, seed=191))
def test_the_policy_is_the_generic_ones(s):
    """The positions withdrawn from, the worth, the outcome state by state (its curve and
    expected rounds), the words."""
    rules = lowluck.make_rules(s)
    a, b = _generic(rules, s.options), _grid(rules, s.options)
    assert b.withdraw == a.withdraw
    assert b.value == pytest.approx(a.value, abs=1e-9)
    assert_same_outcome(a.outcome, b.outcome)
    assert [str(w) for w in b.words] == [str(w) for w in a.words]


def test_bigger_fleets_too():
    """Fleets of 9-13 ships a side (the grid's way in ``odds``): the same policy and worth,
    outcome and words. (The generic solver draws its "decided by round N" curve pruning
    positions at 1e-11 a round — ``solver.CURVE_PRUNE``: a plot's —, ~1.5e-9 off mid-battle
    on fleets of this size; the grid's is the exact one, each round's as ``max_rounds``
    answers it: compared to 1e-8 here.)"""
    for s in _fleets(3, seed=192, most=5):
        rules = lowluck.make_rules(s)
        a, b = _generic(rules, s.options), _grid(rules, s.options)
        assert b.withdraw == a.withdraw
        assert b.value == pytest.approx(a.value, abs=1e-9)
        assert_same_outcome(a.outcome, b.outcome, curve=False)
        n = min(len(a.outcome.decided_by_round), len(b.outcome.decided_by_round))
        assert b.outcome.decided_by_round[:n] == pytest.approx(a.outcome.decided_by_round[:n],
                                                               abs=1e-8)
        assert [str(w) for w in b.words] == [str(w) for w in a.words]


def test_words_that_differ_from_the_policy_cost_what_the_generic_solver_says():
    """A fleet whose words can't follow the policy everywhere: the sentence saying how likely
    that is and what following the words costs (its pass under the words' rule) is the
    generic solver's."""
    found = 0
    for s in _fleets(60, seed=193, most=4):
        rules = lowluck.make_rules(s)
        a = _generic(rules, s.options)
        if not any("following these words" in str(w) for w in a.words):
            continue
        found += 1
        b = _grid(rules, s.options)
        assert [str(w) for w in b.words] == [str(w) for w in a.words]
        if found == 3:
            break
    assert found


def test_odds_take_the_grid_from_its_size(monkeypatch):
    """``odds`` under a policy answers on the grid once the general solver's estimate is
    ``GRID_FROM`` or more, the same figures as the general solver's (to 1e-12), the policy's
    words too; a small fleet stays with the general solver."""
    s = payload("1942se", {"options": {"battle": "sea", "dice": "standard", "retreat": "profit"},
                           "attacker": {"units": {"submarine": 3, "destroyer": 2, "fighter": 3,
                                                  "battleship": 1}},
                           "defender": {"units": {"submarine": 2, "destroyer": 3, "carrier": 1,
                                                  "fighter": 3, "transport": 2}}})
    rules = lowluck.make_rules(s)
    assert estimate_work(rules, rules.initial_state()) >= sea_policy.GRID_FROM
    asked = []
    real = sea_policy.best_policy
    monkeypatch.setattr(sea_policy, "best_policy", lambda *a, **k: asked.append(1) or real(*a, **k))
    on_grid = lowluck.compute(s)
    assert asked == [1]
    monkeypatch.setattr(sea_policy, "GRID_FROM", float("inf"))
    generic = lowluck.compute(s)
    assert asked == [1]
    assert figures_diff(generic.to_json(), on_grid.to_json()) <= 1e-12
    small = payload("1942se", {"options": {"battle": "sea", "dice": "standard",
                                           "retreat": "profit"},
                               "attacker": {"units": {"submarine": 1, "fighter": 1}},
                               "defender": {"units": {"destroyer": 1}}})
    monkeypatch.setattr(sea_policy, "GRID_FROM", 20_000)
    lowluck.compute(small)
    assert asked == [1]


def test_what_it_leaves_to_the_general_solver():
    """Land battles and low luck (a round limit or "after round N" / "below X" beside a
    policy the file refuses)."""
    fleet = {"attacker": {"units": {"submarine": 2, "fighter": 1}},
             "defender": {"units": {"destroyer": 1}}}
    ok = payload("1942se", {"options": {"battle": "sea", "dice": "standard", "retreat": "profit"},
                            **fleet})
    assert sea_policy.applicable(lowluck.make_rules(ok), ok.options)
    s = payload("1942se", {"options": {"battle": "sea", "dice": "lowluck", "retreat": "profit"},
                           **fleet})
    assert not sea_policy.applicable(lowluck.make_rules(s), s.options)
    land = payload("1942se", {"options": {"dice": "standard", "retreat": "profit"},
                              "attacker": {"units": {"infantry": 2}},
                              "defender": {"units": {"infantry": 1}}})
    assert not sea_policy.applicable(lowluck.make_rules(land), land.options)
