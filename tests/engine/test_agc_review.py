"""Independent review of the AGC engine (docs/rules.md §3 with its decisions, seed 001).

The seed's terrain table and margin-of-victory table are typed again here; each side's dice
are enumerated one by one in Fractions and every pair of totals is put in its band by
Fraction arithmetic — nothing of the engine's rule code is imported.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from combatassist.rulesets.agc import AgcScenario, AgcSide, compute

COLUMNS = ("armor", "infantry", "artillery", "aad", "engineers", "air_support")
TERRAIN = {   # seed 001, row by row
    "light_urban": (-1, 1, 0, 0, 1, 0), "heavy_urban": (-2, 2, -1, 0, 2, -1),
    "rural": (0, 0, 0, 0, 0, 0), "forest": (-1, 1, -1, -1, 1, -1),
    "jungle": (-2, 2, -2, -2, 2, -2), "sandy_desert": (-1, -1, 1, 1, 0, 1),
    "rocky_desert": (-1, 0, -1, 0, 1, 0), "mountainous": (-2, 2, -2, -1, 2, -1),
    "coastal": (-1, 0, 0, 0, 1, 1), "tundra": (-1, -1, -1, -1, 1, -1),
    "grassland": (1, 0, 1, 1, 0, 1), "polar": (-2, -2, -1, -1, 1, -1),
    "volcanic": (-2, -1, -2, -2, 0, -1),
}
DIE = {"armor": 10, "infantry": 6, "artillery": 8, "aad": 6, "engineers": 4, "air_support": 8}
HOME = {"urban_infantry": ("light_urban", "heavy_urban"), "jungle_infantry": ("jungle",),
        "desert_infantry": ("sandy_desert", "rocky_desert"),
        "mountain_infantry": ("mountainous",), "polar_infantry": ("polar",)}
# (victor, loser) steps of damage per band: dice as (count, sides) or a constant.
BANDS = [("tie", (1, 6), (1, 6)), ("1.0-1.5", (1, 4), (1, 6)), ("1.5-2.0", (1, 2), (1, 6)),
         ("2.0-3.0", 1, (1, 8)), (">3.0", 0, (1, 10))]


def band_of(high: int, low: int) -> int:
    if high == low:
        return 0
    if low == 0:
        return 4
    ratio = Fraction(high, low)
    for i, bound in ((1, Fraction(3, 2)), (2, Fraction(2)), (3, Fraction(3))):
        if ratio <= bound:
            return i
    return 4


def steps_dist(spec) -> dict[int, Fraction]:
    if isinstance(spec, int):
        return {spec: Fraction(1)}
    _, sides = spec
    return {k: Fraction(1, sides) for k in range(1, sides + 1)}


def side_rolls(units: dict, where: str, enemy: dict, attacker: bool, engineer_type=None):
    """[(role, sides, number of dice (lowest kept), modifier)] for every unit of a side."""
    mods = dict(zip(COLUMNS, TERRAIN[where]))
    base = {u: ("infantry" if u in HOME else u) for u in units}
    count = {c: sum(n for u, n in units.items() if base[u] == c) for c in COLUMNS}
    removed = engineer_type if count["engineers"] else None
    pairs = min(count["armor"], count["infantry"])
    plus_one = min(count["infantry"], count["armor"] + count["artillery"] + count["air_support"])

    def terrain(column, paired=False):
        m = mods[column]
        return 0 if m < 0 and (paired or removed == column) else m

    rolls = []
    for i in range(count["armor"]):
        rolls.append(("ground", 10, 1, terrain("armor", i < pairs)
                      - (2 if not count["infantry"] else 0)))
    # Pairings go to the strongest infantry first (a docs/rules.md decision); ties: regular first.
    infantry = [u for u in units if base[u] == "infantry" for _ in range(units[u])]
    own = {u: mods["infantry"] + (1 if where in HOME.get(u, ()) else 0) for u in infantry}
    infantry.sort(key=lambda u: (-own[u], u != "infantry"))
    for i, u in enumerate(infantry):
        m = terrain("infantry", i < pairs) + (own[u] - mods["infantry"])
        rolls.append(("ground", 6, 1, m + (1 if i < plus_one else 0)))
    keep = 3 if attacker and enemy.get("engineers", 0) else 1
    for column in ("artillery", "engineers", "air_support", "aad"):
        for _ in range(count[column]):
            rolls.append(("aad" if column == "aad" else "air" if column == "air_support"
                          else "ground", DIE[column], keep if column == "artillery" else 1,
                          terrain(column)))
    return rolls, count


def scores(rolls, air_bonus) -> dict[tuple[int, int, int], Fraction]:
    """{(ground total, aad score, air score): probability}, every die enumerated."""
    faces = [range(1, s + 1) for _, s, n, _ in rolls for _ in range(n)]
    total = 1
    for _, s, n, _ in rolls:
        total *= s ** n
    out: dict = {}
    for roll in itertools.product(*faces):
        g = a = air = 0
        k = 0
        for role, _, n, m in rolls:
            v = max(0, min(roll[k:k + n]) + m)
            k += n
            if role == "aad":
                a += v
            else:
                g += v
                if role == "air":
                    air += v
        key = (g, a, air + air_bonus)
        out[key] = out.get(key, 0) + Fraction(1, total)
    return out


def reference(terrain, att, dfn, att_eng=None, dfn_eng=None, air_attacks_aad=False):
    ra, ca = side_rolls(att, terrain, dfn, True, att_eng)
    rd, cd = side_rolls(dfn, terrain, att, False, dfn_eng)
    sa = scores(ra, ca["artillery"] if ca["air_support"] else 0)
    sd = scores(rd, cd["artillery"] if cd["air_support"] else 0)
    only_air = {"a": ca["air_support"] and sum(ca.values()) == ca["air_support"]
                and not cd["aad"],
                "d": cd["air_support"] and sum(cd.values()) == cd["air_support"]
                and not ca["aad"]}
    wins = {"attacker": Fraction(0), "defender": Fraction(0), "tie": Fraction(0)}
    bands = [Fraction(0)] * 5
    losses: dict = {}
    contest = {"a": [Fraction(0)] * 3, "d": [Fraction(0)] * 3}   # aad side: aad, air, tie
    for (ga, aa, aira), pa in sa.items():
        for (gd, ad, aird), pd in sd.items():
            p = pa * pd
            b = band_of(max(ga, gd), min(ga, gd))
            bands[b] += p
            who = "tie" if ga == gd else "attacker" if ga > gd else "defender"
            wins[who] += p
            _, vic, los = BANDS[b]
            spec_a = vic if who in ("tie", "attacker") else los
            spec_d = vic if who in ("tie", "defender") else los
            da = {0: Fraction(1)} if only_air["a"] else steps_dist(spec_a)
            dd = {0: Fraction(1)} if only_air["d"] else steps_dist(spec_d)
            for (x, qx), (y, qy) in itertools.product(da.items(), dd.items()):
                losses[(x, y)] = losses.get((x, y), 0) + p * qx * qy
            for side, aad, air, has in (("a", aa, aird, ca["aad"] and cd["air_support"]),
                                        ("d", ad, aira, cd["aad"] and ca["air_support"])):
                if not has:
                    continue
                if aad == air:
                    contest[side][2] += p
                elif air_attacks_aad and air > aad:
                    contest[side][1] += p
                else:
                    contest[side][0] += p
    return wins, bands, losses, contest


def payload(terrain, att, dfn, att_eng=None, dfn_eng=None, air_attacks_aad=False):
    return AgcScenario(terrain, AgcSide(att, att_eng), AgcSide(dfn, dfn_eng), air_attacks_aad)


CASES = [
    ("rural", {"infantry": 1}, {"infantry": 1}, None, None, False),
    ("forest", {"armor": 1, "infantry": 1}, {"infantry": 2}, None, None, False),
    ("jungle", {"armor": 2}, {"jungle_infantry": 1, "infantry": 1}, None, None, False),
    ("sandy_desert", {"armor": 1, "desert_infantry": 1, "infantry": 1},
     {"artillery": 1, "engineers": 1}, None, "artillery", False),
    ("heavy_urban", {"artillery": 1, "infantry": 1}, {"engineers": 1, "urban_infantry": 1},
     None, "engineers", False),                      # 3d8 keep lowest vs engineers
    ("mountainous", {"air_support": 1, "artillery": 1, "infantry": 1},
     {"aad": 1, "mountain_infantry": 1}, None, None, False),
    ("mountainous", {"air_support": 1, "artillery": 1, "infantry": 1},
     {"aad": 1, "mountain_infantry": 1}, None, None, True),
    ("polar", {"air_support": 1}, {"polar_infantry": 1, "armor": 1}, None, None, False),
    ("tundra", {"air_support": 1}, {"aad": 1, "infantry": 1}, None, None, True),
    ("volcanic", {"armor": 1, "engineers": 1}, {"aad": 1, "air_support": 1, "infantry": 1},
     "armor", None, False),
    ("grassland", {"armor": 1, "infantry": 1, "aad": 1}, {"air_support": 2}, None, None, False),
    ("coastal", {"engineers": 1, "infantry": 1}, {"engineers": 1, "armor": 1},
     "infantry", "armor", False),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_combat_equals_an_independent_reading_of_the_rules(case):
    wins, bands, losses, contest = reference(*case)
    res = compute(payload(*case))
    assert res.attacker_wins == pytest.approx(float(wins["attacker"]), abs=1e-12)
    assert res.defender_wins == pytest.approx(float(wins["defender"]), abs=1e-12)
    assert res.draw == pytest.approx(float(wins["tie"]), abs=1e-12)
    assert [row["p"] for row in res.extra["bands"]] == \
        pytest.approx([float(b) for b in bands], abs=1e-12)
    got = {(a, d): p for a, d, p in res.losses}
    for key in set(got) | set(losses):
        assert got.get(key, 0.0) == pytest.approx(float(losses.get(key, 0)), abs=1e-12), key
    contests = {c["aad_side"][0]: c for c in res.extra["aad_contests"]}
    for side, (aad, air, tie) in contest.items():
        if aad + air + tie == 0:
            assert side not in contests
            continue
        c = contests[side]
        assert (c["aad_victor"], c["air_victor"], c["tie"]) == \
            pytest.approx((float(aad), float(air), float(tie)), abs=1e-12)


def test_band_edges_by_hand():
    """Exactly 1.5, 2.0 and 3.0 belong to the lower band; a hair above goes up."""
    for (a, d), band in {(3, 2): "1.0-1.5", (2, 1): "1.5-2.0", (3, 1): "2.0-3.0",
                         (31, 20): "1.5-2.0", (21, 10): "2.0-3.0", (31, 10): ">3.0",
                         (1, 0): ">3.0", (0, 0): "tie"}.items():
        assert BANDS[band_of(max(a, d), min(a, d))][0] == band


def reference_composition(n: int) -> dict[tuple[int, ...], Fraction]:
    """docs/rules.md §3 random forces, enumerated: counts in the terrain table's column order."""
    def half_up(x: Fraction) -> int:
        return int(x + Fraction(1, 2)) if x >= 0 else 0      # floor(x + 1/2)
    out: dict = {}
    for fi, fa in itertools.product(range(1, 7), range(1, 5)):
        inf_pct, arm_pct = (fi + 1) * 10, fa * 10
        while arm_pct >= inf_pct:
            arm_pct -= 10
        arm_pct = min(arm_pct, 100 - inf_pct)
        infantry = half_up(Fraction(n * inf_pct, 100))
        armor = min(half_up(Fraction(n * arm_pct, 100)), n - infantry)
        rest = n - infantry - armor if inf_pct + arm_pct <= 90 else 0
        for faces in itertools.product(range(4), repeat=rest):
            extra = [faces.count(k) for k in range(4)]   # artillery, aad, engineers, air
            key = (armor, infantry + (n - infantry - armor if inf_pct + arm_pct > 90 else 0),
                   *extra)
            out[key] = out.get(key, 0) + Fraction(1, 24 * 4 ** rest)
    return out


@pytest.mark.parametrize("n", [1, 2, 3, 5, 7, 9])
def test_random_force_composition_equals_the_reference(n):
    from combatassist.rulesets.agc.forces import composition_distribution
    got = composition_distribution(n)
    expected = reference_composition(n)
    assert set(got) == set(expected)
    for key, p in expected.items():
        assert got[key] == pytest.approx(float(p), abs=1e-12)
