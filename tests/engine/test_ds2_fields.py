"""Which DS2 shot fields apply (combatassist.rulesets.ds2.fields), over the real families table:
the rules the form shows and explains, checked against what the engine computes with them."""
from __future__ import annotations

import pytest

from combatassist.rulesets.ds2 import data, fields

FAMILIES = {f["id"]: f for f in data.weapon_options()["families"]}


def by_class(kind: str) -> list[dict]:
    return [f for f in FAMILIES.values() if f["class"] == kind]


@pytest.mark.parametrize("family", list(FAMILIES.values()), ids=list(FAMILIES))
def test_a_hit_chance_is_asked_only_of_player_to_hit_weapons_at_vehicles(family):
    assert not fields.hit_chance_applies(family, "infantry")
    assert fields.hit_chance_applies(family, "vehicle") == (family["to_hit"] == "input")


def test_weapons_that_roll_their_own_to_hit_say_so_and_ask_no_chance():
    own = [f for f in FAMILIES.values() if f.get("to_hit_roll")]
    assert own, "the table has a weapon with its own to-hit roll (IAVR)"
    for fam in own:
        assert not fields.hit_chance_applies(fam, "vehicle")
        note = " ".join(fields.weapon_notes(fam, "vehicle"))
        r = fam["to_hit_roll"]
        assert f"1d{r['die']}, hit on {r['min']}+" in note


def test_infantry_weapons_explain_their_missing_size_and_range():
    for fam in by_class("infantry"):
        assert any("no size class" in n for n in fields.weapon_notes(fam, "infantry"))
    for fam in by_class("heavy"):
        assert not any("no size class" in n for n in fields.weapon_notes(fam, "vehicle"))


def test_target_notes_follow_the_weapon_class():
    heavy, artillery = by_class("heavy"), by_class("artillery")
    assert heavy and artillery
    assert all("Heavy weapons ignore cover." in fields.target_notes(f, "infantry") for f in heavy)
    assert all(any("dug in" in n for n in fields.target_notes(f, "infantry")) for f in artillery)
    light = [f for f in FAMILIES.values() if not f["heavy"]]
    for fam in light:
        assert any("armour-0" in n for n in fields.target_notes(fam, "vehicle"))
        assert not any("armour-0" in n for n in fields.target_notes(fam, "infantry"))


def test_apfc_goes_on_top_of_reactive_and_ablative_only():
    types = data.weapon_options()["armour_types"]
    assert {t for t in types if fields.apfc_applies(t)} == {"reactive", "ablative"} & set(types)
    assert fields.apfc_applies("reactive") and not fields.apfc_applies("standard")
