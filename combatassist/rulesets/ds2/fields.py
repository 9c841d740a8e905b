"""Which parts of a Dirtside II shot apply to a weapon and a target, and why the others don't.

The form asks only what the rules use (docs/rules.md, Dirtside II): these are those rules,
so a view shows and explains fields without knowing them. ``family`` is one entry of the
weapon families table (``data.families()``); ``target`` is ``"vehicle"`` or ``"infantry"``.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...text import msg, term

#: armour types APFC may be added on top of (standard armour with APFC is its own type)
APFC_ON_TOP_OF = ("reactive", "ablative")


def hit_chance_applies(family: Mapping[str, Any], target: str) -> bool:
    """A hit chance may be given: a weapon whose to-hit is the player's (heavy weapons and
    artillery, not IAVR) firing at a vehicle."""
    return family["to_hit"] == "input" and target == "vehicle"


def apfc_applies(armour_type: str) -> bool:
    """APFC may be added on top of this armour type."""
    return armour_type in APFC_ON_TOP_OF


def weapon_notes(family: Mapping[str, Any], target: str) -> list[str]:
    """Sentences on the weapon's fields that the form leaves out or fixes."""
    notes: list[str] = []
    if family["size_rule"] == "fixed":
        notes.append(msg("{weapon} is always size class {size}.",
                         weapon=term("data.ds2", family["label"]), size=family["sizes"][0]))
    if family["size_rule"] == "none":
        notes.append(msg("Infantry weapons have no size class or range band; their impact "
                         "die depends on the combat type and the target's cover."))
    if family.get("to_hit_roll"):
        r = family["to_hit_roll"]
        notes.append(msg("{weapon} rolls its own to-hit: 1d{die}, hit on {minimum}+.",
                         weapon=term("data.ds2", family["label"]), die=r["die"],
                         minimum=r["min"]))
    elif family["to_hit"] == "input" and target != "vehicle":
        notes.append(msg("Fire at infantry needs no to-hit roll."))
    return notes


def target_notes(family: Mapping[str, Any], target: str) -> list[str]:
    """Sentences on how this weapon reads the target's fields."""
    notes: list[str] = []
    if family["class"] == "heavy":
        notes.append(msg("Heavy weapons ignore cover."))
    if family["class"] == "artillery":
        notes.append(msg("Artillery reads “dug in” as dug in; open and soft as not."))
    if target == "vehicle" and not family["heavy"]:
        notes.append(msg("Not a heavy weapon: it can only harm armour-0 vehicles (which "
                         "count as powered armour, 7)."))
    return notes
