"""The main window a player can trust (issue 18): shortcuts from every field, a new set-up
drops the old baseline, a window never too small to show the odds."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit

from combatassist.rulesets import mediumluck
from combatassist.scenario import Scenario, save_scenario
from tests.ui.conftest import wait_result
from combatassist_gui.views import discover


def only(*rulesets: str) -> list[type]:
    """The views of ``rulesets`` only (faster windows)."""
    return [cls for cls in discover() if cls.ruleset in rulesets]


@pytest.fixture
def window(make_window, qtbot):
    w = make_window(views=only("lowluck", "mediumluck"))
    qtbot.waitExposed(w)
    w.activateWindow()
    return w


def show(window, ruleset: str, qtbot):
    view = window.view_for(ruleset)
    window.tabs.setCurrentWidget(view)
    wait_result(qtbot, view)
    return view


# -- 10: menu shortcuts work from every field --------------------------------------------------
@pytest.fixture
def exports(monkeypatch):
    asked: list[str] = []

    def ask(_parent, caption, *_args, **_kwargs):
        asked.append(caption)
        return "", ""                      # the player cancels the file dialog
    monkeypatch.setattr(QFileDialog, "getSaveFileName", ask)
    return asked


def press(qtbot, widget, key, modifier=Qt.KeyboardModifier.ControlModifier) -> None:
    widget.setFocus()
    qtbot.waitUntil(widget.hasFocus)
    qtbot.keyClick(widget, key, modifier)


class GreedyField(QLineEdit):
    """A field that claims every key for its own editing, as QLineEdit does with Ctrl+E on X11
    (offscreen it doesn't: this makes the test mean the same everywhere)."""

    def event(self, event):  # noqa: D102
        if event.type() == QEvent.Type.ShortcutOverride:
            event.accept()
            return True
        return super().event(event)


def test_menu_shortcuts_win_over_a_field_that_claims_them(window, qtbot, exports):
    view = show(window, "lowluck", qtbot)
    field = GreedyField()
    view.form.layout().insertWidget(0, field)
    press(qtbot, field, Qt.Key.Key_E)
    assert exports == ["Export results"]
    press(qtbot, field, Qt.Key.Key_B)
    assert view.table_panel.battle is not None


def test_export_shortcut_works_from_the_title_field(window, qtbot, exports):
    view = show(window, "lowluck", qtbot)
    press(qtbot, view.title_edit, Qt.Key.Key_E)
    assert exports == ["Export results"]


def test_export_shortcut_works_from_a_count_box(window, qtbot, exports):
    view = show(window, "lowluck", qtbot)
    spin = view.sides["attacker"].spins["infantry"]
    press(qtbot, spin.lineEdit(), Qt.Key.Key_E)
    assert exports == ["Export results"]


def test_fight_shortcut_works_from_medium_lucks_title_field(window, qtbot):
    view = show(window, "mediumluck", qtbot)
    view.title_edit.setFocus()
    qtbot.keyClicks(view.title_edit, "Night raid")
    press(qtbot, view.title_edit, Qt.Key.Key_B)
    assert view.table_panel.battle is not None


def test_editing_keys_still_edit_the_field(window, qtbot):
    view = show(window, "lowluck", qtbot)
    view.title_edit.setText("abc")
    press(qtbot, view.title_edit, Qt.Key.Key_A)          # select all (not a menu shortcut)
    assert view.title_edit.selectedText() == "abc"


# -- 4: a new set-up drops the pinned baseline ----------------------------------------------------
def other_scenario(tmp_path) -> str:
    body = mediumluck.default_scenario().body
    scenario = Scenario("mediumluck", body, "Another battle")
    path = tmp_path / "other.toml"
    save_scenario(scenario, path)
    return str(path)


def test_opening_a_file_drops_the_pinned_baseline(window, qtbot, tmp_path):
    view = show(window, "mediumluck", qtbot)
    view.results.pin_baseline(True)
    assert view.results.baseline is not None
    assert window.open_file(other_scenario(tmp_path))
    assert view.results.baseline is None
    assert not view.results.pin.isChecked() and view.results.pin.text() == "Pin as baseline"
    wait_result(qtbot, view)
    assert "pts" not in view.results.numbers["attacker_wins"].text()


def test_a_new_scenario_drops_the_pinned_baseline(window, qtbot):
    view = show(window, "lowluck", qtbot)
    view.results.pin_baseline(True)
    window.new()
    assert view.results.baseline is None and not view.results.pin.isChecked()


# -- 7: a window never too small to show the odds ----------------------------------------------------
def test_the_smallest_window_still_shows_the_set_up_and_the_odds(make_window, qtbot):
    window = make_window()                                   # every real view
    window.resize(500, 350)
    QApplication.processEvents()
    for view in window.ruleset_views():
        window.tabs.setCurrentWidget(view)
        wait_result(qtbot, view, timeout=60_000)
        QApplication.processEvents()
        assert view.form_scroll.width() >= 340, view.ruleset            # the set-up pane
        numbers = view.results.numbers
        odds = [numbers[k] for k in ("attacker_wins", "defender_wins") if k in numbers] or \
            list(numbers.values())                          # Dirtside II: the shot's figures
        for label in odds:
            seen = label.visibleRegion().boundingRect()
            assert seen.size() == label.size() and not label.visibleRegion().isEmpty(), \
                view.ruleset
        assert view.odds_scroll.horizontalScrollBar().maximum() == 0, view.ruleset


# -- 6: nothing cut off at 1280x800 (the results side with a baseline pinned) --------------------
@pytest.mark.parametrize("size", [(1280, 800), (900, 560)])
def test_a_pinned_baseline_never_makes_the_results_scroll_sideways(window, qtbot, size):
    window.resize(*size)
    view = show(window, "mediumluck", qtbot)
    view.results.pin_baseline(True)
    before = view.results.result
    view.board.add("attacker", "infantry", 2)
    qtbot.waitUntil(lambda: view.results.result is not before and not view.computer.is_busy(),
                    timeout=30_000)
    QApplication.processEvents()
    assert "pts" in view.results.numbers["attacker_wins"].text()
    assert view.odds_scroll.horizontalScrollBar().maximum() == 0
    for label in list(view.results.numbers.values()) + [view.results.pin]:
        seen = label.visibleRegion().boundingRect()
        assert seen.size() == label.size(), label.objectName() or label.text()
    for plot in (view.results.loss_plot, view.results.round_plot):   # title, legend not cut
        assert plot.plotItem.size().width() <= plot.viewport().width() + 1


def test_opening_an_example_drops_the_pinned_baseline(window, qtbot):
    from pathlib import Path

    view = show(window, "mediumluck", qtbot)
    view.results.pin_baseline(True)
    example = sorted((Path(__file__).resolve().parents[2] / "examples").glob("mediumluck*.toml"))[0]
    assert window.open_example(example)
    assert view.results.baseline is None and not view.results.pin.isChecked()


def test_no_set_up_pane_scrolls_sideways_at_1280_by_800(make_window, qtbot):
    window = make_window()
    window.resize(1280, 800)
    for view in window.ruleset_views():
        window.tabs.setCurrentWidget(view)
        wait_result(qtbot, view, timeout=60_000)
        qtbot.waitUntil(lambda v=view: v.form_scroll.viewport().width() >=
                        v.form.minimumSizeHint().width(), timeout=2000)
    agc = window.view_for("agc")
    window.tabs.setCurrentWidget(agc)
    agc.set_scenario(agc.scenario())            # then the longest terrain name
    agc.terrain.set_terrain("mountainous")
    agc.edited()
    qtbot.waitUntil(lambda: agc.form_scroll.viewport().width() >=
                    agc.form.minimumSizeHint().width(), timeout=2000)


# -- issue 25, item 12: the window never opens larger than the screen --------------------------
LAPTOP_AREA = (0, 0, 1280, 770)            # a 1280×800 screen less a 30 px task bar


@pytest.fixture
def laptop_screen(monkeypatch):
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QScreen

    monkeypatch.setattr(QScreen, "availableGeometry", lambda self: QRect(*LAPTOP_AREA))
    return QRect(*LAPTOP_AREA)


def test_the_window_opens_within_the_available_screen(laptop_screen, make_window):
    window = make_window()
    assert laptop_screen.contains(window.frameGeometry()), window.frameGeometry()
    assert window.height() >= 700              # and still uses the room there is


def test_a_restored_window_from_a_bigger_screen_is_fitted(laptop_screen, make_window,
                                                          settings):
    first = make_window()
    first.setGeometry(200, 150, 1800, 1100)    # saved on a big monitor
    first.close()
    window = make_window()
    assert laptop_screen.contains(window.frameGeometry()), window.frameGeometry()


def test_the_frame_counts_when_fitting():
    from PySide6.QtCore import QRect, QSize

    from combatassist_gui.main_window import fitted

    available = QRect(*LAPTOP_AREA)
    inner = fitted(QRect(0, 0, 1280, 800), (16, 40), available, QSize(900, 560))
    frame = inner.adjusted(-8, -32, 8, 8)      # 8 px borders, a 32 px title bar
    assert available.contains(frame), frame
    assert (inner.width(), inner.height()) == (1280 - 16, 770 - 40)
