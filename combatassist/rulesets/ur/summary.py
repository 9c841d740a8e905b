"""Ur for people: the CLI's human summary (the battle figures plus how each unit rolls)."""
from __future__ import annotations

from ...result import BattleResult, summarise_battle


def summarise(result: BattleResult, title: str | None = None) -> str:
    """The CLI's human summary: the shared battle figures plus how each unit rolls."""
    lines = [summarise_battle(result, title)]
    wall = result.extra.get("wall_strength")
    if wall:
        lines.append(f"  wall strength: {wall}")
    start = result.extra.get("start_steps")
    if start:
        lines[0] = lines[0].replace("expected losses:", "expected steps lost:")
        lines.append(f"  steps at the start: attacker {start[0]}, defender {start[1]}")
    for row in result.extra.get("rolls", []):
        faces = row["hits_per_face"]
        hitting = [f for f, h in enumerate(faces, start=1) if h]
        rng = (f"{hitting[0]}-{hitting[-1]}" if len(hitting) > 1 else str(hitting[0])
               ) if hitting else "never"
        lines.append(f"  {row['phase']:<6} {row['side']} {row['type']} #{row['unit'] + 1}: "
                     f"{row['why']} = {row['value']:+d}; hits on {rng} "
                     f"(per face {''.join(map(str, faces))})")
    return "\n".join(lines)
