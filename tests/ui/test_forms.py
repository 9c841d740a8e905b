"""Forms a player can trust: no value changes behind the player's back (issue 18)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from combatassist_gui.views.agc import AgcView
from combatassist_gui.views.lowluck import LowLuckView
from combatassist_gui.widgets.count_box import CountBox



def wheel(widget, steps: int = -1) -> None:
    """One wheel notch (down for negative ``steps``) over the middle of ``widget``."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(centre, QPointF(widget.mapToGlobal(centre.toPoint())), QPoint(0, 0),
                        QPoint(0, 120 * steps), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


@pytest.fixture
def agc_view(open_view):
    return open_view(AgcView, size=(1000, 420))          # short: the form scrolls


def test_wheel_over_an_unfocused_count_scrolls_the_form_and_leaves_the_count(qtbot, agc_view):
    spin = agc_view.forces.spins["attacker"]["infantry"]
    before = spin.value()
    bar = agc_view.form_scroll.verticalScrollBar()
    assert bar.maximum() > 0, "the test needs a form taller than its pane"
    bar.setValue(0)
    wheel(spin, -1)
    assert spin.value() == before
    assert bar.value() > 0, "the wheel must go on scrolling the form"
    assert agc_view.scenario().body.attacker.units["infantry"] == before


def test_wheel_edits_a_count_the_player_has_picked(qtbot, agc_view):
    spin = agc_view.forces.spins["attacker"]["infantry"]
    before = spin.value()
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus)
    wheel(spin, 1)
    assert spin.value() == before + 1


def test_combo_boxes_and_counts_never_take_the_focus_by_wheel(qtbot, agc_view):
    from PySide6.QtWidgets import QAbstractSpinBox, QComboBox

    fields = agc_view.form.findChildren(QAbstractSpinBox) + agc_view.form.findChildren(QComboBox)
    assert fields
    assert all(f.focusPolicy() == Qt.FocusPolicy.StrongFocus for f in fields)
    combo = agc_view.forces.engineers["attacker"]
    index = combo.currentIndex()
    wheel(combo, -1)
    assert combo.currentIndex() == index


# -- count boxes keep what is typed ----------------------------------------------------------
@pytest.fixture
def lowluck_view(open_view):
    return open_view(LowLuckView)


def type_into(qtbot, spin, text: str) -> None:
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), text)


@pytest.mark.parametrize("typed", ["150", "120", "999"])
def test_a_count_above_the_limit_is_kept_and_refused_visibly(qtbot, lowluck_view, typed):
    spin = lowluck_view.sides["attacker"].spins["infantry"]
    type_into(qtbot, spin, typed)
    spin.interpretText()
    assert spin.lineEdit().text() == typed
    assert spin.value() == int(typed)                 # never 15, 12 or 99
    assert spin.property("refused") is True
    assert "100" in spin.toolTip()
    # the results say why the figures are not those of the form (and keep the old ones)
    qtbot.waitUntil(lambda: lowluck_view.last_error is not None)
    assert "at most 100" in lowluck_view.last_error
    assert "Attacker's Infantry" in lowluck_view.last_error     # the form's words
    assert "still those of the last set-up" in lowluck_view.results.status.text()


@pytest.mark.parametrize("typed, kept", [("3.5", 3), ("-5", 4), ("abc", 4)])
def test_text_that_is_not_a_count_is_refused_and_the_last_count_stays(qtbot, lowluck_view,
                                                                      typed, kept):
    spin = lowluck_view.sides["attacker"].spins["infantry"]
    spin.setValue(4)
    type_into(qtbot, spin, typed)
    assert spin.lineEdit().text() == typed              # not "35" or "5"
    assert spin.property("refused") is True
    assert "whole number" in spin.refusal() and f"keeps {kept}" in spin.refusal()
    assert spin.value() == kept                         # the last whole count typed ("3")
    qtbot.keyClick(spin, Qt.Key.Key_Return)             # Enter (or leaving the field)
    assert spin.value() == kept and spin.lineEdit().text() == str(kept)
    assert not spin.property("refused")


def test_a_count_within_the_limit_is_accepted_and_computed(qtbot, lowluck_view):
    spin = lowluck_view.sides["attacker"].spins["infantry"]
    type_into(qtbot, spin, "12")
    assert spin.value() == 12 and not spin.property("refused")
    assert lowluck_view.scenario().body.attacker.units["infantry"] == 12


def test_arrows_stop_at_the_limit(qtbot):
    box = CountBox(5)
    qtbot.addWidget(box)
    box.setValue(4)
    box.stepBy(3)
    assert box.value() == 5
    assert not box.stepEnabled() & CountBox.StepEnabledFlag.StepUpEnabled
    box.setValue(9)                                   # typed past the limit
    box.stepBy(1)
    assert box.value() == 9
    box.stepBy(-1)
    assert box.value() == 5


def test_a_count_box_is_as_wide_as_a_plain_one_for_its_limit(qtbot):
    from PySide6.QtWidgets import QSpinBox

    box, plain = CountBox(100), QSpinBox()
    plain.setRange(0, 100)
    for w in (box, plain):
        qtbot.addWidget(w)
    assert box.sizeHint() == plain.sizeHint()
    assert box.minimumSizeHint() == plain.minimumSizeHint()


@pytest.mark.parametrize("special, prefix, suffix", [("to the end", "", ""),
                                                     ("never", "after round ", ""),
                                                     ("never", "with ", " units or fewer")])
def test_a_count_box_with_words_is_as_wide_as_a_plain_one(qtbot, special, prefix, suffix):
    """Its special text ("to the end") and prefix/suffix fit as in a plain spin box (the
    rounds box showed "o the end")."""
    from PySide6.QtWidgets import QSpinBox

    box, plain = CountBox(1000), QSpinBox()
    plain.setRange(0, 1000)
    for w in (box, plain):
        qtbot.addWidget(w)
        w.setSpecialValueText(special)
        w.setPrefix(prefix)
        w.setSuffix(suffix)
    # (to a pixel: Qt measures the texts it compares with its own rounding)
    assert abs(box.sizeHint().width() - plain.sizeHint().width()) <= 1
    assert abs(box.minimumSizeHint().width() - plain.minimumSizeHint().width()) <= 1
    assert box.sizeHint().width() > box.fontMetrics().horizontalAdvance(special)


def test_a_new_limit_keeps_what_is_typed(qtbot):
    box = CountBox(200, minimum=1)
    qtbot.addWidget(box)
    box.setValue(7)
    box.set_limit(5)                          # only 5 left to deploy
    assert box.value() == 7 and box.property("refused") is True
    assert "more than 5" in box.refusal()
    box.set_limit(9)
    assert box.value() == 7 and not box.property("refused")
