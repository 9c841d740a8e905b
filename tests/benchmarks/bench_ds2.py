"""DS2 benchmarks: the size x armour heatmaps the GUI draws."""
from __future__ import annotations

from combatassist.rulesets import ds2


def every_family_and_range() -> None:
    """The full matrix for every heavy family and range band, and every artillery family."""
    t = ds2.tables()
    for fam in t.families.values():
        if fam.kind == "heavy":
            for rng in t.ranges:
                ds2.matrix(fam.id, rng)
        elif fam.kind == "artillery":
            ds2.matrix(fam.id)


def every_family_range_and_armour_type() -> None:
    t = ds2.tables()
    for fam in t.families.values():
        if fam.kind == "heavy":
            for rng in t.ranges:
                for armour_type in t.armour_types:
                    ds2.matrix(fam.id, rng, armour_type)


def one_exact_iavr_shot() -> None:
    ds2.compute(ds2.Shot("iavr", "vehicle", range="close", armour=3, armour_type="reactive"))


def simulate_iavr_shot() -> None:
    ds2.compute(ds2.Shot("iavr", "vehicle", range="close", armour=3, armour_type="reactive"),
                method="simulate", trials=100_000, seed=1)


simulate_iavr_shot.repeat = 1

BENCHMARKS = [
    ("matrix: every family and range", 0.1, every_family_and_range),
    ("matrix: every family, range and armour type", None, every_family_range_and_armour_type),
    ("exact IAVR shot (to-hit, impact, armour, special)", 0.05, one_exact_iavr_shot),
    ("IAVR shot: simulate 100,000 trials", 2.0, simulate_iavr_shot),
]
