"""Dirtside II tables (``resources/ds2/tables.toml``): loaded once and validated, plus the
plain-data view of the choices a weapon form offers (``weapon_options``)."""
from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...data import read_data, read_data_file, resource_path
from ...errors import EngineError
from ...reader import Reader

DATA_FILE = "ds2/tables.toml"
TARGET_KINDS = ("vehicle", "infantry")
SPECIAL_KINDS = ("mobility", "systems_down", "damage")
FAMILY_CLASSES = ("heavy", "infantry", "artillery")


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


def _dice_by(table: Reader, key: str, keys: tuple[str, ...], *, every: bool = True,
             required: bool = True) -> dict[str, int]:
    """A table ``{key = die}`` over ``keys`` (all of them when ``every``)."""
    sub = table.sub(key, required=required)
    if sub is None:
        return {}
    for k in sub.keys():
        if k not in keys:
            raise sub.error(k, "unknown key", "expected: " + ", ".join(keys))
    dice = {k: sub.integer(k, minimum=1) for k in keys if every or sub.has(k)}
    sub.finish()
    return dice


def _text(table: Reader, key: str) -> str:
    value = table.string(key)
    if not value:
        raise table.error(key, "must not be empty")
    return value


def _read_special(top: Reader, special_die: int) -> tuple[tuple[str, int, int], ...]:
    special = top.sub("special_damage", required=True)
    ranges = []
    covered: list[int] = []
    for kind in SPECIAL_KINDS:
        lo_hi = special.integers(kind, length=2)
        if not 1 <= lo_hi[0] <= lo_hi[1] <= special_die:
            raise special.error(kind, f"must be [low, high] within 1-{special_die}")
        ranges.append((kind, lo_hi[0], lo_hi[1]))
        covered.extend(range(lo_hi[0], lo_hi[1] + 1))
    if sorted(covered) != list(range(1, special_die + 1)):
        raise special.error(None, f"the ranges must cover 1-{special_die} exactly once")
    special.finish()
    return tuple(ranges)


ARTILLERY_TARGETS = ("vehicle", "dug_in_vehicle", "infantry", "dug_in_infantry")


def _read_heavy(f: Reader, fid: str, label: str, name: str, ranges: tuple[str, ...],
                armour_types: tuple[str, ...]) -> Family:
    sizes = tuple(f.integers("sizes"))
    vs_armour = f.sub("impact_vs_armour")
    vs_inf = f.sub("vs_infantry", required=True)
    if vs_inf.has("no_effect"):
        vs_infantry, no_effect = None, {"infantry": _text(vs_inf, "no_effect")}
    else:
        mult = vs_inf.raw("multiplier")
        if mult != "size":
            mult = vs_inf.integer("multiplier", minimum=1)
        vs_infantry, no_effect = (vs_inf.integer("die", minimum=1), mult), {}
    vs_inf.finish()
    to_hit_table = f.sub("to_hit")
    to_hit = None
    if to_hit_table is not None:
        to_hit = (to_hit_table.integer("die", minimum=1), to_hit_table.integer("min", minimum=1))
        to_hit_table.finish()
    impact_vs_armour = {}
    if vs_armour is not None:
        for t in vs_armour.keys():
            if t not in armour_types:
                raise vs_armour.error(t, "unknown armour type",
                                      "expected: " + ", ".join(armour_types))
            impact_vs_armour[t] = _dice_by(vs_armour, t, ranges)
        vs_armour.finish()
    return Family(
        id=fid, label=label, name=name, kind="heavy", sizes=sizes, heavy=True,
        impact=_dice_by(f, "impact", ranges),
        range_factor=_dice_by(f, "range_factor", ranges, every=False, required=False),
        impact_vs_armour=impact_vs_armour,
        impact_vs_apfc=_dice_by(f, "impact_vs_apfc", ranges, required=False) or None,
        vs_infantry=vs_infantry, no_effect=no_effect, to_hit=to_hit)


