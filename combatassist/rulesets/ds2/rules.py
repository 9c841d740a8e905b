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

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, cast

import numpy as np

from ... import limits
from ...errors import EngineError
from ...text import Text, join, msg, term
from .data import tables
from .scenario import Shot, validate

NAME = "ds2"
#: Outcomes of one shot. "special" = special damage triggered, its d8 not rolled yet.
OUTCOMES = ("miss", "kill", "mobility", "systems_down", "damage", "no_effect", "special")
JSON_KEYS = ("ruleset", "p_hit", "p_kill", "p_special", "p_mobility", "p_systems_down",
             "p_damage", "p_no_effect", "figure_of_merit")
#: Largest simulation accepted (a shot is a few dice drawn in numpy batches: 15 million
#: trials take a few seconds; the CLI caps --trials at 10 million anyway).
MAX_TRIALS = 15_000_000


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
        lines: list[str] = []
        if self.to_hit is not None:
            lines.append(msg("To hit: 1d{die}, hit on {minimum}+", die=self.to_hit[0],
                             minimum=self.to_hit[1]))
        elif self.p_hit != 1.0:
            lines.append(msg("Hit chance (given): {p:g}", p=self.p_hit))
        if self.no_effect:
            lines.append(msg("No effect: {reason}", reason=self.no_effect))
            return lines
        lines.append(msg("Impact: D{impact} x {multiplier}; Armour: 1d{armour} x {rating}",
                         impact=self.impact_die, multiplier=self.multiplier,
                         armour=self.armour_die, rating=self.armour_rating))
        lines.extend(self.notes)
        lines.append(msg("Kill when Impact > Armour; otherwise special damage when the D{die} "
                         "shows {die}", die=self.impact_die) if self.special else
                     msg("Kill when Impact > Armour; no special damage on infantry"))
        return lines


