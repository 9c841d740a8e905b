"""Ur's rule tables (resources/ur/tables.toml), loaded once and validated.

Code holds the mechanisms; every number (unit values, hit thresholds, modifiers, walls) is
read from the data file, and a malformed file gives one ScenarioError naming the file and key.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from ...data import load_resource, resource_path
from ...errors import ScenarioError

RESOURCE = "ur/tables.toml"
MELEE_USES = ("both", "attack", "defence")
TERRAINS = ("none", "wood", "city", "bogs", "hill")


@dataclass(frozen=True)
class UnitType:
    """One row of the unit table."""

    id: str
    name: str
    race: str
    range: int          # ranged value; 0: the unit does not shoot
    melee: int
    melee_use: str      # "both" | "attack" (attack only) | "defence" (defence only)
    steps: int          # full steps

    def melee_in(self, stance: str) -> bool:
        """Whether the unit rolls in melee while its side has ``stance`` (attack/defend)."""
        wanted = "attack" if stance == "attack" else "defence"
        return self.melee_use in ("both", wanted)

    def melee_label(self) -> str:
        """The seed's notation: 4, 1D (defence only), 6A (attack only)."""
        return f"{self.melee}" + {"both": "", "attack": "A", "defence": "D"}[self.melee_use]


@dataclass(frozen=True)
class WallTable:
    """A wall kind: strength levels from the top, steps of damage to lose each but the last."""

    id: str
    name: str
    strengths: tuple[int, ...]
    steps_to_lose: tuple[int, ...]

    @property
    def max_damage(self) -> int:
        """Damage that brings the wall down to its last level (more can't be taken)."""
        return sum(self.steps_to_lose)


@dataclass(frozen=True)
class Modifiers:
    ranged_from_wall: int
    ranged_to_wall: int
    ranged_moving_to_archers: int
    ranged_at_undead: int
    attack_wall: int
    attack_terrain: dict[str, int]
    attack_river: int
    attack_dwarf_hill: int
    defence_wall: int
    defence_terrain: dict[str, int]
    defence_river: int
    defence_dwarf_hill: int
    raider: int


@dataclass(frozen=True)
class UrTables:
    units: dict[str, UnitType]
    thresholds: tuple[tuple[int, int], ...]   # (score, hits), highest score first
    die: int
    modifiers: Modifiers
    walls: dict[str, WallTable]

    def hits_for(self, score: int) -> int:
        """Hits of one roll's total score: the highest threshold reached (not cumulative)."""
        for at_least, hits in self.thresholds:
            if score >= at_least:
                return hits
        return 0


class _DataError(Exception):
    pass


def _int(table: dict, key: str, where: str, *, minimum: int | None = None) -> int:
    value = table.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _DataError(f"{where}.{key} must be a whole number, got {value!r}")
    if minimum is not None and value < minimum:
        raise _DataError(f"{where}.{key} must be at least {minimum}, got {value}")
    return value


def _table(table: Any, key: str, where: str) -> dict:
    value = table.get(key) if isinstance(table, dict) else None
    if not isinstance(value, dict):
        raise _DataError(f"{where + '.' if where else ''}{key} must be a table")
    return value


def _terrain(table: dict, where: str) -> dict[str, int]:
    terrain = _table(table, "terrain", where)
    missing = [t for t in TERRAINS if t not in terrain]
    if missing:
        raise _DataError(f"{where}.terrain lacks {', '.join(missing)}")
    return {t: _int(terrain, t, f"{where}.terrain") for t in TERRAINS}


