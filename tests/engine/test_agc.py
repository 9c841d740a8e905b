"""Alternate Ground Combat: data, margin bands, pairings, exact vs brute force / hand / simulation."""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from combatassist.errors import EngineError, ScenarioError
from combatassist.rulesets import agc
from combatassist.rulesets.agc import AgcScenario, AgcSide
from combatassist.rulesets.agc.data import BASE_TYPES, agc_data

#: The source document's terrain table (Alternate Ground Combat), row by row, in the columns
#: armor, infantry, artillery, anti-air defense, engineers, air support. Kept here, not read
#: from the document, so the check needs nothing outside the repository.
SOURCE_TERRAIN_TABLE = {
    "light_urban": (-1, +1, 0, 0, +1, 0),
    "heavy_urban": (-2, +2, -1, 0, +2, -1),
    "rural": (0, 0, 0, 0, 0, 0),
    "forest": (-1, +1, -1, -1, +1, -1),
    "jungle": (-2, +2, -2, -2, +2, -2),
    "sandy_desert": (-1, -1, +1, +1, 0, +1),
    "rocky_desert": (-1, 0, -1, 0, +1, 0),
    "mountainous": (-2, +2, -2, -1, +2, -1),
    "coastal": (-1, 0, 0, 0, +1, +1),
    "tundra": (-1, -1, -1, -1, +1, -1),
    "grassland": (+1, 0, +1, +1, 0, +1),
    "polar": (-2, -2, -1, -1, +1, -1),
    "volcanic": (-2, -1, -2, -2, 0, -1),
}


def scenario(terrain, attacker, defender, **kw):
    a_eng = kw.pop("attacker_engineers", None)
    d_eng = kw.pop("defender_engineers", None)
    return AgcScenario(terrain, AgcSide(attacker, a_eng), AgcSide(defender, d_eng), **kw)


def mods(payload, side="attacker"):
    return [(r.unit, r.modifier, r.dice) for r in agc.lineup(payload).side(side).units]


# -- data -----------------------------------------------------------------------------------
def test_every_terrain_row_loads_with_every_unit():
    rows = agc.terrains()
    assert [r["id"] for r in rows] == ["light_urban", "heavy_urban", "rural", "forest", "jungle",
                                       "sandy_desert", "rocky_desert", "mountainous", "coastal",
                                       "tundra", "grassland", "polar", "volcanic"]
    units = {u["id"] for u in agc.unit_types()}
    assert len(units) == 11
    for row in rows:
        assert set(row["modifiers"]) == units
        assert all(isinstance(v, int) and -3 <= v <= 3 for v in row["modifiers"].values())
        # every terrain is usable in a scenario
        result = agc.compute(scenario(row["id"], {"infantry": 1}, {"armor": 1}))
        assert result.attacker_wins + result.defender_wins + result.draw == pytest.approx(1)


def test_terrain_table_matches_the_source():
    assert BASE_TYPES == ("armor", "infantry", "artillery", "aad", "engineers", "air_support")
    table = agc_data().modifiers
    assert set(table) == set(SOURCE_TERRAIN_TABLE)
    for terrain, expected in SOURCE_TERRAIN_TABLE.items():
        assert tuple(table[terrain][unit] for unit in BASE_TYPES) == expected, terrain


def test_unit_dice_and_specialists():
    assert agc.dice() == {"armor": 10, "infantry": 6, "artillery": 8, "aad": 6, "engineers": 4,
                          "air_support": 8, "urban_infantry": 6, "jungle_infantry": 6,
                          "desert_infantry": 6, "mountain_infantry": 6, "polar_infantry": 6}
    by_id = {r["id"]: r["modifiers"] for r in agc.terrains()}
    assert by_id["heavy_urban"]["urban_infantry"] == 3 and by_id["heavy_urban"]["infantry"] == 2
    assert by_id["light_urban"]["urban_infantry"] == 2
    assert by_id["sandy_desert"]["desert_infantry"] == 0        # -1 infantry, +1 in own terrain
    assert by_id["rocky_desert"]["desert_infantry"] == 1
    assert by_id["forest"]["desert_infantry"] == 1              # not its terrain: as infantry
    assert by_id["polar"]["polar_infantry"] == -1
    assert by_id["mountainous"]["mountain_infantry"] == 3
    assert by_id["jungle"]["jungle_infantry"] == 3


