"""Help → Rules: a short summary of each ruleset as the engine plays it (docs/rules.md).

The texts are the rulesets' own (``Ruleset.help_text``: ``resources/<name>/help.html``, with
the numbers filled in from the ruleset's tables) plus the general part
(``resources/help.html``), in the app's language (``help.<lang>.html`` beside them). "Our
reading" marks the places where the original rules were silent or ambiguous and we had to
decide; scenario options say where the user can switch.
"""
from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from combatassist import rulesets
from combatassist.data import resource_path
from combatassist.files import read_text_file
from combatassist.ruleset import help_path

from . import i18n
from .i18n import translate


def general_html(language: str | None = None) -> str:
    """How Combat Assistant answers (the part shared by every ruleset), in ``language``
    (default: the app's; ``resources/help.<lang>.html``, else English)."""
    language = language or i18n.current_language()
    return read_text_file(help_path(resource_path(""), language))


def rules_html(ruleset: str | None = None, language: str | None = None) -> str:
    """The help text for one ruleset (or all of them), in ``language`` (default: the app's)."""
    language = language or i18n.current_language()
    if ruleset is not None:
        return rulesets.get(ruleset).help_text(language) + general_html(language)
    return general_html(language) + "".join(r.help_text(language)
                                            for r in rulesets.all_rulesets())


def rules_dialog(parent: QWidget, ruleset: str | None, title: str) -> QDialog:
    """Help → Rules for one ruleset (the general part too), as a dialog to ``exec()``."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(translate("MainWindow", "Rules — {ruleset}").format(ruleset=title))
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
