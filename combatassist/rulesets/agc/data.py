"""Alternate Ground Combat data (resources/agc/tables.toml): loaded and validated once, plus the
plain-data views the GUI shows (terrains with per-unit modifiers, unit types, dice, bands).
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...data import read_data_file, resource_path
from ...errors import ScenarioError, shown
from ...reader import Reader

RESOURCE = "agc/tables.toml"
#: The six base unit types, in the terrain table's column order.
BASE_TYPES = ("armor", "infantry", "artillery", "aad", "engineers", "air_support")
_DAMAGE = re.compile(r"^\s*(?:(\d+)\s*d\s*(\d+)|(\d+))\s*$")


@dataclass(frozen=True)
class DamageSpec:
    """Steps of damage: ``count`` dice of ``sides`` (0 dice: just ``constant``)."""

    text: str
    count: int
    sides: int
    constant: int

    def values(self) -> dict[int, Fraction]:
        """Exact distribution of the steps."""
        dist = {self.constant: Fraction(1)}
        for _ in range(self.count):
            nxt: dict[int, Fraction] = {}
            for v, p in dist.items():
                for face in range(1, self.sides + 1):
                    nxt[v + face] = nxt.get(v + face, 0) + p / self.sides
            dist = nxt
        return dist


@dataclass(frozen=True)
class Band:
    """One margin-of-victory row: ratios above the previous bound up to ``up_to`` (None: no bound)."""

    id: str
    name: str
    up_to: Fraction | None
    victor: DamageSpec
    loser: DamageSpec


@dataclass(frozen=True)
class AgcData:
    unit_names: dict[str, str]             # every unit id (base + specialised) -> display name
    dice: dict[str, int]                   # every unit id -> die sides
    base_type: dict[str, str]              # every unit id -> its terrain-table column
    home_terrains: dict[str, tuple[str, ...]]   # specialised infantry -> its own terrains
    specialist_bonus: int
    terrain_names: dict[str, str]          # terrain id -> display name (table order)
    modifiers: dict[str, dict[str, int]]   # terrain id -> base type -> modifier
    infantry_pairing_bonus: int
    armor_without_infantry: int
    artillery_air_support_bonus: int
    artillery_keep_lowest_of: int
    bands: tuple[Band, ...]
    force: dict[str, Any]

    @property
    def unit_ids(self) -> tuple[str, ...]:
        return tuple(self.unit_names)

    @property
    def terrain_ids(self) -> tuple[str, ...]:
        return tuple(self.terrain_names)

    def unit_modifier(self, unit: str, terrain: str) -> int:
        """The table's modifier for ``unit`` in ``terrain`` (specialised infantry: with its bonus)."""
        mod = self.modifiers[terrain][self.base_type[unit]]
        if terrain in self.home_terrains.get(unit, ()):
            mod += self.specialist_bonus
        return mod


def parse_damage(text: Any, field: str = "damage", reader: Reader | None = None
                 ) -> DamageSpec:
    """'1d6' -> one d6; '1' -> one step; '0' -> none (ScenarioError naming ``field``)."""
    def bad(message: str) -> ScenarioError:
        if reader is not None:
            return reader.error(field, message)
        return ScenarioError(message, field=field)

    m = _DAMAGE.match(text) if isinstance(text, str) else None
    if not m:
        raise bad(f"damage must look like '1d6' or '1', got {shown(text)}")
    if m.group(3) is not None:
        return DamageSpec(text.strip(), 0, 0, int(m.group(3)))
    count, sides = int(m.group(1)), int(m.group(2))
    if count < 1 or sides < 1:
        raise bad(f"damage dice must be at least 1d1, got {shown(text)}")
    return DamageSpec(text.strip(), count, sides, 0)


def _read_units(top: Reader) -> tuple[dict[str, str], dict[str, int]]:
    units = top.sub("units", required=True)
    if units.keys() != list(BASE_TYPES):
        raise units.error(None, f"must list exactly {', '.join(BASE_TYPES)} in that order")
    names, dice = {}, {}
    for unit in BASE_TYPES:
        row = units.sub(unit, required=True)
        names[unit] = row.string("name")
        dice[unit] = row.integer("die", minimum=1)
        row.finish()
    return names, dice


def _read_terrain(top: Reader) -> tuple[dict[str, str], dict[str, dict[str, int]]]:
    table = top.sub("terrain", required=True)
    if not table.keys():
        raise table.error(None, "has no terrains")
    names, modifiers = {}, {}
    for tid in table.keys():
        row = table.sub(tid, required=True)
        names[tid] = row.string("name")
        modifiers[tid] = {u: row.integer(u, minimum=None) for u in BASE_TYPES}
        row.finish()
    return names, modifiers


