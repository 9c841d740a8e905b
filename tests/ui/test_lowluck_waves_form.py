"""The Low Luck form's waves and counter-attack (``ui/views/lowluck/waves.py``), driven as a
player does: Add wave from the keyboard, type a wave's counts, remove a wave, tick the
counter-attack and type its units; what the form says is what ``odds`` answers of the same
file; File › Save writes the waves and Open reads them back; an empty wave is refused in
one line and kept; an edition switch keeps them; German; the 1280x800 layout with 4 waves
and a counter-attack on show."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QPushButton

from combatassist.ruleset import compute
from combatassist.rulesets import lowluck
from combatassist.scenario import load_scenario
from combatassist_gui import i18n
from combatassist_gui.views import discover
from tests.ui.conftest import wait_result

LOWLUCK_ONLY = [c for c in discover() if c.ruleset == "lowluck"]


@pytest.fixture
def window(make_window):
    return make_window(views=LOWLUCK_ONLY)


@pytest.fixture
def view(window, qtbot):
    v = window.view_for("lowluck")
    wait_result(qtbot, v)
    v.switch_edition(lowluck.shipped("1942se"))
    wait_result(qtbot, v)
    return v


def type_count(qtbot, box, n: int) -> None:
    """Focus a count field and type ``n`` over what it holds, as a player does."""
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, str(n))
    qtbot.keyClick(box, Qt.Key.Key_Tab)


def button(view, name: str) -> QPushButton:
    return view.waves_box.findChild(QPushButton, name)


def test_add_a_wave_from_the_keyboard_type_its_counts_and_see_its_figures(view, qtbot):
    box = view.waves_box
    type_count(qtbot, view.sides["attacker"].spins["infantry"], 3)
    type_count(qtbot, view.sides["defender"].spins["infantry"], 3)
    box.add.setFocus()
    qtbot.keyClick(box.add, Qt.Key.Key_Space)            # Add wave
    assert len(box.waves) == 1
    first = box.waves[0][1].spins["infantry"]
    assert first.window().focusWidget() is first         # its first field, ready to type
    type_count(qtbot, box.waves[0][1].spins["armor"], 2)
    body = view.scenario().body
    assert [dict(w.units) for w in body.waves] == [{"armor": 2}]
    result = wait_result(qtbot, view)
    expected = compute(lowluck.RULESET, view.validated_scenario().body)
    assert result.to_json()["waves"] == expected.to_json()["waves"]
    assert "after wave 2" in view.plan_text.text()


def test_up_to_four_waves_remove_one_and_the_later_ones_move_up(view, qtbot):
    box = view.waves_box
    for k in range(3):
        qtbot.mouseClick(box.add, Qt.MouseButton.LeftButton)
        type_count(qtbot, box.waves[k][1].spins["infantry"], k + 1)
    assert not box.add.isEnabled()                       # 4 waves in all
    box.add.click()
    assert len(box.waves) == 3                           # a disabled button adds nothing
    qtbot.mouseClick(button(view, "removeWave2"), Qt.MouseButton.LeftButton)
    assert box.add.isEnabled()
    assert [dict(w.units) for w in view.scenario().body.waves] == [{"infantry": 2},
                                                                  {"infantry": 3}]
    assert button(view, "removeWave3").text() == "Remove wave 3"
    assert button(view, "removeWave4") is None
    assert box.waves[0][0].title_label.text() == "<b>Wave 2</b>"


def test_counter_attack_ticked_typed_and_unticked_keeps_its_counts(view, qtbot):
    box = view.waves_box
    assert not box.counter.isVisibleTo(view)
    box.counter_on.setFocus()
    qtbot.keyClick(box.counter_on, Qt.Key.Key_Space)
    assert box.counter.isVisibleTo(view)
    assert view.window().focusWidget() is box.counter.spins["infantry"]
    type_count(qtbot, box.counter.spins["infantry"], 2)
    type_count(qtbot, box.counter.spins["armor"], 1)
    assert view.scenario().body.counter.units == {"infantry": 2, "armor": 1}
    result = wait_result(qtbot, view)
    assert "counter" in result.asked
    qtbot.keyClick(box.counter_on, Qt.Key.Key_Space)     # unticked: no counter-attack ...
    assert view.scenario().body.counter is None
    qtbot.keyClick(box.counter_on, Qt.Key.Key_Space)     # ... its counts still there
    assert view.scenario().body.counter.units == {"infantry": 2, "armor": 1}


def test_an_empty_wave_is_refused_in_one_line_and_kept(view, qtbot):
    view.waves_box.add.click()
    qtbot.waitUntil(lambda: view.last_error is not None, timeout=20_000)
    assert "wave needs at least one unit" in view.last_error
    assert "\n" not in view.last_error
    assert len(view.waves_box.waves) == 1                # the form keeps what the player made


def test_save_and_open_keep_the_waves_and_the_counter_attack(window, view, qtbot, tmp_path,
                                                             monkeypatch):
    box = view.waves_box
    type_count(qtbot, view.sides["attacker"].spins["infantry"], 2)
    box.add.click()
    type_count(qtbot, box.waves[0][1].spins["armor"], 2)
    box.add.click()
    type_count(qtbot, box.waves[1][1].spins["fighter"], 1)
    box.counter_on.click()
    type_count(qtbot, box.counter.spins["infantry"], 3)
    path = tmp_path / "waves.toml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    assert window.save()
    saved = load_scenario(path)
    assert [dict(w.units) for w in saved.body.waves] == [{"armor": 2}, {"fighter": 1}]
    assert saved.body.counter.units == {"infantry": 3}
    assert saved.body == view.scenario().body
    window.new()
    assert view.scenario().body.waves == () and not box.counter_on.isChecked()
    assert window.open_file(path)
    assert view.scenario().body == saved.body
    assert len(box.waves) == 2 and box.counter_on.isChecked()
    assert box.waves[1][1].spins["fighter"].value() == 1


def test_an_edition_switch_keeps_the_waves(view, qtbot):
    box = view.waves_box
    box.add.click()
    type_count(qtbot, box.waves[0][1].spins["armor"], 2)
    box.counter_on.click()
    type_count(qtbot, box.counter.spins["infantry"], 1)
    view.switch_edition(lowluck.shipped("1940se"))
    body = view.scenario().body
    assert [dict(w.units) for w in body.waves] == [{"armor": 2}]
    assert body.counter.units == {"infantry": 1}
    # a unit the new edition lacks is named as dropped (Classic has no mech infantry)
    type_count(qtbot, box.waves[0][1].spins["mech_infantry"], 1)
    view.switch_edition(lowluck.classic())
    assert [dict(w.units) for w in view.scenario().body.waves] == [{"armor": 2}]
    assert "(wave 2)" in view.edition_note.text()


def test_the_plan_tab_plans_the_first_wave_with_the_form_s_waves(view, qtbot):
    box = view.waves_box
    box.add.click()
    type_count(qtbot, box.waves[0][1].spins["armor"], 1)
    box.counter_on.click()
    type_count(qtbot, box.counter.spins["infantry"], 1)
    panel = view.plan_panel
    keys = [panel.target.itemData(i) for i in range(panel.target.count())]
    assert "takes_and_holds" in keys
    assert "first wave" in panel.status.text()
    box.counter_on.click()
    keys = [panel.target.itemData(i) for i in range(panel.target.count())]
    assert "takes_and_holds" not in keys


def test_german(view, qtbot, qapp):
    from combatassist_gui.views.lowluck.waves import WavesBox
    i18n.install("de", qapp)
    try:
        box = WavesBox(lambda *a: None)
        qtbot.addWidget(box)
        box.add_wave({"infantry": 1}, emit=False)
        assert box.title() == "Wellen und Gegenangriff"
        assert box.waves[0][0].remove.text() == "Welle 2 entfernen"
        assert "Gegenangriff" in box.counter_on.text()
    finally:
        i18n.install("en", qapp)


@pytest.mark.parametrize("language", ["en", "de"])
def test_four_waves_and_a_counter_attack_fit_a_laptop(make_window, qtbot, qapp, language):
    """Every field of 4 waves and a counter-attack reachable at 1280x800 (the form scrolls),
    nothing clipped, the headline on show."""
    from tests.ui.layout_check import headline_problems, layout_problems
    i18n.install(language, qapp)
    try:
        window = make_window(views=LOWLUCK_ONLY)
        view = window.view_for("lowluck")
        wait_result(qtbot, view)
        view.switch_edition(lowluck.shipped("1940se"))
        box = view.waves_box
        for k in range(3):
            box.add.click()
            box.waves[k][1].spins["infantry"].setValue(k + 1)
        box.counter_on.click()
        box.counter.spins["infantry"].setValue(2)
        window.resize(1280, 800)
        wait_result(qtbot, view)
        for _ in range(3):
            qapp.processEvents()
        problems = layout_problems(window) + headline_problems(view)
        assert problems == []
        for widget in (box.add, box.counter_on, button(view, "removeWave4"),
                       box.counter.spins["armor"]):
            assert widget.isVisibleTo(window)
    finally:
        i18n.install("en", qapp)


def test_the_banner_says_which_wave_the_table_fights_and_what_follows(window, view, qtbot):
    """At the table the attack is fought wave by wave: the banner over the frozen set-up
    says which wave ("Wave 1 of 2") from the start, and once it is over with the defender
    holding that the next wave goes on at the table."""
    box = view.waves_box
    box.add.click()
    type_count(qtbot, box.waves[0][1].spins["armor"], 2)
    window.fight()
    assert view.table_panel.battle is not None
    assert view.battle_banner.isVisibleTo(view)
    assert "<b>Wave 1 of 2</b> at the table" in view.battle_banner.text()
    view.table_panel.battle.end("end")
    view._show_battle_position()
    assert "<b>Fight wave 2</b> (At the table)" in view.battle_banner.text()
    view.table_panel.fight_next()
    assert "<b>Wave 2 of 2</b> at the table" in view.battle_banner.text()
    view.table_panel.battle.end("end")
    assert "is over, and with it the attack" in view.battle_banner.text()
    view.table_panel.close_battle()
    assert not view.battle_banner.isVisibleTo(view)


def test_the_table_of_one_wave_says_nothing_of_waves(window, view):
    window.fight()
    assert "wave" not in view.battle_banner.text().lower()
    view.table_panel.battle.end("end")
    view.table_panel.close_battle()


def test_the_plan_tab_answers_with_the_form_s_waves_as_the_engine_does(view, qtbot):
    """Plan on a form with a later wave and a counter-attack: the engine's plan of the same
    battle (the first wave chosen), its take-and-hold figure said."""
    import dataclasses

    from combatassist.rulesets.lowluck import planner
    sides = view.sides
    type_count(qtbot, sides["attacker"].spins["infantry"], 3)
    type_count(qtbot, sides["attacker"].spins["artillery"], 2)
    type_count(qtbot, sides["defender"].spins["infantry"], 2)
    box = view.waves_box
    box.add.click()
    type_count(qtbot, box.waves[0][1].spins["armor"], 1)
    box.counter_on.click()
    type_count(qtbot, box.counter.spins["infantry"], 1)
    panel = view.plan_panel
    panel.target.setCurrentIndex(panel.target.findData("takes_and_holds"))
    panel.chance.setValue(60.0)
    panel.plan_button.click()
    qtbot.waitUntil(lambda: panel.plan_result is not None, timeout=60_000)
    answer = panel.plan_result
    expect = planner.plan(dataclasses.replace(view.scenario().body, plan=planner.PlanSpec(
        side="attacker", target="takes_and_holds", value=0.6, alternatives=5)))
    assert answer.waves == 1
    assert answer.best.force == expect.best.force
    assert answer.best.takes_and_holds == pytest.approx(expect.best.takes_and_holds, abs=1e-12)
    assert "takes and holds it" in panel.answer.text()
