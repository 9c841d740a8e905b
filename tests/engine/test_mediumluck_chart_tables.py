"""A house chart's d6 bands are bounded like d12 ones (docs/rules.md §1, "Decisions").

The default chart's largest d6 band (7 v 7 dice, both white boost kinds) needs a table of
~1.3 G cells (about a second); a house chart may allow up to 8 dice a band (9 with the
defender's extra die) and any number of boost kinds, whose tables grow far beyond it (8 v 9
dice with two kinds of four boosters: ~43 G cells, ~30 s for one of the battle's many
tables). Found by a random probe of house charts: such a battle computed for minutes instead
of being refused at once.
"""
from __future__ import annotations

import itertools

import pytest

from combatassist.errors import EngineError
from combatassist.rulesets import mediumluck
from combatassist.rulesets.mediumluck import bands
from combatassist.scenario import parse_scenario_text

CHART = """format = 1
max_dice = 8
[[bands]]
name = "white"
roll = ["infantry"]
boost = { a = "a", b = "b", c = "c", d = "d" }
may_hit = ["any"]
casualties = "victim"
defender_extra_die = true
[units]
infantry = { cost = 3 }
a = { cost = 1 }
b = { cost = 1 }
c = { cost = 1 }
d = { cost = 1 }
"""

BATTLE = """ruleset = "mediumluck"
[options]
chart = "chart.toml"
casualties = "heuristic"
[attacker.bands.white]
roll = { infantry = 24 }
boost = { a = 8, b = 8, c = 8, d = 8 }
[defender.bands.white]
roll = { infantry = 24 }
boost = { a = 8, b = 8, c = 8, d = 8 }
"""


@pytest.mark.parametrize("boosters", ["a = 8, b = 8, c = 8, d = 8", "a = 4, b = 4"])
@pytest.mark.parametrize("method", ["exact", "simulate"])
def test_a_house_chart_band_too_big_for_d6_tables_is_refused_at_once(tmp_path, monkeypatch,
                                                                      method, boosters):
    (tmp_path / "chart.toml").write_text(CHART, encoding="utf-8")
    path = tmp_path / "battle.toml"
    text = BATTLE.replace("a = 8, b = 8, c = 8, d = 8", boosters)
    setup = parse_scenario_text(text, str(path)).body

    def no_table(*args, **kwargs):
        raise AssertionError("a table was computed before the refusal")
    monkeypatch.setattr(bands, "compute_table", no_table)
    monkeypatch.setattr(bands, "level_patterns", no_table)   # nor listed every placement
    with pytest.raises(EngineError) as info:
        mediumluck.compute(setup, method=method, trials=1000)
    message = str(info.value)
    assert "d6 band of 8 v 9 dice" in message and "\n" not in message
    assert "play d6" not in message                      # it is d6 already
    assert any(entry.name == "check_band_start" for entry in info.traceback)


def test_the_default_charts_largest_d6_band_still_fits():
    bands.check_band_start((7, (7, 7), 7, (7, 7)), 6)
    assert bands.largest_table_cells((7, (7, 7), 7, (7, 7)), 6)[0] <= bands.MAX_TABLE_CELLS[6]


@pytest.mark.parametrize("n", range(1, 6))
def test_placements_are_counted_as_listed(n):
    """``pattern_count`` (Gale-Ryser, no listing) equals ``len(level_patterns)``."""
    for kinds in range(1, 4):
        for counts in itertools.product(range(1, n + 1), repeat=kinds):
            counts = tuple(sorted(counts, reverse=True))
            assert bands.pattern_count(n, counts) == len(bands.level_patterns(n, counts))


# -- a stalemate whose band probabilities don't add up to 1 to the last bit ----------------
STALE_CHART = """format = 1
max_dice = 3
[[bands]]
name = "b0"
roll = ["u1"]
boost = { u0 = "k1" }
may_hit = ["air"]
[[bands]]
name = "b1"
roll = ["u1"]
may_hit = ["air"]
[[bands]]
name = "b2"
roll = ["u2"]
boost = { u0 = "k1", u5 = "k1" }
may_hit = ["u0"]
[units]
u0 = { cost = 2.5 }
u1 = { cost = 7, classes = ["air"] }
u2 = { cost = 0 }
u5 = { cost = 0 }
"""

STALE_BATTLE = """ruleset = "mediumluck"
[options]
chart = "chart.toml"
die = 12
{casualties}
[attacker.bands.b0]
boost = {{ u0 = 2 }}
[attacker.bands.b2]
roll = {{ u2 = 1 }}
[defender.bands.b1]
roll = {{ u1 = 2 }}
[defender.bands.b2]
roll = {{ u2 = 1 }}
boost = {{ u5 = 1 }}
"""


