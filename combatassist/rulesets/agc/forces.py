"""Alternate Ground Combat random force generation (docs/rules.md §3), seeded, every roll shown.

``force_from_rolls`` is the one rules code: the seeded generator feeds it random faces, the
exact composition distribution feeds it every face combination.
"""
from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ...distribution import Dist
from ...errors import EngineError
from ...text import msg, plural, term
from .data import BASE_TYPES, agc_data

#: Largest force generated (a force is a handful to a few dozen units).
MAX_FORCE_UNITS = 1000
#: Largest N for the exact composition distribution (the outcomes grow like N^3).
MAX_COMPOSITION_UNITS = 60


@dataclass(frozen=True)
class ForceRoll:
    """One die rolled while generating a force, and what it decided."""

    step: str
    die: str
    face: int
    meaning: str


@dataclass
class GeneratedForce:
    size: int
    infantry_percent: int
    armor_percent: int
    units: dict[str, int]                       # base unit type -> count (every type listed)
    rolls: list[ForceRoll] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def composition(self) -> tuple[int, ...]:
        """Counts in BASE_TYPES order."""
        return tuple(self.units[u] for u in BASE_TYPES)


def round_half_up_percent(n: int, percent: int) -> int:
    """round-half-up(n × percent / 100), in exact integers."""
    return (2 * n * percent + 100) // 200


def percentages(infantry_face: int, armor_face: int) -> tuple[int, int, list[str]]:
    """The infantry and armor percentages from their dice, with the adjustments explained."""
    f = agc_data().force
    step = f["step_percent"]
    inf = (infantry_face + f["infantry_add"]) * step
    arm = armor_face * step
    notes: list[str] = []
    if arm >= inf:
        lowered = arm
        while lowered >= inf:
            lowered -= step
        notes.append(msg("armor {arm}% lowered to {lowered}%: below the infantry's {inf}%",
                         arm=arm, lowered=lowered, inf=inf))
        arm = lowered
    if inf + arm > 100:
        notes.append(msg("armor {arm}% lowered to {lowered}%: infantry and armor at most 100%",
                         arm=arm, lowered=100 - inf))
        arm = 100 - inf
    return inf, arm, notes