def test_margin_table_data():
    bands = agc.margin_bands()
    assert [(b["up_to"], b["victor"], b["loser"]) for b in bands] == [
        ([1, 1], "1d6", "1d6"), ([3, 2], "1d4", "1d6"), ([2, 1], "1d2", "1d6"),
        ([3, 1], "1", "1d8"), (None, "0", "1d10")]


# -- margin of victory: every boundary -------------------------------------------------------
BAND = {b.id: i for i, b in enumerate(agc_data().bands)}


@pytest.mark.parametrize("high, low, band", [
    (0, 0, "tie"), (7, 7, "tie"),
    (101, 100, "1.0-1.5"), (3, 2, "1.0-1.5"), (150, 100, "1.0-1.5"), (300_000, 200_000, "1.0-1.5"),
    (151, 100, "1.5-2.0"), (31, 20, "1.5-2.0"), (2, 1, "1.5-2.0"), (4, 2, "1.5-2.0"),
    (201, 100, "2.0-3.0"), (3, 1, "2.0-3.0"), (6, 2, "2.0-3.0"), (300, 100, "2.0-3.0"),
    (301, 100, ">3.0"), (4, 1, ">3.0"), (1, 0, ">3.0"), (40, 0, ">3.0"),
])
def test_band_boundaries(high, low, band):
    for first, second, victor in ((high, low, agc.FIRST), (low, high, agc.SECOND)):
        b, v = agc.classify(first, second)
        assert int(b) == BAND[band]
        assert int(v) == (agc.TIE if high == low else victor)


def test_classify_equals_rational_reference_on_all_small_pairs():
    a, d = np.meshgrid(np.arange(61), np.arange(61), indexing="ij")
    band, victor = agc.classify(a, d)
    for x in range(61):
        for y in range(61):
            hi, lo = max(x, y), min(x, y)
            if hi == lo:
                ref = 0
            elif lo == 0 or Fraction(hi, lo) > 3:
                ref = 4
            elif Fraction(hi, lo) > 2:
                ref = 3
            elif Fraction(hi, lo) > Fraction(3, 2):
                ref = 2
            else:
                ref = 1
            assert band[x, y] == ref, (x, y)
            assert victor[x, y] == (x > y) - (x < y)


# -- pairings and modifiers (hand-checked) ---------------------------------------------------
def test_armor_infantry_pairs_ignore_negative_terrain():
    p = scenario("forest", {"armor": 2, "infantry": 1}, {"infantry": 1})
    # armor 1 paired (forest -1 ignored), armor 2 unpaired (-1); infantry +1 forest +1 paired
    assert mods(p) == [("armor", 0, 1), ("armor", -1, 1), ("infantry", 2, 1)]
    p = scenario("polar", {"armor": 1, "infantry": 2}, {"infantry": 1})
    assert mods(p) == [("armor", 0, 1), ("infantry", 1, 1), ("infantry", -2, 1)]


def test_armor_without_infantry_and_plus_one_count():
    p = scenario("jungle", {"armor": 2}, {"infantry": 1})
    assert mods(p) == [("armor", -4, 1), ("armor", -4, 1)]
    # plus-one infantry = min(infantry, armor + artillery + air support) = min(5, 3)
    p = scenario("rural", {"infantry": 5, "artillery": 2, "air_support": 1}, {"infantry": 1})
    inf = [m for u, m, _ in mods(p) if u == "infantry"]
    assert inf == [1, 1, 1, 0, 0]
    assert [m for u, m, _ in mods(p) if u != "infantry"] == [0, 0, 0]


def test_specialised_infantry_get_the_pairings_first():
    p = scenario("heavy_urban", {"armor": 1, "infantry": 1, "urban_infantry": 1}, {"infantry": 1})
    # urban infantry: +2 heavy urban +1 specialist +1 paired; plain infantry +2 only
    assert mods(p) == [("armor", 0, 1), ("urban_infantry", 4, 1), ("infantry", 2, 1)]
    p = scenario("polar", {"armor": 1, "polar_infantry": 1}, {"infantry": 1})
    # paired: polar -2 ignored, the specialist +1 kept, +1 paired
    assert mods(p) == [("armor", 0, 1), ("polar_infantry", 2, 1)]


