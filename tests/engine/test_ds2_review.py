"""Independent review of the DS2 engine (docs/rules.md §5 with its decisions, seed 004).

The seed's tables are written out again here, by hand, and every shot is enumerated in
Fractions without the engine's tables or rule code; ``compute`` must give the same numbers
for every family, range, size, armour rating and type, infantry type, cover and weight.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from combatassist.rulesets.ds2 import Shot, compute

RANGES = ("close", "medium", "long")
# Heavy weapons: impact die per range vs vehicles (other armour); vs infantry (die, mult).
HEAVY = {
    "hel": ((8, 8, 8), (4, 2)), "hvc": ((10, 8, 4), (4, 2)), "rfac": ((10, 6, 4), (4, 2)),
    "mdc": ((12, 10, 8), (4, 2)), "hkp": ((12, 10, 8), None), "dffg": ((12, 12, 6), (6, 3)),
    "gms_h": ((10, 10, 10), None), "gms_l": ((10, 10, 10), None),
    "iavr": ((10, 10, 10), None), "slam": ((10, 10, 10), (4, "size")),
}
HEAT = ("gms_h", "gms_l", "iavr", "slam")
SIZES = {"gms_h": (5,), "gms_l": (3,), "iavr": (3,)}
INFANTRY_RATING = {"militia": 3, "line": 4, "pa": 7}
INF_IMPACT = {("firefight", "open"): 10, ("firefight", "soft"): 6, ("firefight", "dug_in"): 4,
              ("close_assault", "open"): 12, ("close_assault", "soft"): 10,
              ("close_assault", "dug_in"): 6}
INF_MULT = {"infantry_militia": (2, 2), "infantry_line": (2, 2), "infantry_pa": (3, 3),
            "apsw": (3, 3), "assault_team": (2, 3)}      # (firefight, close assault)
ARTILLERY = {"artillery_hef": {"vehicle": 4, "dug_in_vehicle": None, "infantry": 10,
                               "dug_in_infantry": 6},
             "artillery_mak": {"vehicle": 10, "dug_in_vehicle": 6, "infantry": 4,
                               "dug_in_infantry": None}}


def outcome(die, mult, rating, special, p_hit=Fraction(1)):
    """{kill, mobility, systems_down, damage, no_effect} by enumerating both dice."""
    out = dict.fromkeys(("kill", "mobility", "systems_down", "damage"), Fraction(0))
    if die:
        cell = p_hit / (die * 8)
        for i, a in itertools.product(range(1, die + 1), range(1, 9)):
            if i * mult > a * rating:
                out["kill"] += cell
            elif special and i == die:
                out["mobility"] += cell * Fraction(3, 8)
                out["systems_down"] += cell * Fraction(2, 8)
                out["damage"] += cell * Fraction(3, 8)
    out["no_effect"] = 1 - sum(out.values())
    return out


def assert_matches(shot, expected, p_hit=1.0):
    got = compute(shot).to_json()
    assert got["p_hit"] == pytest.approx(float(p_hit), abs=1e-12), shot
    for key in ("kill", "mobility", "systems_down", "damage", "no_effect"):
        assert got[f"p_{key}"] == pytest.approx(float(expected[key]), abs=1e-12), (shot, key)
    special = expected["mobility"] + expected["systems_down"] + expected["damage"]
    assert got["figure_of_merit"] == pytest.approx(float(expected["kill"] + special / 2),
                                                   abs=1e-12)


def heavy_vehicle_die(family, rng, armour_type, apfc):
    die = HEAVY[family][0][RANGES.index(rng)]
    if family == "hel" and armour_type == "ablative":
        return 4
    if family in HEAT:
        if family == "iavr" and (apfc or armour_type == "apfc"):
            return 4                  # APFC supersedes reactive armour (IAVR only)
        if armour_type == "reactive":
            return 6
    return die


@pytest.mark.parametrize("family", list(HEAVY))
def test_heavy_weapons_at_vehicles(family):
    for size, rng, armour, armour_type, apfc in itertools.product(
            SIZES.get(family, range(1, 6)), RANGES, range(6),
            ("standard", "reactive", "ablative", "apfc"), (False, True)):
        if apfc and armour_type == "apfc":
            continue
        die = heavy_vehicle_die(family, rng, armour_type, apfc)
        mult = size * (2 if family == "dffg" and rng == "close" else 1)
        p_hit = Fraction(6, 8) if family == "iavr" else Fraction(1)
        expected = outcome(die, mult, armour, True, p_hit)
        shot = Shot(family=family, size=size, range=rng, armour=armour,
                    armour_type=armour_type, apfc=apfc)
        assert_matches(shot, expected, p_hit)
        if armour == 0:                   # soft-skinned: any heavy hit kills
            assert expected["kill"] == p_hit


@pytest.mark.parametrize("family", list(HEAVY))
def test_heavy_weapons_at_infantry(family):
    for size, infantry, cover in itertools.product(
            SIZES.get(family, range(1, 6)), INFANTRY_RATING, ("open", "soft", "dug_in")):
        vs = HEAVY[family][1]
        if vs is None:
            expected = outcome(0, 0, 0, False)
        else:
            die, mult = vs
            expected = outcome(die, size if mult == "size" else mult,
                               INFANTRY_RATING[infantry], False)
        for rng in RANGES:       # the infantry column holds at every range
            assert_matches(Shot(family=family, target="infantry", size=size, range=rng,
                                infantry=infantry, cover=cover), expected)


@pytest.mark.parametrize("family", list(INF_MULT))
def test_infantry_weapons(family):
    for combat, cover in itertools.product(("firefight", "close_assault"),
                                           ("open", "soft", "dug_in")):
        die = INF_IMPACT[(combat, cover)]
        mult = INF_MULT[family][combat == "close_assault"]
        for infantry, rating in INFANTRY_RATING.items():
            assert_matches(Shot(family=family, target="infantry", combat=combat,
                                infantry=infantry, cover=cover),
                           outcome(die, mult, rating, False))
        # An armour-0 vehicle counts as PA (7) but special damage applies.
        assert_matches(Shot(family=family, combat=combat, armour=0, cover=cover),
                       outcome(die, mult, 7, True))
        for armour in range(1, 6):
            assert_matches(Shot(family=family, combat=combat, armour=armour, cover=cover),
                           outcome(0, 0, 0, False))


@pytest.mark.parametrize("family", list(ARTILLERY))
def test_artillery(family):
    for size, dug_in in itertools.product((1, 2, 3), (False, True)):
        cover = "dug_in" if dug_in else "open"
        for target in ("vehicle", "infantry"):
            die = ARTILLERY[family][("dug_in_" if dug_in else "") + target]
            mult = (size if target == "vehicle" else size + 1) if die else 0
            if target == "vehicle":
                for armour in range(6):
                    # HEF and MAK count as heavy weapons: armour 0 is soft-skinned.
                    assert_matches(Shot(family=family, size=size, armour=armour, cover=cover),
                                   outcome(die or 0, mult, armour, True))
            else:
                for infantry, rating in INFANTRY_RATING.items():
                    assert_matches(Shot(family=family, target="infantry", size=size,
                                        infantry=infantry, cover=cover),
                                   outcome(die or 0, mult, rating, False))


def test_given_hit_chance_and_seed_figures_by_hand():
    # HVC/3 at long range vs armour 2: D4 x 3 vs d8 x 2. Kills: i=1: a<=1 (1), i=2: a<=2 (2),
    # i=3: a<=4 (4), i=4: a<=5 (5) -> 12/32. Special: i=4, a=6..8 -> 3/32.
    res = compute(Shot(family="hvc", size=3, range="long", armour=2, p_hit=0.5)).to_json()
    assert res["p_kill"] == pytest.approx(0.5 * 12 / 32)
    assert res["p_special"] == pytest.approx(0.5 * 3 / 32)
    assert res["p_mobility"] == pytest.approx(0.5 * 3 / 32 * 3 / 8)
    assert res["p_no_effect"] == pytest.approx(1 - 0.5 * 15 / 32)
    assert res["figure_of_merit"] == pytest.approx(0.5 * (12 + 1.5) / 32)


@pytest.mark.parametrize("family, rng, armour_type, apfc", [
    ("dffg", "close", "standard", False), ("hel", "medium", "ablative", False),
    ("iavr", "long", "reactive", True), ("slam", "close", "reactive", False),
    ("gms_h", "medium", "standard", False)])
def test_matrix_cells_equal_the_reference(family, rng, armour_type, apfc):
    from combatassist.rulesets.ds2 import matrix
    m = matrix(family, rng, armour_type, apfc=apfc)
    p_hit = Fraction(6, 8) if family == "iavr" else Fraction(1)
    for r, size in enumerate(range(1, 6)):
        for c, armour in enumerate(range(6)):
            if size not in SIZES.get(family, range(1, 6)):
                assert m.p_kill[r, c] != m.p_kill[r, c]          # NaN: no such size
                continue
            die = heavy_vehicle_die(family, rng, armour_type, apfc)
            mult = size * (2 if family == "dffg" and rng == "close" else 1)
            exp = outcome(die, mult, armour, True, p_hit)
            special = exp["mobility"] + exp["systems_down"] + exp["damage"]
            assert m.p_kill[r, c] == pytest.approx(float(exp["kill"]), abs=1e-12)
            assert m.p_special[r, c] == pytest.approx(float(special), abs=1e-12)
            assert m.figure_of_merit[r, c] == pytest.approx(float(exp["kill"] + special / 2),
                                                            abs=1e-12)
