"""No test can block on a modal dialog.

Offscreen, a modal dialog waits forever for a click that never comes, and no timeout can break
into Qt's modal loop. So every test runs with the modal entry points replaced (see
``install``): the static ``QMessageBox`` / ``QFileDialog`` / ``QInputDialog`` /
``QColorDialog`` / ``QFontDialog`` functions and ``QDialog.exec``. A dialog the test did not
script raises ``UnexpectedDialog`` (naming the dialog and its text) in the code that opened
it, and the test fails; if that code swallowed the exception (a Qt slot does), the test still
fails at teardown.

A test that expects a dialog scripts its answer with the ``dialogs`` fixture::

    def test_discard(dialogs, window):
        dialogs.answer("QMessageBox.question", QMessageBox.StandardButton.Discard)
        ...
        assert dialogs.texts("QMessageBox.question") == ["Save the changes to a.toml?"]

An answer is a value, or a callable taking the dialog's arguments (``QDialog.exec`` gets the
dialog). Tests may also monkeypatch one of these functions themselves: that is a declaration
too (their patch replaces the guard's for that test).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

#: The static functions that run a modal loop, by class name.
STATIC_DIALOGS = {
    "QMessageBox": ("question", "warning", "critical", "information", "about", "aboutQt"),
    "QFileDialog": ("getOpenFileName", "getOpenFileNames", "getSaveFileName",
                    "getExistingDirectory", "getOpenFileUrl", "getOpenFileUrls",
                    "getSaveFileUrl", "getExistingDirectoryUrl"),
    "QInputDialog": ("getText", "getInt", "getDouble", "getItem", "getMultiLineText"),
    "QColorDialog": ("getColor",),
    "QFontDialog": ("getFont",),
}
#: Positional index of (title, text) in each static function's arguments (parent comes first).
_TITLE_TEXT = {"QMessageBox": (1, 2), "QFileDialog": (1, None), "QInputDialog": (1, 2),
               "QColorDialog": (2, None), "QFontDialog": (None, None)}
_TEXT_KEYWORDS = {"title": "title", "caption": "title", "text": "text", "label": "text"}


class UnexpectedDialog(AssertionError):
    """A test opened a modal dialog it had not scripted."""


@dataclass
class Shown:
    """One dialog a test opened: which entry point, its window title and its text."""

    kind: str
    title: str
    text: str
    dialog_class: str = ""      # for QDialog.exec: the class of the dialog that was run

    def describe(self) -> str:
        words = ", ".join(repr(part) for part in (self.title, self.text) if part)
        where = f"{self.dialog_class}.exec" if self.dialog_class else self.kind
        return f"{where}({words})"


@dataclass
class DialogScript:
    """The scripted answers of one test, and every dialog it opened (``shown``)."""

    answers: dict[str, Any] = field(default_factory=dict)
    shown: list[Shown] = field(default_factory=list)
    unexpected: list[Shown] = field(default_factory=list)

    def answer(self, kind: str, answer: Any) -> None:
        """Script ``kind`` (e.g. ``"QMessageBox.question"``, ``"QDialog.exec"``) for this test:
        every such dialog returns ``answer`` (or ``answer(*args)`` if it is callable)."""
        known = {f"{cls}.{name}" for cls, names in STATIC_DIALOGS.items() for name in names}
        if kind not in known | {"QDialog.exec"}:
            raise ValueError(f"unknown dialog {kind!r}; one of: "
                             + ", ".join(sorted(known | {"QDialog.exec"})))
        self.answers[kind] = answer

    def texts(self, kind: str | None = None) -> list[str]:
        """The texts (or, without text, the titles) of the dialogs shown, optionally of one kind."""
        return [s.text or s.title for s in self.shown if kind is None or s.kind == kind]

    def handle(self, kind: str, shown: Shown, args: tuple, kwargs: dict) -> Any:
        self.shown.append(shown)
        if kind in self.answers:
            answer = self.answers[kind]
            return answer(*args, **kwargs) if callable(answer) else answer
        self.unexpected.append(shown)
        raise UnexpectedDialog(
            f"the test opened a modal dialog it did not expect: {shown.describe()}. Offscreen it "
            f"would wait forever; if the test means to open it, script the answer with the "
            f"`dialogs` fixture: dialogs.answer({kind!r}, ...)")


def _static_replacement(script: DialogScript, cls: str, name: str) -> Callable:
    title_at, text_at = _TITLE_TEXT[cls]

    def opened(*args, **kwargs):
        parts = {"title": "", "text": ""}
        for key, index in (("title", title_at), ("text", text_at)):
            if index is not None and len(args) > index and isinstance(args[index], str):
                parts[key] = args[index]
        for keyword, key in _TEXT_KEYWORDS.items():
            if isinstance(kwargs.get(keyword), str):
                parts[key] = kwargs[keyword]
        return script.handle(f"{cls}.{name}", Shown(f"{cls}.{name}", **parts), args, kwargs)

    return staticmethod(opened)


def _exec_replacement(script: DialogScript) -> Callable:
    def exec_(dialog, *args, **kwargs):
        text = getattr(dialog, "text", None)
        shown = Shown("QDialog.exec", dialog.windowTitle(), text() if callable(text) else "",
                      type(dialog).__name__)
        return script.handle("QDialog.exec", shown, (dialog, *args), kwargs)

    return exec_


def install(monkeypatch) -> DialogScript:
    """Replace every modal entry point for one test (undone with ``monkeypatch``)."""
    from PySide6 import QtWidgets

    script = DialogScript()
    for cls, names in STATIC_DIALOGS.items():
        klass = getattr(QtWidgets, cls)
        for name in names:
            monkeypatch.setattr(klass, name, _static_replacement(script, cls, name))
    for name in ("exec", "exec_"):
        monkeypatch.setattr(QtWidgets.QDialog, name, _exec_replacement(script))
    return script
