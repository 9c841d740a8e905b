"""Dirtside II for people: a shot's title and the CLI's human summary."""
from __future__ import annotations

from typing import cast

from ...text import join, msg, term
from .data import tables
from .rules import ShotResult
from .scenario import Shot

def shot_title(shot: Shot) -> str:
    """"HVC/3 at close range vs armour-3 vehicle" (a text the GUI translates)."""
    t = tables()
    fam = t.families[shot.family]
    ds2 = "data.ds2"
    weapon: str = term(ds2, fam.label)
    if fam.kind == "artillery":
        weapon = msg("{weapon} ({weight})", weapon=weapon,
                     weight=term(ds2, t.artillery_weights[cast(int, shot.size) - 1]))
    elif shot.size is not None:
        weapon = msg("{weapon}/{size}", weapon=weapon, size=shot.size)
    if shot.range:
        weapon = msg("{weapon} at {range} range", weapon=weapon, range=term(ds2, shot.range))
    if shot.combat:
        weapon = msg("{weapon} ({combat})", weapon=weapon,
                     combat=term(ds2, shot.combat.replace("_", " ")))
    if shot.target == "vehicle":
        target = msg("armour-{armour} vehicle", armour=shot.armour)
        extras = [x for x in (term(ds2, shot.armour_type) if shot.armour_type != "standard"
                              else None, "APFC" if shot.apfc else None) if x]
        if extras:
            target = msg("{target} ({extras})", target=target, extras=join(", ", extras))
    else:
        target = msg("{rating} infantry",
                     rating=term(ds2, cast(str, shot.infantry).replace("_", " ")))
    if shot.cover != "open":
        target = msg("{target} in {cover} cover", target=target,
                     cover=term(ds2, shot.cover.replace("_", "-")))
    return msg("{weapon} vs {target}", weapon=weapon, target=target)


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