def _read_artillery(f: Reader, fid: str, label: str, name: str, weights: tuple[str, ...]
                    ) -> Family:
    sizes = tuple(f.integers("sizes"))
    if not set(sizes) <= set(range(1, len(weights) + 1)):
        raise f.error("sizes", f"must be within 1-{len(weights)}")
    impact = _dice_by(f, "impact", ARTILLERY_TARGETS, every=False)
    no_effect_table = f.sub("no_effect")
    no_effect = {}
    if no_effect_table is not None:
        no_effect = {k: _text(no_effect_table, k) for k in no_effect_table.keys()}
        no_effect_table.finish()
    missing = [t for t in ARTILLERY_TARGETS if (t in impact) == (t in no_effect)]
    if missing:
        raise f.error(None, "each target needs exactly one of an impact die or a no_effect "
                      "reason: " + ", ".join(missing))
    return Family(id=fid, label=label, name=name, kind="artillery", sizes=sizes,
                  heavy=f.boolean("heavy"), impact=impact, no_effect=no_effect)


def read_tables(top: Reader) -> Tables:
    """The DS2 tables from ``resources/ds2/tables.toml`` (ScenarioError naming the field)."""
    dice = top.sub("dice", required=True)
    special_die = dice.integer("special", minimum=1)
    armour_die = dice.integer("armour", minimum=1)
    dice.finish()
    special_ranges = _read_special(top, special_die)
    vehicle = top.sub("vehicle", required=True)
    options = top.sub("options", required=True)
    ranges = tuple(options.strings("ranges"))
    armour_types = tuple(options.strings("armour_types"))
    covers = tuple(options.strings("covers"))
    combat = tuple(options.strings("combat"))
    options.finish()
    ratings = top.sub("infantry_ratings", required=True)
    infantry_ratings = {k: ratings.integer(k, minimum=1) for k in ratings.keys()}
    inf_impact_table = top.sub("infantry_impact", required=True)
    infantry_impact = {c: _dice_by(inf_impact_table, c, covers) for c in combat}
    inf_impact_table.finish()
    artillery = top.sub("artillery", required=True)
    weights = tuple(artillery.strings("weights"))
    vehicle_mult = tuple(artillery.integers("vehicle_multiplier"))
    infantry_mult = tuple(artillery.integers("infantry_multiplier"))
    if not len(weights) == len(vehicle_mult) == len(infantry_mult):
        raise artillery.error(None, "weights and multipliers must have the same length")
    artillery.finish()

    families: dict[str, Family] = {}
    fam_table = top.sub("families", required=True)
    for fid in fam_table.keys():
        f = fam_table.sub(fid, required=True)
        kind = f.choice("class", FAMILY_CLASSES)
        label, name = _text(f, "label"), _text(f, "name")
        if kind == "heavy":
            fam = _read_heavy(f, fid, label, name, ranges, armour_types)
        elif kind == "infantry":
            fam = Family(id=fid, label=label, name=name, kind=kind, heavy=False,
                         multiplier=_dice_by(f, "multiplier", combat))
        else:
            fam = _read_artillery(f, fid, label, name, weights)
        f.finish()
        families[fid] = fam
    tables = Tables(
        armour_die=armour_die, special_die=special_die, special_ranges=special_ranges,
        min_armour=vehicle.integer("min_armour", minimum=0),
        max_armour=vehicle.integer("max_armour", minimum=1),
        armour_0_vs_non_heavy=vehicle.integer("armour_0_vs_non_heavy", minimum=1),
        infantry_ratings=infantry_ratings, ranges=ranges, armour_types=armour_types,
        covers=covers, combat=combat, families=families, infantry_impact=infantry_impact,
        artillery_weights=weights, artillery_vehicle_multiplier=vehicle_mult,
        artillery_infantry_multiplier=infantry_mult)
    vehicle.finish()
    return tables


@functools.cache
def tables() -> Tables:
    """The DS2 tables from resources/ds2/tables.toml, validated (ScenarioError on a bad file)."""
    return read_data_file(resource_path(DATA_FILE), read_tables)


def build_tables(document: Mapping[str, Any]) -> Tables:
    """Validate an already parsed tables document (ScenarioError naming the field)."""
    return read_data(document, read_tables, file=str(resource_path(DATA_FILE)))


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
