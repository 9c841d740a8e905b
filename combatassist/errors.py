"""The engine's two kinds of user-facing error.

Both carry a message meant for a person: what is wrong, where, and how to fix it.
Front ends (CLI, GUI) print ``str(error)``; they never show a traceback.
"""
from __future__ import annotations


class CombatAssistError(Exception):
    """Base class of every error the engine raises on purpose."""


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
            where.append(str(self.file))
        if self.line:
            where.append(f"line {self.line}")
        if self.field:
            where.append(f"field '{self.field}'")
        text = (", ".join(where) + ": " if where else "") + self.message
        if self.hint:
            text += f" ({self.hint})"
        return text


class EngineError(CombatAssistError):
    """A valid request the engine refuses (too large to answer in time, impossible combination)."""
