"""Ur walls: damage -> strength tables, the wall-step tracker, the what-if curve."""
from __future__ import annotations

import pytest

from combatassist.errors import EngineError
from combatassist.rulesets.ur import (Position, Side, Unit, UrRules, UrScenario, Wall,
                                      WallTracker, compute, damage_for_strength,
                                      odds_by_wall_strength, wall_strength)


def test_outer_wall_transitions():
    # 4 -> 3 after 1 step, -> 2 after 2 more, -> 1 after 4 more; 1 can't be removed.
    assert [wall_strength("outer", d) for d in range(8)] == [4, 3, 3, 2, 2, 2, 2, 1]
    assert [damage_for_strength("outer", s) for s in (4, 3, 2, 1)] == [0, 1, 3, 7]
    with pytest.raises(EngineError, match="can't be removed"):
        wall_strength("outer", 8)


def test_inner_wall_transitions():
    assert [wall_strength("inner", d) for d in range(5)] == [3, 2, 2, 2, 1]
    assert [damage_for_strength("inner", s) for s in (3, 2, 1)] == [0, 1, 4]
    with pytest.raises(EngineError, match="can't be removed"):
        wall_strength("inner", 5)
    with pytest.raises(EngineError, match="no strength 4"):
        damage_for_strength("inner", 4)
    with pytest.raises(EngineError, match="unknown wall kind"):
        wall_strength("moat", 0)


def test_tracker_steps_to_the_next_level():
    t = WallTracker("outer")
    seen = []
    for _ in range(7):
        seen.append((t.strength, t.steps_at_level, t.steps_to_next_level))
        t.add()
    seen.append((t.strength, t.steps_at_level, t.steps_to_next_level))
    assert seen == [(4, 0, 1), (3, 0, 2), (3, 1, 1), (2, 0, 4), (2, 1, 3), (2, 2, 2),
                    (2, 3, 1), (1, 0, None)]
    assert t.at_last_level
    with pytest.raises(EngineError, match="strength 1 can't be removed"):
        t.add()
    assert t.damage == 7 and t.history == (1,) * 7
    assert "last level" in t.describe()


def test_tracker_add_remove_undo_redo():
    t = WallTracker("inner")
    assert t.add(2) == 2
    assert t.describe() == "Inner wall: strength 2, 2 steps of damage (2 more steps to strength 1)"
    with pytest.raises(EngineError, match="only 2 more steps"):
        t.add(3)
    assert t.damage == 2                      # a refused change changes nothing
    assert t.remove(1) == 2 and t.damage == 1
    with pytest.raises(EngineError, match="can't remove 5"):
        t.remove(5)
    assert t.undo() == 2 and t.damage == 2    # the removal is undone
    assert t.undo() == 3 and t.damage == 0
    assert not t.can_undo
    with pytest.raises(EngineError, match="nothing to undo"):
        t.undo()
    assert t.redo() == 2 and t.damage == 2
    t.add(2)
    assert t.strength == 1 and not t.can_redo  # a new change drops the redo stack
    with pytest.raises(EngineError, match="whole steps"):
        t.add(0)


def test_tracker_starts_from_recorded_damage():
    t = WallTracker("outer", 3)
    assert (t.strength, t.steps_at_level, t.steps_to_next_level) == (2, 0, 4)
    with pytest.raises(EngineError):
        WallTracker("outer", 9)


def _storm(wall=None):
    return UrScenario(Side("attack", (Unit("infantry"), Unit("cavalry"), Unit("infantry"))),
                      Side("defend", (Unit("wall_defense"), Unit("archers"))),
                      Position(wall=wall))


def test_wall_strength_feeds_the_modifiers():
    for damage, strength in ((0, 4), (1, 3), (3, 2), (7, 1)):
        rules = UrRules(_storm(Wall("outer", damage)))
        assert rules.wall == strength
        start = rules.initial_state()
        ranged = {(r.side, r.unit.id): r.value for r in rules.ranged.rollers(start)}
        melee = {(r.side, r.unit.id): r.value for r in rules.melee.rollers(start)}
        assert ranged[("defender", "archers")] == 4 + strength
        assert ranged[("defender", "wall_defense")] == 2 + strength
        assert melee[("attacker", "cavalry")] == 6 - strength
        assert melee[("defender", "wall_defense")] == 2 + strength


def test_odds_at_every_wall_strength():
    sc = _storm(Wall("outer", 0))
    points = odds_by_wall_strength(sc)
    assert [(p.strength, p.damage) for p in points] == [(4, 0), (3, 1), (2, 3), (1, 7), (0, 0)]
    wins = [p.attacker_wins for p in points]
    assert wins == sorted(wins)                # a weaker wall never helps the defender
    assert wins[0] < wins[-1]
    for p in points:
        assert p.attacker_wins + p.defender_wins + p.draw + p.undecided == pytest.approx(1.0)
    direct = compute(_storm(Wall("outer", 3)))
    assert points[2].attacker_wins == pytest.approx(direct.attacker_wins, abs=1e-15)
    direct = compute(_storm(None))
    assert points[-1].attacker_wins == pytest.approx(direct.attacker_wins, abs=1e-15)
    inner = odds_by_wall_strength(_storm(), "inner", include_no_wall=False)
    assert [p.strength for p in inner] == [3, 2, 1]
    assert inner[0].attacker_wins == pytest.approx(points[1].attacker_wins, abs=1e-15)
