"""The table side a player can trust (issue 18, item 9): Enter after Roll applies, Apply stays
where it was, no "press Enter" once the battle is over, ending a battle asks first, the set-up
pane shows where the battle stands, a resumed battle keeps its name."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.ui.conftest import wait_result
from tests.ui.test_main_window import LOWLUCK_ONLY


@pytest.fixture
def window(make_window, qtbot):
    w = make_window(views=LOWLUCK_ONLY)
    qtbot.waitExposed(w)
    w.activateWindow()
    return w


@pytest.fixture
def view(window, qtbot):
    v = window.view_for("lowluck")
    wait_result(qtbot, v)
    return v


@pytest.fixture
def answers(monkeypatch):
    """Script the answers to the panel's questions; record what was asked."""
    asked: list[str] = []
    replies: list[QMessageBox.StandardButton] = []

    def question(_parent, title, text, *args, **kwargs):
        asked.append(f"{title}: {text}")
        return replies.pop(0)
    monkeypatch.setattr(QMessageBox, "question", question)
    return asked, replies


def test_enter_after_roll_applies_the_rolled_dice(view, qtbot):
    panel = view.table_panel
    panel.start()
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    assert panel.dice_edit.text()
    qtbot.keyClick(QApplication.focusWidget() or panel, Qt.Key.Key_Return)
    assert len(panel.battle.rounds) == 1 or panel.log.count() == 1


def test_apply_stays_where_it_was_while_the_result_grows(window, view, qtbot):
    window.resize(900, 560)                         # the smallest window: texts wrap
    panel = view.table_panel
    panel.start()
    QApplication.processEvents()

    def where():
        QApplication.processEvents()
        return panel.apply_button.mapTo(panel, QPoint(0, 0))
    before = where()
    panel.dice_edit.setText("2")                    # a long explanation and a proposal
    assert panel.explain_label.text()
    assert where() == before
    panel.apply()                                   # the next round: other texts
    assert where() == before


def test_a_finished_battle_never_says_press_enter(view, qtbot):
    panel = view.table_panel
    panel.start()
    for dice in ("2", "5"):                         # Finland: over after two rounds
        panel.dice_edit.setText(dice)
        panel.apply()
    assert panel.battle.is_over() and not panel.apply_button.isEnabled()
    # issue 36: no greyed entry or proposal once it is over: the result and its summary
    assert not panel.entry_box.isVisibleTo(panel)
    assert "over" in panel.heading.text() and "Enter" not in panel.heading.text()
    assert panel.summary_label.isVisibleTo(panel) and "IPC lost" in panel.summary_label.text()


@pytest.mark.parametrize("button, what", [("retreat_button", "retreat"),
                                          ("end_button", "End")])
def test_ending_the_battle_asks_first(view, answers, button, what):
    asked, replies = answers
    panel = view.table_panel
    panel.start()
    replies.append(QMessageBox.StandardButton.No)
    getattr(panel, button).click()
    assert len(asked) == 1 and what in asked[0]
    assert not panel.battle.is_over()               # "No": nothing happened
    replies.append(QMessageBox.StandardButton.Yes)
    getattr(panel, button).click()
    assert panel.battle.is_over()


def test_the_set_up_pane_shows_where_the_battle_stands(view, qtbot):
    panel = view.table_panel
    banner = view.battle_banner
    assert banner.isHidden()
    panel.start()
    assert not banner.isHidden()
    assert panel.battle.describe() in banner.text()
    panel.dice_edit.setText("2")
    panel.apply()
    assert "round 2" in banner.text().lower()
    assert panel.battle.describe() in banner.text()    # the position now, not the start
    view.table_panel.battle.undo()
    assert panel.battle.describe() in banner.text()


def test_a_resumed_battle_keeps_its_name_in_the_title(make_window, qtbot, answers):
    asked, replies = answers
    first = make_window(views=LOWLUCK_ONLY)
    panel = first.view_for("lowluck").table_panel
    panel.start()
    panel.battle = None                                   # "crash": the process is gone,
    panel.release()                                       # and with it its autosave lock
    replies.append(QMessageBox.StandardButton.Yes)
    second = make_window(views=LOWLUCK_ONLY)
    second.offer_resume()
    assert second.view_for("lowluck").table_panel.battle is not None
    title = second.windowTitle()
    assert not title.startswith("Untitled")
    assert "Finland, Russia turn 1" in title and "resumed" in title


# -- 3: AGC at the table: the set-up is locked while a combat is fought (the one panel) ----------
def test_agc_set_up_is_locked_while_dice_are_entered(open_view, qtbot):
    from combatassist_gui.views.agc import AgcView

    view = open_view(AgcView)
    panel = view.table_panel
    armor = view.forces.spins["attacker"]["armor"]
    assert armor.isEnabled()
    view.open_table()
    assert not view.form.isEnabled() and not armor.isEnabled()
    qtbot.keyClick(armor, Qt.Key.Key_Up)            # the player tries: nothing changes
    qtbot.mouseClick(armor, Qt.MouseButton.LeftButton,
                     pos=QPoint(armor.width() - 5, 4))                  # the up arrow
    assert armor.value() == 2
    panel.battle.end("end")
    panel.close_battle()                            # the combat closed: the set-up is free
    assert view.form.isEnabled()


def test_agc_table_why_column_is_not_cut(open_view, qtbot):
    from PySide6.QtWidgets import QApplication

    from combatassist.rulesets.agc import AgcScenario, AgcSide
    from combatassist.scenario import Scenario
    from combatassist_gui.views.agc import AgcView

    view = open_view(AgcView)
    view.set_scenario(Scenario("agc", AgcScenario(
        "mountainous", AgcSide({"infantry": 3, "armor": 2, "artillery": 1,
                                "mountain_infantry": 1}),
        AgcSide({"infantry": 4, "engineers": 1})), "Into the mountains"))
    view.open_table()
    QApplication.processEvents()
    for table in view.lineup_tables.tables.values():
        assert table.horizontalScrollBar().maximum() == 0
        for row in range(table.rowCount()):
            item = table.item(row, 3)
            rect = table.visualItemRect(item)
            needed = table.fontMetrics().boundingRect(
                rect.adjusted(4, 0, -4, 0), int(Qt.TextFlag.TextWordWrap), item.text())
            assert needed.height() <= rect.height() + 2, item.text()    # wrapped, all shown
