"""Dirtside II quick damage system (docs/rules.md §5, seed 004): one shot, impact vs armour.

The tables live in ``resources/ds2/tables.toml``. The one rules function is ``resolve_shot``: it
takes the dice really rolled (to-hit die for IAVRs, impact die, armour die, special d8) and
says what happened and why. ``exact_result`` enumerates every die combination through it (with
exact fractions), ``simulate_result`` feeds it seeded random dice, and the table-side view
feeds it the players' dice. ``matrix`` is a numpy equivalent of the enumeration (tested cell
by cell against it) for the size × armour heatmap.

Decisions where the seed is silent (also in docs/rules.md §5 where stated there):
- ``p_no_effect`` is unconditional: misses count as no effect, so
  p_kill + p_special + p_no_effect = 1.
- Fire at infantry, artillery at infantry and infantry weapons have no to-hit roll (the seed:
  "you don't have to roll to hit"); ``p_hit`` is an input only for heavy weapons (not IAVR)
  and artillery firing at vehicles.
- Infantry weapons (non-heavy) cannot harm vehicles of armour 1+; armour-0 vehicles count
  as PA (7) against them, and special damage applies.
- Cover: heavy weapons ignore it; infantry weapons read it from their impact table;
  artillery treats ``dug_in`` as dug in and ``open``/``soft`` as not.
- HEF artillery counts as a heavy weapon (data flag; the seed leaves it open).
- ``apfc = true`` on a target combines APFC with reactive or ablative armour;
  ``armour_type = "apfc"`` is standard armour with APFC.
"""
from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

import numpy as np

from ...data import load_resource
from ...errors import EngineError, ScenarioError, shown
from ...scenario import Reader

NAME = "ds2"
DATA_FILE = "ds2/tables.toml"
TARGET_KINDS = ("vehicle", "infantry")
#: Outcomes of one shot. "special" = special damage triggered, its d8 not rolled yet.
OUTCOMES = ("miss", "kill", "mobility", "systems_down", "damage", "no_effect", "special")
SPECIAL_KINDS = ("mobility", "systems_down", "damage")
JSON_KEYS = ("ruleset", "p_hit", "p_kill", "p_special", "p_mobility", "p_systems_down",
             "p_damage", "p_no_effect", "figure_of_merit")
#: Largest simulation accepted (a shot is a few dice: 10 million trials take ~15 s, so this
#: stays within ``limits.MAX_SECONDS``; the CLI caps --trials at 10 million anyway).
MAX_TRIALS = 15_000_000


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


# -- the scenario payload -----------------------------------------------------------------
@dataclass(frozen=True)
class Shot:
    """One DS2 shot as a scenario describes it (fields that don't apply are None)."""

    family: str
    target: str = "vehicle"                 # vehicle | infantry
    size: int | None = None
    range: str | None = None                # heavy weapons
    combat: str | None = None               # infantry weapons
    p_hit: float | None = None              # None: 1.0, or the weapon's own to-hit roll
    armour: int | None = None               # vehicles
    armour_type: str = "standard"           # vehicles
    apfc: bool = False                      # vehicles: APFC on top of armour_type
    infantry: str | None = None             # infantry targets: militia | line | pa
    cover: str = "open"

    @property
    def has_apfc(self) -> bool:
        return self.apfc or self.armour_type == "apfc"

    def with_defaults(self) -> "Shot":
        """Fill a fixed-size family's size (GMS/H 5, IAVR 3)."""
        fam = tables().families.get(self.family)
        if self.size is None and fam is not None and fam.fixed_size is not None:
            return replace(self, size=fam.fixed_size)
        return self


@dataclass(frozen=True)
class Problem:
    """Why a shot is impossible: which field (weapon.size, target.armour, ...), what, how."""

    field: str
    message: str
    hint: str | None = None

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" + (f" ({self.hint})" if self.hint else "")


def _one_of(values) -> str:
    return "expected one of: " + ", ".join(str(v) for v in values)


