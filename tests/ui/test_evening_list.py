"""Issue 36, "the rest of the evening's list": what an evening at the table as a 1942 and a
Global 1940 player found besides the table side — each driven through the widgets as a
player would, in English and German."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from combatassist_gui import i18n
from combatassist_gui.views.ds2 import Ds2View
from combatassist_gui.views.lowluck import LowLuckView
from combatassist_gui.views.mediumluck import MediumLuckView

from .conftest import wait_result

#: the words the menu's Copy results says in the status bar, per language
COPIED = {"en": "Results copied", "de": "Ergebnisse kopiert"}


@pytest.fixture(params=["en", "de"])
def language(request, qapp):
    i18n.install(request.param, qapp)
    yield request.param
    i18n.install("en", qapp)


def test_the_odds_panes_copy_button_says_it_copied(language, open_view, qtbot):
    """The Odds pane's Copy results copied silently while the menu says "Results copied":
    the button says so too, on the pane."""
    view = open_view(LowLuckView)
    QApplication.clipboard().setText("")
    qtbot.mouseClick(view.results.copy_button, _left())
    assert QApplication.clipboard().text() == view.results.copy_text() != ""
    assert COPIED[language] in view.results.status.text()


def test_ds2s_pane_has_a_copy_results_button(language, qtbot, tmp_path):
    """DS2's pane had no Copy results button (only the menu could copy the shot)."""
    view = Ds2View(autosave_dir=tmp_path)
    qtbot.addWidget(view)
    view.resize(1280, 800)
    view.show()
    qtbot.waitUntil(lambda: not view.computer.is_busy() and view.results.answer is not None,
                    timeout=20_000)
    button = view.results.copy_button
    assert button.isVisible() and button.isEnabled()
    QApplication.clipboard().setText("")
    qtbot.mouseClick(button, _left())
    assert QApplication.clipboard().text() == view.results.copy_text() != ""
    assert COPIED[language] in view.results.status.text()
    view.shutdown()


def _left():
    from PySide6.QtCore import Qt
    return Qt.MouseButton.LeftButton
