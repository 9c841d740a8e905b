"""A DS2 shot's title (``summary.shot_title``) is a translatable text whose English is the
title as it always read, for every weapon, size, range, combat type, target, armour and cover."""
from __future__ import annotations

import itertools

from combatassist.rulesets.ds2 import data
from combatassist.rulesets.ds2.scenario import Shot
from combatassist.rulesets.ds2.summary import shot_title
from combatassist.text import Message

OPTIONS = data.weapon_options()


def shots():
    for fam in OPTIONS["families"]:
        sizes = fam["sizes"] or [None]
        ranges = fam["ranges"] or [None]
        combats = fam["combat"] or [None]
        for size, rng, combat in itertools.product(sizes, ranges, combats):
            for armour_type, apfc in itertools.product(OPTIONS["armour_types"], (False, True)):
                yield Shot(fam["id"], "vehicle", size, rng, combat, armour=3,
                           armour_type=armour_type, apfc=apfc)
            for rating, cover in itertools.product(OPTIONS["infantry"], OPTIONS["covers"]):
                yield Shot(fam["id"], "infantry", size, rng, combat, infantry=rating, cover=cover)


def english(shot: Shot) -> str:
    """The title spelt out by hand, as the CLI has always printed it."""
    t = data.tables()
    fam = t.families[shot.family]
    weapon = fam.label
    if fam.kind == "artillery":
        weapon += f" ({t.artillery_weights[shot.size - 1]})"
    elif shot.size is not None:
        weapon += f"/{shot.size}"
    if shot.range:
        weapon += f" at {shot.range} range"
    if shot.combat:
        weapon += f" ({shot.combat.replace('_', ' ')})"
    if shot.target == "vehicle":
        target = f"armour-{shot.armour} vehicle"
        extras = [x for x in (shot.armour_type if shot.armour_type != "standard" else None,
                              "APFC" if shot.apfc else None) if x]
        if extras:
            target += " (" + ", ".join(extras) + ")"
    else:
        target = f"{shot.infantry} infantry"
    if shot.cover != "open":
        target += f" in {shot.cover.replace('_', '-')} cover"
    return f"{weapon} vs {target}"


def test_titles_read_as_before_and_carry_their_template():
    count = 0
    for shot in shots():
        title = shot_title(shot)
        assert str(title) == english(shot)
        assert isinstance(title, Message)
        count += 1
    assert count > 100