def test_engineers_default_to_the_type_that_loses_most():
    p = scenario("tundra", {"armor": 3, "infantry": 1, "engineers": 1}, {"infantry": 1})
    line = agc.lineup(p)
    assert line.attacker.engineer_unit_type == "armor"     # two unpaired armor lose 1 each
    assert mods(p)[:3] == [("armor", 0, 1)] * 3
    p = scenario("tundra", {"armor": 3, "infantry": 1, "artillery": 3, "engineers": 1},
                 {"infantry": 1})
    assert agc.lineup(p).attacker.engineer_unit_type == "artillery"   # three lose 1 each
    p = scenario("tundra", {"armor": 3, "infantry": 1, "artillery": 3, "engineers": 1},
                 {"infantry": 1}, attacker_engineers="armor")
    line = agc.lineup(p)
    assert line.attacker.engineer_unit_type == "armor"
    assert [m for u, m, _ in mods(p) if u == "artillery"] == [-1, -1, -1]
    # nothing to remove in rural; no engineers: no choice
    assert agc.lineup(scenario("rural", {"engineers": 1}, {"armor": 1})).attacker \
        .engineer_unit_type is None
    assert agc.lineup(scenario("tundra", {"armor": 1}, {"armor": 1})).attacker \
        .engineer_unit_type is None


def test_engineer_choice_uses_the_floor():
    # Volcanic: artillery d8 - 2 and aad d6 - 2 both lose part of their penalty to the floor
    # at 0; removing it gains 15/8 for the artillery, 11/6 for the aad.
    p = scenario("volcanic", {"artillery": 1, "engineers": 1, "aad": 1}, {"armor": 1})
    line = agc.lineup(p)
    gains = {}
    for t in ("artillery", "aad"):
        alt = agc._side_lineup(p, "attacker", t)
        gains[t] = sum(agc.unit_mean(u) for u in alt.units) - \
            sum(agc.unit_mean(u) for u in agc._side_lineup(p, "attacker", None).units)
    assert gains == {"artillery": Fraction(15, 8), "aad": Fraction(11, 6)}
    assert line.attacker.engineer_unit_type == "artillery"


def test_artillery_keeps_lowest_of_three_only_attacking_engineers():
    p = scenario("rural", {"artillery": 2}, {"artillery": 1, "engineers": 1})
    assert mods(p) == [("artillery", 0, 3), ("artillery", 0, 3)]
    assert mods(p, "defender") == [("artillery", 0, 1), ("engineers", 0, 1)]
    p = scenario("rural", {"artillery": 1, "engineers": 1}, {"artillery": 1})
    assert mods(p)[0] == ("artillery", 0, 1) and mods(p, "defender") == [("artillery", 0, 1)]


# -- exact totals and results -------------------------------------------------------------------
def test_one_infantry_each_by_hand():
    r = agc.compute(scenario("rural", {"infantry": 1}, {"infantry": 1}))
    assert r.draw == pytest.approx(6 / 36)
    assert r.attacker_wins == pytest.approx(15 / 36) and r.defender_wins == pytest.approx(15 / 36)
    bands = {row["band"]: row for row in r.extra["bands"]}
    assert bands["1.0-1.5"]["attacker_victor"] == pytest.approx(5 / 36)
    assert bands["1.5-2.0"]["attacker_victor"] == pytest.approx(4 / 36)
    assert bands["2.0-3.0"]["attacker_victor"] == pytest.approx(3 / 36)
    assert bands[">3.0"]["defender_victor"] == pytest.approx(3 / 36)
    losses = {(a, d): p for a, d, p in r.losses}
    # a lopsided defeat: the loser rolls 1d10, the victor takes nothing
    assert losses[(10, 0)] == pytest.approx(3 / 36 / 10)
    assert losses[(0, 7)] == pytest.approx(3 / 36 / 10)
    one_one = (6 / 36 / 36 + 2 * 5 / 36 / 24 + 2 * 4 / 36 / 12 + 2 * 3 / 36 / 8)
    assert losses[(1, 1)] == pytest.approx(one_one)
    assert sum(p for *_, p in r.losses) == pytest.approx(1)
    assert r.to_json()["expected_rounds"] == 1 and r.to_json()["undecided"] == 0


def test_totals_floor_at_zero_by_hand():
    # jungle armor alone: d10 - 2 (jungle) - 2 (no infantry), floored: 0 on faces 1-4
    r = agc.compute(scenario("jungle", {"armor": 1}, {"engineers": 1}))
    total = dict(r.extra["attacker_total"])
    assert total[0] == pytest.approx(0.4)
    assert all(total[v] == pytest.approx(0.1) for v in range(1, 7))
    # defending engineers d4 + 2 in the jungle
    assert dict(r.extra["defender_total"]) == pytest.approx({3: .25, 4: .25, 5: .25, 6: .25})


