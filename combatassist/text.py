"""Texts the engine writes for people, kept translatable without Qt.

The engine speaks English: the command line, its JSON and every test read ``str(text)``.
The GUI shows the same texts in the player's language. So a text the engine builds for people
(a phase's name, how dice resolved, a log line, a refusal) is made here, as a ``str`` whose
value is the English and which also keeps how it was made:

- ``msg(template, **fields)``: a ``Message``, English ``template.format(**fields)``; the GUI
  translates ``template`` and formats the fields itself (numbers the local way, fields that
  are texts of their own translated too);
- ``plural(n, one, other, **fields)``: ``msg(one)`` when ``n == 1`` else ``msg(other)``
  (``n`` is a field too); both templates are translated;
- ``join(sep, parts)`` / ``lines(parts)``: texts put together, each part translated;
- ``term(context, text)``: a name from a ruleset's data (a unit, band, terrain), translated in
  the GUI in ``context`` (e.g. ``data.lowluck``) like the data's other labels.

Being ``str``, these texts hash, compare, join and serialise exactly as the English did, so
code that only needs the English never notices. ``packaging/engine_texts.py`` finds every
``msg``/``plural`` template by reading the engine's source (the first arguments must be
literal strings, as for gettext; a test checks) and writes ``ui/translations/engine_<lang>.ts``.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

#: The Qt translation context of every engine template.
CONTEXT = "engine"


class Text(str):
    """A text for people whose ``str`` value is its English (base of the kinds below)."""

    def parts(self) -> tuple:
        """What the GUI needs to rebuild the text in another language (see subclasses)."""
        return ()


class Message(Text):
    """English ``template.format(**fields)``, with the template and fields kept."""

    template: str
    fields: dict[str, Any]

    def __new__(cls, template: str, /, **fields: Any) -> "Message":
        self = super().__new__(cls, template.format(**fields) if fields else template)
        self.template = template
        self.fields = fields
        return self

    def __reduce__(self):
        return (_message, (self.template, self.fields))

    def parts(self) -> tuple:
        return (self.template, self.fields)


def _message(template: str, fields: dict[str, Any]) -> Message:
    return Message(template, **fields)


class Joined(Text):
    """``sep.join(items)``, the items kept (each may be a text of its own)."""

    sep: str
    items: tuple

    def __new__(cls, sep: str, items: Iterable[Any]) -> "Joined":
        items = tuple(items)
        self = super().__new__(cls, sep.join(str(i) for i in items))
        self.sep = sep
        self.items = items
        return self

    def __reduce__(self):
        return (Joined, (self.sep, self.items))

    def parts(self) -> tuple:
        return (self.sep, self.items)


class Term(Text):
    """A name from a ruleset's data, translated in ``context`` (its English is the text)."""

    context: str

    def __new__(cls, context: str, text: str) -> "Term":
        self = super().__new__(cls, text)
        self.context = context
        return self

    def __reduce__(self):
        return (Term, (self.context, str(self)))


def msg(template: str, /, **fields: Any) -> Message:
    """A text made from an English ``template`` (a literal: it is collected for translation)
    with named ``fields`` (``{hits}``, ``{p:.1%}``)."""
    return Message(template, **fields)


def plural(n: int, one: str, other: str, /, **fields: Any) -> Message:
    """``one`` for a count of 1, else ``other`` (both literals), with ``n`` among the fields."""
    return Message(one if n == 1 else other, n=n, **fields)


def join(sep: str, items: Iterable[Any]) -> Joined:
    return Joined(sep, items)


def lines(items: Iterable[Any]) -> Joined:
    """The items one per line."""
    return Joined("\n", items)


def term(context: str, text: str) -> Term:
    return Term(context, text)


def split_lines(text: str) -> list:
    """The non-blank lines of ``text``, as texts of their own where it was made of lines
    (``lines``), stripped plain strings otherwise."""
    if isinstance(text, Joined) and text.sep == "\n":
        return [part for item in text.items for part in split_lines(item)]
    if isinstance(text, Joined) and text.sep == "" and "\n" not in text:
        items = list(text.items)          # an indented line: its indent goes, as with strip()
        while items and isinstance(items[0], str) and not items[0].strip():
            items.pop(0)
        while items and isinstance(items[-1], str) and not items[-1].strip():
            items.pop()
        if len(items) < len(text.items):
            return split_lines(items[0] if len(items) == 1 else Joined("", items))
    if isinstance(text, Text) and "\n" not in text and text == text.strip():
        return [text] if text else []
    return [line.strip() for line in str(text).splitlines() if line.strip()]
