"""What a table battle records and shows: the players' entries as stored (the dice and
choice of a phase, a between-rounds step; ``jsonable`` / ``entry_from_json`` for the autosave
JSON), the ways a battle may end early, and the preview and log lines the players see."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from ..choices import from_json
from ..errors import ScenarioError, shown

#: How a battle may end before a side is wiped out: (kind, side) -> who wins.
ENDINGS = {
    ("retreat", "attacker"): "defender",
    ("retreat", "defender"): "attacker",
}


def jsonable(value: Any) -> Any:
    """``value`` with tuples/frozensets turned into lists (what JSON can store)."""
    if isinstance(value, (tuple, list, set, frozenset)):
        items = sorted(value, key=repr) if isinstance(value, (set, frozenset)) else value
        return [jsonable(v) for v in items]
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class Entry:
    """What the players did in one phase: the dice shown and their choice (None: proposal)."""

    rolled: tuple[int, ...]
    choice: Any = None

    def to_json(self) -> dict[str, Any]:
        return {"rolled": list(self.rolled), "choice": jsonable(self.choice)}

    @classmethod
    def from_json(cls, data: Any) -> "Entry":
        if not isinstance(data, dict) or not isinstance(data.get("rolled"), list) or \
                set(data) - {"rolled", "choice"}:
            raise ScenarioError("a phase entry must look like {\"rolled\": [..], \"choice\": ..}",
                                field="rounds")
        rolled = data["rolled"]
        if not all(type(d) is int for d in rolled):
            raise ScenarioError("dice must be whole numbers", field="rounds")
        return cls(tuple(rolled), from_json(data.get("choice")))


@dataclass(frozen=True)
class BetweenRounds:
    """A between-rounds step the players took (``action`` as the ruleset reads it)."""

    action: Any

    def to_json(self) -> dict[str, Any]:
        return {"between_rounds": jsonable(self.action)}


@dataclass
class Fought:
    """An attack's battle fought before the one at the table now (``table.waves``), as the
    players fought it: its completed rounds, the round it stopped in (between-rounds steps
    only: a battle ends between rounds) and how they ended it (None: a side won)."""

    rounds: list
    current: list
    ending: tuple[str, str] | None

    def copy(self) -> "Fought":
        return Fought([list(r) for r in self.rounds], list(self.current), self.ending)

    def steps(self) -> int:
        return sum(len(r) for r in self.rounds) + len(self.current)

    def to_json(self) -> dict[str, Any]:
        return {"rounds": [[e.to_json() for e in r] for r in self.rounds],
                "current": [e.to_json() for e in self.current],
                "ending": list(self.ending) if self.ending else None}


@dataclass(frozen=True)
class NextBattle:
    """An undone start of an attack's next battle (a later wave, the counter-attack) in the
    redo list: ``stage`` is the battle it started ("wave 2", "counter"), checked when it is
    redone (``table.waves``)."""

    stage: str

    def to_json(self) -> dict[str, Any]:
        return {"next_battle": self.stage}

    @classmethod
    def from_json(cls, data: Any, field: str) -> "NextBattle":
        if not (isinstance(data, dict) and set(data) == {"next_battle"}
                and isinstance(data["next_battle"], str)):
            raise ScenarioError(f"unknown undone step {shown(data)}", field=field,
                                hint='expected {"next_battle": "wave 2"}')
        return cls(data["next_battle"])


def entry_from_json(data: Any) -> "Entry | BetweenRounds":
    """A phase entry or a between-rounds step from the autosave JSON."""
    if isinstance(data, dict) and "between_rounds" in data:
        if len(data) != 1:
            raise ScenarioError("a between-rounds step holds nothing else", field="rounds")
        return BetweenRounds(from_json(data["between_rounds"]))
    return Entry.from_json(data)


def ending_from_json(value: Any, field: str) -> tuple[str, str]:
    """A stored ending, checked: ("retreat" | "end", "attacker" | "defender")."""
    if not (isinstance(value, list) and len(value) == 2 and value[0] in ("retreat", "end")
            and value[1] in ("attacker", "defender")):
        raise ScenarioError(f"unknown ending {shown(value)}", field=field,
                            hint='expected ["retreat" or "end", "attacker" or "defender"]')
    return (value[0], value[1])


def list_field(data: dict, key: str) -> list:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ScenarioError(f"must be a list, got {shown(value)}", field=key)
    return value


@dataclass(frozen=True)
class Preview:
    """How dice would resolve in the current phase, before anything changes."""

    phase: str
    rolled: tuple[int, ...]
    outcome: Hashable
    explanation: str
    proposal: Any


class LogLine:
    """One line of the battle log.

    Its words (``explanation``, ``text``) are made when first read, not when the step is
    replayed: resuming a long battle replays every step, and only the lines shown are read
    (``words()`` gives them; they depend on nothing but the step, so they are the same
    whenever they are made)."""

    __slots__ = ("round", "phase", "rolled", "choice", "own_choice", "state_after",
                 "dice", "_words", "_made")

    def __init__(self, round: int, phase: str, rolled: tuple[int, ...], choice: Any,
                 own_choice: bool, state_after: Any,
                 words: "Callable[[], tuple[str, str]]", dice: tuple = ()):
        """``dice``: the phase's ``DieSpec`` the ``rolled`` faces are for (the luck)."""
        self.round, self.phase, self.rolled, self.dice = round, phase, rolled, dice
        self.choice, self.own_choice, self.state_after = choice, own_choice, state_after
        self._words: "Callable[[], tuple[str, str]] | None" = words
        self._made: tuple[str, str] | None = None

    def _text_pair(self) -> tuple[str, str]:
        if self._made is None:
            assert self._words is not None
            self._made = self._words()
            self._words = None
        return self._made

    @property
    def explanation(self) -> str:
        """The rules' explanation of the dice ("" for a between-rounds step)."""
        return self._text_pair()[0]

    @property
    def text(self) -> str:
        """The whole log line: heading, explanation, the players' choice, the position."""
        return self._text_pair()[1]

    def __repr__(self) -> str:
        return (f"LogLine(round={self.round}, phase={self.phase!r}, rolled={self.rolled!r}, "
                f"choice={self.choice!r})")
