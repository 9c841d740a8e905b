"""A 1942 Second Edition battle at the table, through the Low Luck view's panel: the example
amphibious assault opened in the form, its AA fire and bombardment as phases with typed dice,
undo, and the autosave resumed in a new window with the battle's edition and set-up."""
from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from combatassist.data import examples_dir
from combatassist.scenario import load_scenario
from tests.ui.conftest import wait_result
from tests.ui.test_main_window import LOWLUCK_ONLY


def test_a_1942_amphibious_assault_at_the_table(make_window, qtbot, monkeypatch):
    first = make_window(views=LOWLUCK_ONLY)
    view = first.view_for("lowluck")
    fought = load_scenario(examples_dir() / "lowluck-1942-amphibious.toml")
    view.set_scenario(fought)
    wait_result(qtbot, view)
    panel = view.table_panel
    panel.start()
    battle = panel.battle
    rules = battle.rules
    # AA fire before round 1: one aircraft, one shot, a die for it, shown in the panel
    assert battle.current_phase().name == "AA fire"
    assert "AA" in panel.dice_entry.labels[0].text()
    assert len(battle.dice()) == 1
    panel.dice_edit.setText("6")                       # the AA gun misses
    panel.apply()
    # round 1: the bombardment rolls its own dice beside the attack and the defence
    labels = [d.label for d in battle.dice()]
    assert labels[0].startswith("bombardment power 7")  # battleship 4 + cruiser 3
    assert len(labels) == 3
    before_round = battle.state
    panel.dice_edit.setText(" ".join("6" for _ in labels))   # only the sure hits
    panel.apply()
    assert battle.state != before_round and not battle.is_over()
    after_round = battle.state
    panel.undo_button.click()                           # the round undone
    assert battle.state == before_round
    panel.redo_button.click()
    assert battle.state == after_round
    log = [panel.log.item(i).text() for i in range(panel.log.count())]
    assert panel.autosave_path.is_file()
    # "crash", then a new window resumes the battle with its 1942 set-up in the form
    panel.battle = None
    panel.release()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    second = make_window(views=LOWLUCK_ONLY)
    second.offer_resume()
    again = second.view_for("lowluck")
    resumed = again.table_panel
    assert resumed.battle is not None and resumed.battle.state == after_round
    assert [resumed.log.item(i).text() for i in range(resumed.log.count())] == log
    assert again.edition.name == "1942se" and again.edition_box.currentData() == "1942se"
    shown = again.scenario().body
    assert shown.attacker.amphibious == fought.body.attacker.amphibious
    assert shown.attacker.bombard == fought.body.attacker.bombard
    assert not again.form.isEnabled()
    # the battle played to its end from the resumed window
    while not resumed.battle.is_over():
        resumed.dice_edit.setText(" ".join("1" for _ in resumed.battle.dice()))
        resumed.apply()
    assert resumed.battle.verdict() in {"attacker", "defender", "draw"}
    assert rules.losses(resumed.battle.state) is not None


def test_the_attackers_retreat_from_an_assault_leaves_the_landed_units_fighting(
        make_window, qtbot, dialogs):
    window = make_window(views=LOWLUCK_ONLY)
    view = window.view_for("lowluck")
    view.set_scenario(load_scenario(examples_dir() / "lowluck-1942-amphibious.toml"))
    wait_result(qtbot, view)
    panel = view.table_panel
    panel.start()
    battle = panel.battle
    while battle.round_number < 2:                      # misses until round 2
        panel.dice_edit.setText(" ".join("6" for _ in battle.dice()))
        panel.apply()
    assert not battle.is_over()
    dialogs.answer("QMessageBox.question", QMessageBox.StandardButton.Yes)
    panel.retreat_buttons["attacker"].click()
    # the question says what happens: the landed units stay
    assert "fight on" in dialogs.texts("QMessageBox.question")[-1]
    assert not battle.is_over() and battle.ending is None
    assert battle.withdrawal("attacker") is None        # nothing more can leave
    log = [panel.log.item(i).text() for i in range(panel.log.count())]
    assert "fight on" in log[-1]
    panel.undo_button.click()                           # the retreat taken back
    assert battle.withdrawal("attacker") is not None