def brute_force(payload):
    """Every face of every unit (Fractions, rational ratios), then every damage die."""
    line = agc.lineup(payload)
    data = agc_data()
    per_side = []
    for s in agc.SIDES:
        side = line.side(s)
        ranges = [itertools.product(range(1, r.sides + 1), repeat=r.dice) for r in side.units]
        totals: dict[int, Fraction] = {}
        combos = list(itertools.product(*[list(x) for x in ranges]))
        for combo in combos:
            t = sum(max(0, min(faces) + r.modifier)
                    for r, faces in zip(side.units, combo) if r.role == "ground")
            totals[t] = totals.get(t, 0) + Fraction(1, len(combos))
        per_side.append(totals)

    def band_of(h, lo):
        if h == lo:
            return 0
        if lo == 0 or Fraction(h, lo) > 3:
            return 4
        return 3 if Fraction(h, lo) > 2 else 2 if Fraction(h, lo) > Fraction(3, 2) else 1

    wins = {"attacker": Fraction(0), "defender": Fraction(0), "draw": Fraction(0)}
    losses: dict[tuple[int, int], Fraction] = {}
    for a, pa in per_side[0].items():
        for d, pd in per_side[1].items():
            b = data.bands[band_of(max(a, d), min(a, d))]
            who = "attacker" if a > d else "defender" if d > a else "draw"
            wins[who] += pa * pd
            sa = b.victor if who in ("attacker", "draw") else b.loser
            sd = b.victor if who in ("defender", "draw") else b.loser
            da = {0: Fraction(1)} if line.attacker.ground_damage_exempt else sa.values()
            dd = {0: Fraction(1)} if line.defender.ground_damage_exempt else sd.values()
            for x, px in da.items():
                for y, py in dd.items():
                    losses[(x, y)] = losses.get((x, y), 0) + pa * pd * px * py
    return wins, losses, per_side


@pytest.mark.parametrize("payload", [
    scenario("forest", {"armor": 1, "infantry": 1, "artillery": 1}, {"infantry": 1, "engineers": 1}),
    scenario("heavy_urban", {"armor": 2, "urban_infantry": 1}, {"infantry": 2, "aad": 1}),
    scenario("volcanic", {"armor": 1, "engineers": 1}, {"air_support": 1, "artillery": 1}),
    scenario("grassland", {"air_support": 2}, {"infantry": 1}),            # air only: exempt
    scenario("polar", {"polar_infantry": 1, "armor": 1}, {"armor": 2}),
])
def test_exact_equals_brute_force(payload):
    wins, losses, totals = brute_force(payload)
    r = agc.compute(payload)
    assert r.attacker_wins == pytest.approx(float(wins["attacker"]), abs=1e-12)
    assert r.defender_wins == pytest.approx(float(wins["defender"]), abs=1e-12)
    assert r.draw == pytest.approx(float(wins["draw"]), abs=1e-12)
    got = {(a, d): p for a, d, p in r.losses}
    assert set(got) == {k for k, v in losses.items() if v}
    for k, v in losses.items():
        assert got[k] == pytest.approx(float(v), abs=1e-12)
    for key, ref in (("attacker_total", totals[0]), ("defender_total", totals[1])):
        assert dict(r.extra[key]) == pytest.approx({k: float(v) for k, v in ref.items()})


def test_air_support_only_takes_no_ground_damage_unless_enemy_aad():
    r = agc.compute(scenario("rural", {"air_support": 1}, {"infantry": 1}))
    assert all(a == 0 for a, _, _ in r.losses)
    r = agc.compute(scenario("rural", {"air_support": 1}, {"infantry": 1, "aad": 1}))
    assert any(a > 0 for a, _, _ in r.losses)


