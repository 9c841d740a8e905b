"""The Low Luck view's retreat policy, waves and counter-attack: the form keeps what a file
says (and drops waves only on the player's click), the results' "Waves and policy" page
shows each wave's figures and the policy in words, in English and German."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from combatassist.ruleset import compute
from combatassist.rulesets import lowluck
from combatassist.scenario import Scenario
from combatassist_gui import i18n
from combatassist_gui.views.lowluck import LowLuckView
from tests.ui.conftest import wait_result


def attack() -> Scenario:
    return Scenario("lowluck", lowluck.LowLuckScenario(
        options=lowluck.LowLuckOptions(dice="standard", retreat="profit", territory_value=3,
                                       keep_land_units=2),
        attacker=lowluck.LowLuckSide(units={"infantry": 3, "armor": 1}),
        defender=lowluck.LowLuckSide(units={"infantry": 3}),
        waves=(lowluck.LowLuckSide(units={"armor": 2}),),
        counter=lowluck.LowLuckSide(units={"infantry": 2})), title="Waves")


@pytest.fixture
def view(qtbot, tmp_path):
    v = LowLuckView(autosave_dir=tmp_path)
    qtbot.addWidget(v)
    v.show()
    wait_result(qtbot, v)
    yield v
    v.shutdown()


def test_form_keeps_the_policy_waves_and_counter(view, qtbot):
    scenario = attack()
    view.set_scenario(scenario)
    got = view.scenario().body
    assert got == scenario.body
    assert view.keep_land.value() == 2
    assert view.policy_box.territory_value.isEnabled()
    box = view.waves_box
    assert len(box.waves) == 1 and box.counter_on.isChecked()
    assert box.findChild(type(box.add), "removeWave2").isVisibleTo(view)
    # the player removes the later wave and unticks the counter-attack: the first alone
    qtbot.mouseClick(box.findChild(type(box.add), "removeWave2"), Qt.MouseButton.LeftButton)
    box.counter_on.click()
    got = view.scenario().body
    assert got.waves == () and got.counter is None


def test_results_show_waves_and_policy(view, qtbot):
    view.set_scenario(attack())
    result = wait_result(qtbot, view)
    expected = compute(lowluck.RULESET, attack().body)
    assert result.to_json()["waves"] == expected.to_json()["waves"]
    text = view.plan_text.text()
    assert "after wave 2" in text
    assert f"{100 * expected.asked['counter']['holds']:.2f}%" in text
    for line in expected.asked["policy"]:
        assert line in text.replace("&#x27;", "'")


def test_no_plan_says_where_it_shows(view, qtbot):
    assert "Waves" in view.plan_text.text()


def test_policy_words_in_german(view, qtbot, qapp):
    i18n.install("de", qapp)
    try:
        view.set_scenario(attack())
        wait_result(qtbot, view)
        text = view.plan_text.text()
        assert "zurückziehen" in text or "bis zum Ende kämpfen" in text
        assert "withdraw" not in text
        assert "die letzten 2 Landeinheiten behalten" in text
    finally:
        i18n.install("en", qapp)