def shot_setup(shot: Shot) -> ShotSetup:
    """Read a shot's dice and factors from the tables (EngineError if impossible)."""
    shot = validate(shot)
    t = tables()
    fam = t.families[shot.family]
    weapon = term("data.ds2", fam.label)
    p_hit = 1.0 if shot.p_hit is None else float(shot.p_hit)
    to_hit = fam.to_hit
    notes: list[str] = []
    vehicle = shot.target == "vehicle"
    # ``validate`` checked that the shot has the fields its weapon and target read
    size = cast(int, shot.size)

    def none(reason: str) -> ShotSetup:
        reason = reason if isinstance(reason, Text) else term("data.ds2", reason)
        return ShotSetup(shot, 0, 0, 0, False, to_hit if vehicle else None,
                         p_hit if vehicle else 1.0, reason, ())

    if vehicle:
        rating = cast(int, shot.armour)
        if rating == 0 and not fam.heavy:
            rating = t.armour_0_vs_non_heavy
            notes.append(msg("An armour-0 vehicle counts as PA ({rating}) against non-heavy "
                             "weapons; special damage still applies", rating=rating))
        elif rating == 0:
            notes.append(msg("Soft-skinned (armour 0): any heavy weapon hit destroys it"))
    else:
        rating = t.infantry_ratings[cast(str, shot.infantry)]
        to_hit = None
        p_hit = 1.0

    if fam.kind == "heavy":
        if vehicle:
            range_ = cast(str, shot.range)
            die = fam.impact[range_]
            if shot.has_apfc and fam.impact_vs_apfc:
                die = fam.impact_vs_apfc[range_]
                notes.append(msg("{weapon} against APFC: D{die} (supersedes reactive armour)",
                                 weapon=weapon, die=die))
            elif shot.armour_type in fam.impact_vs_armour:
                die = fam.impact_vs_armour[shot.armour_type][range_]
                notes.append(msg("{weapon} against {armour} armour: D{die}", weapon=weapon,
                                 armour=term("data.ds2", shot.armour_type), die=die))
            factor = fam.range_factor.get(range_, 1)
            multiplier = size * factor
            if factor != 1:
                notes.append(msg("{weapon} at {range} range: D{die} x {factor} x size {size} = "
                                 "x{multiplier}", weapon=weapon,
                                 range=term("data.ds2", range_), die=die, factor=factor,
                                 size=shot.size, multiplier=multiplier))
            return ShotSetup(shot, die, multiplier, rating, True, to_hit, p_hit, None,
                             tuple(notes))
        if fam.vs_infantry is None:
            return none(fam.no_effect["infantry"])
        die, mult = fam.vs_infantry
        if mult == "size":
            mult = size
            notes.append(msg("{weapon} against infantry: D{die} x size class", weapon=weapon,
                             die=die))
        else:
            notes.append(msg("{weapon} against infantry: fixed D{die} x {mult}, whatever the "
                             "size", weapon=weapon, die=die, mult=mult))
        return ShotSetup(shot, die, cast(int, mult), rating, False, None, 1.0, None, tuple(notes))

    if fam.kind == "infantry":
        if vehicle and cast(int, shot.armour) > 0:
            return none(msg("{weapon} is not a heavy weapon: it cannot harm vehicles of "
                            "armour 1 or more", weapon=weapon))
        combat_, cover_ = cast(str, shot.combat), shot.cover
        die = t.infantry_impact[combat_][cover_]
        mult = fam.multiplier[combat_]
        combat, cover = combat_.replace("_", " "), cover_.replace("_", " ")
        notes.append(msg("{combat} at a target in {cover} cover: D{die}; {weapon} x{mult}",
                         combat=term("data.ds2", combat), cover=term("data.ds2", cover),
                         die=die, weapon=weapon, mult=mult))
        return ShotSetup(shot, die, mult, rating, vehicle, None, 1.0, None, tuple(notes))

    # artillery
    dug_in = shot.cover == "dug_in"
    key = ("dug_in_" if dug_in else "") + shot.target
    weight = t.artillery_weights[size - 1]
    if key in fam.no_effect:
        return none(fam.no_effect[key])
    die = fam.impact[key]
    mult = (t.artillery_vehicle_multiplier if vehicle else
            t.artillery_infantry_multiplier)[size - 1]
    fields = dict(weapon=weapon, weight=term("data.ds2", weight),
                  target=term("data.ds2", shot.target), die=die, mult=mult)
    notes.append(msg("{weapon}, {weight}, against dug-in {target}: D{die} x {mult}", **fields)
                 if dug_in else
                 msg("{weapon}, {weight}, against {target}: D{die} x {mult}", **fields))
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
        raise EngineError(msg("the {die} (1-{sides}) is needed to resolve this shot", die=name,
                              sides=sides))
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
        raise EngineError(msg("the {die} must be a whole number 1-{sides}, got {value}",
                              die=name, sides=sides, value=repr(value)))
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
        roll = _check_die(msg("to-hit die (d{sides})", sides=die), to_hit, die)
        if roll < minimum:
            return Resolution("miss", msg("to-hit {roll} on 1d{die}: a miss (needs {minimum}+)",
                                          roll=roll, die=die, minimum=minimum))
        hit_text: str = msg("to-hit {roll}: a hit; ", roll=roll)
    else:
        if not hit:
            return Resolution("miss", msg("no hit"))
        hit_text = ""
    if setup.no_effect:
        return Resolution("no_effect", join("", [hit_text, setup.no_effect]))
    i = _check_die(msg("impact die (D{sides})", sides=setup.impact_die), impact,
                   setup.impact_die)
    a = _check_die(msg("armour die (d{sides})", sides=t.armour_die), armour, t.armour_die)
    score, resist = i * setup.multiplier, a * setup.armour_rating
    scores = msg("Impact {i} x {multiplier} = {score}, Armour {a} x {rating} = {resist}", i=i,
                 multiplier=setup.multiplier, score=score, a=a, rating=setup.armour_rating,
                 resist=resist)
    if score > resist:
        return Resolution("kill", join("", [hit_text, msg(
            "{scores}: Impact exceeds Armour, destroyed", scores=scores)]), score, resist)
    if setup.special and i == setup.impact_die:
        if special is None:
            return Resolution("special", join("", [hit_text, msg(
                "{scores}, but the D{die} shows its maximum: roll 1d{special} for special "
                "damage", scores=scores, die=setup.impact_die, special=t.special_die)]),
                score, resist)
        s = _check_die(msg("special damage die (d{sides})", sides=t.special_die), special,
                       t.special_die)
        kind = t.special_kind(s)
        return Resolution(kind, join("", [hit_text, msg(
            "{scores}; D{die} at maximum, special damage {s}: {kind}", scores=scores,
            die=setup.impact_die, s=s, kind=special_name(kind))]), score, resist)
    why = msg("no special damage on infantry") if not setup.special else \
        msg("the D{die} did not show {die}", die=setup.impact_die)
    return Resolution("no_effect", join("", [hit_text, msg(
        "{scores}: no kill, {why}: no significant effect", scores=scores, why=why)]),
        score, resist)


#: The shot's outcomes as players read them ("systems_down" -> "systems down").
OUTCOME_NAMES = {"kill": msg("kill"), "mobility": msg("mobility"),
                 "systems_down": msg("systems down"), "damage": msg("damage"),
                 "no_effect": msg("no effect"), "miss": msg("miss"), "special": msg("special"),
                 "hit": msg("hit")}


