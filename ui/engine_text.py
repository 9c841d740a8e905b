"""The engine's texts in the app's language (``combatassist.text``).

The engine writes its texts for people (phase names, how the dice resolved, the battle log,
refusals, result notes) in English, as strings that keep their template and fields. ``render``
translates them here: a ``Message``'s template in the context ``engine``
(``ui/translations/engine_<lang>.ts``, collected from the engine's source by
``packaging/engine_texts.py``), its fields rendered the same way (numbers the local way, see
``i18n.localize``); a ``Term`` (a name from a ruleset's data) in its own context
(``data.<ruleset>``), in its plural form where a message counts it (``counted_by``); a plain string through ``engine`` as a whole (a phase or side name the
engine keeps as a plain word). In English every text renders exactly as ``str(text)``.
"""
from __future__ import annotations

import string
from typing import Any

from PySide6.QtCore import QCoreApplication

from combatassist import rulesets
from combatassist.errors import EngineError, ScenarioError, one_line
from combatassist.text import CONTEXT, Joined, Message, Term

from . import i18n
from .i18n import translate


class _LocalFormatter(string.Formatter):
    """``str.format`` with numbers written the current language's way."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            text = format(value, format_spec)
            if format_spec.endswith("%") and i18n.current_language() != i18n.SOURCE_LANGUAGE:
                return i18n.localize(text[:-1]) + " %"
            return i18n.localize(text)
        return format(value, format_spec)


_FORMATTER = _LocalFormatter()


def render(text: Any) -> str:
    """``text`` (an engine text, a plain string or anything else) in the app's language."""
    if isinstance(text, Message):
        count = counted_by(text)
        fields = {k: _counted(v, count) if k == "unit" and count is not None
                  and isinstance(v, Term) else render(v) if isinstance(v, str) else v
                  for k, v in text.fields.items()}
        if not fields:
            return QCoreApplication.translate(CONTEXT, text.template)
        template = QCoreApplication.translate(CONTEXT, text.template)
        try:
            return _FORMATTER.vformat(template, (), fields)
        except (KeyError, IndexError, ValueError):     # a damaged translation: the English
            return _FORMATTER.vformat(text.template, (), fields)
    if isinstance(text, Joined):
        return text.sep.join(render(item) for item in text.items)
    if isinstance(text, Term):
        return QCoreApplication.translate(text.context, str(text)) if text else ""
    if isinstance(text, str):
        return QCoreApplication.translate(CONTEXT, text) if text.strip() else text
    return "" if text is None else str(text)


def counted_by(text: Message) -> int | None:
    """How many of its ``unit`` a message counts: its ``count`` field, else its ``n`` (an
    int), e.g. ``msg("{n} {unit}", n=3, unit=term(...))``; None when it counts none."""
    count = text.fields.get("count", text.fields.get("n"))
    return count if isinstance(count, int) and not isinstance(count, bool) else None


def _counted(term: Term, n: int) -> str:
    """A data name said for ``n`` of it: its translation's form for ``n`` where the data's
    translation has plural forms (German "U-Boot" / "U-Boote"), else its one translation
    (Qt finds a name without plural forms only when asked without a count)."""
    said = QCoreApplication.translate(term.context, str(term), None, n) if term else ""
    return said if said and said != str(term) else render(term)


def error_text(exc: BaseException) -> str:
    """An engine error's one line in the app's language (``str(exc)`` where the message is
    not an engine text, e.g. a file's error naming where it is)."""
    if isinstance(exc, EngineError) and exc.args and isinstance(exc.args[0], (Message, Joined)):
        return one_line(render(exc.args[0]))
    return str(exc)


def field_words(ruleset: str, field: str) -> str:
    """A scenario field path as the form names it: 'attacker.units.infantry' -> "Attacker's
    Infantry" (the ruleset's display labels, in the app's language)."""
    parts = field.split(".")
    side = parts[0] if parts[0] in i18n.SIDE_NAMES else None
    key = parts[-1]
    labels = rulesets.get(ruleset).labels
    name = next((names[key] for names in labels.values() if key in names),
                key.replace("_", " "))
    name = i18n.data_name(ruleset, name)
    if side is None or key == side:
        return name
    return translate("engine_text", "{side}'s {name}").format(side=i18n.side_title(side),
                                                               name=name)


def scenario_error_text(ruleset: str, exc: ScenarioError) -> str:
    """A form's refused set-up in the form's words: "Attacker's Infantry: must be at most
    100, got 150" (the command line keeps the file's field path, ``str(exc)``)."""
    text = exc.message
    if exc.field:
        text = f"{field_words(ruleset, exc.field)}: {text}"
    if exc.hint:
        text += f" ({exc.hint})"
    return one_line(text)