# -- the AAD contest -----------------------------------------------------------------------------
def test_aad_contest_default_and_option():
    base = dict(terrain="rural", attacker=AgcSide({"air_support": 1, "artillery": 1, "infantry": 1}),
                defender=AgcSide({"infantry": 1, "aad": 1}))
    r = agc.compute(AgcScenario(**base))
    (c,) = r.extra["aad_contests"]
    assert (c["aad_side"], c["air_side"]) == ("defender", "attacker")
    # air score = d8 + 1 (artillery); AAD d6: equal when the d8 shows 1-5 and the d6 matches
    assert c["tie"] == pytest.approx(5 / 48)
    assert c["aad_victor"] == pytest.approx(43 / 48) and c["air_victor"] == 0
    assert dict(c["air_score"]) == pytest.approx({v: 1 / 8 for v in range(2, 10)})
    r2 = agc.compute(AgcScenario(**base, air_attacks_aad=True))
    (c2,) = r2.extra["aad_contests"]
    aad_wins = sum(1 for x in range(1, 7) for y in range(1, 9) if x > y + 1) / 48
    assert c2["aad_victor"] == pytest.approx(aad_wins)
    assert c2["air_victor"] == pytest.approx(1 - aad_wins - 5 / 48)
    # the ground result ignores the AAD and the artillery's air bonus
    assert r.attacker_wins == pytest.approx(r2.attacker_wins)
    # contest damage: AAD always victor by default, so it never takes the loser's 1d10
    assert max(a for a, _, _ in c["damage"]) <= 6
    assert sum(p for *_, p in c["damage"]) == pytest.approx(1)


def test_no_contest_without_enemy_air():
    r = agc.compute(scenario("rural", {"infantry": 1, "aad": 2}, {"infantry": 1}))
    assert r.extra["aad_contests"] == []


# -- exact vs simulation ----------------------------------------------------------------------------
def test_exact_agrees_with_simulation():
    p = scenario("mountainous", {"armor": 3, "infantry": 2, "artillery": 1, "air_support": 1},
                 {"mountain_infantry": 3, "engineers": 1, "aad": 1})
    ex = agc.compute(p)
    n = 200_000
    sim = agc.compute(p, method="simulate", trials=n, seed=7)
    assert sim.method == "simulate" and sim.trials == n

    def close(x, y):
        assert abs(x - y) <= 5 * math.sqrt(max(x * (1 - x), 1e-6) / n) + 1e-9, (x, y)

    close(sim.attacker_wins, ex.attacker_wins)
    close(sim.defender_wins, ex.defender_wins)
    close(sim.draw, ex.draw)
    for b1, b2 in zip(ex.extra["bands"], sim.extra["bands"]):
        close(b2["p"], b1["p"])
    for side in (0, 1):
        m1, m2 = ex.loss_marginal(side), sim.loss_marginal(side)
        for k in set(m1) | set(m2):
            close(m2.get(k, 0.0), m1.get(k, 0.0))
    (c1,), (c2,) = ex.extra["aad_contests"], sim.extra["aad_contests"]
    close(c2["tie"], c1["tie"])
    e1 = sum(a * q for a, _, q in c1["damage"])
    e2 = sum(a * q for a, _, q in c2["damage"])
    assert abs(e1 - e2) < 0.05
    # seeded: the same seed gives the same answer
    again = agc.compute(p, method="simulate", trials=1000, seed=3)
    assert again.to_json() == agc.compute(p, method="simulate", trials=1000, seed=3).to_json()


# -- the table: players' own dice --------------------------------------------------------------------
def test_table_resolution_by_hand():
    p = scenario("forest", {"armor": 2, "infantry": 1, "artillery": 1},
                 {"infantry": 2, "engineers": 1})
    # armor: paired 7 -> 7, unpaired 5 - 1 -> 4; infantry 3 + 1 + 1 -> 5;
    # artillery 3d8 keep lowest (6, 2, 8) -> 2 - 1 -> 1.  Total 17.
    # defender infantry 4 + 1 -> 5, 6 + 1 -> 7; engineers 1 + 1 -> 2.  Total 14.
    t = agc.resolve_table(p, {"attacker": [7, 5, 3, [6, 2, 8]], "defender": [4, 6, 1]})
    assert t.totals == {"attacker": 17, "defender": 14}
    assert t.band == "1.0-1.5" and t.victor == "attacker"
    assert t.damage_dice == {"attacker": "1d4", "defender": "1d6"}
    assert t.steps is None
    t = agc.resolve_table(p, {"attacker": [7, 5, 3, 2], "defender": [4, 6, 1]},
                          damage={"attacker": [3], "defender": [5]})
    assert t.steps == {"attacker": 3, "defender": 5}
    assert any("keep the lowest" in line for line in t.explanation)
    assert any("ignored: paired with infantry" in line for line in t.explanation)
    with pytest.raises(EngineError, match="d10"):
        agc.resolve_table(p, {"attacker": [11, 5, 3, 2], "defender": [4, 6, 1]})
    with pytest.raises(EngineError, match="expected a roll for each of 4 units"):
        agc.resolve_table(p, {"attacker": [7, 5, 3], "defender": [4, 6, 1]})
    with pytest.raises(EngineError, match="1d4"):
        agc.resolve_table(p, {"attacker": [7, 5, 3, 2], "defender": [4, 6, 1]},
                          damage={"attacker": [5], "defender": [5]})