def check_shot(shot: Shot) -> Problem | None:
    """The first reason ``shot`` is impossible, or None if it is a valid combination.

    "No effect" combinations (HKP at infantry, MAK at dug-in infantry, ...) are valid.
    """
    t = tables()
    fam = t.families.get(shot.family)
    if fam is None:
        return Problem("weapon.family", f"unknown weapon family {shot.family!r}",
                       _one_of(t.families))
    # weapon
    if fam.kind == "infantry":
        if shot.size is not None:
            return Problem("weapon.size", f"{fam.label} has no size class", "remove size")
    elif shot.size is None:
        if fam.fixed_size is None:
            what = "1 light, 2 medium, 3 heavy" if fam.kind == "artillery" else \
                ", ".join(map(str, fam.sizes))
            return Problem("weapon.size", f"{fam.label} needs a size class", what)
    elif shot.size not in fam.sizes:
        if fam.fixed_size is not None:
            return Problem("weapon.size", f"{fam.label} is always size class {fam.fixed_size}, "
                           f"not {shot.size}", f"set size = {fam.fixed_size} or leave it out")
        if fam.kind == "artillery":
            return Problem("weapon.size", f"artillery size must be 1 (light), 2 (medium) or "
                           f"3 (heavy), got {shot.size}")
        return Problem("weapon.size", f"{fam.label} size class must be "
                       f"{min(fam.sizes)}-{max(fam.sizes)}, got {shot.size}")
    if fam.kind == "heavy":
        if shot.range is None:
            return Problem("weapon.range", f"{fam.label} needs a range band", _one_of(t.ranges))
        if shot.range not in t.ranges:
            return Problem("weapon.range", f"unknown range {shot.range!r}", _one_of(t.ranges))
    elif shot.range is not None:
        return Problem("weapon.range", f"range applies to heavy weapons, not {fam.label}",
                       "remove range")
    if fam.kind == "infantry":
        if shot.combat is None:
            return Problem("weapon.combat", f"{fam.label} needs a combat type", _one_of(t.combat))
        if shot.combat not in t.combat:
            return Problem("weapon.combat", f"unknown combat type {shot.combat!r}",
                           _one_of(t.combat))
    elif shot.combat is not None:
        return Problem("weapon.combat", f"combat applies to infantry weapons, not {fam.label}",
                       "remove combat")
    # target
    if shot.target not in TARGET_KINDS:
        return Problem("target.kind", f"unknown target kind {shot.target!r}",
                       _one_of(TARGET_KINDS))
    if shot.cover not in t.covers:
        return Problem("target.cover", f"unknown cover {shot.cover!r}",
                       _one_of(t.covers) + " (dug_in also stands for urban)")
    if shot.target == "vehicle":
        if shot.infantry is not None:
            return Problem("target.infantry", "applies to infantry targets, not vehicles",
                           "remove infantry, or set kind = \"infantry\"")
        if shot.armour is None:
            return Problem("target.armour", "a vehicle target needs an armour rating",
                           f"{t.min_armour}-{t.max_armour}")
        if not t.min_armour <= shot.armour <= t.max_armour:
            return Problem("target.armour", f"armour must be {t.min_armour}-{t.max_armour}, "
                           f"got {shot.armour}")
        if shot.armour_type not in t.armour_types:
            return Problem("target.armour_type", f"unknown armour type {shot.armour_type!r}",
                           _one_of(t.armour_types))
    else:
        if shot.armour is not None or shot.armour_type != "standard" or shot.apfc:
            return Problem("target.armour", "armour, armour_type and apfc apply to vehicles, "
                           "not infantry", "remove them, or set kind = \"vehicle\"")
        if shot.infantry is None:
            return Problem("target.infantry", "an infantry target needs its type",
                           _one_of(t.infantry_ratings))
        if shot.infantry not in t.infantry_ratings:
            return Problem("target.infantry", f"unknown infantry type {shot.infantry!r}",
                           _one_of(t.infantry_ratings))
    # the hit chance
    if shot.p_hit is not None:
        if not (isinstance(shot.p_hit, (int, float)) and 0.0 <= shot.p_hit <= 1.0):
            return Problem("weapon.p_hit", f"must be a probability 0-1, got {shot.p_hit!r}")
        if fam.to_hit is not None:
            die, minimum = fam.to_hit
            return Problem("weapon.p_hit", f"{fam.label} rolls its own to-hit (1d{die}, "
                           f"{minimum}+)", "remove p_hit")
        if fam.kind == "infantry" or shot.target == "infantry":
            return Problem("weapon.p_hit", "fire at infantry and infantry fire have no to-hit "
                           "roll (seed 004)", "remove p_hit")
    return None


