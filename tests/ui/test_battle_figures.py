"""IPC figures, the swing plot, likely ends and the retreat rules in the Low Luck and Medium
Luck views (issue 15's GUI part)."""
from __future__ import annotations

import dataclasses

import pyqtgraph as pg
import pytest

from combatassist.rulesets import lowluck, mediumluck
from combatassist.scenario import Scenario
from tests.ui.conftest import wait_result
from combatassist_gui.views.lowluck import LowLuckView
from combatassist_gui.views.mediumluck import MediumLuckView


def fresh(qtbot, view, before):
    qtbot.waitUntil(lambda: not view.computer.is_busy() and view.results.result is not before,
                    timeout=20_000)
    return view.results.result


def test_figures_beside_the_odds_equal_the_engine(open_view):
    view = open_view(LowLuckView)
    panel = view.results.battle_figures
    expect = lowluck.compute(view.scenario().body).figures
    assert panel.isVisible()
    number = panel.numbers
    assert number["expected_ipc_swing"].text().startswith(f"{expect.expected_ipc_swing:+.2f}")
    assert number["attacker_ipc_lost"].text().startswith(f"{expect.attacker_ipc_lost:.2f}")
    assert number["takes_territory"].text().startswith("100.00%")
    assert not number["retreated"].isVisible()          # no retreat rule: nothing to say
    bars = [i for i in panel.swing_plot.getPlotItem().items if isinstance(i, pg.BarGraphItem)]
    assert sorted(x for bar in bars for x in bar.opts["x"]) == [s for s, _ in expect.ipc_swing]
    assert "3 Armor + 1 Fighter" in panel.ends.text()         # display names
    assert "Expected survivors" in panel.ends.text()


def test_retreat_rules_in_the_form_recompute_with_a_baseline(open_view, qtbot):
    view = open_view(LowLuckView)
    view.set_scenario(Scenario("lowluck", lowluck.LowLuckScenario(
        options=lowluck.LowLuckOptions(aa_gun=True),
        attacker=lowluck.LowLuckSide(units={"infantry": 4, "armor": 2, "fighter": 2}),
        defender=lowluck.LowLuckSide(units={"infantry": 5, "armor": 1, "fighter": 1}))))
    before = wait_result(qtbot, view)
    view.results.pin_baseline(True)
    view.retreat.below.setValue(40.0)                # typed by the player: 40 %
    assert view.scenario().body.options.retreat_below == 0.4
    result = fresh(qtbot, view, before)
    assert 0 < result.retreated < 1
    shown = view.results.battle_figures.numbers["retreated"]
    assert shown.isVisible() and shown.text().startswith(f"{100 * result.retreated:.2f}%")
    assert "pts)" in shown.text()                    # the change against the baseline
    view.retreat.when_units.setValue(3)
    assert view.scenario().body.options.retreat_when_units == 3
    # a loaded scenario fills the rules back, unchanged
    loaded = dataclasses.replace(view.scenario().body, options=dataclasses.replace(
        view.scenario().body.options, retreat_below=0.25, retreat_when_units=2,
        retreat_after=4))
    view.set_scenario(Scenario("lowluck", loaded))
    assert view.scenario().body.options == loaded.options


def test_mediumluck_form_has_the_retreat_rules_and_figures(open_view, qtbot):
    view = open_view(MediumLuckView)
    before = view.results.result
    assert view.results.battle_figures.isVisible()
    view.retreat.after.setValue(2)
    body = view.scenario().body
    assert body.retreat_after == 2
    result = fresh(qtbot, view, before)
    assert result.retreated == pytest.approx(mediumluck.compute(body).retreated, abs=1e-12)
    assert result.retreated > 0.5


def test_rulesets_without_costs_show_no_ipc(open_view):
    from combatassist_gui.views.ur import UrView
    view = open_view(UrView)
    assert not view.results.battle_figures.isVisible()


# -- the plots say what they show (issue 25, item 10) ----------------------------------------
def legend_swatches(plot) -> dict[str, str]:
    """{legend text: its swatch's fill colour} of the plot's bar entries."""
    found = {}
    for sample, label in plot.getPlotItem().legend.items:
        if isinstance(sample.item, pg.BarGraphItem):
            found[label.text] = pg.mkBrush(sample.item.opts["brush"]).color().name().upper()
    return found


def test_the_swing_legend_shows_its_bars_colours(open_view, qtbot):
    from combatassist_gui.result_style import ATTACKER, DEFENDER

    view = open_view(MediumLuckView)             # swings both ways
    plot = view.results.battle_figures.swing_plot
    bars = [i for i in plot.getPlotItem().items if isinstance(i, pg.BarGraphItem)]
    colours = {pg.mkBrush(b.opts["brush"]).color().name().upper() for b in bars}
    assert {ATTACKER, DEFENDER} <= colours
    assert all(b.opts.get("brushes") is None for b in bars)       # one colour per item
    swatches = legend_swatches(plot)
    assert swatches == {"attacker gains": ATTACKER, "defender gains": DEFENDER} or \
        set(swatches.values()) == colours, swatches


def test_baseline_circles_only_where_the_baseline_happens(open_view, qtbot):
    from combatassist_gui.result_style import BASELINE_MIN_PCT

    view = open_view(MediumLuckView)
    view.results.pin_baseline(True)
    plot = view.results.loss_plot
    points = [item for item in plot.getPlotItem().listDataItems()
              if item.name() == "baseline" or item.opts.get("symbol") == "o"]
    assert points
    ys = [y for item in points for y in item.getData()[1]]
    assert ys and min(ys) >= BASELINE_MIN_PCT
    # the baseline's own losses with a visible share all have a circle
    marg = view.results.baseline.loss_marginal(0)
    assert len([p for p in marg.values() if 100 * p >= BASELINE_MIN_PCT]) == \
        len(points[0].getData()[1])


def test_a_one_outcome_swing_gets_a_readable_axis(open_view):
    view = open_view(LowLuckView)
    result = view.results.result
    one = dataclasses.replace(result, figures=dataclasses.replace(
        result.figures, ipc_swing=[(-59.0, 1.0)], expected_ipc_swing=-59.0))
    view.results.show_result(one)
    low, high = view.results.battle_figures.swing_plot.getViewBox().viewRange()[0]
    assert low < -59.0 < high and high - low >= 10
