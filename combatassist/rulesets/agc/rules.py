"""Alternate Ground Combat (docs/rules.md §3, seed 001): one combat resolution.

Each side rolls one die per unit (terrain and pairing modifiers, floored at 0), the ground
totals are compared, and the margin-of-victory table gives each side's steps of damage; AAD
units fight enemy air support in a separate contest on the same table.

One rules code, three dice sources: ``lineup`` decides every unit's die and modifier; then
``unit_values`` (faces -> values), ``classify`` (scores -> band and victor) and
``damage_steps`` (band, victor, damage faces -> steps) are shared, unchanged, by the exact
path (run over every possible total), the simulator (seeded batches of dice) and the table
(``resolve_table``: the dice the players really rolled).
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from ... import limits
from ...errors import EngineError, ScenarioError
from ...result import BattleResult, percent
from .data import BASE_TYPES, AgcData, DamageSpec, agc_data
from .data import dice, margin_bands, terrains, unit_types
from .forces import composition_distribution, force_from_rolls, generate_force

__all__ = [
    # the ruleset-module interface
    "parse", "to_document", "compute", "summarise",
    # the scenario and its rules
    "AgcScenario", "AgcSide", "validate", "lineup", "default_engineer_type", "exact", "simulate",
    # the table
    "dice_to_roll", "resolve_table", "TableResolution", "ContestResolution",
    # metadata for the GUI (agc_data) and random forces (agc_forces)
    "terrains", "unit_types", "dice", "margin_bands",
    "generate_force", "force_from_rolls", "composition_distribution",
]

SIDES = ("attacker", "defender")
#: Largest force per side: exact totals stay small arrays and a table-side roll stays sane.
MAX_UNITS_PER_SIDE = 200
#: Victor codes used by ``classify``: the first side of the comparison, the second, a tie.
FIRST, SECOND, TIE = 1, -1, 0


# -- the scenario payload ------------------------------------------------------------------
@dataclass(frozen=True)
class AgcSide:
    """One side's units ``{unit id: count}`` and its engineers' choice (None: the default)."""

    units: Mapping[str, int] = field(default_factory=dict)
    engineer_unit_type: str | None = None


@dataclass(frozen=True)
class AgcScenario:
    """An AGC question: terrain, both sides, and the ``air_attacks_aad`` option."""

    terrain: str = "rural"
    attacker: AgcSide = field(default_factory=AgcSide)
    defender: AgcSide = field(default_factory=AgcSide)
    air_attacks_aad: bool = False

    def side(self, name: str) -> AgcSide:
        return self.attacker if name == "attacker" else self.defender


def validate(payload: AgcScenario) -> None:
    """Refuse unknown terrain / unit / engineer types and bad counts (ScenarioError with a hint)."""
    data = agc_data()
    if payload.terrain not in data.terrain_names:
        raise ScenarioError(f"unknown terrain '{payload.terrain}'", field="terrain",
                            hint="expected one of: " + ", ".join(data.terrain_ids))
    for name in SIDES:
        side = payload.side(name)
        for unit, count in side.units.items():
            if unit not in data.unit_names:
                raise ScenarioError(f"unknown unit '{unit}'", field=f"{name}.units.{unit}",
                                    hint="expected one of: " + ", ".join(data.unit_ids))
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ScenarioError(f"must be a whole number of units >= 0, got {count!r}",
                                    field=f"{name}.units.{unit}")
        total = sum(side.units.values())
        if total == 0:
            raise ScenarioError(f"the {name} has no units", field=f"{name}.units",
                                hint="give the side at least one unit, e.g. { infantry = 1 }")
        if total > MAX_UNITS_PER_SIDE:
            raise ScenarioError(f"the {name} has {total} units; at most {MAX_UNITS_PER_SIDE} "
                                "per side", field=f"{name}.units")
        if side.engineer_unit_type is not None and side.engineer_unit_type not in BASE_TYPES:
            raise ScenarioError(f"unknown unit type '{side.engineer_unit_type}'",
                                field=f"{name}.engineer_unit_type",
                                hint="expected one of: " + ", ".join(BASE_TYPES)
                                + " (specialised infantry use the infantry column)")


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
    tname = data.terrain_names[terrain]
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
            return 0, [f"{tname} {_signed(mod)} ignored: paired with {paired_with}"]
        if mod < 0 and engineers_remove == base:
            return 0, [f"{tname} {_signed(mod)} removed by engineers"]
        return mod, ([f"{tname} {_signed(mod)}"] if mod else [])

    rolls: list[UnitRoll] = []
    for i in range(count["armor"]):
        mod, why = terrain_part("armor", "infantry" if i < armor_pairs else None)
        if not count["infantry"]:
            mod += data.armor_without_infantry
            why.append(f"{_signed(data.armor_without_infantry)} no allied infantry")
        rolls.append(UnitRoll("armor", f"armor {i + 1}", "ground", data.dice["armor"], 1,
                              mod, tuple(why)))
    for i, unit in enumerate(_infantry_order(units, terrain, data)):
        mod, why = terrain_part("infantry", "armor" if i < armor_pairs else None)
        if terrain in data.home_terrains.get(unit, ()):
            mod += data.specialist_bonus
            why.append(f"{_signed(data.specialist_bonus)} {data.unit_names[unit].lower()} "
                       "in its own terrain")
        if i < plus_one:
            mod += data.infantry_pairing_bonus
            why.append(f"{_signed(data.infantry_pairing_bonus)} paired with armor, artillery "
                       "or air support")
        rolls.append(UnitRoll(unit, f"{unit.replace('_', ' ')} {i + 1}", "ground",
                              data.dice[unit], 1, mod, tuple(why)))
    for base, role in (("artillery", "ground"), ("engineers", "ground"),
                       ("air_support", "ground"), ("aad", "aad")):
        for i in range(count[base]):
            mod, why = terrain_part(base, None)
            n = keep_lowest if base == "artillery" else 1
            if n > 1:
                why.append(f"{n}d{data.dice[base]} keep the lowest: defending engineers")
            rolls.append(UnitRoll(base, f"{base.replace('_', ' ')} {i + 1}", role,
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


# -- the shared resolution code (arrays: one table roll, or a batch of simulated ones) ------
def unit_values(side: SideLineup, faces: np.ndarray) -> np.ndarray:
    """Faces (trials, side.dice_count) -> each unit's value (trials, units): kept die + mod, >= 0."""
    out = np.empty((faces.shape[0], len(side.units)), dtype=np.int64)
    col = 0
    for j, roll in enumerate(side.units):
        kept = faces[:, col:col + roll.dice].min(axis=1)
        out[:, j] = np.maximum(0, kept + roll.modifier)
        col += roll.dice
    return out