@pytest.mark.parametrize("method", ["exact", "simulate"])
@pytest.mark.parametrize("casualties", ["", 'casualties = "heuristic"', "max_rounds = 60"])
def test_a_stalemate_is_one_whatever_the_rounding_of_its_bands(tmp_path, method, casualties):
    """Once the attacker's two u0 are lost nobody can hit anything: a stalemate, the
    attacker 2 units down. The d12 bands' probabilities add up to 1 - 1.3e-15 (rounding),
    so "a round changes nothing" summed to 1 - 1.2e-15, under the 1 - 1e-15 the grids and
    the simulator took for a stalemate: the grids' self-loop removal divided by 1.2e-15
    (every figure 0, 8e14 rounds) and the simulator played on until its dice limit. Found
    by a random probe of house charts."""
    (tmp_path / "chart.toml").write_text(STALE_CHART, encoding="utf-8")
    text = STALE_BATTLE.format(casualties=casualties)
    setup = parse_scenario_text(text, str(tmp_path / "battle.toml")).body
    result = mediumluck.compute(setup, method=method, trials=2000, seed=1)
    assert result.draw == pytest.approx(1.0, abs=1e-12)
    assert result.stalemate == pytest.approx(1.0, abs=1e-12)
    assert [(a, d) for a, d, _ in result.losses] == [(2, 0)]
    assert 1.0 <= result.expected_rounds < 10


# -- boost-free bands need no table, in the simulator and at the table either ---------------
BOOST_FREE_D12 = """ruleset = "mediumluck"
[options]
die = 12
[attacker.bands.red]
boost = { mech_infantry = 8 }
[attacker.bands.white]
roll = { mech_infantry = 17 }
[defender.bands.white]
roll = { mech_infantry = 13 }
[defender.bands.green]
boost = { tactical_bomber = 10 }
[defender]
idle = { tactical_bomber = 1 }
"""


def test_a_boost_free_d12_battle_is_simulated_without_band_tables(monkeypatch):
    """Exact odds of a band without usable boosts come from order statistics, but the
    simulator (and the table side) built each such band's full outcome table to look its
    rolls up: 6 v 7 d12 dice, ~400 M cells, a second each, 34 of them for this battle
    (~35 s, past the engine's 30 s, for any number of trials). Found by a random probe."""
    setup = parse_scenario_text(BOOST_FREE_D12).body
    exact = mediumluck.compute(setup)

    def no_table(*args, **kwargs):
        raise AssertionError("a band table was computed")
    monkeypatch.setattr(bands, "compute_table", no_table)
    sim = mediumluck.compute(setup, method="simulate", trials=4000, seed=3)
    for key in ("attacker_wins", "defender_wins"):
        p = getattr(exact, key)
        assert abs(getattr(sim, key) - p) <= 5 * (p * (1 - p) / 4000) ** 0.5 + 1e-9


@pytest.mark.parametrize("sides", [6, 12])
@pytest.mark.parametrize("n_a, n_d", [(1, 1), (3, 2), (2, 5), (6, 7), (4, 4)])
def test_boost_free_rolls_resolve_as_their_table_says(sides, n_a, n_d):
    import numpy as np
    rng = np.random.default_rng(n_a * 10 + n_d)
    rolled_a = rng.integers(1, sides + 1, size=(300, n_a))
    rolled_d = rng.integers(1, sides + 1, size=(300, n_d))
    on_a, on_d = bands.boost_free_hits(rolled_a, rolled_d)
    if sides == 6 or n_a + n_d <= 6:
        table = bands.compute_table((n_a, (), n_d, ()), sides)
        want_a, want_d = table.lookup_many(rolled_a, rolled_d)
        assert on_a.tolist() == want_a.tolist() and on_d.tolist() == want_d.tolist()
    for row in range(len(rolled_a)):           # and as the reference resolution of one roll
        res = bands.resolve_dice(list(rolled_a[row]), [], list(rolled_d[row]), [])
        assert (on_a[row], on_d[row]) == res.outcome


@pytest.mark.parametrize("sides", [6, 12])
@pytest.mark.parametrize("config", [(1, (), 1, (1,)), (2, (), 1, (1,)), (3, (2,), 2, (1,)),
                                    (4, (2, 1), 3, (3,)), (5, (), 6, ())])
def test_band_distributions_add_up_to_one(tmp_path, sides, config):
    """Summed face by face a d12 band's outcome probabilities missed 1 by up to 4e-15; the
    grids' self-loop removal multiplied that into a stalemate of 1 + 4e-12 (a house chart's
    d12 battle, found by a random probe)."""
    import math
    d = bands.BandTableCache(tmp_path, sides=sides).dist(config)
    assert abs(math.fsum(d.values()) - 1.0) <= 2e-16
