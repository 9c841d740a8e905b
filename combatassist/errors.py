"""The engine's two kinds of user-facing error, and how they are shown.

Both carry a message meant for a person: what is wrong, where, and how to fix it.
Front ends (CLI, GUI) print ``str(error)``; they never show a traceback. ``str(error)`` is
always one line of bounded length: whatever a message echoes from the input (a string
holding a newline or a terminal escape, a 900 kB value) is escaped and shortened
(``shown`` for values, ``one_line`` for the finished text).
"""
from __future__ import annotations

import re
from typing import Any

#: Longest echo of a value from the input inside a message (longer ones end in "…").
SHOWN_CHARS = 60
#: Longest whole message (file, line, field, message and hint).
MESSAGE_CHARS = 600

_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _escape(match: re.Match) -> str:
    char = match.group(0)
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char, f"\\x{ord(char):02x}"
                                                       if ord(char) < 256 else
                                                       f"\\u{ord(char):04x}")


def shorten(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, ending in "…" when cut."""
    return text if len(text) <= limit else text[:max(1, limit - 1)] + "…"


def one_line(text: str, limit: int = MESSAGE_CHARS) -> str:
    """``text`` with control characters escaped (``\\n``, ``\\x1b``) and shortened."""
    return shorten(_UNPRINTABLE.sub(_escape, str(text)), limit)


def shown(value: Any, limit: int = SHOWN_CHARS) -> str:
    """A value from the input as a message echoes it: text quoted and escaped, whole numbers
    with more than ``limit`` digits shortened, tables and lists named, everything bounded."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        inner = _UNPRINTABLE.sub(_escape, value.replace("\\", "\\\\").replace('"', '\\"'))
        return '"' + shorten(inner, limit) + '"'
    if isinstance(value, int):
        # counted without str(): Python refuses to convert more than 4,300 digits
        digits = int(abs(value).bit_length() * 0.30102999566398) + 1
        if digits > 1 and abs(value) < 10 ** (digits - 1):
            digits -= 1
        if digits > limit:
            return f"{'-' if value < 0 else ''}a number with {digits:,} digits"
        return str(value)
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)}"
    return one_line(repr(value), limit)


class CombatAssistError(Exception):
    """Base class of every error the engine raises on purpose (``str``: one short line)."""

    def __str__(self) -> str:
        return one_line(super().__str__())


class ScenarioError(CombatAssistError):
    """A scenario (or data file) that can't be used as written.

    ``file``, ``line`` and ``field`` say where, when known; ``hint`` says how to fix it.
    """

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 field: str | None = None, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.field = field
        self.hint = hint

    def located(self, *, file: str | None = None, line: int | None = None) -> "ScenarioError":
        """Return a copy that also names the file / line (keeps what is already known)."""
        return ScenarioError(self.message, file=self.file or file, line=self.line or line,
                             field=self.field, hint=self.hint)

    def __str__(self) -> str:
        where = []
        if self.file:
            where.append(one_line(self.file, 160))
        if self.line:
            where.append(f"line {self.line}")
        if self.field:
            where.append(f"field '{one_line(self.field, SHOWN_CHARS)}'")
        text = (", ".join(where) + ": " if where else "") + one_line(self.message, 300)
        if self.hint:
            text += f" ({one_line(self.hint, 240)})"
        return one_line(text)


class EngineError(CombatAssistError):
    """A valid request the engine refuses (too large to answer in time, impossible combination)."""
