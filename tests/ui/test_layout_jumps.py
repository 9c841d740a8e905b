"""Nothing jumps while a player works (issue 25, item 11): picking a terrain never widens the
AGC set-up pane, and showing Stop (busy) never moves the results under it."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication

from combatassist_gui.views.agc import AgcView
from combatassist_gui.views.lowluck import LowLuckView
from combatassist_gui.views.mediumluck import MediumLuckView


def settle_layout(view) -> None:
    for _ in range(3):
        QApplication.processEvents()
    view.layout().activate()


@pytest.fixture(params=["en", "de"])
def language(request, qapp):
    from combatassist_gui import i18n

    i18n.install(request.param, qapp)
    yield request.param
    i18n.install("en", qapp)


def test_no_terrain_widens_the_agc_set_up(language, open_view, qtbot):
    view = open_view(AgcView, size=(1280, 740))
    settle_layout(view)
    widths = set()
    for terrain in view._terrains:
        view.terrain.set_terrain(terrain)
        view._refresh_form()
        settle_layout(view)
        widths.add(view.forces.sizeHint().width())
    assert len(widths) == 1, widths


@pytest.mark.parametrize("cls", [LowLuckView, MediumLuckView], ids=lambda c: c.ruleset)
def test_busy_moves_nothing_in_the_results(cls, open_view):
    view = open_view(cls, size=(1280, 740))
    results = view.results
    settle_layout(view)
    parts = [results.figures, results.battle_figures, results.details]

    def places():
        return [(p.mapTo(results, QPoint(0, 0)).y(), p.height()) for p in parts]

    idle = places()
    results.set_busy(True)                 # Stop, the spinner, "Computing…" shown
    settle_layout(view)
    assert results.stop_button.isVisible()
    assert places() == idle
    results.set_busy(False)