def _read_bands(top: Reader) -> tuple[Band, ...]:
    rows = top.tables("margin")
    bands: list[Band] = []
    previous = Fraction(0)
    for i, row in enumerate(rows):
        if not row.has("up_to"):
            if i != len(rows) - 1:
                raise row.error(None, "only the last band may be unbounded (no up_to)")
            up_to = None
        else:
            up_to = row.fraction("up_to")
            if up_to < 1 or (i > 0 and up_to <= previous) or (i == 0 and up_to != 1):
                raise row.error("up_to", "bands must start at [1, 1] and increase")
            previous = up_to
        band_id = row.string("id")
        bands.append(Band(band_id, row.string("name", band_id), up_to,
                          parse_damage(row.string("victor"), "victor", row),
                          parse_damage(row.string("loser"), "loser", row)))
        row.finish()
    if len(bands) < 2 or bands[-1].up_to is not None:
        raise top.error("margin", "needs a tie band first and an unbounded band last")
    if bands[0].victor != bands[0].loser:
        raise rows[0].error(None, "a tie gives both sides the same damage")
    return tuple(bands)


FORCE_NUMBERS = ("infantry_die", "infantry_add", "armor_die", "step_percent",
                 "remaining_max_percent", "remaining_die")


def _read_force(top: Reader) -> dict[str, Any]:
    table = top.sub("force_generation", required=True)
    force: dict[str, Any] = {key: table.integer(key) for key in FORCE_NUMBERS}
    remaining = table.strings("remaining")
    if len(remaining) != force["remaining_die"] or any(u not in BASE_TYPES for u in remaining):
        raise table.error("remaining", "must name one base unit type per face of remaining_die",
                          hint="expected: " + ", ".join(BASE_TYPES))
    force["remaining"] = remaining
    table.finish()
    return force


def read_tables(top: Reader) -> AgcData:
    """The AGC tables from ``resources/agc/tables.toml`` (ScenarioError naming the field)."""
    names, dice = _read_units(top)
    base = {unit: unit for unit in BASE_TYPES}
    terrain_names, modifiers = _read_terrain(top)
    spec = top.sub("specialised_infantry", required=True)
    bonus = spec.integer("bonus", minimum=None)
    types = spec.sub("types", required=True)
    homes = {}
    for unit in types.keys():
        row = types.sub(unit, required=True)
        names[unit] = row.string("name")
        dice[unit] = dice["infantry"]
        base[unit] = "infantry"
        homes[unit] = tuple(row.names("terrains", terrain_names, what="terrain"))
        row.finish()
    spec.finish()
    rules = top.sub("rules", required=True)
    data = AgcData(
        unit_names=names, dice=dice, base_type=base, home_terrains=homes,
        specialist_bonus=bonus, terrain_names=terrain_names, modifiers=modifiers,
        infantry_pairing_bonus=rules.integer("infantry_pairing_bonus", minimum=None),
        armor_without_infantry=rules.integer("armor_without_infantry", minimum=None),
        artillery_air_support_bonus=rules.integer("artillery_air_support_bonus", minimum=None),
        artillery_keep_lowest_of=rules.integer("artillery_keep_lowest_of", minimum=1),
        bands=_read_bands(top), force=_read_force(top))
    rules.finish()
    return data


@functools.cache
def agc_data() -> AgcData:
    """The validated AGC tables (ScenarioError naming the field if the file is damaged)."""
    return read_data_file(resource_path(RESOURCE), read_tables)


# -- plain data for the GUI ----------------------------------------------------------------
def terrains() -> list[dict[str, Any]]:
    """Each terrain: id, name, and the modifier of every unit id (specialised infantry included)."""
    data = agc_data()
    return [{"id": t, "name": data.terrain_names[t],
             "modifiers": {u: data.unit_modifier(u, t) for u in data.unit_ids}}
            for t in data.terrain_ids]


def unit_types() -> list[dict[str, Any]]:
    """Each unit id: name, die sides, terrain column (base type), own terrains if specialised."""
    data = agc_data()
    return [{"id": u, "name": data.unit_names[u], "die": data.dice[u],
             "base_type": data.base_type[u], "home_terrains": list(data.home_terrains.get(u, ()))}
            for u in data.unit_ids]


def dice() -> dict[str, int]:
    """Die sides of every unit id."""
    return dict(agc_data().dice)


def margin_bands() -> list[dict[str, Any]]:
    """The margin-of-victory table: id, name, upper ratio as [num, den] (None: unbounded), damage."""
    return [{"id": b.id, "name": b.name,
             "up_to": None if b.up_to is None else [b.up_to.numerator, b.up_to.denominator],
             "victor": b.victor.text, "loser": b.loser.text} for b in agc_data().bands]
