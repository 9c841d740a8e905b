"""The size x armour matrix of a weapon (the heatmap): a numpy equivalent of enumerating
``rules.resolve_shot`` over every die, tested cell by cell against it."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ...errors import EngineError
from ...text import msg, term
from .data import tables
from .rules import shot_setup
from .scenario import Shot, _one_of

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
    for r, size_ in enumerate(SIZES):
        size = int(size_)
        if size not in fam.sizes:
            missing[r, :] = True
            if fam.fixed_size is not None:
                row_notes[size] = msg("{weapon} is always size class {size}",
                                      weapon=term("data.ds2", fam.label), size=fam.fixed_size)
            elif fam.kind == "artillery":
                row_notes[size] = msg("artillery comes in sizes 1 (light), 2 (medium), "
                                      "3 (heavy)")
            else:
                row_notes[size] = msg("{weapon} has no size class {size}",
                                      weapon=term("data.ds2", fam.label), size=size)
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
