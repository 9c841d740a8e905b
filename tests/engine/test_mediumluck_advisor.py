"""Medium Luck assignment advisor: exhaustive on small forces, budgeted search, cancel."""
from __future__ import annotations

import itertools
import time

import pytest

from combatassist.errors import EngineError
from combatassist.rulesets import mediumluck
from combatassist.rulesets.mediumluck import bands
from combatassist.rulesets.mediumluck.advisor import advise, places_for
from combatassist.rulesets.mediumluck.rules import SideSetup
from combatassist.rulesets.mediumluck.chart import default_chart
from combatassist.scenario import parse_scenario_text
from combatassist.solver import Cancelled


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv(bands.CACHE_ENV, str(tmp_path / "cache"))


SMALL = """ruleset = "mediumluck"
title = "t"
[options]
defender_extra_white = false
[attacker.bands.white]
roll = { infantry = 2 }
[attacker]
idle = { fighter = 2 }
[defender.bands.white]
roll = { infantry = 3 }
[defender.bands.yellow]
roll = { fighter = 1 }
"""


def test_places_follow_the_chart():
    assert places_for(default_chart(), "fighter") == [
        ("roll", "yellow"), ("boost", "green"), ("boost", "white"), ("idle", None)]
    assert places_for(default_chart(), "transport") == [("idle", None)]


def test_exhaustive_search_finds_the_true_best():
    setup = parse_scenario_text(SMALL).body
    advice = advise(setup, "attacker", top=50)
    assert advice.exhaustive
    # brute force: every split of 2 infantry over (white roll, idle) and 2 fighters over 4 places
    best = 0.0
    count = 0
    fighter_places = [("yellow", "roll"), ("green", "boost"), ("white", "boost"), (None, "idle")]
    for inf_roll in range(3):
        for split in itertools.product(range(3), repeat=4):
            if sum(split) != 2:
                continue
            side = SideSetup(idle={})
            if inf_roll:
                side.bands.setdefault("white", {})["roll"] = {"infantry": inf_roll}
            if 2 - inf_roll:
                side.idle["infantry"] = 2 - inf_roll
            for (band, role), n in zip(fighter_places, split):
                if not n:
                    continue
                if role == "idle":
                    side.idle["fighter"] = n
                else:
                    side.bands.setdefault(band, {})[role] = {"fighter": n}
            setup.attacker = side
            best = max(best, mediumluck.compute(setup).attacker_wins)
            count += 1
    assert advice.space == count == advice.evaluated
    assert advice.suggestions[0].win == pytest.approx(best, abs=1e-12)
    wins = [s.win for s in advice.suggestions]
    assert wins == sorted(wins, reverse=True)


def test_suggestions_keep_every_unit_and_are_legal():
    setup = parse_scenario_text(SMALL).body
    advice = advise(setup, "defender", top=5)
    for s in advice.suggestions:
        assert s.side.unit_counts() == {"infantry": 3, "fighter": 1}
        # each suggestion re-parses as a legal scenario
        doc = mediumluck.to_document(setup)
        doc["defender"] = mediumluck.scenario._side_document(s.side)
        import tomli_w
        again = parse_scenario_text(tomli_w.dumps({"ruleset": "mediumluck", "title": "t", **doc}))
        assert again.body.defender == s.side
        assert mediumluck.compute(again.body).defender_wins == pytest.approx(s.win)


FIFTEEN = """ruleset = "mediumluck"
title = "t"
[attacker.bands.red]
roll = { tank = 4 }
boost = { mech_infantry = 2 }
[attacker.bands.white]
roll = { infantry = 6 }
boost = { artillery = 2 }
[attacker]
idle = { fighter = 1 }
[defender.bands.white]
roll = { infantry = 8 }
boost = { artillery = 2 }
[defender.bands.red]
roll = { tank = 2 }
[defender.bands.yellow]
roll = { fighter = 2 }
"""


def test_fifteen_units_within_budget_and_no_worse_than_own_plan():
    setup = parse_scenario_text(FIFTEEN).body
    own = mediumluck.compute(setup).attacker_wins
    t0 = time.perf_counter()
    advice = advise(setup, "attacker", time_budget=2.0)
    elapsed = time.perf_counter() - t0
    assert not advice.exhaustive and advice.space > 1000
    assert elapsed < 4.0                      # budget plus one evaluation in flight
    assert advice.suggestions[0].win >= own - 1e-12
    assert advice.evaluated >= 5


def test_cancel_and_bad_requests():
    setup = parse_scenario_text(FIFTEEN).body
    with pytest.raises(Cancelled):
        advise(setup, "attacker", cancel=lambda: True)
    with pytest.raises(EngineError, match="side"):
        advise(setup, "neutral")
    with pytest.raises(EngineError, match="unknown unit"):
        advise(setup, "attacker", units={"dragon": 2})