def validate(shot: Shot) -> Shot:
    """``shot`` with defaults filled; EngineError naming the field if it is impossible."""
    shot = shot.with_defaults()
    problem = check_shot(shot)
    if problem is not None:
        raise EngineError(str(problem))
    return shot


# -- what a valid shot rolls ----------------------------------------------------------------
@dataclass(frozen=True)
class ShotSetup:
    """The dice and factors of a valid shot, and why (derived from the tables)."""

    shot: Shot
    impact_die: int                 # faces of the impact die (0 when the shot has no effect)
    multiplier: int                 # Impact = impact die x multiplier
    armour_rating: int              # Armour = 1d8 x rating
    special: bool                   # special damage applies (vehicle targets)
    to_hit: tuple[int, int] | None  # (die, minimum) when the weapon rolls its own
    p_hit: float                    # given hit chance (ignored when to_hit is set)
    no_effect: str | None           # why this shot can never do anything, if so
    notes: tuple[str, ...]          # how impact and armour were read from the tables

    @property
    def armour_die(self) -> int:
        return tables().armour_die

    def dice(self) -> list[tuple[str, int]]:
        """The dice to roll at the table, in order, as (name, faces): to_hit (own roll only),
        impact, armour; none at all for a no-effect shot. The special d8 is asked for only
        when ``resolve_shot`` answers "special"."""
        dice = [("to_hit", self.to_hit[0])] if self.to_hit is not None else []
        if not self.no_effect:
            dice += [("impact", self.impact_die), ("armour", self.armour_die)]
        return dice

    def hit_probability(self) -> Fraction:
        if self.to_hit is not None:
            die, minimum = self.to_hit
            return Fraction(max(0, die - minimum + 1), die)
        return Fraction(self.p_hit)

    def describe(self) -> list[str]:
        """Human lines: to-hit, impact, armour, special damage."""
        lines = []
        if self.to_hit is not None:
            lines.append(f"To hit: 1d{self.to_hit[0]}, hit on {self.to_hit[1]}+")
        elif self.p_hit != 1.0:
            lines.append(f"Hit chance (given): {self.p_hit:g}")
        if self.no_effect:
            lines.append(f"No effect: {self.no_effect}")
            return lines
        lines.append(f"Impact: D{self.impact_die} x {self.multiplier}; "
                     f"Armour: 1d{self.armour_die} x {self.armour_rating}")
        lines.extend(self.notes)
        lines.append("Kill when Impact > Armour" + (
            f"; otherwise special damage when the D{self.impact_die} shows "
            f"{self.impact_die}" if self.special else "; no special damage on infantry"))
        return lines


