"""Ur benchmarks: whole battles solved exactly (docs/rules.md §4)."""
from __future__ import annotations

from combatassist.rulesets.ur import Position, Side, Unit, UrScenario, Wall, compute


def _four_vs_four() -> UrScenario:
    attacker = Side("attack", tuple(Unit(t) for t in ("infantry", "infantry", "cavalry",
                                                       "archers")))
    defender = Side("defend", tuple(Unit(t) for t in ("infantry", "infantry", "archers",
                                                       "wall_defense")))
    return UrScenario(attacker, defender, Position(terrain="wood"))


def _four_vs_four_infantry() -> UrScenario:
    return UrScenario(Side("attack", (Unit("infantry"),) * 4),
                      Side("defend", (Unit("infantry"),) * 4))


def _storm_wall_undead() -> UrScenario:
    attacker = Side("attack", tuple(Unit(t) for t in ("undead", "undead", "undead",
                                                       "cavalry")))
    defender = Side("defend", tuple(Unit(t) for t in ("wall_defense", "archers",
                                                       "infantry", "infantry")))
    return UrScenario(attacker, defender, Position(wall=Wall("outer", 3)))


def _solve(make):
    def run():
        result = compute(make())
        assert abs(result.attacker_wins + result.defender_wins + result.draw
                   + result.undecided - 1) < 1e-9
    return run


BENCHMARKS = [
    ("4 vs 4 mixed units, full steps, wood, to the end", 0.2, _solve(_four_vs_four)),
    ("4 vs 4 infantry, full steps, open, to the end", 0.2, _solve(_four_vs_four_infantry)),
    ("3 undead + cavalry storm a strength-2 wall (6-step units)", 0.2,
     _solve(_storm_wall_undead)),
]
