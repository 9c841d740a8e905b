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


#: Engine internals and English that the copied odds said to players (issue 36): the ruleset's
#: id as if every battle were low luck, and the solver's left-out probability.
INTERNALS = ("lowluck battle", "pruned mass", "pruned", "positions solved")
#: English words of the odds' lines that no German copy may contain
ENGLISH_ODDS = ("attacker wins", "defender wins", "expected losses", "expected rounds",
                "IPC lost", "draw ", "exact)")


def test_copied_odds_say_what_players_need_in_their_language(language, open_view, qtbot):
    """Copy results of a 1942 sea battle with ordinary dice said "lowluck battle (exact)" and
    "pruned mass: 7.3e-16", in English even in the German app."""
    from combatassist.scenario import load_scenario
    from tests.ui.conftest import wait_result

    view = open_view(LowLuckView)
    scenario = load_scenario("examples/lowluck-1942-sea.toml")
    view.set_scenario(scenario)
    qtbot.waitUntil(lambda: view.results.scenario is not None and
                    view.results.scenario.title == scenario.title, timeout=20_000)
    result = wait_result(qtbot, view)
    assert result.pruned > 0                      # the solver did leave some out
    text = view.results.copy_text()
    for word in INTERNALS:
        assert word not in text, (word, text)
    if language == "en":
        assert "Odds (exact)" in text
        assert f"attacker wins {100 * result.attacker_wins:8.2f}%" in text
    else:
        assert "Chancen (exakt)" in text
        assert f"Angreifer gewinnt {i18n.localize(f'{100 * result.attacker_wins:.2f}')} %" in text
        for words in ENGLISH_ODDS:
            assert words not in text, (words, text)


def test_medium_lucks_casualty_note_speaks_players_words(language, open_view):
    """Medium Luck's note said "Casualties: optimal play — 36,288 positions solved": how
    many positions the solver visited is the engine's business, not the players'."""
    view = open_view(MediumLuckView)
    note = view.policy_note.text()
    assert note
    for words in ("positions", "solved", "Stellungen", "berechnet"):
        assert words not in note, note
    if language == "en":
        assert "Casualties: optimal play — every choice of casualties weighed" in note
    else:
        assert "jede Wahl der Verluste abgewogen" in note


#: "Edition file not opened" in each language
NOT_OPENED = {"en": "Edition file not opened", "de": "Editionsdatei nicht geöffnet"}


def test_a_bad_edition_file_is_said_under_the_picker(language, open_view, tmp_path):
    """A bad edition file was only said in the status bar while the note under the picker
    still spoke of the last switch ("every unit and option kept")."""
    from combatassist_gui.views.lowluck.view import OPEN_EDITION

    view = open_view(LowLuckView)
    index = view.edition_box.findData("1940se")
    view.edition_box.setCurrentIndex(index)
    view.edition_box.activated.emit(index)           # a switch: the note says what it did
    before = view.edition_note.text()
    bad = tmp_path / "house.toml"
    bad.write_text('title = "House"\n[units]\ninfantry = { attack = 9 }\n')
    assert not view.open_edition_file(bad)
    note = view.edition_note
    assert note.isVisible() and NOT_OPENED[language] in note.text()
    assert "house.toml" in note.text()
    assert before == "" or before not in note.text()
    assert view.edition_box.currentData() == "1940se" and OPEN_EDITION != "1940se"


def _choose(combo, data) -> None:
    """Pick ``data`` in ``combo`` as a player does (the picker's activated signal too)."""
    index = combo.findData(data)
    assert index >= 0, data
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


def test_the_last_edition_dice_and_battle_kind_are_kept_between_starts(language, make_window,
                                                                        qtbot):
    """Every start was back at Classic, low luck, land battle: a 1942 player with ordinary
    dice set them again each evening. They are kept like the language (QSettings)."""
    window = make_window()
    view = window.view_for("lowluck")
    wait_result(qtbot, view)
    _choose(view.edition_box, "1942se")
    _choose(view.dice_mode, "standard")
    _choose(view.battle_kind, "sea")
    for doc in window.docs.values():
        doc.dirty = False                # no save question: the form's choices aren't a file
    window.close()

    again = make_window().view_for("lowluck")
    wait_result(qtbot, again)
    assert again.edition.name == "1942se"
    assert again.dice_mode.currentData() == "standard"
    assert again.battle_kind.currentData() == "sea"
    body = again.scenario().body
    assert body.edition.name == "1942se" and body.options.dice == "standard"
    assert body.options.battle == "sea"
    assert again.results.scenario.body.options.dice == "standard"    # computed so, too


def test_a_view_without_a_window_starts_at_the_shipped_default(open_view):
    """Nothing remembered outside a window (a view built alone, as tests do, reads no
    settings): the shipped default scenario."""
    from combatassist import rulesets
    view = open_view(LowLuckView)
    assert view.scenario().body == rulesets.get("lowluck").default_scenario().body


def _colour(pen) -> str:
    import pyqtgraph as pg
    return pg.mkPen(pen).color().name().lower()


@pytest.mark.parametrize("view_class", ["lowluck", "agc"])
def test_each_sides_baseline_markers_have_its_colour(language, view_class, open_view, qtbot):
    """The pinned baseline's circles on the losses plot were black for both sides: which
    circle was whose could not be told."""
    from combatassist_gui.result_style import ATTACKER, DEFENDER
    from combatassist_gui.views.agc import AgcView

    view = open_view(LowLuckView if view_class == "lowluck" else AgcView)
    view.results.pin_baseline(True)
    plot = view.results.loss_plot if view_class == "lowluck" else view.plots.damage_plot
    circles = [item for item in plot.getPlotItem().listDataItems()
               if item.opts.get("symbol") == "o" and item.opts.get("pen") is None]
    assert len(circles) == 2
    assert [_colour(item.opts["symbolPen"]) for item in circles] == [ATTACKER.lower(),
                                                                     DEFENDER.lower()]
    names = [item.name() for item in circles]
    assert all(names) and names[0] != names[1]      # each named in the legend


def test_a_bars_legend_swatch_has_no_stray_dash(qtbot):
    """A bar's legend sample drew the bar's pen as a line under its square, 2 px out on
    either side: a stray dash before (and after) every swatch."""
    import pyqtgraph as pg
    from PySide6.QtGui import QColor, QImage, QPainter

    from combatassist_gui.lazy_plot import LazyPlot
    from combatassist_gui.result_style import ATTACKER

    lazy = LazyPlot("t", "x", "y")
    qtbot.addWidget(lazy)
    plot = lazy.plot
    plot.addItem(pg.BarGraphItem(x=[0], height=[1], width=0.5, brush=ATTACKER,
                                 pen=pg.mkPen(ATTACKER), name="attacker"))
    sample, _label = plot.getPlotItem().legend.items[0]
    image = QImage(24, 24, QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    sample.paint(painter)
    painter.end()
    assert image.pixelColor(10, 10).name() == ATTACKER.lower()        # the square
    for x in (0, 21):                                                 # left and right of it
        assert image.pixelColor(x, 11).alpha() == 0, x
