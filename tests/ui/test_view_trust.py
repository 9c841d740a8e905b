"""Views a player can trust (issue 18): no stale warnings or figures left unmarked, no
degenerate plots, tooltips that explain."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDragMoveEvent, QDropEvent

from combatassist_gui.views.mediumluck.bands_model import POOL

MOVE = Qt.DropAction.MoveAction


@pytest.fixture(autouse=True)
def _no_disk_cache(monkeypatch):
    monkeypatch.setenv("COMBATASSIST_CACHE_DIR", "off")


@pytest.fixture
def ml_view(open_view):
    from combatassist_gui.views.mediumluck import MediumLuckView

    return open_view(MediumLuckView)


def chip_data(view, side, place, unit):
    m = view.board_widget.lists[(side, place)].place_model
    row = [u for u, _ in m.chips].index(unit)
    return m.mimeData([m.index(row, 0)], None)


# -- 5: a successful drag clears the warnings of the refused places it passed over ------------
@pytest.mark.filterwarnings("ignore::DeprecationWarning")   # PySide's drag event signatures
def test_a_successful_drop_clears_the_refusals_shown_on_the_way(ml_view):
    board = ml_view.board_widget
    tanks = chip_data(ml_view, "attacker", "red.roll", "tank")
    white = board.lists[("attacker", "white.roll")]
    white.dragMoveEvent(QDragMoveEvent(QPoint(5, 5), MOVE, tanks, Qt.MouseButton.LeftButton,
                                       Qt.KeyboardModifier.NoModifier))
    assert "can only roll red" in board.status.text()        # said while over white
    pool = board.lists[("attacker", POOL)]
    event = QDropEvent(QPointF(5, 5), MOVE, tanks, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    pool.dropEvent(event)
    assert event.isAccepted()
    assert board.status.text() == ""


def test_a_refused_drop_keeps_its_reason(ml_view):
    board = ml_view.board_widget
    tanks = chip_data(ml_view, "attacker", "red.roll", "tank")
    white = board.lists[("attacker", "white.roll")]
    event = QDropEvent(QPointF(5, 5), MOVE, tanks, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    white.dropEvent(event)
    assert "can only roll red" in board.status.text()


# -- 13: an empty side is "no battle", not a degenerate plot --------------------------------------
@pytest.fixture
def ll_view(open_view):
    from combatassist_gui.views.lowluck import LowLuckView

    return open_view(LowLuckView)


def recomputed(qtbot, view, before):
    qtbot.waitUntil(lambda: view.results.result is not before and not view.computer.is_busy(),
                    timeout=20_000)
    return view.results.result


@pytest.mark.parametrize("edition", ["classic", "1942se", "1940se"])
@pytest.mark.parametrize("side, words", [("attacker", "the attacker has no units"),
                                         ("defender", "the defender has no units")])
def test_an_empty_side_says_no_battle_instead_of_plotting(qtbot, ll_view, side, words,
                                                          edition):
    """(A later edition's empty attacker raised in the territory figure: an error, not this.)"""
    results = ll_view.results
    if edition != "classic":
        before = results.result
        index = ll_view.edition_box.findData(edition)
        ll_view.edition_box.setCurrentIndex(index)
        ll_view.edition_box.activated.emit(index)
        recomputed(qtbot, ll_view, before)
    assert results.details.isVisible() and not results.no_battle.isVisible()
    before = results.result
    for spin in ll_view.sides[side].spins.values():
        spin.setValue(0)
    recomputed(qtbot, ll_view, before)
    assert results.no_battle.isVisible()
    assert results.no_battle.text() == f"No battle: {words}."
    assert not results.details.isVisible()
    # units again: the plots come back
    before = results.result
    ll_view.sides[side].spins["infantry"].setValue(2)
    recomputed(qtbot, ll_view, before)
    assert results.details.isVisible() and not results.no_battle.isVisible()


def test_a_cleared_form_says_no_battle(qtbot, ll_view):
    """Both sides emptied: no battle, as for one empty side (it said "the battle has no units
    on either side (add e.g. [attacker] units = { infantry = 3 } ...)", a file's hint, over
    the last set-up's figures)."""
    results = ll_view.results
    before = results.result
    for side in ll_view.sides.values():
        for spin in side.spins.values():
            spin.setValue(0)
    recomputed(qtbot, ll_view, before)
    assert ll_view.last_error is None
    assert results.no_battle.isVisible()
    assert results.no_battle.text() == "No battle: neither side has units."


# -- 12: the research chart of a plan that can't be computed is marked stale ------------------------
def test_research_marks_the_old_chart_stale_while_the_plan_is_refused(qtbot, ll_view):
    panel = ll_view.tech_panel
    qtbot.waitUntil(lambda: panel.plan is not None and not panel.computer.is_busy())
    title = panel.plot.plotItem.titleLabel.text
    assert "last plan" not in title
    panel.invest.setText("18, 30, 5")
    qtbot.waitUntil(lambda: "&#9888;" in panel.status.text() and not panel.computer.is_busy())
    assert "still those of the last plan that could be computed" in panel.status.text()
    assert "not this plan" in panel.plot.plotItem.titleLabel.text
    panel.invest.setText("18, 18, 18")
    qtbot.waitUntil(lambda: panel.status.text() == "" and not panel.computer.is_busy())
    assert panel.plan.rounds == 3
    assert "not this plan" not in panel.plot.plotItem.titleLabel.text


def test_bombing_raid_marks_the_old_plots_stale_while_the_raid_is_refused(qtbot, ll_view):
    panel = ll_view.sbr_panel
    qtbot.waitUntil(lambda: panel.result is not None and not panel.computer.is_busy())
    panel.bombers.lineEdit().setText("250")          # typed: above the 200 bombers allowed
    qtbot.waitUntil(lambda: "&#9888;" in panel.status.text() and not panel.computer.is_busy())
    assert "200" in panel.status.text()
    assert "still those of the last raid that could be computed" in panel.status.text()
    assert "not this raid" in panel.loss_plot.plotItem.titleLabel.text


# -- 8: tooltips explain; Dirtside II's weapon families are spelled out ----------------------------
def test_lowluck_unit_labels_explain_the_unit(ll_view):
    from PySide6.QtWidgets import QLabel

    side = ll_view.sides["attacker"]
    labels = {w.buddy(): w for w in side.findChildren(QLabel) if w.buddy() is not None}
    spin = side.spins["armor"]
    assert spin in labels, "each count has its unit label as buddy"
    tip = labels[spin].toolTip()
    assert "attack 3" in tip and "defence 2" in tip and "cost 5" in tip


def test_pin_as_baseline_says_what_it_does(ll_view):
    assert "compare" in ll_view.results.pin.toolTip()


def test_medium_luck_band_headings_explain_the_band(ml_view):
    board = ml_view.board_widget
    chart = ml_view.board.chart
    for band in chart.bands:
        tip = board.band_labels[band.name].toolTip()
        assert tip, band.name
        for unit in band.roll:
            assert unit.replace("_", " ") in tip.lower()
    for head in board.column_heads:
        assert head.toolTip()


@pytest.fixture
def ds2_view(open_view):
    from combatassist_gui.views.ds2 import Ds2View

    return open_view(Ds2View)


def test_ds2_weapon_families_are_spelled_out(ds2_view):
    from combatassist.rulesets import ds2

    combo = ds2_view.family
    names = {f["id"]: f["name"] for f in ds2.weapon_options()["families"]}
    assert names["hel"] == "High-energy laser" and names["gms_h"].startswith("Guided missile")
    texts = {combo.itemData(i): combo.itemText(i) for i in range(combo.count())
             if combo.itemData(i) is not None}
    for fid, text in texts.items():
        assert names[fid] in text, fid                    # "HEL — High-energy laser (heavy)"
        assert combo.itemData(combo.findData(fid), Qt.ItemDataRole.ToolTipRole)
    assert combo.toolTip()


def test_agc_shows_no_round_figures(open_view):
    from combatassist_gui.views.agc import AgcView

    v = open_view(AgcView)
    names = [name.text() for name, _ in v.results.figures.pairs]
    assert "Expected rounds" not in names and not any("Undecided" in n for n in names)
    assert "expected_rounds" not in v.results.numbers    # one resolution: never built


def test_a_long_chip_fits_its_slot(ml_view, qtbot):
    from PySide6.QtWidgets import QApplication

    board = ml_view.board
    board.add("attacker", "strategic_bomber", 1)
    assert board.move("attacker", "strategic_bomber", 1, POOL, "black.roll") is None
    QApplication.processEvents()
    chips = ml_view.board_widget.lists[("attacker", "black.roll")]
    index = chips.model().index(0, 0)
    assert chips.model().data(index) == "Strategic bomber ×1"
    rect = chips.visualRect(index)
    assert chips.viewport().rect().contains(rect), (rect, chips.viewport().rect())


# -- 6: the Ur wall meter's labels are never cut ----------------------------------------------------
@pytest.mark.parametrize("width", [240, 300, 420])
def test_ur_wall_labels_fit_the_meter(qtbot, width):
    from PySide6.QtGui import QFontMetricsF

    from combatassist.rulesets.ur import tables
    from combatassist_gui.views.ur.wall import WallMeter

    meter = WallMeter()
    qtbot.addWidget(meter)
    meter.resize(width, 58)
    for kind, table in tables().walls.items():
        for damage in range(sum(table.steps_to_lose) + 1):
            meter.set_wall(kind, damage)
            for _strength, text, rect, font in meter.labels():
                assert rect.left() >= 0 and rect.right() <= width, (kind, damage, text)
                assert rect.width() >= QFontMetricsF(font).horizontalAdvance(text)


# -- 11 (the part left here): the exported PNG has no Pin / Unpin button -----------------------
def test_the_exported_plot_leaves_out_the_pin_button(ll_view, tmp_path, monkeypatch):
    results = ll_view.results
    results.pin_baseline(True)
    seen = []
    grab = type(results).grab
    monkeypatch.setattr(type(results), "grab",
                        lambda self: seen.append(self.pin.isVisible()) or grab(self))
    assert results.export_png(tmp_path / "odds.png")
    assert seen == [False] and results.pin.isVisible()
    assert (tmp_path / "odds.png").stat().st_size > 1000


def test_ds2_family_names_are_not_cut(ds2_view, qtbot):
    combo = ds2_view.family
    widest = max(combo.fontMetrics().horizontalAdvance(combo.itemText(i))
                 for i in range(combo.count()))
    qtbot.waitUntil(lambda: combo.width() >= widest + 20)   # the text, the arrow and margins
