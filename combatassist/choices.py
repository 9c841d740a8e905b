"""The players' text at the table: choices (e.g. casualties) and dice, read and written.

Rulesets with their own casualty words build on these (``Ruleset.format_choice`` /
``parse_choice``); ``table.py`` and the table-side panel use them for everything else.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .battle import DieSpec, dice_count
from .errors import EngineError
from .text import join, msg


def from_json(value: Any) -> Any:
    """Inverse of ``table.jsonable`` for choices: lists come back as (hashable) tuples."""
    if isinstance(value, list):
        return tuple(from_json(v) for v in value)
    if isinstance(value, dict):
        return {k: from_json(v) for k, v in value.items()}
    return value


def format_choice(choice: Any) -> str:
    """A player-readable rendering of a choice.

    Casualty tables ``{side: {unit: n}}`` read "attacker: 1 infantry, 2 armor; defender: none",
    a unit id in words ("1 aa gun" for ``aa_gun``, as positions name units); sequences are
    comma lists; anything else is shown as is.
    """
    if isinstance(choice, dict):
        parts = []
        for key, value in choice.items():
            if isinstance(value, dict):
                inner = join(", ", [msg("{n} {unit}", n=n, unit=_in_words(unit))
                                    for unit, n in value.items() if n]) or msg("none")
            else:
                inner = format_choice(value)  # type: ignore[assignment]
            parts.append(msg("{side}: {units}", side=key, units=inner))
        return join("; ", parts)
    if isinstance(choice, (tuple, list)):
        return join(", ", [format_choice(c) for c in choice]) or msg("(nothing)")
    return choice if isinstance(choice, str) else str(choice)


#: Most digits a number typed in a choice has (a count of units, hits): more is no count a
#: battle has, and Python won't read past 4,300.
MAX_DIGITS = 6


def whole_number(word: str) -> int | None:
    """``word`` as a whole number when it is one a player means (ASCII digits, an optional
    minus, at most ``MAX_DIGITS``), else None: "²" or a 5,000-digit number is no count."""
    digits = word[1:] if word.startswith("-") else word
    if not (digits.isascii() and digits.isdigit() and len(digits) <= MAX_DIGITS):
        return None
    return int(word)


def _in_words(unit: Any) -> Any:
    """A unit id as a casualty text writes it: ``aa_gun`` -> ``aa gun``."""
    return unit.replace("_", " ") if isinstance(unit, str) else unit


def _parse_counts(text: str) -> dict[str, int]:
    """"2 infantry, 1 aa gun" -> {"infantry": 2, "aa_gun": 1} (a unit of several words after
    its count: its id, ``aa_gun``, or the words ``format_choice`` writes)."""
    counts: dict[str, int] = {}
    for item in text.split(","):
        words = item.split()
        if not words or words == ["none"]:
            continue
        if len(words) == 1:
            n, unit = 1, words[0]
        elif len(words) >= 2 and whole_number(words[0]) is not None and \
                not words[0].startswith("-"):
            n, unit = int(words[0]), "_".join(words[1:])
        else:
            raise EngineError(msg("can't read '{item}': write it like '2 infantry'",
                                  item=item.strip()))
        counts[unit] = counts.get(unit, 0) + n
    return counts


def side_parts(text: str, keys: Sequence[str], refuse: Callable[[str], EngineError], *,
               lower: bool = False) -> Iterator[tuple[str, str]]:
    """The ``(key, rest)`` of each part of "attacker: …; defender: …" (blank parts skipped;
    ``lower``: keys compared in lower case); a part without ``key:`` for one of ``keys``
    raises ``refuse(part)``."""
    for part in text.split(";"):
        if not part.strip():
            continue
        key, sep, rest = part.partition(":")
        key = key.strip().lower() if lower else key.strip()
        if not sep or key not in keys:
            raise refuse(part.strip())
        yield key, rest


def parse_choice(text: str, proposal: Any = None) -> Any:
    """Inverse of ``format_choice`` for the common shapes. Empty text: the proposal stands (None).

    With a ``{side: {unit: n}}`` proposal, "attacker: 2 infantry; defender: 1 armor" is read
    (a side left out keeps the proposal's casualties). Otherwise a comma list becomes a tuple
    (numbers as ints), or a bare value when the proposal is not a sequence. JSON is accepted too.
    """
    text = text.strip()
    if not text:
        return None
    if text.startswith(("[", "{")):
        try:
            return from_json(json.loads(text))
        except json.JSONDecodeError as exc:
            raise EngineError(msg("can't read the choice: {why}", why=exc.msg)) from None
        except (ValueError, RecursionError):     # a number past 4,300 digits, deep nesting
            raise EngineError(msg("can't read the choice: {why}", why=msg(
                "a number too long or lists nested too deeply"))) from None
    if isinstance(proposal, dict) and all(isinstance(v, dict) for v in proposal.values()):
        result = {k: dict(v) for k, v in proposal.items()}
        refuse = lambda part: EngineError(msg(                                  # noqa: E731
            "start each part with one of: {keys} (got '{part}')",
            keys=join(", ", [join("", [k, ":"]) for k in proposal]), part=part))
        for key, rest in side_parts(text, list(proposal), refuse):
            result[key] = _parse_counts(rest)
        return result
    if text == "(nothing)":
        return ()
    items: list[Any] = []
    for part in text.split(","):
        part = part.strip()
        if part:
            number = whole_number(part)
            items.append(part if number is None else number)
    if len(items) == 1 and proposal is not None and not isinstance(proposal, (tuple, list)):
        return items[0]
    return tuple(items)


def parse_dice(text: str, specs: Sequence[DieSpec]) -> tuple[int, ...]:
    """Dice typed at the table: "3 5 1", "3,5,1" or, when every die has < 10 sides, "351".

    Raises EngineError with what was expected.
    """
    cleaned = text.replace(",", " ").split()
    if len(cleaned) == 1 and len(specs) > 1 and cleaned[0].isdigit() and \
            all(s.sides < 10 for s in specs):
        cleaned = list(cleaned[0])
    try:
        values = tuple(int(v) for v in cleaned)
    except ValueError:
        raise EngineError(msg("dice must be numbers, got '{text}'", text=text.strip())) from None
    if len(values) != len(specs):
        raise EngineError(msg("expected {dice}, got {got}", dice=dice_count(len(specs)),
                              got=len(values)))
    for i, (spec, v) in enumerate(zip(specs, values), start=1):
        if not 1 <= v <= spec.sides:
            if spec.label:
                raise EngineError(msg("die {i} ({label}) must show 1-{sides}, got {v}",
                                      i=i, label=spec.label, sides=spec.sides, v=v))
            raise EngineError(msg("die {i} must show 1-{sides}, got {v}", i=i,
                                  sides=spec.sides, v=v))
    return values
