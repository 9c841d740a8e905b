"""Ur's wall what-if: the exact odds of a scenario at every strength of its wall (the plot)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from .rules import exact_result
from .scenario import UrScenario, Wall
from .walls import damage_for_strength, wall_table


@dataclass(frozen=True)
class WallPoint:
    """The battle's odds with the wall at one strength (0 = no wall)."""

    strength: int
    damage: int            # the least damage giving this strength (0 with no wall)
    attacker_wins: float
    defender_wins: float
    draw: float
    undecided: float
    result: Any            # the BattleResult, without the "decided by round N" curve


def odds_by_wall_strength(scenario: UrScenario, kind: str | None = None, *,
                          include_no_wall: bool = True,
                          cancel: Callable[[], bool] | None = None) -> list[WallPoint]:
    """Exact odds of ``scenario`` at every strength of a ``kind`` wall (the what-if plot).

    ``kind`` defaults to the scenario's wall (outer when it has none). Points come strongest
    first, then strength 0 (no wall) when ``include_no_wall``.
    """
    if kind is None:
        kind = scenario.position.wall.kind if scenario.position.wall else "outer"
    table = wall_table(kind)
    points = []
    cases = [(s, damage_for_strength(kind, s)) for s in table.strengths]
    if include_no_wall:
        cases.append((0, 0))
    for strength, damage in cases:
        wall = Wall(kind, damage) if strength else None
        variant = replace(scenario, position=replace(scenario.position, wall=wall))
        result = exact_result(variant, cancel=cancel, curve=False)   # the plot needs odds
        points.append(WallPoint(strength, damage, result.attacker_wins, result.defender_wins,
                                result.draw, result.undecided, result))
    return points
