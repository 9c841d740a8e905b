"""Why a Medium Luck result looks the way it does: units that only count as casualties.

A unit adds nothing to its side's dice when it is idle, boosts a band where its side rolls
no die, is a booster beyond the band's dice, or rolls dice in a band where the enemy has
neither a unit the band may hit nor a die to pair with. Such a unit never adds anything
later either (dice only ever get fewer), so its one role is to be lost first: a sound
casualty choice gives it up before any unit that fights (the optimal policy does).
"""
from __future__ import annotations

from ...text import join, msg, plural
from .setups import MediumLuckSetup, SideSetup
from .slots import band_name, unit_name

SIDES = ("attacker", "defender")


def _dice(chart, side: SideSetup, band, extra: bool) -> int:
    rolls = side.bands.get(band.name, {}).get("roll", {})
    n = min(sum(-(-c // 3) for c in rolls.values()), chart.max_dice)
    return n + (extra and band.defender_extra_die and side.total() > 0)


def lost_first(setup: MediumLuckSetup) -> dict[str, list[str]]:
    """Per side, its units whose role is only to be lost first, in words:
    'fighter (rolls yellow, can hit nothing)', '2 artillery (boost white: 1 die only)'."""
    chart = setup.chart
    out: dict[str, list[str]] = {}
    for s, name in enumerate(SIDES):
        side: SideSetup = getattr(setup, name)
        enemy: SideSetup = getattr(setup, SIDES[1 - s])
        enemy_units = set(enemy.unit_counts())
        extra = s == 1 and setup.defender_extra_white
        enemy_extra = s == 0 and setup.defender_extra_white
        notes: list[str] = []
        for band in chart.bands:
            roles = side.bands.get(band.name, {})
            enemy_dice = bool(enemy.bands.get(band.name, {}).get("roll")) or \
                (enemy_extra and band.defender_extra_die)
            if not enemy_dice and not (enemy_units & band.may_hit):
                for unit, n in roles.get("roll", {}).items():
                    notes.append(plural(n, "{units} (rolls {band}, can hit nothing)",
                                        "{units} (roll {band}, can hit nothing)",
                                        units=_units(unit, n), band=band_name(band.name)))
            dice = _dice(chart, side, band, extra)
            per_kind: dict[str, list] = {}
            for unit, n in roles.get("boost", {}).items():
                per_kind.setdefault(band.boost[unit], []).append((unit, n))
            for units in per_kind.values():
                total = sum(n for _, n in units)
                if not dice:
                    for unit, n in units:
                        notes.append(plural(n, "{units} (boosts {band}, which rolls no die)",
                                            "{units} (boost {band}, which rolls no die)",
                                            units=_units(unit, n), band=band_name(band.name)))
                elif total > dice and len(units) == 1:
                    unit, n = units[0]
                    notes.append(msg("{units} (boost {band}: {dice} only)",
                                     units=_units(unit, total - dice), band=band_name(band.name),
                                     dice=plural(dice, "{n} die", "{n} dice")))
        for unit, n in side.idle.items():
            notes.append(msg("{units} (idle)", units=_units(unit, n)))
        for unit, n in side.reserve.items():
            notes.append(msg("{units} (in reserve)", units=_units(unit, n)))
        out[name] = notes
    return out


def _units(unit: str, n: int) -> str:
    words = unit_name(unit)
    return words if n == 1 else msg("{n} {unit}", n=n, unit=words)


def describe(notes: dict[str, list[str]]) -> str:
    """'lost first: attacker: fighter (rolls yellow, can hit nothing)' ('' when none)."""
    parts = [msg("{side}: {units}", side=side, units=join(", ", items))
             for side, items in notes.items() if items]
    return msg("lost first — {sides}", sides=join("; ", parts)) if parts else ""