def side_scores(side: SideLineup, values: np.ndarray) -> dict[str, np.ndarray]:
    """Unit values -> the side's ground total, AAD score and air support score."""
    ground = np.array([r.role == "ground" for r in side.units], dtype=bool)
    aad = np.array([r.role == "aad" for r in side.units], dtype=bool)
    air = np.array([r.unit == "air_support" for r in side.units], dtype=bool)
    return {"ground": values[:, ground].sum(axis=1),
            "aad": values[:, aad].sum(axis=1),
            "air": values[:, air].sum(axis=1) + side.air_score_bonus}


def classify(first: np.ndarray, second: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Margin of victory of two scores: (band index, victor FIRST / SECOND / TIE).

    Exact integer comparisons: higher * den <= num * lower places a ratio of exactly
    num/den in its band; a lower score of 0 (higher > 0) falls in the last band.
    """
    first, second = np.broadcast_arrays(np.asarray(first, dtype=np.int64),
                                        np.asarray(second, dtype=np.int64))
    high, low = np.maximum(first, second), np.minimum(first, second)
    bands = agc_data().bands
    band = np.full(high.shape, len(bands) - 1, dtype=np.int64)
    for i in range(len(bands) - 2, 0, -1):
        b = bands[i].up_to
        band = np.where(high * b.denominator <= b.numerator * low, i, band)
    band = np.where(high == low, 0, band)
    victor = np.where(first > second, FIRST, np.where(first < second, SECOND, TIE))
    return band, victor


def damage_spec(band: int, victor: int, as_first: bool) -> DamageSpec:
    """The damage one side takes: the band's victor or loser column (a tie: both the same)."""
    b = agc_data().bands[band]
    if victor == TIE:
        return b.victor
    won = (victor == FIRST) == as_first
    return b.victor if won else b.loser


def damage_steps(spec: DamageSpec, faces: Sequence[int]) -> int:
    """Steps of damage from the damage dice rolled for ``spec`` (checked)."""
    if len(faces) != spec.count:
        raise EngineError(f"damage {spec.text}: expected {spec.count} dice, got {len(faces)}")
    for f in faces:
        if isinstance(f, bool) or not isinstance(f, (int, np.integer)) or not 1 <= f <= spec.sides:
            raise EngineError(f"damage {spec.text}: a die must show 1-{spec.sides}, got {f!r}")
    return spec.constant + int(sum(faces))


def contests(line: Lineup) -> list[tuple[str, str]]:
    """The AAD contests: (AAD side, air support side) where a side's AAD faces enemy air."""
    out = []
    for aad_side, air_side in (("attacker", "defender"), ("defender", "attacker")):
        if line.side(aad_side).has_aad and line.side(air_side).has_air_support:
            out.append((aad_side, air_side))
    return out


def contest_victor(victor: np.ndarray, air_attacks_aad: bool) -> np.ndarray:
    """AAD (first) vs air support (second): by default the AAD side is the victor unless tied."""
    if air_attacks_aad:
        return victor
    return np.where(victor == TIE, TIE, FIRST)


# -- exact -----------------------------------------------------------------------------------
def _unit_pmf(roll: UnitRoll) -> np.ndarray:
    probs = _kept_face_probs(roll.sides, roll.dice)
    top = max(roll.value(v) for v in probs)
    pmf = np.zeros(top + 1)
    for v, p in probs.items():
        pmf[roll.value(v)] += float(p)
    return pmf


def _power(pmf: np.ndarray, n: int) -> np.ndarray:
    """Distribution of the sum of n independent copies (square and multiply)."""
    out = np.ones(1)
    base = pmf
    while n:
        if n & 1:
            out = np.convolve(out, base)
        n >>= 1
        if n:
            base = np.convolve(base, base)
    return out


def score_pmf(rolls: Sequence[UnitRoll], offset: int = 0) -> np.ndarray:
    """Exact distribution (index = score) of the sum of these units' values, plus ``offset``."""
    groups: dict[tuple[int, int, int], int] = {}
    for r in rolls:
        key = (r.sides, r.dice, r.modifier)
        groups[key] = groups.get(key, 0) + 1
    out = np.ones(1)
    for (sides, n, mod), k in groups.items():
        pmf = _unit_pmf(UnitRoll("", "", "", sides, n, mod, ()))
        out = np.convolve(out, _power(pmf, k))
    out = np.clip(out, 0.0, None)
    return np.concatenate([np.zeros(offset), out / out.sum()])


def side_pmfs(side: SideLineup) -> dict[str, np.ndarray]:
    """Exact distributions of the side's ground total, AAD score and air support score."""
    return {"ground": score_pmf([r for r in side.units if r.role == "ground"]),
            "aad": score_pmf([r for r in side.units if r.role == "aad"]),
            "air": score_pmf([r for r in side.units if r.unit == "air_support"],
                             side.air_score_bonus)}


def _outcome_probs(first: np.ndarray, second: np.ndarray,
                   victor_rule: Callable[[np.ndarray], np.ndarray] = lambda v: v) -> np.ndarray:
    """P(band, victor) as an array [band, victor + 1] over every pair of scores."""
    a = np.nonzero(first)[0]
    d = np.nonzero(second)[0]
    band, victor = classify(a[:, None], d[None, :])
    victor = victor_rule(victor)
    weight = first[a][:, None] * second[d][None, :]
    key = band * 3 + (victor + 1)
    table = np.bincount(key.ravel(), weights=weight.ravel(), minlength=3 * len(agc_data().bands))
    return table.reshape(-1, 3)


@functools.cache
def _spec_pmf(spec: DamageSpec) -> np.ndarray:
    """Distribution of the steps (index = steps); cached, so read-only."""
    values = spec.values()
    pmf = np.zeros(max(values) + 1)
    for v, p in values.items():
        pmf[v] = float(p)
    pmf.flags.writeable = False
    return pmf


def _losses_from(table: np.ndarray, first_exempt: bool = False,
                 second_exempt: bool = False) -> np.ndarray:
    """Joint damage [first steps, second steps] from P(band, victor)."""
    specs = [_spec_pmf(s) for b in agc_data().bands for s in (b.victor, b.loser)]
    size = max(len(s) for s in specs)
    joint = np.zeros((size, size))
    none = np.array([1.0])
    for band in range(table.shape[0]):
        for code in (FIRST, SECOND, TIE):
            p = table[band, code + 1]
            if p <= 0:
                continue
            one = none if first_exempt else _spec_pmf(damage_spec(band, code, True))
            two = none if second_exempt else _spec_pmf(damage_spec(band, code, False))
            joint[:len(one), :len(two)] += p * np.outer(one, two)
    return joint


def _pmf_rows(pmf: np.ndarray) -> list[list]:
    return [[int(v), float(p)] for v, p in enumerate(pmf) if p > 0]


def _joint_rows(joint: np.ndarray) -> list[tuple[int, int, float]]:
    return [(int(a), int(d), float(joint[a, d])) for a, d in zip(*np.nonzero(joint))]


def _band_rows(table: np.ndarray, first: str, second: str) -> list[dict[str, Any]]:
    rows = []
    for i, b in enumerate(agc_data().bands):
        rows.append({"band": b.id, "name": b.name, "p": float(table[i].sum()),
                     f"{first}_victor": float(table[i, FIRST + 1]),
                     f"{second}_victor": float(table[i, SECOND + 1]),
                     "tie": float(table[i, TIE + 1])})
    return rows


def _contest_extra(aad_side: str, air_side: str, table: np.ndarray, joint: np.ndarray,
                   aad_pmf: np.ndarray | None, air_pmf: np.ndarray | None) -> dict[str, Any]:
    out = {"aad_side": aad_side, "air_side": air_side,
           "aad_victor": float(table[:, FIRST + 1].sum()),
           "air_victor": float(table[:, SECOND + 1].sum()),
           "tie": float(table[:, TIE + 1].sum()),
           "bands": _band_rows(table, "aad", "air"),
           "damage": [[a, d, p] for a, d, p in _joint_rows(joint)]}
    if aad_pmf is not None:
        out["aad_score"] = _pmf_rows(aad_pmf)
        out["air_score"] = _pmf_rows(air_pmf)
    return out


def _check_cancel(cancel: Callable[[], bool] | None) -> None:
    if cancel is not None and cancel():
        from ...solver import Cancelled
        raise Cancelled()


def _result(line: Lineup, table: np.ndarray, joint: np.ndarray, extra: dict[str, Any],
            method: str, trials: int) -> BattleResult:
    extra.update({
        "terrain": line.terrain,
        "bands": _band_rows(table, "attacker", "defender"),
        "engineer_unit_type": {s: line.side(s).engineer_unit_type for s in SIDES},
        "ground_damage_exempt": {s: line.side(s).ground_damage_exempt for s in SIDES},
        "lineup": {s: [{"unit": r.unit, "label": r.label, "role": r.role, "die": r.sides,
                        "dice": r.dice, "modifier": r.modifier, "reasons": list(r.reasons)}
                       for r in line.side(s).units] for s in SIDES},
    })
    return BattleResult(
        ruleset="agc",
        attacker_wins=float(table[:, FIRST + 1].sum()),
        defender_wins=float(table[:, SECOND + 1].sum()),
        draw=float(table[:, TIE + 1].sum()),
        undecided=0.0, stalemate=0.0, pruned=0.0, expected_rounds=1.0,
        losses=_joint_rows(joint), decided_by_round=[1.0], method=method, trials=trials,
        extra=extra)


def exact(payload: AgcScenario, cancel: Callable[[], bool] | None = None) -> BattleResult:
    """The exact answer: totals by convolution, every pair of totals through ``classify``."""
    line = lineup(payload)
    pmfs = {s: side_pmfs(line.side(s)) for s in SIDES}
    _check_cancel(cancel)
    att, dfn = line.attacker, line.defender
    table = _outcome_probs(pmfs["attacker"]["ground"], pmfs["defender"]["ground"])
    joint = _losses_from(table, att.ground_damage_exempt, dfn.ground_damage_exempt)
    extra: dict[str, Any] = {"attacker_total": _pmf_rows(pmfs["attacker"]["ground"]),
                             "defender_total": _pmf_rows(pmfs["defender"]["ground"]),
                             "aad_contests": []}
    for aad_side, air_side in contests(line):
        _check_cancel(cancel)
        aad_pmf, air_pmf = pmfs[aad_side]["aad"], pmfs[air_side]["air"]
        ctable = _outcome_probs(aad_pmf, air_pmf,
                                lambda v: contest_victor(v, line.air_attacks_aad))
        extra["aad_contests"].append(_contest_extra(aad_side, air_side, ctable,
                                                    _losses_from(ctable), aad_pmf, air_pmf))
    return _result(line, table, joint, extra, "exact", 0)


# -- simulation: the same code on seeded dice -------------------------------------------------
def _roll_faces(rng: np.random.Generator, side: SideLineup, trials: int) -> np.ndarray:
    sides = np.array([r.sides for r in side.units for _ in range(r.dice)], dtype=np.int64)
    if not len(sides):
        return np.zeros((trials, 0), dtype=np.int64)
    return rng.integers(1, sides + 1, size=(trials, len(sides)))


def _roll_damage(rng: np.random.Generator, band: np.ndarray, victor: np.ndarray,
                 as_first: bool, exempt: bool) -> np.ndarray:
    """Steps of damage for a batch: each trial's spec, its dice rolled, through ``damage_steps``."""
    out = np.zeros(band.shape, dtype=np.int64)
    if exempt:
        return out
    for b in range(len(agc_data().bands)):
        for code in (FIRST, SECOND, TIE):
            mask = (band == b) & (victor == code)
            n = int(mask.sum())
            if not n:
                continue
            spec = damage_spec(b, code, as_first)
            faces = (rng.integers(1, spec.sides + 1, size=(n, spec.count)) if spec.count
                     else np.zeros((n, 0), dtype=np.int64))
            out[mask] = spec.constant + faces.sum(axis=1)
    return out


class _Tally:
    """Counts of simulated outcomes, folded into the same shapes as the exact answer."""

    def __init__(self) -> None:
        self.table = np.zeros((len(agc_data().bands), 3))
        self.joint = np.zeros((1, 1), dtype=np.int64)

    def add(self, band: np.ndarray, victor: np.ndarray, first_dmg: np.ndarray,
            second_dmg: np.ndarray) -> None:
        self.table += np.bincount(band * 3 + victor + 1,
                                  minlength=self.table.size).reshape(self.table.shape)
        size = max(len(self.joint), int(first_dmg.max()) + 1, int(second_dmg.max()) + 1)
        counts = np.bincount(first_dmg * size + second_dmg, minlength=size * size)
        grown = np.zeros((size, size), dtype=np.int64)
        grown[:len(self.joint), :len(self.joint)] = self.joint
        self.joint = grown + counts.reshape(size, size)

    def joint_array(self, trials: int) -> np.ndarray:
        return self.joint / trials


def simulate(payload: AgcScenario, trials: int = 100_000, seed: int | None = None,
             cancel: Callable[[], bool] | None = None, batch: int = 20_000) -> BattleResult:
    """A seeded Monte Carlo of the same resolution (same keys as ``exact``)."""
    if trials < 1:
        raise EngineError(f"trials must be at least 1, got {trials}")
    line = lineup(payload)
    limits.check_vectorised_simulation(
        trials, sum(r.dice for s in SIDES for r in line.side(s).units) + 2)   # + damage dice
    # numpy refuses negative seeds; Python's random.Random (the other rulesets' simulator)
    # uses abs(seed): do the same, so every ruleset accepts any whole-number seed alike.
    rng = np.random.default_rng(None if seed is None else abs(seed))
    ground = _Tally()
    pairs = contests(line)
    contest_tallies = [_Tally() for _ in pairs]
    totals = {s: np.zeros(1, dtype=np.int64) for s in SIDES}
    done = 0
    while done < trials:
        _check_cancel(cancel)
        n = min(batch, trials - done)
        scores = {s: side_scores(line.side(s),
                                 unit_values(line.side(s), _roll_faces(rng, line.side(s), n)))
                  for s in SIDES}
        for s in SIDES:
            counts = np.bincount(scores[s]["ground"])
            if len(counts) > len(totals[s]):
                totals[s] = np.pad(totals[s], (0, len(counts) - len(totals[s])))
            totals[s][:len(counts)] += counts
        band, victor = classify(scores["attacker"]["ground"], scores["defender"]["ground"])
        ground.add(band, victor,
                   _roll_damage(rng, band, victor, True, line.attacker.ground_damage_exempt),
                   _roll_damage(rng, band, victor, False, line.defender.ground_damage_exempt))
        for tally, (aad_side, air_side) in zip(contest_tallies, pairs):
            cband, cvictor = classify(scores[aad_side]["aad"], scores[air_side]["air"])
            cvictor = contest_victor(cvictor, line.air_attacks_aad)
            tally.add(cband, cvictor, _roll_damage(rng, cband, cvictor, True, False),
                      _roll_damage(rng, cband, cvictor, False, False))
        done += n
    extra: dict[str, Any] = {
        "attacker_total": _pmf_rows(totals["attacker"] / trials),
        "defender_total": _pmf_rows(totals["defender"] / trials),
        "aad_contests": [_contest_extra(a, b, t.table / trials, t.joint_array(trials), None, None)
                         for t, (a, b) in zip(contest_tallies, pairs)]}
    return _result(line, ground.table / trials, ground.joint_array(trials), extra,
                   "simulate", trials)


# -- the table: the dice the players really rolled ------------------------------------------
def dice_to_roll(payload: AgcScenario) -> dict[str, list[dict[str, Any]]]:
    """Per side, the units in roll order: label, die, how many dice (lowest kept), modifier, why."""
    line = lineup(payload)
    return {s: [{"unit": r.unit, "label": r.label, "role": r.role, "die": r.sides,
                 "dice": r.dice, "modifier": r.modifier, "reasons": list(r.reasons)}
                for r in line.side(s).units] for s in SIDES}


@dataclass
class ContestResolution:
    aad_side: str
    air_side: str
    aad_score: int
    air_score: int
    band: str
    victor: str            # "aad", "air" or "tie"
    damage_dice: dict[str, str]          # side -> damage spec to roll
    steps: dict[str, int] | None         # side -> steps (None until the damage dice are given)


@dataclass
class TableResolution:
    """One real combat at the table: totals, band, victor, the damage, and how it came about."""

    totals: dict[str, int]
    band: str
    band_name: str
    victor: str            # "attacker", "defender" or "tie"
    damage_dice: dict[str, str]          # side -> damage spec to roll ("0": none)
    steps: dict[str, int] | None
    contests: list[ContestResolution]
    explanation: list[str]


def _faces_array(side: SideLineup, rolls: Sequence[Any]) -> np.ndarray:
    """Each unit's roll (an int, or a list of ints for keep-lowest dice) -> faces row, checked."""
    if len(rolls) != len(side.units):
        raise EngineError(f"{side.side}: expected a roll for each of {len(side.units)} units, "
                          f"got {len(rolls)}")
    row: list[int] = []
    for roll, given in zip(side.units, rolls):
        faces = [given] if not isinstance(given, (list, tuple)) else list(given)
        if roll.dice > 1 and len(faces) == 1:
            pass   # the players already kept the lowest die
        elif len(faces) != roll.dice:
            raise EngineError(f"{side.side} {roll.label}: expected {roll.dice} dice, "
                              f"got {len(faces)}")
        for f in faces:
            if isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= roll.sides:
                raise EngineError(f"{side.side} {roll.label}: a d{roll.sides} shows "
                                  f"1-{roll.sides}, got {f!r}")
        row.extend(faces + [max(faces)] * (roll.dice - len(faces)))
    return np.array([row], dtype=np.int64).reshape(1, -1)


def _steps_for(specs: dict[str, DamageSpec], damage: Mapping[str, Any] | None,
               exempt: dict[str, bool]) -> dict[str, int] | None:
    if damage is None:
        return None
    steps = {}
    for key, spec in specs.items():
        if exempt.get(key):
            steps[key] = 0
            continue
        given = damage.get(key, [])
        faces = [given] if isinstance(given, int) else list(given)
        try:
            steps[key] = damage_steps(spec, faces)
        except EngineError as exc:
            raise EngineError(f"{key}: {exc}") from None
    return steps


def resolve_table(payload: AgcScenario, rolls: Mapping[str, Sequence[Any]],
                  damage: Mapping[str, Any] | None = None,
                  contest_damage: Sequence[Mapping[str, Any] | None] = ()) -> TableResolution:
    """Resolve the players' real dice.

    ``rolls[side]``: one entry per unit in ``dice_to_roll`` order (an int; keep-lowest units may
    give all their dice). ``damage[side]``: the faces of that side's damage dice (omit it to get
    the band and the dice to roll first). ``contest_damage[i]``: the same for AAD contest i,
    keyed by side. Raises EngineError for dice that don't fit.
    """
    line = lineup(payload)
    data = agc_data()
    scores, explanation = {}, []
    for s in SIDES:
        side = line.side(s)
        values = unit_values(side, _faces_array(side, rolls.get(s, ())))
        scores[s] = {k: int(v[0]) for k, v in side_scores(side, values).items()}
        explanation.append(f"{s} ({data.terrain_names[line.terrain]}):")
        for roll, given, value in zip(side.units, rolls[s], values[0].tolist()):
            how = ", ".join(roll.reasons) or "no modifier"
            shown = given if isinstance(given, int) else "/".join(map(str, given))
            explanation.append(f"  {roll.label}: d{roll.sides} {shown} ({how}) -> {value}"
                               + ("  [AAD only]" if roll.role == "aad" else ""))
        explanation.append(f"  ground total {scores[s]['ground']}")
    a, d = scores["attacker"]["ground"], scores["defender"]["ground"]
    band_arr, victor_arr = classify(a, d)
    band, victor = int(band_arr), int(victor_arr)
    b = data.bands[band]
    victor_name = {FIRST: "attacker", SECOND: "defender", TIE: "tie"}[victor]
    specs = {"attacker": damage_spec(band, victor, True), "defender": damage_spec(band, victor, False)}
    exempt = {s: line.side(s).ground_damage_exempt for s in SIDES}
    ratio = "no lower total" if min(a, d) == 0 and a != d else \
        f"{max(a, d)}/{min(a, d)} = {max(a, d) / min(a, d):.3f}" if min(a, d) else "0 = 0"
    explanation.append(f"margin {ratio}: {b.name}; "
                       + ("tie" if victor == TIE else f"{victor_name} is the victor"))
    for s in SIDES:
        explanation.append(f"  {s} takes " + ("no ground damage (air support only, no enemy AAD)"
                                              if exempt[s] else f"{specs[s].text} steps"))
    steps = _steps_for(specs, damage, exempt)
    if steps is not None:
        explanation.append(f"steps of damage: attacker {steps['attacker']}, "
                           f"defender {steps['defender']}")
    contest_out = []
    for i, (aad_side, air_side) in enumerate(contests(line)):
        aad, air = scores[aad_side]["aad"], scores[air_side]["air"]
        cb, cv = classify(aad, air)
        cband = int(cb)
        cvictor = int(contest_victor(cv, line.air_attacks_aad))
        cspecs = {aad_side: damage_spec(cband, cvictor, True),
                  air_side: damage_spec(cband, cvictor, False)}
        given = contest_damage[i] if i < len(contest_damage) else None
        csteps = _steps_for(cspecs, given, {})
        who = {FIRST: "aad", SECOND: "air", TIE: "tie"}[cvictor]
        contest_out.append(ContestResolution(aad_side, air_side, aad, air, data.bands[cband].id,
                                             who, {k: v.text for k, v in cspecs.items()}, csteps))
        bonus = line.side(air_side).air_score_bonus
        shown_air = f"{air} ({air - bonus} + {bonus} artillery)" if bonus else str(air)
        explanation.append(f"AAD contest: {aad_side} AAD {aad} vs {air_side} air support "
                           f"{shown_air}: "
                           f"{data.bands[cband].name}, "
                           + ("tie" if who == "tie" else f"{'AAD' if who == 'aad' else 'air support'}"
                              " is the victor")
                           + f"; AAD takes {cspecs[aad_side].text}, air support "
                           f"{cspecs[air_side].text}")
    return TableResolution(
        totals={"attacker": a, "defender": d}, band=b.id, band_name=b.name,
        victor=victor_name, damage_dice={k: ("0" if exempt[k] else v.text) for k, v in specs.items()},
        steps=steps, contests=contest_out, explanation=explanation)


# -- the ruleset-module interface -------------------------------------------------------------
def parse(top) -> AgcScenario:
    """Read ``terrain``, ``[attacker]``, ``[defender]``, ``[options]`` (docs/scenario-format.md)."""
    data = agc_data()
    terrain = top.choice("terrain", data.terrain_ids)
    sides = {}
    for name in SIDES:
        reader = top.sub(name, required=True)
        units = reader.counts("units", data.unit_ids, maximum=MAX_UNITS_PER_SIDE)
        chosen = reader.raw("engineer_unit_type", None)
        if chosen is not None:
            if chosen in data.unit_ids and chosen not in BASE_TYPES:
                raise reader.error("engineer_unit_type",
                                   f"'{chosen}' is not a column of the terrain table",
                                   hint="specialised infantry use the infantry column: "
                                        "write \"infantry\"")
            chosen = reader.choice("engineer_unit_type", BASE_TYPES)
        reader.finish()
        total = sum(units.values())
        if total == 0:
            raise reader.error("units", f"the {name} has no units",
                               hint="give the side at least one unit, e.g. { infantry = 1 }")
        if total > MAX_UNITS_PER_SIDE:
            raise reader.error("units", f"the {name} has {total} units; at most "
                               f"{MAX_UNITS_PER_SIDE} per side")
        sides[name] = AgcSide(units, chosen)
    options = top.sub("options")
    air_attacks_aad = False
    if options is not None:
        air_attacks_aad = options.boolean("air_attacks_aad", False)
        options.finish()
    return AgcScenario(terrain, sides["attacker"], sides["defender"], air_attacks_aad)


def to_document(payload: AgcScenario) -> dict[str, Any]:
    """The TOML-ready document (round-trips through ``parse``)."""
    doc: dict[str, Any] = {"terrain": payload.terrain}
    for name in SIDES:
        side = payload.side(name)
        table: dict[str, Any] = {"units": {u: c for u, c in side.units.items() if c}}
        if side.engineer_unit_type is not None:
            table["engineer_unit_type"] = side.engineer_unit_type
        doc[name] = table
    doc["options"] = {"air_attacks_aad": payload.air_attacks_aad}
    return doc


def compute(payload: AgcScenario, *, method: str = "exact", trials: int = 100_000,
            seed: int | None = None, cancel: Callable[[], bool] | None = None) -> BattleResult:
    """The contract's result (exact, or a seeded simulation of the same resolution)."""
    if method == "exact":
        return exact(payload, cancel)
    if method == "simulate":
        return simulate(payload, trials, seed, cancel)
    raise EngineError(f"unknown method '{method}' (expected exact or simulate)")


def summarise(result: BattleResult, title: str | None = None) -> str:
    """The CLI's human summary."""
    how = "exact" if result.method == "exact" else f"simulated, {result.trials:,} trials"
    extra = result.extra
    lines = [title] if title else []
    terrain = agc_data().terrain_names.get(extra.get("terrain", ""), "?")
    lines.append(f"agc combat in {terrain} ({how})")
    lines.append(f"  attacker victor {percent(result.attacker_wins):>8}")
    lines.append(f"  defender victor {percent(result.defender_wins):>8}")
    lines.append(f"  tie             {percent(result.draw):>8}")
    for row in extra.get("bands", []):
        lines.append(f"    {row['name']:<22} {percent(row['p']):>8}")
    for side, key in (("attacker", "attacker_total"), ("defender", "defender_total")):
        mean = sum(v * p for v, p in extra.get(key, []))
        lines.append(f"  {side} total: mean {mean:.2f}")
    ea, ed = result.expected_losses()
    lines.append(f"  expected steps of damage: attacker {ea:.2f}, defender {ed:.2f}")
    for s in SIDES:
        chosen = extra.get("engineer_unit_type", {}).get(s)
        if chosen:
            lines.append(f"  {s} engineers remove the terrain penalties of: {chosen}")
    for c in extra.get("aad_contests", []):
        lines.append(f"  AAD contest ({c['aad_side']} AAD vs {c['air_side']} air support): "
                     f"AAD victor {percent(c['aad_victor'])}, air victor "
                     f"{percent(c['air_victor'])}, tie {percent(c['tie'])}")
    return "\n".join(lines)