def _check_size(n: int, limit: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= limit:
        raise EngineError(f"a force has 0 to {limit} units, got {n!r}")


def _split(n: int, inf_pct: int, arm_pct: int) -> tuple[int, int, int]:
    infantry = round_half_up_percent(n, inf_pct)
    armor = min(round_half_up_percent(n, arm_pct), n - infantry)
    return infantry, armor, n - infantry - armor


def force_from_rolls(n: int, infantry_face: int, armor_face: int,
                     remaining_faces: Sequence[int] = ()) -> GeneratedForce:
    """The force the given dice make (the remaining units' faces in order; checked)."""
    _check_size(n, MAX_FORCE_UNITS)
    f = agc_data().force
    for face, sides, what in ((infantry_face, f["infantry_die"], "infantry"),
                              (armor_face, f["armor_die"], "armor")):
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= sides:
            raise EngineError(f"the {what} die is a d{sides}: 1-{sides}, got {face!r}")
    inf_pct, arm_pct, notes = percentages(infantry_face, armor_face)
    rolls = [ForceRoll(msg("infantry %"), f"1d{f['infantry_die']}", infantry_face,
                       msg("({face} + {add}) × {step} = {pct}% infantry", face=infantry_face,
                           add=f["infantry_add"], step=f["step_percent"],
                           pct=(infantry_face + f["infantry_add"]) * f["step_percent"])),
             ForceRoll(msg("armor %"), f"1d{f['armor_die']}", armor_face,
                       msg("{face} × {step} = {pct}% armor", face=armor_face,
                           step=f["step_percent"], pct=armor_face * f["step_percent"]))]
    infantry, armor, remaining = _split(n, inf_pct, arm_pct)
    units = dict.fromkeys(BASE_TYPES, 0)
    units["infantry"], units["armor"] = infantry, armor
    notes.append(msg("infantry = round({n} × {inf_pct}%) = {infantry}; armor = "
                     "min(round({n} × {arm_pct}%), {n} − {infantry}) = {armor}", n=n,
                     inf_pct=inf_pct, infantry=infantry, arm_pct=arm_pct, armor=armor))
    if remaining and inf_pct + arm_pct > f["remaining_max_percent"]:
        # Unreachable with the shipped numbers (percentages summing to 100 round to n);
        # kept so edited data still yields a force of n units.
        units["infantry"] += remaining
        notes.append(plural(remaining, "{n} unit left by rounding added to the infantry",
                            "{n} units left by rounding added to the infantry"))
        remaining = 0
    if len(remaining_faces) != remaining:
        raise EngineError(f"{remaining} remaining unit(s) to roll, got {len(remaining_faces)} dice")
    table = f["remaining"]
    for i, face in enumerate(remaining_faces, start=1):
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= len(table):
            raise EngineError(f"remaining unit {i}: a d{len(table)} shows 1-{len(table)}, "
                              f"got {face!r}")
        units[table[face - 1]] += 1
        rolls.append(ForceRoll(msg("remaining unit {i}", i=i), f"1d{len(table)}", face,
                               term("data.agc", table[face - 1].replace("_", " "))))
    return GeneratedForce(n, inf_pct, arm_pct, units, rolls, notes)


def remaining_units(n: int, infantry_face: int, armor_face: int) -> int:
    """How many 1d4 rolls the force needs after its percentages."""
    inf_pct, arm_pct, _ = percentages(infantry_face, armor_face)
    _, _, remaining = _split(n, inf_pct, arm_pct)
    return remaining if inf_pct + arm_pct <= agc_data().force["remaining_max_percent"] else 0


def generate_force(n: int, seed: int | random.Random | None = None) -> GeneratedForce:
    """A random force of ``n`` units: seeded, with every roll that made it."""
    _check_size(n, MAX_FORCE_UNITS)
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    f = agc_data().force
    inf_face = rng.randint(1, f["infantry_die"])
    arm_face = rng.randint(1, f["armor_die"])
    faces = [rng.randint(1, f["remaining_die"])
             for _ in range(remaining_units(n, inf_face, arm_face))]
    return force_from_rolls(n, inf_face, arm_face, faces)


def composition_distribution(n: int) -> Dist:
    """Exact distribution of the generated composition (counts in BASE_TYPES order)."""
    _check_size(n, MAX_COMPOSITION_UNITS)
    f = agc_data().force
    table = f["remaining"]
    sides = len(table)
    acc: dict[tuple[int, ...], float] = {}
    p_faces = 1.0 / (f["infantry_die"] * f["armor_die"])
    for inf_face in range(1, f["infantry_die"] + 1):
        for arm_face in range(1, f["armor_die"] + 1):
            r = remaining_units(n, inf_face, arm_face)
            base = force_from_rolls(n, inf_face, arm_face, [1] * r)
            base.units[table[0]] -= r            # the force before its remaining units
            for counts, q in _multinomial(r, sides):  # cached: r repeats across the faces
                units = dict(base.units)
                for unit, k in zip(table, counts):
                    units[unit] += k
                key = tuple(units[u] for u in BASE_TYPES)
                acc[key] = acc.get(key, 0.0) + p_faces * q
    return Dist(acc)


@functools.cache
def _multinomial(r: int, k: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """(counts per face, probability) for r rolls of a fair k-sided die."""
    def parts(total: int, slots: int):
        if slots == 1:
            yield (total,)
            return
        for first in range(total + 1):
            for rest in parts(total - first, slots - 1):
                yield (first,) + rest
    scale = k ** -r
    out = []
    for counts in parts(r, k):
        ways = math.factorial(r)
        for c in counts:
            ways //= math.factorial(c)
        out.append((counts, ways * scale))
    return tuple(out)