def parse_tables(doc: dict) -> UrTables:
    """Validate the data file's document (raises _DataError naming the key)."""
    hits = _table(doc, "hits", "")
    raw = hits.get("thresholds")
    if not isinstance(raw, list) or not raw:
        raise _DataError("hits.thresholds must be a non-empty list")
    thresholds = []
    for i, row in enumerate(raw):
        if not isinstance(row, dict):
            raise _DataError(f"hits.thresholds[{i}] must be a table {{ score = .., hits = .. }}")
        thresholds.append((_int(row, "score", f"hits.thresholds[{i}]"),
                           _int(row, "hits", f"hits.thresholds[{i}]", minimum=1)))
    thresholds.sort(reverse=True)
    die = _int(hits, "die", "hits", minimum=2)

    units = {}
    for uid, row in _table(doc, "units", "").items():
        where = f"units.{uid}"
        if not isinstance(row, dict):
            raise _DataError(f"{where} must be a table")
        use = row.get("melee_use")
        if use not in MELEE_USES:
            raise _DataError(f"{where}.melee_use must be one of {', '.join(MELEE_USES)}")
        units[uid] = UnitType(uid, str(row.get("name", uid)), str(row.get("race", "")),
                              _int(row, "range", where, minimum=0),
                              _int(row, "melee", where, minimum=0), use,
                              _int(row, "steps", where, minimum=1))
    if not units:
        raise _DataError("units is empty")

    mods = _table(doc, "modifiers", "")
    ranged = _table(mods, "ranged", "modifiers")
    attack = _table(mods, "attack", "modifiers")
    defence = _table(mods, "defence", "modifiers")
    melee = _table(mods, "melee", "modifiers")
    modifiers = Modifiers(
        ranged_from_wall=_int(ranged, "from_wall_per_wall", "modifiers.ranged"),
        ranged_to_wall=_int(ranged, "to_wall_per_wall", "modifiers.ranged"),
        ranged_moving_to_archers=_int(ranged, "moving_to_archers", "modifiers.ranged"),
        ranged_at_undead=_int(ranged, "at_undead", "modifiers.ranged"),
        attack_wall=_int(attack, "wall_per_wall", "modifiers.attack"),
        attack_terrain=_terrain(attack, "modifiers.attack"),
        attack_river=_int(attack, "river", "modifiers.attack"),
        attack_dwarf_hill=_int(attack, "dwarf_hill", "modifiers.attack"),
        defence_wall=_int(defence, "wall_per_wall", "modifiers.defence"),
        defence_terrain=_terrain(defence, "modifiers.defence"),
        defence_river=_int(defence, "river", "modifiers.defence"),
        defence_dwarf_hill=_int(defence, "dwarf_hill", "modifiers.defence"),
        raider=_int(melee, "raider", "modifiers.melee"),
    )

    walls = {}
    for wid, row in _table(doc, "walls", "").items():
        where = f"walls.{wid}"
        if not isinstance(row, dict):
            raise _DataError(f"{where} must be a table")
        strengths = row.get("strengths")
        losing = row.get("steps_to_lose")
        if (not isinstance(strengths, list) or not strengths
                or not all(isinstance(s, int) and not isinstance(s, bool) and s >= 1
                           for s in strengths)
                or any(a <= b for a, b in zip(strengths, strengths[1:]))):
            raise _DataError(f"{where}.strengths must be decreasing whole numbers >= 1")
        if (not isinstance(losing, list) or len(losing) != len(strengths) - 1
                or not all(isinstance(s, int) and not isinstance(s, bool) and s >= 1
                           for s in losing)):
            raise _DataError(f"{where}.steps_to_lose must hold one whole number >= 1 per "
                             "level but the last")
        walls[wid] = WallTable(wid, str(row.get("name", wid)), tuple(strengths), tuple(losing))
    if not walls:
        raise _DataError("walls is empty")
    return UrTables(units, tuple(thresholds), die, modifiers, walls)


@functools.cache
def tables() -> UrTables:
    """The shipped tables (read and validated once)."""
    try:
        return parse_tables(load_resource(RESOURCE))
    except _DataError as exc:
        raise ScenarioError(f"bad rule data: {exc}", file=str(resource_path(RESOURCE)),
                            hint="fix the data file or reinstall Combat Assistant") from None