def test_table_boundary_and_contest():
    p = scenario("rural", {"infantry": 1, "air_support": 1}, {"infantry": 1, "aad": 1})
    # attacker infantry 2 + 1 (paired with air support) = 3, air 3 -> total 6; defender 4: 6/4 = 1.5
    t = agc.resolve_table(p, {"attacker": [2, 3], "defender": [4, 5]},
                          damage={"attacker": [1], "defender": [2]},
                          contest_damage=[{"defender": [2], "attacker": [6]}])
    assert t.totals == {"attacker": 6, "defender": 4} and t.band == "1.0-1.5"
    (c,) = t.contests
    assert (c.aad_score, c.air_score, c.victor) == (5, 3, "aad")
    # 5/3 is over 1.5: the AAD (victor) takes 1d2, the air support 1d6
    assert c.band == "1.5-2.0" and c.steps == {"defender": 2, "attacker": 6}
    assert c.damage_dice == {"defender": "1d2", "attacker": "1d6"}


def test_table_path_enumerated_equals_exact():
    """Every roll through ``resolve_table`` (the players' path) gives the exact band table."""
    p = scenario("sandy_desert", {"armor": 1, "desert_infantry": 1},
                 {"engineers": 1, "air_support": 1})
    exact = agc.compute(p)
    line = agc.lineup(p)
    sides = {s: [r.sides for r in line.side(s).units] for s in agc.SIDES}
    counts: dict[tuple[str, str], int] = {}
    n = 0
    for a in itertools.product(*(range(1, k + 1) for k in sides["attacker"])):
        for d in itertools.product(*(range(1, k + 1) for k in sides["defender"])):
            t = agc.resolve_table(p, {"attacker": list(a), "defender": list(d)})
            counts[(t.band, t.victor)] = counts.get((t.band, t.victor), 0) + 1
            n += 1
    for row in exact.extra["bands"]:
        for who in ("attacker", "defender"):
            assert row[f"{who}_victor"] == pytest.approx(counts.get((row["band"], who), 0) / n)
        assert row["tie"] == pytest.approx(counts.get((row["band"], "tie"), 0) / n)


SYMMETRIC_UNITS = ["armor", "infantry", "aad", "air_support", "urban_infantry", "polar_infantry"]


@settings(max_examples=40, deadline=None)
@given(terrain=st.sampled_from(agc_data().terrain_ids),
       a=st.dictionaries(st.sampled_from(SYMMETRIC_UNITS), st.integers(1, 4), min_size=1,
                         max_size=3),
       d=st.dictionaries(st.sampled_from(SYMMETRIC_UNITS), st.integers(1, 4), min_size=1,
                         max_size=3))
def test_swapping_sides_mirrors_the_answer(terrain, a, d):
    """Without artillery-vs-engineers (the only attacker/defender asymmetry) the sides mirror."""
    r1 = agc.compute(scenario(terrain, a, d))
    r2 = agc.compute(scenario(terrain, d, a))
    assert r1.attacker_wins == pytest.approx(r2.defender_wins, abs=1e-12)
    assert r1.draw == pytest.approx(r2.draw, abs=1e-12)
    assert {(x, y): p for x, y, p in r1.losses} == \
        pytest.approx({(y, x): p for x, y, p in r2.losses}, abs=1e-12)
    assert r1.attacker_wins + r1.defender_wins + r1.draw == pytest.approx(1, abs=1e-12)
    if a == d:
        assert r1.attacker_wins == pytest.approx(r1.defender_wins, abs=1e-12)


def test_cancel_stops_both_methods():
    from combatassist.solver import Cancelled
    p = scenario("rural", {"armor": 3}, {"infantry": 3})
    with pytest.raises(Cancelled):
        agc.compute(p, cancel=lambda: True)
    with pytest.raises(Cancelled):
        agc.compute(p, method="simulate", trials=10, cancel=lambda: True)
    with pytest.raises(ScenarioError, match="unknown method") as info:  # the one dispatch's error
        agc.compute(p, method="guess")
    assert info.value.field == "method"
