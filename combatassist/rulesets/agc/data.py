"""Alternate Ground Combat data (resources/agc/tables.toml): loaded and validated once, plus the
plain-data views the GUI shows (terrains with per-unit modifiers, unit types, dice, bands).
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...data import load_resource
from ...errors import ScenarioError

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


def _bad(message: str, field: str) -> ScenarioError:
    return ScenarioError(message, file=RESOURCE, field=field,
                         hint="the shipped data file is damaged; reinstall or fix it")


def _int(table: dict, key: str, field: str, minimum: int | None = None) -> int:
    value = table.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(f"must be a whole number, got {value!r}", f"{field}.{key}")
    if minimum is not None and value < minimum:
        raise _bad(f"must be at least {minimum}, got {value}", f"{field}.{key}")
    return value


def parse_damage(text: Any, field: str = "damage") -> DamageSpec:
    """'1d6' -> one d6; '1' -> one step; '0' -> none."""
    m = _DAMAGE.match(text) if isinstance(text, str) else None
    if not m:
        raise _bad(f"damage must look like '1d6' or '1', got {text!r}", field)
    if m.group(3) is not None:
        return DamageSpec(text.strip(), 0, 0, int(m.group(3)))
    count, sides = int(m.group(1)), int(m.group(2))
    if count < 1 or sides < 1:
        raise _bad(f"damage dice must be at least 1d1, got {text!r}", field)
    return DamageSpec(text.strip(), count, sides, 0)


@functools.cache
def agc_data() -> AgcData:
    """The validated AGC tables (ScenarioError naming the field if the file is damaged)."""
    doc = load_resource(RESOURCE)
    units = doc.get("units", {})
    if tuple(units) != BASE_TYPES:
        raise _bad(f"must list exactly {', '.join(BASE_TYPES)} in that order", "units")
    names, dice, base = {}, {}, {}
    for unit in BASE_TYPES:
        names[unit] = str(units[unit].get("name", unit))
        dice[unit] = _int(units[unit], "die", f"units.{unit}", 1)
        base[unit] = unit
    spec = doc.get("specialised_infantry", {})
    bonus = _int(spec, "bonus", "specialised_infantry")
    terrain_table = doc.get("terrain", {})
    if not terrain_table:
        raise _bad("has no terrains", "terrain")
    homes = {}
    for unit, row in spec.get("types", {}).items():
        where = row.get("terrains", [])
        for t in where:
            if t not in terrain_table:
                raise _bad(f"unknown terrain '{t}'", f"specialised_infantry.types.{unit}")
        names[unit] = str(row.get("name", unit))
        dice[unit] = dice["infantry"]
        base[unit] = "infantry"
        homes[unit] = tuple(where)
    terrain_names, modifiers = {}, {}
    for tid, row in terrain_table.items():
        terrain_names[tid] = str(row.get("name", tid))
        modifiers[tid] = {u: _int(row, u, f"terrain.{tid}") for u in BASE_TYPES}
        extra = set(row) - set(BASE_TYPES) - {"name"}
        if extra:
            raise _bad(f"unknown column(s) {', '.join(sorted(extra))}", f"terrain.{tid}")
    rules = doc.get("rules", {})
    bands = []
    previous = Fraction(0)
    rows = doc.get("margin", [])
    for i, row in enumerate(rows):
        field = f"margin[{i}]"
        bound = row.get("up_to")
        if bound is None:
            if i != len(rows) - 1:
                raise _bad("only the last band may be unbounded", field)
            up_to = None
        else:
            if (not isinstance(bound, list) or len(bound) != 2
                    or not all(isinstance(x, int) and x > 0 for x in bound)):
                raise _bad("up_to must be [numerator, denominator]", field)
            up_to = Fraction(bound[0], bound[1])
            if up_to < 1 or (i > 0 and up_to <= previous) or (i == 0 and up_to != 1):
                raise _bad("bands must start at 1 : 1 and increase", field)
            previous = up_to
        bands.append(Band(str(row["id"]), str(row.get("name", row["id"])), up_to,
                          parse_damage(row.get("victor"), field + ".victor"),
                          parse_damage(row.get("loser"), field + ".loser")))
    if len(bands) < 2 or bands[-1].up_to is not None:
        raise _bad("needs a tie band first and an unbounded band last", "margin")
    if bands[0].victor != bands[0].loser:
        raise _bad("a tie gives both sides the same damage", "margin[0]")
    force = dict(doc.get("force_generation", {}))
    for key in ("infantry_die", "infantry_add", "armor_die", "step_percent",
                "remaining_max_percent", "remaining_die"):
        _int(force, key, "force_generation", 0)
    remaining = force.get("remaining", [])
    if len(remaining) != force["remaining_die"] or any(u not in BASE_TYPES for u in remaining):
        raise _bad("remaining must name one base unit type per face", "force_generation")
    return AgcData(
        unit_names=names, dice=dice, base_type=base, home_terrains=homes,
        specialist_bonus=bonus, terrain_names=terrain_names, modifiers=modifiers,
        infantry_pairing_bonus=_int(rules, "infantry_pairing_bonus", "rules"),
        armor_without_infantry=_int(rules, "armor_without_infantry", "rules"),
        artillery_air_support_bonus=_int(rules, "artillery_air_support_bonus", "rules"),
        artillery_keep_lowest_of=_int(rules, "artillery_keep_lowest_of", "rules", 1),
        bands=tuple(bands), force=force)


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
