"""Ur's rule tables (resources/ur/tables.toml), loaded once and validated.

Code holds the mechanisms; every number (unit values, hit thresholds, modifiers, walls) is
read from the data file, and a malformed file gives one ScenarioError naming the file and key.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from ...data import read_data_file, resource_path
from ...reader import Reader

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


def _terrain(table: Reader) -> dict[str, int]:
    terrain = table.sub("terrain", required=True)
    missing = [t for t in TERRAINS if not terrain.has(t)]
    if missing:
        raise terrain.error(None, f"lacks {', '.join(missing)}",
                            hint="give a modifier for every terrain: " + ", ".join(TERRAINS))
    out = {t: terrain.integer(t, minimum=None) for t in TERRAINS}
    terrain.finish()
    return out


def _read_units(top: Reader) -> dict[str, UnitType]:
    table = top.sub("units", required=True)
    units = {}
    for uid in table.keys():
        row = table.sub(uid, required=True)
        units[uid] = UnitType(uid, row.string("name"), row.string("race"),
                              row.integer("range", minimum=0), row.integer("melee", minimum=0),
                              row.choice("melee_use", MELEE_USES),
                              row.integer("steps", minimum=1))
        row.finish()
    if not units:
        raise table.error(None, "is empty", hint="list at least one unit")
    return units


def _read_modifiers(top: Reader) -> Modifiers:
    mods = top.sub("modifiers", required=True)
    ranged = mods.sub("ranged", required=True)
    attack = mods.sub("attack", required=True)
    defence = mods.sub("defence", required=True)
    melee = mods.sub("melee", required=True)

    def number(table: Reader, key: str) -> int:
        return table.integer(key, minimum=None)

    modifiers = Modifiers(
        ranged_from_wall=number(ranged, "from_wall_per_wall"),
        ranged_to_wall=number(ranged, "to_wall_per_wall"),
        ranged_moving_to_archers=number(ranged, "moving_to_archers"),
        ranged_at_undead=number(ranged, "at_undead"),
        attack_wall=number(attack, "wall_per_wall"),
        attack_terrain=_terrain(attack),
        attack_river=number(attack, "river"),
        attack_dwarf_hill=number(attack, "dwarf_hill"),
        defence_wall=number(defence, "wall_per_wall"),
        defence_terrain=_terrain(defence),
        defence_river=number(defence, "river"),
        defence_dwarf_hill=number(defence, "dwarf_hill"),
        raider=number(melee, "raider"),
    )
    for table in (ranged, attack, defence, melee, mods):
        table.finish()
    return modifiers


def _read_walls(top: Reader) -> dict[str, WallTable]:
    table = top.sub("walls", required=True)
    walls = {}
    for wid in table.keys():
        row = table.sub(wid, required=True)
        strengths = row.integers("strengths", minimum=1)
        if not strengths or any(a <= b for a, b in zip(strengths, strengths[1:])):
            raise row.error("strengths", "must be decreasing whole numbers >= 1")
        losing = row.integers("steps_to_lose", minimum=1)
        if len(losing) != len(strengths) - 1:
            raise row.error("steps_to_lose", "must hold one whole number >= 1 per level but "
                            f"the last ({len(strengths) - 1} here), got {len(losing)}")
        walls[wid] = WallTable(wid, row.string("name"), tuple(strengths), tuple(losing))
        row.finish()
    if not walls:
        raise table.error(None, "is empty", hint="describe at least one wall")
    return walls


def read_tables(top: Reader) -> UrTables:
    """Ur's tables from ``resources/ur/tables.toml`` (ScenarioError naming the key)."""
    hits = top.sub("hits", required=True)
    rows = hits.tables("thresholds")
    if not rows:
        raise hits.error("thresholds", "must list at least one { score = .., hits = .. }")
    thresholds = []
    for row in rows:
        thresholds.append((row.integer("score"), row.integer("hits", minimum=1)))
        row.finish()
    thresholds.sort(reverse=True)
    die = hits.integer("die", minimum=2)
    hits.finish()
    return UrTables(_read_units(top), tuple(thresholds), die, _read_modifiers(top),
                    _read_walls(top))


@functools.cache
def tables() -> UrTables:
    """The shipped tables (read and validated once)."""
    return read_data_file(resource_path(RESOURCE), read_tables)
