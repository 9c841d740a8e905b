"""Dirtside II tables (``resources/ds2/tables.toml``): loaded once and validated, plus the
plain-data view of the choices a weapon form offers (``weapon_options``)."""
from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...data import load_resource
from ...errors import EngineError, ScenarioError

DATA_FILE = "ds2/tables.toml"
TARGET_KINDS = ("vehicle", "infantry")
SPECIAL_KINDS = ("mobility", "systems_down", "damage")


# -- the tables (resources/ds2/tables.toml) ------------------------------------------------------
@dataclass(frozen=True)
class Family:
    """One weapon family as the data file describes it."""

    id: str
    label: str                                  # the seed's short name, e.g. "HEL"
    name: str                                   # spelled out, e.g. "High-energy laser"
    kind: str                                   # heavy | infantry | artillery
    sizes: tuple[int, ...] = ()                 # allowed size classes (artillery: weights)
    heavy: bool = True                          # a heavy weapon in the seed's sense
    impact: Mapping[str, int] = field(default_factory=dict)       # by range / artillery target
    range_factor: Mapping[str, int] = field(default_factory=dict)
    impact_vs_armour: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    impact_vs_apfc: Mapping[str, int] | None = None
    vs_infantry: tuple[int, int | str] | None = None              # (die, multiplier|"size")
    no_effect: Mapping[str, str] = field(default_factory=dict)    # target key -> reason
    to_hit: tuple[int, int] | None = None                         # (die, minimum)
    multiplier: Mapping[str, int] = field(default_factory=dict)   # infantry: by combat type

    @property
    def fixed_size(self) -> int | None:
        return self.sizes[0] if len(self.sizes) == 1 else None


@dataclass(frozen=True)
class Tables:
    armour_die: int
    special_die: int
    special_ranges: tuple[tuple[str, int, int], ...]
    min_armour: int
    max_armour: int
    armour_0_vs_non_heavy: int
    infantry_ratings: Mapping[str, int]
    ranges: tuple[str, ...]
    armour_types: tuple[str, ...]
    covers: tuple[str, ...]
    combat: tuple[str, ...]
    families: Mapping[str, Family]
    infantry_impact: Mapping[str, Mapping[str, int]]
    artillery_weights: tuple[str, ...]
    artillery_vehicle_multiplier: tuple[int, ...]
    artillery_infantry_multiplier: tuple[int, ...]

    def special_kind(self, roll: int) -> str:
        for kind, lo, hi in self.special_ranges:
            if lo <= roll <= hi:
                return kind
        raise EngineError(f"special damage d{self.special_die} roll {roll} is not in the table")


class _DataReader:
    """Checks one table of the data file; every problem names the file and the field."""

    def __init__(self, table: Any, path: str):
        if not isinstance(table, Mapping):
            raise _data_error(path, "must be a table")
        self.table, self.path = table, path

    def field(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def get(self, key: str, default: Any = ...) -> Any:
        if key not in self.table:
            if default is ...:
                raise _data_error(self.field(key), "is missing")
            return default
        return self.table[key]

    def sub(self, key: str, default: Any = ...) -> "_DataReader | None":
        value = self.get(key, default)
        return None if value is None else _DataReader(value, self.field(key))

    def positive(self, key: str, default: Any = ..., *, minimum: int = 1) -> int:
        value = self.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise _data_error(self.field(key),
                              f"must be a whole number >= {minimum}, got {value!r}")
        return value

    def ints(self, key: str, default: Any = ...) -> tuple[int, ...]:
        value = self.get(key, default)
        if not isinstance(value, list) or not value or not all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value):
            raise _data_error(self.field(key), f"must be a list of whole numbers, got {value!r}")
        return tuple(value)

    def names(self, key: str) -> tuple[str, ...]:
        value = self.get(key)
        if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
            raise _data_error(self.field(key), f"must be a list of names, got {value!r}")
        return tuple(value)

    def text(self, key: str, default: Any = ...) -> str:
        value = self.get(key, default)
        if not isinstance(value, str) or not value:
            raise _data_error(self.field(key), f"must be text, got {value!r}")
        return value

    def dice_by(self, key: str, keys: tuple[str, ...], *, every: bool = True,
                default: Any = ...) -> dict[str, int]:
        sub = self.sub(key, default)
        if sub is None:
            return {}
        for k in sub.table:
            if k not in keys:
                raise _data_error(sub.field(k), "unknown key", "expected: " + ", ".join(keys))
        if every:
            for k in keys:
                sub.get(k)
        return {k: sub.positive(k) for k in keys if k in sub.table}


