"""The AGC lineup: every unit's die and modifier (terrain, pairings, specialists, engineers),
with the reasons shown to players."""
from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from ...text import msg, term
from .data import BASE_TYPES, AgcData, agc_data
from .data import dice
from .scenario import SIDES, AgcScenario, validate

# -- the lineup: every unit's die and modifier ---------------------------------------------
@dataclass(frozen=True)
class UnitRoll:
    """One unit's roll: ``dice`` dice of ``sides`` (the lowest kept), plus ``modifier``.

    ``role``: "ground" counts in the ground total, "aad" only against enemy air support.
    ``reasons`` lists the modifier's parts (and the penalties ignored) for people.
    """

    unit: str
    label: str
    role: str
    sides: int
    dice: int
    modifier: int
    reasons: tuple[str, ...]

    def value(self, face: int) -> int:
        return max(0, face + self.modifier)


@dataclass(frozen=True)
class SideLineup:
    side: str
    units: tuple[UnitRoll, ...]
    engineer_unit_type: str | None
    #: Added to the air support score (artillery with allied air support).
    air_score_bonus: int
    has_aad: bool
    has_air_support: bool
    #: True when the side's ground damage is ignored (only air support, and no enemy AAD).
    ground_damage_exempt: bool

    @property
    def dice_count(self) -> int:
        return sum(u.dice for u in self.units)


@dataclass(frozen=True)
class Lineup:
    terrain: str
    attacker: SideLineup
    defender: SideLineup
    air_attacks_aad: bool

    def side(self, name: str) -> SideLineup:
        return self.attacker if name == "attacker" else self.defender


def data_term(text: str) -> str:
    """A word of AGC's tables (terrain, unit) as a text for people (translated with the
    data's labels)."""
    return term("data.agc", text)


def unit_label(unit: str, i: int) -> str:
    """'mech infantry 2': a unit of the lineup as players read it."""
    return msg("{unit} {i}", unit=data_term(unit.replace("_", " ")), i=i)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def _infantry_order(units: Mapping[str, int], terrain: str, data: AgcData) -> list[str]:
    """Infantry units one by one, best modifier first: pairings go to the front of this list.

    Bonuses are given to the same, strongest infantry because a unit's expected value
    E[max(0, die + m)] is convex in m: stacking bonuses never loses to spreading them.
    """
    kinds = [u for u in data.unit_ids if data.base_type[u] == "infantry" and units.get(u, 0)]
    kinds.sort(key=lambda u: -data.unit_modifier(u, terrain))   # stable: table order on ties
    return [k for k in kinds for _ in range(units[k])]