def shot_setup(shot: Shot) -> ShotSetup:
    """Read a shot's dice and factors from the tables (EngineError if impossible)."""
    shot = validate(shot)
    t = tables()
    fam = t.families[shot.family]
    p_hit = 1.0 if shot.p_hit is None else float(shot.p_hit)
    to_hit = fam.to_hit
    notes: list[str] = []
    vehicle = shot.target == "vehicle"

    def none(reason: str) -> ShotSetup:
        return ShotSetup(shot, 0, 0, 0, False, to_hit if vehicle else None,
                         p_hit if vehicle else 1.0, reason, ())

    if vehicle:
        rating = shot.armour
        if rating == 0 and not fam.heavy:
            rating = t.armour_0_vs_non_heavy
            notes.append(f"An armour-0 vehicle counts as PA ({rating}) against non-heavy "
                         "weapons; special damage still applies")
        elif rating == 0:
            notes.append("Soft-skinned (armour 0): any heavy weapon hit destroys it")
    else:
        rating = t.infantry_ratings[shot.infantry]
        to_hit = None
        p_hit = 1.0

    if fam.kind == "heavy":
        if vehicle:
            die = fam.impact[shot.range]
            if shot.has_apfc and fam.impact_vs_apfc:
                die = fam.impact_vs_apfc[shot.range]
                notes.append(f"{fam.label} against APFC: D{die} (supersedes reactive armour)")
            elif shot.armour_type in fam.impact_vs_armour:
                die = fam.impact_vs_armour[shot.armour_type][shot.range]
                notes.append(f"{fam.label} against {shot.armour_type} armour: D{die}")
            factor = fam.range_factor.get(shot.range, 1)
            multiplier = shot.size * factor
            if factor != 1:
                notes.append(f"{fam.label} at {shot.range} range: D{die} x {factor} x size "
                             f"{shot.size} = x{multiplier}")
            return ShotSetup(shot, die, multiplier, rating, True, to_hit, p_hit, None,
                             tuple(notes))
        if fam.vs_infantry is None:
            return none(fam.no_effect["infantry"])
        die, mult = fam.vs_infantry
        if mult == "size":
            mult = shot.size
            notes.append(f"{fam.label} against infantry: D{die} x size class")
        else:
            notes.append(f"{fam.label} against infantry: fixed D{die} x {mult}, whatever the size")
        return ShotSetup(shot, die, mult, rating, False, None, 1.0, None, tuple(notes))

    if fam.kind == "infantry":
        if vehicle and shot.armour > 0:
            return none(f"{fam.label} is not a heavy weapon: it cannot harm vehicles of "
                        "armour 1 or more (seed 004)")
        die = t.infantry_impact[shot.combat][shot.cover]
        mult = fam.multiplier[shot.combat]
        combat, cover = shot.combat.replace("_", " "), shot.cover.replace("_", " ")
        notes.append(f"{combat} at a target in {cover} cover: D{die}; {fam.label} x{mult}")
        return ShotSetup(shot, die, mult, rating, vehicle, None, 1.0, None, tuple(notes))

    # artillery
    dug_in = shot.cover == "dug_in"
    key = ("dug_in_" if dug_in else "") + shot.target
    weight = t.artillery_weights[shot.size - 1]
    if key in fam.no_effect:
        return none(fam.no_effect[key])
    die = fam.impact[key]
    mult = (t.artillery_vehicle_multiplier if vehicle else
            t.artillery_infantry_multiplier)[shot.size - 1]
    notes.append(f"{fam.label}, {weight}, against {'dug-in ' if dug_in else ''}"
                 f"{shot.target}: D{die} x {mult}")
    return ShotSetup(shot, die, mult, rating, vehicle, None, p_hit if vehicle else 1.0, None,
                     tuple(notes))


# -- the one rules function -----------------------------------------------------------------
@dataclass(frozen=True)
class Resolution:
    """What one shot did, and why (for the table-side log)."""

    outcome: str                    # one of OUTCOMES
    reason: str
    impact_score: int | None = None
    armour_score: int | None = None


def _check_die(name: str, value: int | None, sides: int) -> int:
    if value is None:
        raise EngineError(f"the {name} (1-{sides}) is needed to resolve this shot")
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
        raise EngineError(f"the {name} must be a whole number 1-{sides}, got {value!r}")
    return value


def resolve_shot(setup: ShotSetup, *, impact: int | None = None, armour: int | None = None,
                 special: int | None = None, to_hit: int | None = None,
                 hit: bool = True) -> Resolution:
    """Resolve one shot from the dice rolled.

    ``to_hit``: the weapon's own to-hit die (IAVR), required when it has one. ``hit``: for the
    other weapons, whether their own mechanic scored a hit. ``impact`` / ``armour``: the raw
    die faces (needed unless the shot missed or can have no effect). ``special``: the d8 for
    special damage; when it is needed but None the outcome is "special" (roll it, call again).
    EngineError for dice outside their range.
    """
    t = tables()
    if setup.to_hit is not None:
        die, minimum = setup.to_hit
        roll = _check_die(f"to-hit die (d{die})", to_hit, die)
        if roll < minimum:
            return Resolution("miss", f"to-hit {roll} on 1d{die}: a miss (needs {minimum}+)")
        hit_text = f"to-hit {roll}: a hit; "
    else:
        if not hit:
            return Resolution("miss", "no hit")
        hit_text = ""
    if setup.no_effect:
        return Resolution("no_effect", hit_text + setup.no_effect)
    i = _check_die(f"impact die (D{setup.impact_die})", impact, setup.impact_die)
    a = _check_die(f"armour die (d{t.armour_die})", armour, t.armour_die)
    score, resist = i * setup.multiplier, a * setup.armour_rating
    scores = (f"Impact {i} x {setup.multiplier} = {score}, "
              f"Armour {a} x {setup.armour_rating} = {resist}")
    if score > resist:
        return Resolution("kill", f"{hit_text}{scores}: Impact exceeds Armour, destroyed",
                          score, resist)
    if setup.special and i == setup.impact_die:
        if special is None:
            return Resolution("special", f"{hit_text}{scores}, but the D{setup.impact_die} shows "
                              f"its maximum: roll 1d{t.special_die} for special damage",
                              score, resist)
        s = _check_die(f"special damage die (d{t.special_die})", special, t.special_die)
        kind = t.special_kind(s)
        return Resolution(kind, f"{hit_text}{scores}; D{setup.impact_die} at maximum, special "
                          f"damage {s}: {kind.replace('_', ' ')}", score, resist)
    why = "no special damage on infantry" if not setup.special else \
        f"the D{setup.impact_die} did not show {setup.impact_die}"
    return Resolution("no_effect", f"{hit_text}{scores}: no kill, {why}: no significant effect",
                      score, resist)


