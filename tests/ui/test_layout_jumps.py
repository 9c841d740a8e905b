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


#: A full White band: three boost chips and two roll chips a side, long German names
#: ("Taktischer Bomber ×12", "Mech. Infanterie ×12") wrapping onto more lines than a cell had.
FULL_BANDS = """
ruleset = "mediumluck"
[attacker.bands.red]
roll = { tank = 12 }
boost = { mech_infantry = 12 }
[attacker.bands.white]
roll = { infantry = 12, mech_infantry = 12 }
boost = { artillery = 12, fighter = 12, tactical_bomber = 12 }
[defender.bands.white]
roll = { infantry = 12, mech_infantry = 12 }
boost = { artillery = 12, fighter = 12, tactical_bomber = 12 }
"""


@pytest.mark.parametrize("size", [(1280, 740), (1366, 708)], ids=["1280x800", "1366x768"])
def test_no_band_cell_grows_a_scroll_bar(language, size, open_view, qtbot):
    """A Medium Luck place is as tall as its chips need: three chips, or a German name that
    wraps, make the band's row taller instead of a scroll bar in the cell (item 11)."""
    from combatassist.scenario import parse_scenario_text
    from combatassist_gui.views.mediumluck.chip_list import ChipList

    view = open_view(MediumLuckView, size=size)
    view.set_scenario(parse_scenario_text(FULL_BANDS))
    settle_layout(view)
    cells = [c for c in view.findChildren(ChipList) if c.objectName().endswith(("roll", "boost"))]
    assert len(cells) == 4 * 6

    def scrolled():
        return {c.objectName(): c.verticalScrollBar().maximum() for c in cells
                if c.verticalScrollBar().maximum() > 0}

    qtbot.waitUntil(lambda: not scrolled(), timeout=5_000)    # the rows re-laid out
    boost = next(c for c in cells if c.objectName() == "chips_attacker_white.boost")
    assert boost.height() > ChipList.BASE_HEIGHT              # three lines of chips: taller
    empty = next(c for c in cells if c.objectName() == "chips_attacker_yellow.boost")
    assert empty.height() == ChipList.BASE_HEIGHT             # an empty place keeps its height
