"""A Dirtside II shot as a scenario describes it: the payload and its checks, ``parse`` and
``to_document`` (docs/scenario-format.md's ``[weapon]`` and ``[target]``)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...errors import EngineError, shown
from ...scenario import Reader
from .data import TARGET_KINDS, tables

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
                           f"not {shown(shot.size)}", f"set size = {fam.fixed_size} or leave it out")
        if fam.kind == "artillery":
            return Problem("weapon.size", f"artillery size must be 1 (light), 2 (medium) or "
                           f"3 (heavy), got {shown(shot.size)}")
        return Problem("weapon.size", f"{fam.label} size class must be "
                       f"{min(fam.sizes)}-{max(fam.sizes)}, got {shown(shot.size)}")
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
                           f"got {shown(shot.armour)}")
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
            return Problem("weapon.p_hit", f"must be a probability 0-1, got {shown(shot.p_hit)}")
        if fam.to_hit is not None:
            die, minimum = fam.to_hit
            return Problem("weapon.p_hit", f"{fam.label} rolls its own to-hit (1d{die}, "
                           f"{minimum}+)", "remove p_hit")
        if fam.kind == "infantry" or shot.target == "infantry":
            return Problem("weapon.p_hit", "fire at infantry and infantry fire have no to-hit "
                           "roll", "remove p_hit")
    return None


def validate(shot: Shot) -> Shot:
    """``shot`` with defaults filled; EngineError naming the field if it is impossible."""
    shot = shot.with_defaults()
    problem = check_shot(shot)
    if problem is not None:
        raise EngineError(str(problem))
    return shot


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
