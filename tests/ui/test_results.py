"""combatassist_gui.results.ResultsPanel: numbers, plots, baseline deltas, exports (on a tiny battle)."""
from __future__ import annotations

import csv
import io

import pytest

from combatassist.result import battle_result
from combatassist.solver import solve
from tests.engine.test_core import DuelRules
from combatassist_gui.results import ResultsPanel


def duel_result(a, d, values=(2, 3)):
    rules = DuelRules(a, d, values)
    return battle_result("duel", rules, solve(rules))


@pytest.fixture
def panel(qtbot):
    p = ResultsPanel()
    qtbot.addWidget(p)
    p.resize(900, 600)
    p.show()
    return p


def test_numbers_show_the_exact_result(panel):
    r = duel_result(2, 2)
    panel.show_result(r)
    assert panel.numbers["attacker_wins"].text() == f"{100 * r.attacker_wins:.2f}%"
    ea, ed = r.expected_losses()
    assert panel.numbers["defender_losses"].text() == f"{ed:.2f}"
    assert panel.numbers["expected_rounds"].text() == f"{r.expected_rounds:.2f}"
    assert panel.bar.values == (r.attacker_wins, r.draw, r.undecided, r.defender_wins)
    assert "exact" in panel.note.text()
    # the plots hold one bar series per side and the decided-by-round curve
    bars = [i for i in panel.loss_plot.getPlotItem().items if type(i).__name__ == "BarGraphItem"]
    assert len(bars) == 2
    curve = panel.round_plot.getPlotItem().listDataItems()[0]
    xs, ys = curve.getData()
    assert list(xs) == list(range(1, len(r.decided_by_round) + 1))
    assert ys[0] == pytest.approx(100 * r.decided_by_round[0])


def test_baseline_pins_and_shows_deltas_until_unpinned(panel):
    before = duel_result(2, 2)
    after = duel_result(3, 2)
    panel.show_result(before)
    panel.pin_baseline(True)
    assert panel.baseline is before
    panel.show_result(after)
    delta = 100 * (after.attacker_wins - before.attacker_wins)
    assert f"({delta:+.2f} pts)" in panel.numbers["attacker_wins"].text()
    assert panel.bar.baseline == (before.attacker_wins, before.draw, before.undecided,
                                  before.defender_wins)
    # baseline overlaid: a dashed baseline curve beside the current one
    assert len(panel.round_plot.getPlotItem().listDataItems()) == 2
    panel.pin_baseline(False)
    assert panel.baseline is None and "pts" not in panel.numbers["attacker_wins"].text()
    assert len(panel.round_plot.getPlotItem().listDataItems()) == 1


def test_csv_export_holds_the_exact_figures(panel, tmp_path):
    r = duel_result(2, 1)
    panel.show_result(r)
    path = tmp_path / "out.csv"
    panel.export_csv(path)
    rows = list(csv.reader(io.StringIO(path.read_text())))
    table = {row[0]: row[1] for row in rows if len(row) == 2 and not row[0].isdigit()}
    assert float(table["attacker_wins"]) == r.attacker_wins
    header = rows.index(["attacker_lost", "defender_lost", "probability"])
    joint = [(int(a), int(d), float(p)) for a, d, p in rows[header + 1:header + 1 + len(r.losses)]]
    assert joint == r.losses
    png = tmp_path / "plot.png"
    assert panel.export_png(png) and png.stat().st_size > 1000


def test_busy_and_error_states(panel):
    panel.set_busy(True)
    assert panel.spinner.isVisible()
    panel.set_busy(False)
    assert not panel.spinner.isVisible()
    panel.show_error("this battle has more than 400,000 distinct positions")
    assert "400,000" in panel.status.text()


def test_plot_legends_never_cover_the_data(panel, qtbot):
    # a battle the attacker always wins: its tallest bar and the curve's end sit top right,
    # exactly where a floating legend used to be drawn over them
    panel.show_result(duel_result(4, 1))
    panel.pin_baseline(True)
    panel.show_result(duel_result(3, 1))
    for plot in (panel.loss_plot, panel.round_plot):
        item = plot.getPlotItem()
        assert len(item.legend.items) >= 2          # current and baseline are both named

        def legend_below_the_data(item=item):
            data_area = item.vb.sceneBoundingRect()
            legend = item.legend.sceneBoundingRect()
            assert legend.height() > 0
            assert not legend.intersects(data_area), (legend, data_area)
            assert legend.top() >= data_area.bottom()
            # and every entry is whole inside the plot's own area (none cut off at the bottom)
            whole = item.sceneBoundingRect()
            for entry in item.legend.childItems():
                shown = entry.sceneBoundingRect()
                assert whole.contains(shown) and legend.contains(shown), (shown, legend, whole)

        qtbot.waitUntil(legend_below_the_data)    # once the plot's layout has settled


def test_the_exported_png_shows_readable_plots_on_a_laptop(open_view, tmp_path):
    """Issue 25, item 5: the PNG is the panel as shown — the headline and the details tab on
    show — at a laptop window's size, its plots readable (not squashed to 35 px)."""
    from PySide6.QtGui import QImage

    from combatassist_gui.views.lowluck import LowLuckView
    from tests.ui.layout_check import plot_problems

    view = open_view(LowLuckView, size=(1280, 740))
    results = view.results
    assert view.odds_scroll.verticalScrollBar().maximum() == 0
    assert not plot_problems(results)
    png = tmp_path / "odds.png"
    assert results.export_png(png)
    image = QImage(str(png))
    ratio = results.devicePixelRatioF()
    assert image.width() == round(results.width() * ratio)
    assert image.height() > round(results.height() * ratio)          # the heading above it


@pytest.mark.parametrize("view_class", ["lowluck.LowLuckView", "mediumluck.MediumLuckView",
                                        "agc.AgcView", "ur.UrView"])
def test_the_details_open_on_a_page_that_is_there(open_view, view_class):
    """The details never open on a hidden tab (a blank area where AGC's plots belong)."""
    import importlib

    module, name = view_class.split(".")
    cls = getattr(importlib.import_module(f"combatassist_gui.views.{module}"), name)
    view = open_view(cls, size=(1280, 740))
    details = view.results.details
    assert details.isTabVisible(details.currentIndex())
    assert details.currentWidget().isVisible()
    if cls.ruleset == "agc":
        assert view.plots.totals_plot.isVisible()