def _data_error(field_name: str, message: str, hint: str | None = None) -> ScenarioError:
    return ScenarioError(message, file=f"resources/{DATA_FILE}", field=field_name, hint=hint)


@functools.cache
def tables() -> Tables:
    """The DS2 tables from resources/ds2/tables.toml, validated (ScenarioError on a bad file)."""
    return build_tables(load_resource(DATA_FILE))


def build_tables(document: Mapping[str, Any]) -> Tables:
    """Validate a parsed ds2.toml document into Tables (ScenarioError naming the field)."""
    top = _DataReader(document, "")
    dice = top.sub("dice")
    special = top.sub("special_damage")
    special_die = dice.positive("special")
    special_ranges = []
    covered: list[int] = []
    for kind in SPECIAL_KINDS:
        lo_hi = special.ints(kind)
        if len(lo_hi) != 2 or not 1 <= lo_hi[0] <= lo_hi[1] <= special_die:
            raise _data_error(special.field(kind), f"must be [low, high] within 1-{special_die}")
        special_ranges.append((kind, lo_hi[0], lo_hi[1]))
        covered.extend(range(lo_hi[0], lo_hi[1] + 1))
    if sorted(covered) != list(range(1, special_die + 1)):
        raise _data_error("special_damage", f"the ranges must cover 1-{special_die} exactly once")
    vehicle = top.sub("vehicle")
    options = top.sub("options")
    ranges = options.names("ranges")
    armour_types = options.names("armour_types")
    covers = options.names("covers")
    combat = options.names("combat")
    ratings = top.sub("infantry_ratings")
    infantry_ratings = {k: ratings.positive(k) for k in ratings.table}
    inf_impact_table = top.sub("infantry_impact")
    infantry_impact = {c: inf_impact_table.dice_by(c, covers) for c in combat}
    artillery = top.sub("artillery")
    weights = artillery.names("weights")
    vehicle_mult = artillery.ints("vehicle_multiplier")
    infantry_mult = artillery.ints("infantry_multiplier")
    if not len(weights) == len(vehicle_mult) == len(infantry_mult):
        raise _data_error("artillery", "weights and multipliers must have the same length")
    artillery_targets = ("vehicle", "dug_in_vehicle", "infantry", "dug_in_infantry")

    families: dict[str, Family] = {}
    fam_table = top.sub("families")
    for fid in fam_table.table:
        f = fam_table.sub(fid)
        kind = f.text("class")
        label = f.text("label")
        name = f.text("name")
        if kind == "heavy":
            sizes = f.ints("sizes")
            vs_armour = f.sub("impact_vs_armour", None)
            vs_inf = f.sub("vs_infantry")
            if "no_effect" in vs_inf.table:
                vs_infantry, no_effect = None, {"infantry": vs_inf.text("no_effect")}
            else:
                mult = vs_inf.get("multiplier")
                if mult != "size":
                    mult = vs_inf.positive("multiplier")
                vs_infantry, no_effect = (vs_inf.positive("die"), mult), {}
            to_hit_table = f.sub("to_hit", None)
            to_hit = None
            if to_hit_table is not None:
                to_hit = (to_hit_table.positive("die"), to_hit_table.positive("min"))
            fam = Family(
                id=fid, label=label, name=name, kind=kind, sizes=sizes, heavy=True,
                impact=f.dice_by("impact", ranges),
                range_factor=f.dice_by("range_factor", ranges, every=False, default=None),
                impact_vs_armour={t: vs_armour.dice_by(t, ranges) for t in vs_armour.table}
                if vs_armour else {},
                impact_vs_apfc=f.dice_by("impact_vs_apfc", ranges, default=None) or None,
                vs_infantry=vs_infantry, no_effect=no_effect, to_hit=to_hit)
            for t in fam.impact_vs_armour:
                if t not in armour_types:
                    raise _data_error(f"families.{fid}.impact_vs_armour.{t}",
                                      "unknown armour type", "expected: " + ", ".join(armour_types))
        elif kind == "infantry":
            fam = Family(id=fid, label=label, name=name, kind=kind, heavy=False,
                         multiplier=f.dice_by("multiplier", combat))
        elif kind == "artillery":
            sizes = f.ints("sizes")
            if not set(sizes) <= set(range(1, len(weights) + 1)):
                raise _data_error(f"families.{fid}.sizes", f"must be within 1-{len(weights)}")
            impact = f.dice_by("impact", artillery_targets, every=False)
            no_effect_table = f.sub("no_effect", None)
            no_effect = {k: no_effect_table.text(k) for k in no_effect_table.table} \
                if no_effect_table else {}
            missing = [t for t in artillery_targets if (t in impact) == (t in no_effect)]
            if missing:
                raise _data_error(f"families.{fid}", "each target needs exactly one of an "
                                  "impact die or a no_effect reason: " + ", ".join(missing))
            heavy = f.get("heavy")
            if not isinstance(heavy, bool):
                raise _data_error(f"families.{fid}.heavy", "must be true or false")
            fam = Family(id=fid, label=label, name=name, kind=kind, sizes=sizes, heavy=heavy,
                         impact=impact, no_effect=no_effect)
        else:
            raise _data_error(f"families.{fid}.class", f"unknown class {kind!r}",
                              "expected heavy, infantry or artillery")
        families[fid] = fam
    return Tables(
        armour_die=dice.positive("armour"), special_die=special_die,
        special_ranges=tuple(special_ranges),
        min_armour=vehicle.positive("min_armour", minimum=0),
        max_armour=vehicle.positive("max_armour"),
        armour_0_vs_non_heavy=vehicle.positive("armour_0_vs_non_heavy"),
        infantry_ratings=infantry_ratings, ranges=ranges, armour_types=armour_types,
        covers=covers, combat=combat, families=families, infantry_impact=infantry_impact,
        artillery_weights=weights, artillery_vehicle_multiplier=vehicle_mult,
        artillery_infantry_multiplier=infantry_mult)