def special_name(kind: str) -> str:
    """An outcome's name for people: 'systems_down' -> 'systems down'."""
    return OUTCOME_NAMES.get(kind) or kind.replace("_", " ")


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
    """Exact P(outcome): every die combination of ``outcome_table`` (the special die's faces
    counted too: equally likely whether or not it is rolled), weighted by its hit branch."""
    table, branches = outcome_table(setup)
    probs = {o: Fraction(0) for o in OUTCOMES if o != "special"}
    if setup.to_hit is not None:
        weights = [Fraction(1, len(branches))] * len(branches)
    else:
        weights = [Fraction(setup.p_hit), 1 - Fraction(setup.p_hit)]
    # Count in whole numbers and divide once: exact, and much faster than summing Fractions.
    denominator = table[0].size
    for weight, branch in zip(weights, table):
        if not weight:
            continue
        for code, n in enumerate(np.bincount(branch.ravel(), minlength=len(OUTCOMES))):
            if n:
                probs[OUTCOMES[code]] += weight * Fraction(int(n), denominator)
    return probs


def exact_result(setup: ShotSetup) -> ShotResult:
    probs = outcome_fractions(setup)
    return ShotResult(
        p_hit=float(1 - probs["miss"]), p_kill=float(probs["kill"]),
        p_mobility=float(probs["mobility"]), p_systems_down=float(probs["systems_down"]),
        p_damage=float(probs["damage"]), p_no_effect=float(probs["no_effect"] + probs["miss"]),
        setup=setup, method="exact", exact=probs)


#: Numbers the simulator draws per trial (to-hit or hit, impact, armour, special): its work.
DICE_PER_TRIAL = 4
#: Trials the simulator draws in one numpy batch (bounds its memory: ~40 MB a batch).
SIMULATION_BATCH = 1 << 20


def outcome_table(setup: ShotSetup) -> tuple[np.ndarray, list[dict[str, Any]]]:
    """Every dice combination's outcome, each through ``resolve_shot`` once:
    ``table[h, impact - 1, armour - 1, special - 1]`` is an index into ``OUTCOMES``, ``h``
    the hit branch: ``branches[h]`` are its ``resolve_shot`` arguments (the to-hit die's
    faces, or hit and miss). The special die's column repeats where none is rolled."""
    t = tables()
    branches: list[dict[str, Any]]
    if setup.to_hit is not None:
        branches = [{"to_hit": face} for face in range(1, setup.to_hit[0] + 1)]
    else:
        branches = [{"hit": True}, {"hit": False}]
    impact_sides = max(setup.impact_die, 1)
    table = np.empty((len(branches), impact_sides, t.armour_die, t.special_die), dtype=np.intp)
    code = {name: i for i, name in enumerate(OUTCOMES)}
    for h, hit_args in enumerate(branches):
        for i in range(1, impact_sides + 1):
            for a in range(1, t.armour_die + 1):
                outcome = resolve_shot(setup, impact=i, armour=a, **hit_args).outcome
                if outcome != "special":
                    table[h, i - 1, a - 1, :] = code[outcome]
                    continue
                for s in range(1, t.special_die + 1):
                    table[h, i - 1, a - 1, s - 1] = code[resolve_shot(
                        setup, impact=i, armour=a, special=s, **hit_args).outcome]
    return table, branches


def simulate_result(setup: ShotSetup, trials: int = 100_000, seed: int | None = None,
                    cancel: Callable[[], bool] | None = None) -> ShotResult:
    """Seeded Monte Carlo: random dice through ``resolve_shot`` (same keys as exact).

    Each dice combination is resolved once (``outcome_table``); the trials only draw dice,
    in numpy batches of ``SIMULATION_BATCH`` (``MAX_TRIALS`` in a few seconds). ``seed``: any
    whole number (its absolute value, like every ruleset's simulator)."""
    if not 1 <= trials <= MAX_TRIALS:
        raise EngineError(f"trials must be 1-{MAX_TRIALS:,}, got {trials}")
    limits.check_vectorised_simulation(trials, DICE_PER_TRIAL)
    from ...solver import Cancelled

    table, branches = outcome_table(setup)
    rng = np.random.default_rng(None if seed is None else abs(seed))
    counts = np.zeros(len(OUTCOMES), dtype=np.int64)
    done = 0
    while done < trials:
        if cancel is not None and cancel():
            raise Cancelled()
        n = min(SIMULATION_BATCH, trials - done)
        if setup.to_hit is not None:
            branch = rng.integers(0, len(branches), size=n)
        else:
            branch = (rng.random(n) >= setup.p_hit).astype(np.intp)     # 0 hit, 1 miss
        impact, armour, special = (rng.integers(0, sides, size=n) for sides in table.shape[1:])
        counts += np.bincount(table[branch, impact, armour, special], minlength=len(OUTCOMES))
        done += n
    f = {k: int(v) / trials for k, v in zip(OUTCOMES, counts)}
    return ShotResult(p_hit=1.0 - f["miss"], p_kill=f["kill"], p_mobility=f["mobility"],
                      p_systems_down=f["systems_down"], p_damage=f["damage"],
                      p_no_effect=f["no_effect"] + f["miss"], setup=setup, method="simulate",
                      trials=trials)


def no_effect_reason(shot: Shot) -> str | None:
    """Why this valid shot can never have an effect (HKP at infantry, ...), or None."""
    return shot_setup(shot).no_effect
