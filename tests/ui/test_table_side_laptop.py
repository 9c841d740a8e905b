"""Issue 25: the table side on a laptop — a long log entry can be read to its end (item 2)."""
from __future__ import annotations

import random

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


def sideways_problems(panel) -> list[str]:
    """What of the table side a player can't reach without scrolling sideways: the battle
    pane wider than its view, or a button or heading out of the view to the left or right."""
    from PySide6.QtWidgets import QLabel, QPushButton

    QApplication.processEvents()
    area = panel.battle_scroll
    view_width = area.viewport().width()
    problems = []
    need = area.widget().minimumSizeHint().width()
    if need > view_width + 1:
        problems.append(f"the battle needs {need} px, has {view_width}")
    for widget in area.widget().findChildren(QPushButton) + [panel.heading, panel.state_label]:
        if not widget.isVisibleTo(panel):
            continue
        left = widget.mapTo(area.viewport(), widget.rect().topLeft()).x()
        right = widget.mapTo(area.viewport(), widget.rect().topRight()).x()
        shown = widget.text() if isinstance(widget, (QLabel, QPushButton)) else ""
        if left < 0 or right > view_width:
            problems.append(f"{shown[:40]!r} at x {left}..{right} of {view_width}")
        if isinstance(widget, QPushButton) and \
                widget.width() < widget.minimumSizeHint().width():
            problems.append(f"{shown!r} squeezed to {widget.width()} px")
    return problems


@pytest.mark.timeout(600)
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 800), (1366, 768)])
def test_every_table_side_fits_a_laptop_screen(language, size, make_window, qapp):
    """Issue 25, item 3: at 1280×800 and 1366×768, English and German, every ruleset's table
    side mid-battle, after a retreat and after Undo: every button whole and on screen, no
    sideways scrolling."""
    from combatassist_gui import i18n
    from combatassist_gui.app import demo_battle, settle, wait_for

    i18n.install(language, qapp)
    try:
        window = make_window()
        window.resize(*size)
        found = []
        for index, view in enumerate(window.views):
            window.tabs.setCurrentIndex(index)
            assert wait_for(qapp, lambda v=view: settle(v), 120_000)
            panel = view.table_panel
            view.tabs.setCurrentWidget(panel)
            demo_battle(panel)
            assert wait_for(qapp, lambda v=view: settle(v), 120_000)
            found += [f"{view.ruleset} mid-battle: {p}" for p in sideways_problems(panel)]
            battle = panel.battle
            rng = random.Random(7)
            while battle.dice_entered() and not battle.is_over():   # to the round's end
                battle.enter(battle.roll(rng))
            sides = battle.retreat_sides()
            if sides and not battle.is_over():
                battle.end("retreat", sides[-1])
                found += [f"{view.ruleset} retreated: {p}" for p in sideways_problems(panel)]
            panel.undo()
            found += [f"{view.ruleset} after Undo: {p}" for p in sideways_problems(panel)]
        assert not found, "\n".join(found)
    finally:
        i18n.install("en", qapp)
