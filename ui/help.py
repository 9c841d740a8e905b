"""Help → Rules: a short summary of each ruleset as the engine plays it (docs/rules.md).

The texts are the rulesets' own (``Ruleset.help_text``: ``resources/<name>/help.html``, with
the numbers filled in from the ruleset's tables) plus the general part
(``resources/help.html``). "Our reading" marks the places where the original rules were silent
or ambiguous and we had to decide; scenario options say where the user can switch.
"""
from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from combatassist import rulesets
from combatassist.data import resource_path
from combatassist.files import read_text_file


def general_html() -> str:
    """How Combat Assistant answers (``resources/help.html``: data, like each ruleset's help)."""
    return read_text_file(resource_path("help.html"))


def rules_html(ruleset: str | None = None) -> str:
    """The help text for one ruleset (or all of them): each ruleset's own ``help_text()``
    (``resources/<name>/help.html``, its numbers filled in from the ruleset's tables)."""
    if ruleset is not None:
        return rulesets.get(ruleset).help_text() + general_html()
    return general_html() + "".join(r.help_text() for r in rulesets.all_rulesets())


def rules_dialog(parent: QWidget, ruleset: str | None, title: str) -> QDialog:
    """Help → Rules for one ruleset (the general part too), as a dialog to ``exec()``."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(f"Rules — {title}")
    text = QTextBrowser()
    text.setHtml(rules_html(ruleset))
    text.setOpenExternalLinks(True)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(text)
    layout.addWidget(buttons)
    dialog.resize(640, 560)
    return dialog
