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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

import numpy as np

from ...errors import EngineError
from ...text import join, msg
from .data import DamageSpec, agc_data
from .data import dice
from .lineup import Lineup, SideLineup, data_term, lineup
from .scenario import SIDES, AgcScenario

#: Victor codes used by ``classify``: the first side of the comparison, the second, a tie.
FIRST, SECOND, TIE = 1, -1, 0


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


def classify(first: np.ndarray | int, second: np.ndarray | int
             ) -> tuple[np.ndarray, np.ndarray]:
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
        b = cast(Fraction, bands[i].up_to)         # every band but the last has a bound
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
        raise EngineError(msg("{side}: expected a roll for each of {units} units, got {got}",
                              side=side.side, units=len(side.units), got=len(rolls)))
    row: list[int] = []
    for roll, given in zip(side.units, rolls):
        faces = [given] if not isinstance(given, (list, tuple)) else list(given)
        if roll.dice > 1 and len(faces) == 1:
            pass   # the players already kept the lowest die
        elif len(faces) != roll.dice:
            raise EngineError(msg("{side} {unit}: expected {dice} dice, got {got}",
                                  side=side.side, unit=roll.label, dice=roll.dice,
                                  got=len(faces)))
        for f in faces:
            if isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= roll.sides:
                raise EngineError(msg("{side} {unit}: a d{sides} shows 1-{sides}, got {face}",
                                      side=side.side, unit=roll.label, sides=roll.sides,
                                      face=repr(f)))
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
            raise EngineError(msg("{key}: {why}", key=key,
                                  why=exc.args[0] if exc.args else str(exc))) from None
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
    scores: dict = {}
    explanation: list[str] = []
    for s in SIDES:
        side = line.side(s)
        values = unit_values(side, _faces_array(side, rolls.get(s, ())))
        scores[s] = {k: int(v[0]) for k, v in side_scores(side, values).items()}
        explanation.append(msg("{side} ({terrain}):", side=s,
                               terrain=data_term(data.terrain_names[line.terrain])))
        for roll, given, value in zip(side.units, rolls[s], values[0].tolist()):
            how = join(", ", roll.reasons) or msg("no modifier")
            shown = given if isinstance(given, int) else "/".join(map(str, given))
            unit = msg("{unit}: d{sides} {shown} ({how}) -> {value}", unit=roll.label,
                       sides=roll.sides, shown=shown, how=how, value=value)
            if roll.role == "aad":
                unit = msg("{unit}  [AAD only]", unit=unit)
            explanation.append(join("", ["  ", unit]))
        explanation.append(join("", ["  ", msg("ground total {total}",
                                               total=scores[s]["ground"])]))
    a, d = scores["attacker"]["ground"], scores["defender"]["ground"]
    band_arr, victor_arr = classify(a, d)
    band, victor = int(band_arr), int(victor_arr)
    b = data.bands[band]
    victor_name = {FIRST: "attacker", SECOND: "defender", TIE: "tie"}[victor]
    specs = {"attacker": damage_spec(band, victor, True), "defender": damage_spec(band, victor, False)}
    exempt = {s: line.side(s).ground_damage_exempt for s in SIDES}
    ratio = msg("no lower total") if min(a, d) == 0 and a != d else \
        msg("{high}/{low} = {ratio:.3f}", high=max(a, d), low=min(a, d),
            ratio=max(a, d) / min(a, d)) if min(a, d) else "0 = 0"
    band_term = data_term(b.name)
    explanation.append(msg("margin {ratio}: {band}; tie", ratio=ratio, band=band_term)
                       if victor == TIE else
                       msg("margin {ratio}: {band}; {side} is the victor", ratio=ratio,
                           band=band_term, side=victor_name))
    for s in SIDES:
        explanation.append(join("", ["  ", msg(
            "{side} takes no ground damage (air support only, no enemy AAD)", side=s)
            if exempt[s] else msg("{side} takes {dice} steps", side=s, dice=specs[s].text)]))
    steps = _steps_for(specs, damage, exempt)
    if steps is not None:
        explanation.append(msg("steps of damage: attacker {a}, defender {d}",
                               a=steps["attacker"], d=steps["defender"]))
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
        shown_air = msg("{air} ({base} + {bonus} artillery)", air=air, base=air - bonus,
                        bonus=bonus) if bonus else str(air)
        fields = dict(aad_side=aad_side, aad=aad, air_side=air_side, air=shown_air,
                      band=data_term(data.bands[cband].name), aad_dice=cspecs[aad_side].text,
                      air_dice=cspecs[air_side].text)
        if who == "tie":
            line_text = msg("AAD contest: {aad_side} AAD {aad} vs {air_side} air support {air}: "
                            "{band}, tie; AAD takes {aad_dice}, air support {air_dice}", **fields)
        elif who == "aad":
            line_text = msg("AAD contest: {aad_side} AAD {aad} vs {air_side} air support {air}: "
                            "{band}, AAD is the victor; AAD takes {aad_dice}, air support "
                            "{air_dice}", **fields)
        else:
            line_text = msg("AAD contest: {aad_side} AAD {aad} vs {air_side} air support {air}: "
                            "{band}, air support is the victor; AAD takes {aad_dice}, air "
                            "support {air_dice}", **fields)
        explanation.append(line_text)
    return TableResolution(
        totals={"attacker": a, "defender": d}, band=b.id, band_name=b.name,
        victor=victor_name, damage_dice={k: ("0" if exempt[k] else v.text) for k, v in specs.items()},
        steps=steps, contests=contest_out, explanation=explanation)
