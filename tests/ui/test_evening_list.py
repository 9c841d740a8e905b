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
        words = " ".join(text.split())
        assert f"Angreifer gewinnt {i18n.localize(f'{100 * result.attacker_wins:.2f}')} %" in words
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


def _x(widget, view) -> int:
    return widget.mapTo(view, widget.rect().topLeft()).x()


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768)])
def test_the_set_up_stays_put_across_editions_and_battle_kinds(language, size, open_view,
                                                              qtbot):
    """The set-up pane widened at each edition switch (402 -> 497 -> 526 px at 1280x800) and
    the columns moved: 'Damaged' sat in the 'Landed' column in a sea battle, the costs moved
    with the longest unit name. Now the pane, the cost column and every input column keep
    their place in every shipped edition and battle kind."""
    view = open_view(LowLuckView, size=size)
    seen = []
    for edition in lowluck_editions():
        for kind in ("land", "sea"):
            _choose(view.edition_box, edition)
            _choose(view.battle_kind, kind)
            QApplication.processEvents()
            view.fit_form_pane()
            side = view.sides["attacker"]
            head = side.extra_heads.get("damaged")
            seen.append((view.splitter.sizes()[0], _x(side.cost_labels["infantry"], view),
                         _x(head, view) if head is not None else None))
    panes, costs, damaged = zip(*seen)
    assert len(set(panes)) == 1, seen
    assert len(set(costs)) == 1, seen
    assert len({x for x in damaged if x is not None}) == 1, seen


def lowluck_editions():
    from combatassist.rulesets import lowluck
    return lowluck.SHIPPED


def test_the_ipc_figures_keep_their_column_in_land_and_sea(language, open_view, qtbot):
    """The IPC figures' values moved right in a sea battle (no 'Takes the territory' beside
    them): the figures keep their columns whatever is hidden."""
    view = open_view(LowLuckView)
    _choose(view.edition_box, "1942se")
    xs = {}
    for kind in ("land", "sea"):
        before = view.results.result
        _choose(view.battle_kind, kind)
        if kind == "sea":
            side = view.sides["attacker"]
            side.spins["destroyer"].setValue(2)
            view.sides["defender"].spins["submarine"].setValue(1)
        qtbot.waitUntil(lambda: not view.computer.is_busy() and view.results.result is not
                        before and view.results.scenario.body.options.battle == kind,
                        timeout=20_000)
        figures = view.results.battle_figures
        for _ in range(3):
            QApplication.processEvents()          # the grid laid out again (posted)
        assert figures.numbers["attacker_ipc_lost"].isVisible()
        assert figures.numbers["takes_territory"].isVisible() == (kind == "land")
        xs[kind] = _x(figures.numbers["attacker_ipc_lost"], view)
    assert xs["land"] == xs["sea"], xs


def test_counted_units_in_the_engines_sentences_take_the_plural(qapp):
    """'jetzt: Angreifer: 1 Jäger, 2 U-Boot' — the engine's '{n} {unit}' said a German
    unit's singular for any count. A unit counted by the message's n (or count) is said in
    the translation's form for that count; English stays the engine's own text."""
    from combatassist.rulesets.lowluck.casualties import unit_name
    from combatassist.text import msg
    from combatassist_gui.engine_text import render

    texts = {n: msg("{n} {unit}", n=n, unit=unit_name("submarine")) for n in (1, 2)}
    only = msg("the {side} has only {count} {unit}, not {n}", side="attacker", count=2,
               unit=unit_name("battleship"), n=3)
    i18n.install("de", qapp)
    try:
        assert render(texts[1]) == "1 U-Boot"
        assert render(texts[2]) == "2 U-Boote"
        assert "2 Schlachtschiffe" in render(only)
        assert render(msg("{n} {unit}", n=3, unit=unit_name("armor"))) == "3 Panzer"
    finally:
        i18n.install("en", qapp)
    assert render(texts[2]) == str(texts[2]) == "2 submarine"


def test_a_battle_log_in_german_counts_its_units(qapp):
    """The table side's position line after a round of a 1942 sea battle, in German."""
    import random

    from combatassist import rulesets
    from combatassist.scenario import load_scenario
    from combatassist.table import TableBattle
    from combatassist_gui.engine_text import render

    scenario = load_scenario("examples/lowluck-1942-sea.toml")
    battle = TableBattle(rulesets.get("lowluck").make_rules(scenario.body), ruleset="lowluck")
    battle.enter(battle.roll(random.Random(3)))
    i18n.install("de", qapp)
    try:
        shown = render(battle.log[-1].text)
    finally:
        i18n.install("en", qapp)
    assert "2 U-Boote" in shown and "2 U-Boot," not in shown, shown


def test_one_hit_is_one_hit():
    """'Fire: the attacker scores 1 hits': the engine's sentences count hits in English
    too (the German 'Treffer' is the same for one and many)."""
    from combatassist import rulesets
    from combatassist.table import TableBattle

    from combatassist.scenario import parse_scenario_text
    ruleset = rulesets.get("lowluck")
    scenario = parse_scenario_text('ruleset = "lowluck"\n[options]\ndice = "standard"\n'
                                   '[attacker]\nunits = { infantry = 1 }\n'
                                   '[defender]\nunits = { infantry = 1 }\n')
    battle = TableBattle(ruleset.make_rules(scenario.body), ruleset="lowluck")
    phase = battle.current_phase()
    for rolled in _rolls(len(battle.dice())):
        a, _d = phase.resolve(battle.round_states[0], rolled)    # hits per batch
        text = str(battle.preview(rolled).explanation)
        if sum(a) == 1:
            assert "scores 1 hit," in text, text
            return
    pytest.fail("no roll scored exactly one hit")


def _rolls(n: int):
    import itertools
    return itertools.product(range(1, 7), repeat=n)


def test_a_1940_land_battle_in_german_counts_bombers_and_aircraft(qapp):
    """'2 Taktischer Bomber' in the position line (the later editions name units by their
    ids in words) and 'AA-Feuer: 1 Flugzeuge abgeschossen'."""
    import random

    from combatassist import rulesets
    from combatassist.scenario import load_scenario
    from combatassist.table import TableBattle
    from combatassist_gui.engine_text import render

    scenario = load_scenario("examples/lowluck-1940-land.toml")
    rules = rulesets.get("lowluck").make_rules(scenario.body)
    shown = []
    for seed in range(40):                      # an AA roll that downs exactly one plane
        battle = TableBattle(rules, ruleset="lowluck")
        battle.enter(battle.roll(random.Random(seed)))
        if "one aircraft" in str(battle.log[-1].text):
            break
    i18n.install("de", qapp)
    try:
        shown = render(battle.log[-1].text)
        start = render(rules.describe(rules.initial_state()))
    finally:
        i18n.install("en", qapp)
    assert "ein Flugzeug abgeschossen" in shown, shown
    assert "2 Taktische Bomber" in start and "2 Mech. Infanterie" in start, start
