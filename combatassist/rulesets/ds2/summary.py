"""Dirtside II for people: a shot's title and the CLI's human summary."""
from __future__ import annotations

from .data import tables
from .rules import ShotResult
from .scenario import Shot

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
