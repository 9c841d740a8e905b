"""The Low Luck view: form <-> scenario, order of loss by keys, both dice systems, SBR, research."""
from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import Qt

from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import sbr, tech
from combatassist.scenario import Scenario
from tests.ui.conftest import wait_result
from combatassist_gui.views.lowluck import LowLuckView


@pytest.fixture
def view(qtbot, tmp_path):
    v = LowLuckView(autosave_dir=tmp_path)
    qtbot.addWidget(v)
    v.show()
    wait_result(qtbot, v)
    yield v
    v.shutdown()


def sea_scenario() -> Scenario:
    return Scenario("lowluck", lowluck.LowLuckScenario(
        options=lowluck.LowLuckOptions(battle="sea", submarine_first_strike=False, max_rounds=3,
                                       retreat_after=2),
        attacker=lowluck.LowLuckSide(units={"submarine": 2, "battleship": 1},
                                     order_of_loss=("submarine", "battleship"),
                                     techs=frozenset({"super_subs"})),
        defender=lowluck.LowLuckSide(units={"carrier": 1, "fighter": 2})), title="Sea")


def test_form_round_trips_a_scenario(view, qtbot):
    scenario = sea_scenario()
    view.set_scenario(scenario)
    got = view.scenario()
    assert got.title == "Sea" and got.body.options == scenario.body.options
    assert got.body.attacker.units == {"submarine": 2, "battleship": 1}
    assert got.body.attacker.techs == frozenset({"super_subs"})
    assert got.body.attacker.order_of_loss[:2] == ("submarine", "battleship")
    assert got.body.defender.order_of_loss == ()            # default stays default
    # land units can't be entered in a sea battle, AA gun is a land option
    assert not view.sides["attacker"].spins["infantry"].isEnabled()
    assert not view.aa_gun.isEnabled()


def test_both_dice_systems_side_by_side(view, qtbot):
    body = view.scenario().body
    standard = lowluck.compute(dataclasses.replace(
        body, options=dataclasses.replace(body.options, dice="standard")))
    qtbot.waitUntil(lambda: view.by_mode.get("standard") is not None, timeout=20_000)
    assert view.by_mode["standard"].attacker_wins == pytest.approx(standard.attacker_wins)
    assert view.compare[(0, "standard")].text() == f"{100 * standard.attacker_wins:.2f}%"
    assert view.compare[(0, "lowluck")].text() == \
        f"{100 * view.results.result.attacker_wins:.2f}%"
    # switching the dice mode makes standard the main result, the table stays the same
    view.dice_mode.setCurrentIndex(view.dice_mode.findData("standard"))
    qtbot.waitUntil(lambda: not view.computer.is_busy() and
                    view.results.result.attacker_wins == pytest.approx(standard.attacker_wins),
                    timeout=20_000)


def test_order_of_loss_by_keyboard(view, qtbot):
    order = view.sides["attacker"].order
    order.list.setFocus()
    order.list.setCurrentRow(0)                              # infantry
    qtbot.keyClick(order.list, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert order.value()[:2] == ("armor", "infantry")
    body = view.scenario().body
    assert body.attacker.order_of_loss[:2] == ("armor", "infantry")
    # hidden sea types are hopped over: the moved unit lands on the next visible row
    order.list.setCurrentRow(1)                              # infantry again
    order.move(1)
    visible = [order.list.item(i).data(Qt.ItemDataRole.UserRole)
               for i in range(order.list.count()) if not order.list.isRowHidden(i)]
    assert visible.index("infantry") == 2
    order.reset()
    assert order.value() == ()


def test_sbr_panel_matches_the_engine(view, qtbot):
    panel = view.sbr_panel
    panel.bombers.setValue(3)
    panel.variant.setCurrentIndex(panel.variant.findData("B"))
    expect = sbr.compute_sbr(3, aa=True, variant="B")
    qtbot.waitUntil(lambda: panel.result is not None and panel.result.bombers == 3 and
                    panel.result.variant == "B" and not panel.computer.is_busy(), timeout=10_000)
    assert panel.result.expected_defender_loss == pytest.approx(expect.expected_defender_loss)
    assert f"{expect.expected_attacker_cost:.2f} IPC" in panel.summary.text()
    panel.variant.setCurrentIndex(panel.variant.findData("A"))
    panel.cash_limited.setChecked(True)
    panel.cash.setValue(2)                                   # less than 3 IPC per bomber
    qtbot.waitUntil(lambda: "set aside" in panel.status.text(), timeout=10_000)


def test_research_panel_reproduces_the_seed(view, qtbot):
    panel = view.tech_panel
    panel.branch.setCurrentIndex(panel.branch.findData("air"))
    panel.invest.setText("18, 18, 18, 18")
    panel.attempt_at.setValue(72)
    qtbot.waitUntil(lambda: panel.plan is not None and panel.plan.rounds == 4 and
                    not panel.computer.is_busy(), timeout=10_000)
    assert panel.plan.p_have["heavy_bombers"][-1] == pytest.approx(5 / 6)   # the seed's claim
    assert "72.00 IPC" in panel.summary.text()
    panel.invest.setText("18, 19")                           # above the Air maximum
    qtbot.waitUntil(lambda: "at most 18" in panel.status.text(), timeout=10_000)
    panel.invest.setText("18, x")
    assert "whole numbers" in panel.status.text()
    assert tech.branch("air").maximum == 18


def test_retreat_option_moves_undecided_to_the_defender(view, qtbot):
    view.retreat_after.setValue(1)
    body = view.scenario().body
    assert body.options.retreat_after == 1
    expect = lowluck.compute(body)
    qtbot.waitUntil(lambda: not view.computer.is_busy() and view.results.result is not None
                    and view.results.result.defender_wins == pytest.approx(expect.defender_wins),
                    timeout=20_000)
    assert view.results.result.undecided == 0.0