# -- metadata for the GUI ---------------------------------------------------------------------
def weapon_options() -> dict[str, Any]:
    """Everything a form needs to offer only valid choices (JSON-friendly)."""
    t = tables()
    families = []
    for fam in t.families.values():
        entry: dict[str, Any] = {"id": fam.id, "label": fam.label, "name": fam.name,
                                 "class": fam.kind,
                                 "heavy": fam.heavy}
        if fam.kind == "infantry":
            entry.update(size_rule="none", sizes=[], ranges=[], combat=list(t.combat),
                         to_hit="none")
        else:
            if fam.kind == "artillery":
                rule = "weight"
                entry["size_labels"] = {s: t.artillery_weights[s - 1] for s in fam.sizes}
            else:
                rule = "fixed" if fam.fixed_size is not None else "chosen"
            entry.update(size_rule=rule, sizes=list(fam.sizes),
                         ranges=list(t.ranges) if fam.kind == "heavy" else [], combat=[],
                         to_hit="own" if fam.to_hit else "input")
            if fam.to_hit:
                entry["to_hit_roll"] = {"die": fam.to_hit[0], "min": fam.to_hit[1]}
        families.append(entry)
    return {"families": families, "ranges": list(t.ranges), "combat": list(t.combat),
            "target_kinds": list(TARGET_KINDS), "infantry": list(t.infantry_ratings),
            "covers": list(t.covers), "armour_types": list(t.armour_types),
            "armour": list(range(t.min_armour, t.max_armour + 1))}
