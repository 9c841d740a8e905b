"""The form choices a player makes once and keeps: Low Luck's edition, dice and battle kind
(a 1942 player with ordinary dice sets them once, not every evening).

Kept between starts in the main window's ``QSettings``, like the language, under
``forms/<ruleset>/<choice>``. The window says which settings to use (``use``) before it
builds its views; a view built without a window (tests, tools) remembers nothing and starts
at the shipped default.
"""
from __future__ import annotations

from PySide6.QtCore import QSettings

_settings: QSettings | None = None


def use(settings: QSettings | None) -> None:
    """Keep choices in ``settings`` from now on (None: keep nothing)."""
    global _settings
    _settings = settings


def forget(settings: QSettings) -> None:
    """A window closing: stop keeping choices in its ``settings`` (if they are in use)."""
    if _settings is settings:
        use(None)


def recall(ruleset: str) -> dict[str, str]:
    """The choices kept for ``ruleset`` (empty without settings or before any choice)."""
    if _settings is None:
        return {}
    _settings.beginGroup(f"forms/{ruleset}")
    try:
        return {key: str(_settings.value(key)) for key in _settings.childKeys()}
    finally:
        _settings.endGroup()


def remember(ruleset: str, choices: dict[str, str]) -> None:
    """Keep ``choices`` for ``ruleset`` (the other kept choices stay)."""
    if _settings is None:
        return
    changed = False
    for key, value in choices.items():
        path = f"forms/{ruleset}/{key}"
        if _settings.value(path) != value:
            _settings.setValue(path, value)
            changed = True
    if changed:
        _settings.sync()
