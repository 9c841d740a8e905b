"""Ur walls: damage in steps -> current strength, and the wall-step tracker (``what_if`` has the
what-if curve).

Outer wall 4 -> 3 -> 2 -> 1 losing a level after 1, 2 and 4 steps of damage; inner wall
3 -> 2 -> 1 after 1 and 3 (docs/rules.md §4, numbers in resources/ur/tables.toml). Strength 1 can't be
removed, so a wall takes at most ``max_damage`` steps (7 outer, 4 inner).
"""
from __future__ import annotations

from ...errors import EngineError
from .data import WallTable, tables


def wall_table(kind: str) -> WallTable:
    """The table of wall ``kind`` (EngineError naming the known kinds if unknown)."""
    walls = tables().walls
    if kind not in walls:
        raise EngineError(f"unknown wall kind '{kind}' (expected one of: {', '.join(walls)})")
    return walls[kind]


def _check_damage(table: WallTable, damage: int) -> None:
    if isinstance(damage, bool) or not isinstance(damage, int) or damage < 0:
        raise EngineError(f"wall damage must be a whole number >= 0, got {damage!r}")
    if damage > table.max_damage:
        raise EngineError(f"{table.name.lower()} damage {damage} is more than it can take: "
                          f"{table.max_damage} steps bring it to strength "
                          f"{table.strengths[-1]}, which can't be removed")


def level_index(kind: str, damage: int) -> int:
    """Index into the wall's strength levels after ``damage`` steps (0 = undamaged)."""
    table = wall_table(kind)
    _check_damage(table, damage)
    index, need = 0, 0
    for lose in table.steps_to_lose:
        need += lose
        if damage < need:
            break
        index += 1
    return index


def wall_strength(kind: str, damage: int) -> int:
    """Current strength of a wall of ``kind`` after ``damage`` steps of damage."""
    return wall_table(kind).strengths[level_index(kind, damage)]


def damage_for_strength(kind: str, strength: int) -> int:
    """The least damage that leaves the wall at ``strength`` (start of that level)."""
    table = wall_table(kind)
    if strength not in table.strengths:
        raise EngineError(f"a {table.name.lower()} has no strength {strength} "
                          f"(levels: {', '.join(map(str, table.strengths))})")
    i = table.strengths.index(strength)
    return sum(table.steps_to_lose[:i])


class WallTracker:
    """The wall-step tracker: wall damage recorded as it happens, with undo/redo.

    ``add(n)`` records n steps of damage (trebuchets, dragons, magic); ``remove(n)`` takes
    recorded damage back (a correction). Every change is kept so ``undo``/``redo`` replay it.
    """

    def __init__(self, kind: str = "outer", damage: int = 0):
        self.table = wall_table(kind)
        _check_damage(self.table, damage)
        self.kind = kind
        self._damage = damage
        self._history: list[int] = []   # signed changes, oldest first
        self._redo: list[int] = []

    # -- what the GUI shows ----------------------------------------------------------------
    @property
    def damage(self) -> int:
        """Steps of damage taken so far."""
        return self._damage

    @property
    def strength(self) -> int:
        return wall_strength(self.kind, self._damage)

    @property
    def steps_at_level(self) -> int:
        """Steps of damage taken since the wall reached its current level."""
        return self._damage - damage_for_strength(self.kind, self.strength)

    @property
    def steps_to_next_level(self) -> int | None:
        """Further steps of damage that lower the wall a level; None at the last level."""
        i = level_index(self.kind, self._damage)
        if i >= len(self.table.steps_to_lose):
            return None
        return self.table.steps_to_lose[i] - self.steps_at_level

    @property
    def at_last_level(self) -> bool:
        return self.steps_to_next_level is None

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def history(self) -> tuple[int, ...]:
        """The recorded changes, oldest first (+n: damage added, -n: removed)."""
        return tuple(self._history)

    # -- changes ---------------------------------------------------------------------------
    def add(self, steps: int = 1) -> int:
        """Record ``steps`` of damage; returns the new strength.

        Refused (EngineError) when it would take the wall below its last level.
        """
        self._change(self._positive(steps))
        return self.strength

    def remove(self, steps: int = 1) -> int:
        """Take back ``steps`` of recorded damage (a correction); returns the new strength."""
        steps = self._positive(steps)
        if steps > self._damage:
            raise EngineError(f"only {self._damage} steps of wall damage are recorded; "
                              f"can't remove {steps}")
        self._change(-steps)
        return self.strength

    def undo(self) -> int:
        """Revert the last change; returns the new strength."""
        if not self._history:
            raise EngineError("nothing to undo")
        delta = self._history.pop()
        self._damage -= delta
        self._redo.append(delta)
        return self.strength

    def redo(self) -> int:
        if not self._redo:
            raise EngineError("nothing to redo")
        delta = self._redo.pop()
        self._damage += delta
        self._history.append(delta)
        return self.strength

    def _change(self, delta: int) -> None:
        new = self._damage + delta
        if new > self.table.max_damage:
            room = self.table.max_damage - self._damage
            raise EngineError(
                f"the {self.table.name.lower()} is at strength {self.strength}; "
                + (f"it can take only {room} more steps of damage: " if room else "")
                + f"strength {self.table.strengths[-1]} can't be removed")
        self._damage = new
        self._history.append(delta)
        self._redo.clear()

    @staticmethod
    def _positive(steps: int) -> int:
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
            raise EngineError(f"wall damage comes in whole steps >= 1, got {steps!r}")
        return steps

    def describe(self) -> str:
        nxt = self.steps_to_next_level
        tail = ("last level: can't be removed" if nxt is None
                else f"{nxt} more step{'s' if nxt != 1 else ''} to strength "
                     f"{self.table.strengths[level_index(self.kind, self._damage) + 1]}")
        return (f"{self.table.name}: strength {self.strength}, {self._damage} steps of damage "
                f"({tail})")