# -- results ----------------------------------------------------------------------------------
@dataclass
class ShotResult:
    """One shot's odds. ``to_json`` gives exactly the docs/scenario-format.md keys."""

    p_hit: float
    p_kill: float
    p_mobility: float
    p_systems_down: float
    p_damage: float
    p_no_effect: float                  # includes misses
    setup: ShotSetup | None = None
    method: str = "exact"
    trials: int = 0
    #: Exact probabilities as fractions (exact method only), by outcome.
    exact: dict[str, Fraction] = field(default_factory=dict)

    @property
    def p_special(self) -> float:
        return self.p_mobility + self.p_systems_down + self.p_damage

    @property
    def p_miss(self) -> float:
        return 1.0 - self.p_hit

    @property
    def figure_of_merit(self) -> float:
        """The seed's P(kill) + P(special damage)/2."""
        return self.p_kill + self.p_special / 2

    @property
    def no_effect_reason(self) -> str | None:
        return self.setup.no_effect if self.setup else None

    def standard_error(self, key: str) -> float:
        """Monte Carlo standard error of a probability key (0 for exact results)."""
        if self.method != "simulate" or not self.trials:
            return 0.0
        p = self.to_json()[key]
        return math.sqrt(max(p * (1 - p), 0.0) / self.trials)

    def to_json(self) -> dict[str, Any]:
        return {"ruleset": NAME, "p_hit": float(self.p_hit), "p_kill": float(self.p_kill),
                "p_special": float(self.p_special), "p_mobility": float(self.p_mobility),
                "p_systems_down": float(self.p_systems_down), "p_damage": float(self.p_damage),
                "p_no_effect": float(self.p_no_effect),
                "figure_of_merit": float(self.figure_of_merit)}


def outcome_fractions(setup: ShotSetup) -> dict[str, Fraction]:
    """Exact P(outcome) by enumerating every die combination through ``resolve_shot``.

    The special d8 is only rolled (enumerated) when ``resolve_shot`` asks for it.
    """
    t = tables()
    probs = {o: Fraction(0) for o in OUTCOMES if o != "special"}
    if setup.to_hit is not None:
        die = setup.to_hit[0]
        hit_branches = [(Fraction(1, die), {"to_hit": r}) for r in range(1, die + 1)]
    else:
        p = Fraction(setup.p_hit)
        hit_branches = [(p, {"hit": True}), (1 - p, {"hit": False})]
    impact_faces = range(1, max(setup.impact_die, 1) + 1)
    # Count in whole numbers (weight special_die per (impact, armour) pair, 1 per special
    # face) and divide once: exact, and much faster than summing Fractions.
    denominator = len(impact_faces) * t.armour_die * t.special_die
    for p_branch, hit_args in hit_branches:
        if not p_branch:
            continue
        counts = dict.fromkeys(probs, 0)
        for i in impact_faces:
            for a in range(1, t.armour_die + 1):
                r = resolve_shot(setup, impact=i, armour=a, **hit_args)
                if r.outcome != "special":
                    counts[r.outcome] += t.special_die
                    continue
                for s in range(1, t.special_die + 1):
                    counts[resolve_shot(setup, impact=i, armour=a, special=s,
                                        **hit_args).outcome] += 1
        for outcome, n in counts.items():
            if n:
                probs[outcome] += p_branch * Fraction(n, denominator)
    return probs