def _side_lineup(payload: AgcScenario, name: str, engineer_type: str | None) -> SideLineup:
    data = agc_data()
    terrain = payload.terrain
    tname = data_term(data.terrain_names[terrain])
    units = {u: c for u, c in payload.side(name).units.items() if c}
    enemy = payload.side("defender" if name == "attacker" else "attacker").units
    count = {b: sum(c for u, c in units.items() if data.base_type[u] == b) for b in BASE_TYPES}
    engineers_remove = engineer_type if count["engineers"] else None
    armor_pairs = min(count["armor"], count["infantry"])
    plus_one = min(count["infantry"], count["armor"] + count["artillery"] + count["air_support"])
    keep_lowest = (data.artillery_keep_lowest_of
                   if name == "attacker" and enemy.get("engineers", 0) else 1)

    def terrain_part(base: str, paired_with: str | None) -> tuple[int, list[str]]:
        mod = data.modifiers[terrain][base]
        if mod < 0 and paired_with:
            return 0, [msg("{terrain} {mod} ignored: paired with {unit}", terrain=tname,
                           mod=_signed(mod), unit=data_term(paired_with))]
        if mod < 0 and engineers_remove == base:
            return 0, [msg("{terrain} {mod} removed by engineers", terrain=tname,
                           mod=_signed(mod))]
        return mod, ([msg("{terrain} {mod}", terrain=tname, mod=_signed(mod))] if mod else [])

    rolls: list[UnitRoll] = []
    for i in range(count["armor"]):
        mod, why = terrain_part("armor", "infantry" if i < armor_pairs else None)
        if not count["infantry"]:
            mod += data.armor_without_infantry
            why.append(msg("{mod} no allied infantry", mod=_signed(data.armor_without_infantry)))
        rolls.append(UnitRoll("armor", unit_label("armor", i + 1), "ground", data.dice["armor"], 1,
                              mod, tuple(why)))
    for i, unit in enumerate(_infantry_order(units, terrain, data)):
        mod, why = terrain_part("infantry", "armor" if i < armor_pairs else None)
        if terrain in data.home_terrains.get(unit, ()):
            mod += data.specialist_bonus
            why.append(msg("{mod} {unit} in its own terrain", mod=_signed(data.specialist_bonus),
                           unit=data_term(data.unit_names[unit].lower())))
        if i < plus_one:
            mod += data.infantry_pairing_bonus
            why.append(msg("{mod} paired with armor, artillery or air support",
                           mod=_signed(data.infantry_pairing_bonus)))
        rolls.append(UnitRoll(unit, unit_label(unit, i + 1), "ground",
                              data.dice[unit], 1, mod, tuple(why)))
    for base, role in (("artillery", "ground"), ("engineers", "ground"),
                       ("air_support", "ground"), ("aad", "aad")):
        for i in range(count[base]):
            mod, why = terrain_part(base, None)
            n = keep_lowest if base == "artillery" else 1
            if n > 1:
                why.append(msg("{n}d{sides} keep the lowest: defending engineers", n=n,
                               sides=data.dice[base]))
            rolls.append(UnitRoll(base, unit_label(base, i + 1), role,
                                  data.dice[base], n, mod, tuple(why)))
    has_air = count["air_support"] > 0
    enemy_aad = enemy.get("aad", 0) > 0
    only_air = has_air and sum(count.values()) == count["air_support"]
    return SideLineup(
        side=name, units=tuple(rolls), engineer_unit_type=engineers_remove,
        air_score_bonus=data.artillery_air_support_bonus * count["artillery"] if has_air else 0,
        has_aad=count["aad"] > 0, has_air_support=has_air,
        ground_damage_exempt=only_air and not enemy_aad)


def unit_mean(roll: UnitRoll) -> Fraction:
    """Exact expected value of one unit's (floored) roll."""
    return _mean_value(roll.sides, roll.dice, roll.modifier)


@functools.cache
def _mean_value(sides: int, n: int, modifier: int) -> Fraction:
    return sum((p * max(0, v + modifier) for v, p in _kept_face_probs(sides, n).items()),
               Fraction(0))


def _kept_face_probs(sides: int, n: int) -> dict[int, Fraction]:
    """P(lowest of n dice = v): ((s - v + 1)^n - (s - v)^n) / s^n."""
    return {v: Fraction((sides - v + 1) ** n - (sides - v) ** n, sides ** n)
            for v in range(1, sides + 1)}


def default_engineer_type(payload: AgcScenario, name: str) -> str | None:
    """The type whose terrain penalties cost the side most (exact expected points).

    Ties go to the terrain table's column order; None when no type loses anything.
    """
    if not payload.side(name).units.get("engineers", 0):
        return None
    base = sum((unit_mean(u) for u in _side_lineup(payload, name, None).units), Fraction(0))
    best, best_gain = None, Fraction(0)
    present = {agc_data().base_type[u] for u, c in payload.side(name).units.items() if c}
    for candidate in (t for t in BASE_TYPES if t in present):
        lineup = _side_lineup(payload, name, candidate)
        gain = sum((unit_mean(u) for u in lineup.units), Fraction(0)) - base
        if gain > best_gain:
            best, best_gain = candidate, gain
    return best


def lineup(payload: AgcScenario) -> Lineup:
    """Every unit's die and modifier for this scenario (validated first)."""
    validate(payload)
    sides = {}
    for name in SIDES:
        chosen = payload.side(name).engineer_unit_type
        if chosen is None:
            chosen = default_engineer_type(payload, name)
        sides[name] = _side_lineup(payload, name, chosen)
    return Lineup(payload.terrain, sides["attacker"], sides["defender"], payload.air_attacks_aad)
