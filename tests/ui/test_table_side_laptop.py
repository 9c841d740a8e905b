"""Issue 25: the table side on a laptop — a long log entry can be read to its end (item 2)."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from combatassist_gui.views.agc import AgcView


@pytest.fixture
def agc_view(open_view):
    return open_view(AgcView)


def test_the_end_of_a_tall_log_entry_can_be_scrolled_into_view(agc_view, qtbot):
    panel = agc_view.table_panel
    agc_view.open_table()
    panel.dice_edit.setText(" ".join("3" for _ in panel.battle.dice()))
    panel.apply()                                  # the totals: a long entry, many lines
    panel.log.setFixedHeight(110)                  # shorter than that entry
    QApplication.processEvents()
    last = panel.log.item(panel.log.count() - 1)
    view_height = panel.log.viewport().height()
    assert panel.log.visualItemRect(last).height() > view_height
    bar = panel.log.verticalScrollBar()
    bar.setValue(bar.maximum())
    QApplication.processEvents()
    # the entry's last line (the defender's dice, the result) is on screen
    assert panel.log.visualItemRect(last).bottom() <= view_height
    # and every part of it on the way: the wheel moves less than a view at a time
    assert 0 < bar.singleStep() < view_height