def exact_result(setup: ShotSetup) -> ShotResult:
    probs = outcome_fractions(setup)
    return ShotResult(
        p_hit=float(1 - probs["miss"]), p_kill=float(probs["kill"]),
        p_mobility=float(probs["mobility"]), p_systems_down=float(probs["systems_down"]),
        p_damage=float(probs["damage"]), p_no_effect=float(probs["no_effect"] + probs["miss"]),
        setup=setup, method="exact", exact=probs)


def simulate_result(setup: ShotSetup, trials: int = 100_000, seed: int | None = None,
                    cancel: Callable[[], bool] | None = None) -> ShotResult:
    """Seeded Monte Carlo: random dice through ``resolve_shot`` (same keys as exact)."""
    if not 1 <= trials <= MAX_TRIALS:
        raise EngineError(f"trials must be 1-{MAX_TRIALS:,}, got {trials}")
    from ...solver import Cancelled

    t = tables()
    rng = random.Random(seed)
    counts = dict.fromkeys(OUTCOMES, 0)
    # resolve_shot is a pure function of the dice: memoise it per dice combination.
    memo: dict[tuple, str] = {}
    impact_sides = max(setup.impact_die, 1)
    for n in range(trials):
        if cancel is not None and n % 4096 == 0 and cancel():
            raise Cancelled()
        if setup.to_hit is not None:
            hit_key: tuple = ("to_hit", rng.randint(1, setup.to_hit[0]))
        else:
            hit_key = ("hit", rng.random() < setup.p_hit)
        key = (hit_key, rng.randint(1, impact_sides), rng.randint(1, t.armour_die))
        outcome = memo.get(key)
        if outcome is None:
            outcome = memo[key] = resolve_shot(setup, impact=key[1], armour=key[2],
                                               **{hit_key[0]: hit_key[1]}).outcome
        if outcome == "special":
            outcome = resolve_shot(setup, impact=key[1], armour=key[2],
                                   special=rng.randint(1, t.special_die),
                                   **{hit_key[0]: hit_key[1]}).outcome
        counts[outcome] += 1
    f = {k: v / trials for k, v in counts.items()}
    return ShotResult(p_hit=1.0 - f["miss"], p_kill=f["kill"], p_mobility=f["mobility"],
                      p_systems_down=f["systems_down"], p_damage=f["damage"],
                      p_no_effect=f["no_effect"] + f["miss"], setup=setup, method="simulate",
                      trials=trials)


# -- the size x armour matrix ---------------------------------------------------------------
SIZES = np.arange(1, 6)
ARMOURS = np.arange(0, 6)


