"""Figures of an earlier set-up never look current (issue 25, item 7): from the moment an
edit starts a computation until the new figures arrive they are greyed and said to be the
previous set-up's, and they stay so after Stop (Esc)."""
from __future__ import annotations

import pytest

from combatassist_gui import i18n

from combatassist_gui.views.agc import AgcView
from combatassist_gui.views.lowluck import LowLuckView
from combatassist_gui.views.mediumluck import MediumLuckView
from combatassist_gui.views.ur import UrView
from tests.ui.conftest import wait_result

PREVIOUS = "from the previous set-up"


@pytest.fixture
def german(qapp):
    yield i18n.install("de", qapp)
    i18n.install("en", qapp)


def greyed(results) -> bool:
    """Every part holding figures (bar, figures, details) under its opacity effect."""
    return all(part.graphicsEffect() is not None and part.graphicsEffect().isEnabled()
               and part.graphicsEffect().opacity() < 0.5 for part in results.stale_parts)


def clear(results) -> bool:
    return not any(part.graphicsEffect().isEnabled() for part in results.stale_parts)


def an_edit(view) -> None:
    """What every edit of the form does (``RulesetView.edited``): the set-up changed,
    compute again."""
    view.edited()


@pytest.mark.parametrize("cls", [LowLuckView, MediumLuckView, AgcView, UrView],
                         ids=lambda c: c.ruleset)
def test_figures_are_marked_from_the_edit_until_the_new_ones_arrive(open_view, qtbot, cls):
    view = open_view(cls)
    results = view.results
    before = results.result
    assert clear(results) and PREVIOUS not in results.status.text()
    an_edit(view)
    # at once, before the worker has answered: greyed and said
    assert view.computer.is_busy()
    assert greyed(results)
    assert PREVIOUS in results.status.text()
    qtbot.waitUntil(lambda: results.result is not before and not view.computer.is_busy(),
                    timeout=30_000)
    assert clear(results) and PREVIOUS not in results.status.text()


def test_stopped_figures_stay_marked(open_view, qtbot):
    view = open_view(LowLuckView)
    results = view.results
    before = results.result
    an_edit(view)
    results.stop_button.click()                          # (Esc)
    qtbot.waitUntil(lambda: not view.jobs.is_busy(), timeout=30_000)
    assert results.result is before                      # nothing new arrived
    assert greyed(results)
    assert "Stopped" in results.status.text() and PREVIOUS in results.status.text()
    # both dice systems stopped: the comparison's other column waits ("…") rather than
    # showing a figure of another set-up
    assert not view.other_computer.is_busy()


def test_the_first_computation_has_nothing_to_mark(qtbot, tmp_path):
    view = LowLuckView(autosave_dir=tmp_path)
    qtbot.addWidget(view)
    try:
        assert not greyed(view.results) and PREVIOUS not in view.results.status.text()
        wait_result(qtbot, view)
        assert clear(view.results)
    finally:
        view.shutdown()


def test_the_mark_is_translated(german, open_view, qtbot):
    view = open_view(LowLuckView)
    an_edit(view)
    assert greyed(view.results)
    assert "vorherigen" in view.results.status.text(), view.results.status.text()