@dataclass
class ShotMatrix:
    """P(kill), P(special) and the figure of merit over size class (rows) x armour (columns).

    Cells are NaN where the size does not exist for the family (``row_notes`` says why);
    "no effect" rows/cells are 0 with the reason in ``notes``. Probabilities include p_hit.
    """

    family: str
    range: str | None
    armour_type: str
    apfc: bool
    cover: str
    p_hit: float
    sizes: np.ndarray
    armours: np.ndarray
    p_kill: np.ndarray
    p_special: np.ndarray
    figure_of_merit: np.ndarray
    row_notes: dict[int, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def kill_special_table(die: np.ndarray, multiplier: np.ndarray, rating: np.ndarray,
                       armour_die: int) -> tuple[np.ndarray, np.ndarray]:
    """P(kill | hit) and P(special | hit) for arrays of impact die, multiplier and rating.

    A vectorised form of the enumeration through ``resolve_shot`` (tested equal to it):
    kill iff i*m > j*r; special iff not a kill and i == die. Entries with die 0 give 0.
    """
    die = np.asarray(die)
    most = max(int(die.max(initial=0)), 1)
    i = np.arange(1, most + 1)
    j = np.arange(1, armour_die + 1)
    d = die[..., None, None]
    valid = i[:, None] <= d                                   # (..., faces, 1)
    kill = (i[:, None] * np.asarray(multiplier)[..., None, None] >
            j[None, :] * np.asarray(rating)[..., None, None]) & valid
    at_max = (i[:, None] == d)
    special = at_max & ~kill
    denom = np.where(die > 0, die * armour_die, 1)
    return kill.sum(axis=(-2, -1)) / denom, special.sum(axis=(-2, -1)) / denom


def matrix(family: str, range: str | None = None, armour_type: str = "standard", *,
           apfc: bool = False, cover: str = "open", p_hit: float | None = None) -> ShotMatrix:
    """The size 1-5 x armour 0-5 heatmap for a heavy weapon or artillery family at vehicles.

    EngineError for infantry weapons (no size class) or an invalid family/range/armour type.
    """
    t = tables()
    fam = t.families.get(family)
    if fam is None:
        raise EngineError(f"unknown weapon family {family!r} ({_one_of(t.families)})")
    if fam.kind == "infantry":
        raise EngineError(f"{fam.label} has no size class: the size x armour matrix is for "
                          "heavy weapons and artillery")
    shape = (len(SIZES), len(ARMOURS))
    die = np.zeros(shape, dtype=np.int64)
    mult = np.zeros(shape, dtype=np.int64)
    rating = np.zeros(shape, dtype=np.int64)
    hit = np.zeros(shape)
    missing = np.zeros(shape, dtype=bool)
    row_notes: dict[int, str] = {}
    notes: list[str] = []
    for r, size in enumerate(SIZES):
        size = int(size)
        if size not in fam.sizes:
            missing[r, :] = True
            if fam.fixed_size is not None:
                row_notes[size] = f"{fam.label} is always size class {fam.fixed_size}"
            elif fam.kind == "artillery":
                row_notes[size] = "artillery comes in sizes 1 (light), 2 (medium), 3 (heavy)"
            else:
                row_notes[size] = f"{fam.label} has no size class {size}"
            continue
        for c, armour in enumerate(ARMOURS):
            setup = shot_setup(Shot(family=family, target="vehicle", size=size, range=range,
                                    p_hit=p_hit, armour=int(armour), armour_type=armour_type,
                                    apfc=apfc, cover=cover))
            hit[r, c] = float(setup.hit_probability())
            if setup.no_effect:
                if setup.no_effect not in notes:
                    notes.append(setup.no_effect)
                continue
            die[r, c], mult[r, c], rating[r, c] = (setup.impact_die, setup.multiplier,
                                                   setup.armour_rating)
    kill, special = kill_special_table(die, mult, rating, t.armour_die)
    kill = kill * hit
    special = special * hit
    fom = kill + special / 2
    for arr in (kill, special, fom):
        arr[missing] = np.nan
    some_hit = hit[~missing]
    return ShotMatrix(family=family, range=range, armour_type=armour_type, apfc=apfc,
                      cover=cover, p_hit=float(some_hit[0]) if some_hit.size else float("nan"),
                      sizes=SIZES.copy(), armours=ARMOURS.copy(), p_kill=kill,
                      p_special=special, figure_of_merit=fom, row_notes=row_notes, notes=notes)


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


def valid_combination(family: str, **fields: Any) -> str | None:
    """Why this combination is impossible (one line), or None if valid.

    ``fields`` are Shot's: target, size, range, combat, p_hit, armour, armour_type, apfc,
    infantry, cover. A valid combination may still have no effect: see ``no_effect_reason``.
    """
    try:
        shot = Shot(family=family, **fields).with_defaults()
    except TypeError as exc:
        return f"bad field: {exc}"
    problem = check_shot(shot)
    return None if problem is None else str(problem)


def no_effect_reason(shot: Shot) -> str | None:
    """Why this valid shot can never have an effect (HKP at infantry, ...), or None."""
    return shot_setup(shot).no_effect


# -- the ruleset-module interface -----------------------------------------------------------
def parse(top: Reader) -> Shot:
    """Read ``[weapon]`` and ``[target]`` (docs/scenario-format.md) into a validated Shot."""
    t = tables()
    weapon = top.sub("weapon", required=True)
    target = top.sub("target", required=True)
    family = weapon.choice("family", list(t.families))
    size = weapon.integer("size", None, minimum=None) if weapon.has("size") else None
    rng = weapon.choice("range", t.ranges) if weapon.has("range") else None
    combat = weapon.choice("combat", t.combat) if weapon.has("combat") else None
    p_hit = weapon.number("p_hit", None, minimum=0.0, maximum=1.0) \
        if weapon.has("p_hit") else None
    weapon.finish()
    kind = target.choice("kind", TARGET_KINDS)
    armour = target.integer("armour", None, minimum=None) if target.has("armour") else None
    armour_type = target.choice("armour_type", t.armour_types, "standard")
    apfc = target.boolean("apfc", False)
    if apfc and armour_type in ("standard", "apfc"):
        # "apfc" already is standard armour with APFC; APFC "on top" needs reactive/ablative
        raise target.error("apfc", f"apfc = true goes on top of reactive or ablative armour, "
                           f"not armour_type = {shown(armour_type)}",
                           hint='for APFC on standard armour write armour_type = "apfc" and '
                                "leave apfc out")
    infantry = target.choice("infantry", list(t.infantry_ratings)) \
        if target.has("infantry") else None
    cover = target.choice("cover", t.covers, "open")
    target.finish()
    shot = Shot(family=family, target=kind, size=size, range=rng, combat=combat, p_hit=p_hit,
                armour=armour, armour_type=armour_type, apfc=apfc, infantry=infantry,
                cover=cover).with_defaults()
    problem = check_shot(shot)
    if problem is not None:
        table, key = problem.field.split(".", 1)
        reader = weapon if table == "weapon" else target
        if key == "armour" and not reader.has("armour"):
            key = next((k for k in ("armour_type", "apfc") if reader.has(k)), key)
        raise reader.error(key, problem.message, problem.hint)
    return shot


def to_document(shot: Shot) -> dict[str, Any]:
    """The TOML-ready ``[weapon]`` / ``[target]`` tables (round-trips through parse)."""
    fam = tables().families[shot.family]
    weapon: dict[str, Any] = {"family": shot.family}
    if shot.size is not None and fam.kind != "infantry":
        weapon["size"] = shot.size
    for key in ("range", "combat", "p_hit"):
        if getattr(shot, key) is not None:
            weapon[key] = getattr(shot, key)
    target: dict[str, Any] = {"kind": shot.target}
    if shot.target == "vehicle":
        target["armour"] = shot.armour
        target["armour_type"] = shot.armour_type
        if shot.apfc:
            target["apfc"] = True
    else:
        target["infantry"] = shot.infantry
    target["cover"] = shot.cover
    return {"weapon": weapon, "target": target}


def compute(shot: Shot, *, method: str = "exact", trials: int = 100_000,
            seed: int | None = None, cancel: Callable[[], bool] | None = None) -> ShotResult:
    """The shot's odds: exact enumeration, or a seeded simulation of the same rules."""
    setup = shot_setup(shot)
    if method == "exact":
        return exact_result(setup)
    if method == "simulate":
        return simulate_result(setup, trials, seed, cancel)
    raise EngineError(f"unknown method {method!r} (expected exact or simulate)")


def shot_title(shot: Shot) -> str:
    t = tables()
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
        armour = f"armour-{shot.armour} vehicle"
        extras = [x for x in (shot.armour_type if shot.armour_type != "standard" else None,
                              "APFC" if shot.apfc else None) if x]
        if extras:
            armour += " (" + ", ".join(extras) + ")"
        target = armour
    else:
        target = f"{shot.infantry} infantry"
    if shot.cover != "open":
        target += f" in {shot.cover.replace('_', '-')} cover"
    return f"{weapon} vs {target}"


def summarise(result: ShotResult, title: str | None = None) -> str:
    """The CLI's human summary."""
    lines = []
    if result.setup is not None:
        if title:
            lines.append(title)
        lines.append(shot_title(result.setup.shot))
        lines.extend("  " + line for line in result.setup.describe())
    elif title:
        lines.append(title)
    how = "exact" if result.method == "exact" else f"simulated, {result.trials:,} shots"
    lines.append(f"Odds ({how}):")
    rows = [("hit", result.p_hit), ("kill", result.p_kill), ("special damage", result.p_special),
            ("  mobility", result.p_mobility), ("  systems down", result.p_systems_down),
            ("  damage", result.p_damage), ("no effect (incl. misses)", result.p_no_effect)]
    for name, p in rows:
        lines.append(f"  {name:<26} {100 * p:6.2f}%")
    lines.append(f"  {'figure of merit':<26} {result.figure_of_merit:6.4f}"
                 "  (P(kill) + P(special)/2)")
    return "\n".join(lines)
