"""Table-side mode in the Low Luck view: entered dice, own casualties, undo, crash-resume."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from combatassist.battle import FixedDice, play_round
from combatassist.rulesets import lowluck
from tests.ui.conftest import wait_result
from tests.ui.test_main_window import LOWLUCK_ONLY


@pytest.fixture
def window(make_window):
    return make_window(views=LOWLUCK_ONLY)


@pytest.fixture
def view(window, qtbot):
    v = window.view_for("lowluck")
    wait_result(qtbot, v)
    return v


def odds_shown(qtbot, panel):
    qtbot.waitUntil(lambda: not panel.computer.is_busy() and "Odds from" in panel.odds_label.text(),
                    timeout=20_000)


def test_round_with_entered_dice_follows_the_rules(view, qtbot, tmp_path):
    panel = view.table_panel
    panel.start_button.click()
    assert panel.battle is not None and not view.form.isEnabled()     # set-up frozen
    assert view.tabs.currentWidget() is panel
    qtbot.keyClicks(panel.dice_edit, "2")          # Finland: power 15 -> 2 hits + 1 on 1-3
    assert "attacker scores 3 hits" in panel.explain_label.text()
    assert panel.choice_edit.text() == "attacker: 2 infantry; defender: 3 infantry"
    qtbot.keyClick(panel.dice_edit, Qt.Key.Key_Return)
    rules = lowluck.make_rules(lowluck.default_scenario().body)
    expect = play_round(rules, rules.initial_state(), FixedDice([(2,)])).state_after
    assert panel.battle.state == expect
    assert panel.log.count() == 1 and "Round 1, fire — dice: 2" in panel.log.item(0).text()
    assert panel.heading.text().startswith("Round 2")
    odds_shown(qtbot, panel)
    # the autosave file holds the dice entered
    saved = json.loads(panel.autosave_path.read_text())
    assert saved["rounds"] == [[{"rolled": [2], "choice": None}]]


def test_players_own_casualties_and_an_illegal_choice(view, qtbot):
    panel = view.table_panel
    panel.start()
    panel.dice_edit.setText("2")
    panel.choice_edit.setText("attacker: 2 armor; defender: 3 infantry")
    panel.choice_edit.setModified(True)
    panel.apply()
    attacker, _ = panel.battle.rules.state_units(panel.battle.state)
    assert attacker == {"infantry": 3, "armor": 1, "fighter": 1}
    assert "players' choice" in panel.log.item(0).text()
    state = panel.battle.state
    panel.dice_edit.setText("6")
    panel.choice_edit.setText("attacker: none; defender: none")
    panel.choice_edit.setModified(True)
    panel.apply()                                   # must take exactly 1: refused, shown
    assert "exactly" in panel.message.text() and panel.battle.state == state
    panel.dice_edit.setText("9")
    panel.apply()
    assert "1-6" in panel.message.text() and panel.battle.state == state


def test_roll_undo_redo_retreat_and_close(view, qtbot, monkeypatch):
    panel = view.table_panel
    panel.start()
    panel.roll_button.click()
    assert panel.dice_edit.text() in {str(i) for i in range(1, 7)}
    panel.apply()
    after_one = panel.battle.state
    panel.undo_button.click()
    assert panel.battle.state == panel.battle.rules.initial_state()
    assert panel.redo_button.isEnabled()
    panel.redo_button.click()
    assert panel.battle.state == after_one
    # the players confirm the retreat (and later the close)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    panel.retreat_button.click()
    assert panel.battle.is_over() and "defender wins" in panel.heading.text()
    assert not panel.apply_button.isEnabled()
    panel.undo()
    assert not panel.battle.is_over()
    panel.close_button.click()
    assert panel.battle is None and not panel.autosave_path.exists()
    assert view.form.isEnabled()


def test_crash_resume_from_the_autosave_file(make_window, qtbot, tmp_path, monkeypatch):
    first = make_window(views=LOWLUCK_ONLY)
    view = first.view_for("lowluck")
    panel = view.table_panel
    panel.start()
    panel.dice_edit.setText("2")                 # one round: the battle goes on
    panel.apply()
    assert not panel.battle.is_over()
    state, log = panel.battle.state, [panel.log.item(i).text() for i in range(panel.log.count())]
    path = panel.autosave_path
    assert path.is_file()
    # "crash": the window goes away without any orderly shutdown of the battle (the
    # system releases a dead process's lock on its battle)
    panel.battle = None
    panel.release()
    asked = []

    def question(*args, **kwargs):
        asked.append(args[2])
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", question)
    second = make_window(views=LOWLUCK_ONLY)
    second.offer_resume()
    assert asked and "Resume" in asked[0] and "1 round played" in asked[0]
    resumed = second.view_for("lowluck").table_panel
    assert resumed.battle is not None and resumed.battle.state == state
    assert [resumed.log.item(i).text() for i in range(resumed.log.count())] == log
    assert not second.view_for("lowluck").form.isEnabled()


def test_damaged_autosave_is_a_message(make_window, qtbot, tmp_path, monkeypatch):
    folder = tmp_path / "battles"
    folder.mkdir()
    (folder / "lowluck-battle-in-progress.json").write_text("{broken")
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    window = make_window(views=LOWLUCK_ONLY, autosave_dir=folder)
    window.offer_resume()
    panel = window.view_for("lowluck").table_panel
    # found at the start, from its first bytes (a start reads only a saved battle's header)
    assert panel.battle is None and "no header at its start" in panel.notice.text()
    assert not panel.notice.isHidden()
    # set aside, kept for the user, not offered again; the window says so in one sentence
    assert not (folder / "lowluck-battle-in-progress.json").exists()
    kept = list(folder.glob("lowluck-battle-in-progress.json.damaged-*"))
    assert len(kept) == 1 and kept[0].read_text() == "{broken"
    assert "set aside" in window.statusBar().currentMessage()
    assert "\n" not in window.startup_notice


def test_resumed_battle_brings_back_its_own_set_up(make_window, qtbot, monkeypatch):
    first = make_window(views=LOWLUCK_ONLY)
    view = first.view_for("lowluck")
    view.sides["attacker"].spins["infantry"].setValue(5)     # not the default scenario
    fought = view.scenario()
    view.table_panel.start()
    view.table_panel.battle = None                           # "crash"
    view.table_panel.release()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    second = make_window(views=LOWLUCK_ONLY)
    again = second.view_for("lowluck")
    assert again.scenario().body != fought.body              # a fresh window: the default
    second.offer_resume()
    assert again.table_panel.battle is not None
    assert again.scenario().body == fought.body              # the frozen form shows the battle
    assert not again.form.isEnabled()
    assert not second.doc(again).dirty


def test_a_finished_battle_is_not_called_unfinished(make_window, qtbot, monkeypatch):
    first = make_window(views=LOWLUCK_ONLY)
    panel = first.view_for("lowluck").table_panel
    panel.start()
    for dice in ("2", "5"):                                  # Finland: over after two rounds
        panel.dice_edit.setText(dice)
        panel.apply()
    assert panel.battle.is_over()
    panel.battle = None                                      # window closed, battle not closed
    panel.release()
    asked = []

    def question(*args, **kwargs):
        asked.append(args[2])
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", question)
    second = make_window(views=LOWLUCK_ONLY)
    second.offer_resume()
    assert len(asked) == 1
    assert "not finished" not in asked[0] and "the attacker wins" in asked[0]
    # declined: a finished battle has nothing left to lose, so it is not asked about again
    assert not second.view_for("lowluck").table_panel.has_saved_battle()


def test_the_frozen_set_up_still_reads_and_saves_its_forces(window, view, qtbot, tmp_path,
                                                            monkeypatch):
    before = view.scenario()
    view.table_panel.start()
    assert not view.form.isEnabled()
    assert view.scenario().body == before.body      # not an empty battle because it is frozen
    path = tmp_path / "during-battle.toml"
    monkeypatch.setattr("combatassist_gui.file_actions.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(path), ""))
    assert window.save_as(view)
    from combatassist.scenario import load_scenario
    assert load_scenario(path).body == before.body


def test_ctrl_z_in_the_dice_entry_undoes_the_round(window, view, qtbot):
    # the keyboard flow: type dice, Enter, ... Ctrl+Z takes the round back, Ctrl+Shift+Z redoes
    window.activateWindow()
    qtbot.waitUntil(lambda: window.isActiveWindow())
    panel = view.table_panel
    panel.start()
    qtbot.keyClicks(panel.dice_edit, "2")
    qtbot.keyClick(panel.dice_edit, Qt.Key.Key_Return)
    after_one = panel.battle.state
    assert panel.battle.round_number == 2
    qtbot.waitUntil(lambda: panel.dice_edit.hasFocus())
    qtbot.keyClicks(panel.dice_edit, "5")
    qtbot.keyClick(panel.dice_edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert panel.dice_edit.text() == "" and panel.battle.round_number == 2   # typing first
    qtbot.keyClick(panel.dice_edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert panel.battle.round_number == 1                                    # then the round
    assert panel.battle.state == panel.battle.rules.initial_state()
    qtbot.keyClick(panel.dice_edit, Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert panel.battle.state == after_one
    # and the buttons say so
    assert "Ctrl+Z" in panel.undo_button.toolTip()
    assert "Ctrl+Shift+Z" in panel.redo_button.toolTip()


def test_opening_or_new_never_swaps_the_set_up_under_a_battle(window, view, qtbot, tmp_path,
                                                              monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(a[2]))
    view.table_panel.start()
    fought = view.table_panel.battle.scenario_text
    other = tmp_path / "other.toml"
    other.write_text('ruleset = "lowluck"\n[attacker]\nunits = { infantry = 9 }\n'
                     '[defender]\nunits = { infantry = 1 }\n')
    assert not window.open_file(other)
    window.new()
    assert len(shown) == 2 and all("Close battle" in text for text in shown)
    assert view.scenario().to_toml() == fought         # the frozen form is still the battle's
    assert view.table_panel.battle is not None
    # once the battle is closed, the file opens
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    view.table_panel.close_battle()
    assert window.open_file(other)
    assert view.scenario().body.attacker.units == {"infantry": 9}


def test_many_dice_are_listed_by_side_and_hit_value(view, qtbot):
    view.dice_mode.setCurrentIndex(view.dice_mode.findData("standard"))
    panel = view.table_panel
    panel.start()
    # Finland with ordinary dice: 3 infantry then 3 armor + 1 fighter attack; 12 dice in all,
    # a row per side and hit value naming who rolls
    rows = [QLabel_text(label) for label in panel.dice_entry.labels]
    assert rows == ["Attacker — 3 dice, hit on 1 or less: 3 infantry",
                    "Attacker — 4 dice, hit on 3 or less: 3 armor, 1 fighter",
                    "Defender — 4 dice, hit on 2 or less: 3 infantry, 1 armor",
                    "Defender — 1 die, hit on 4 or less: 1 fighter"]
    assert len(panel.battle.dice()) == 12


def QLabel_text(label) -> str:                   # noqa: N802 (a label's words, no markup)
    from PySide6.QtGui import QTextDocument
    doc = QTextDocument()
    doc.setHtml(label.text())
    return doc.toPlainText()


def test_a_step_that_cant_be_autosaved_changes_nothing(view, qtbot, monkeypatch):
    """A full disk at Apply: the message says the battle could not be autosaved and the battle
    is as before, on screen and in the engine — so Apply again (space freed) plays the phase
    once. The step stayed in the battle while the panel still showed the position before it,
    and a second Apply played the next phase with the same dice (found by the table-side
    probe). Undo and ending the battle likewise."""
    import errno

    from combatassist.table import battle as battle_module

    panel = view.table_panel
    panel.start()
    battle = panel.battle
    real_write = battle_module.atomic_write_text

    def disk_full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(battle_module, "atomic_write_text", disk_full)
    panel.dice_edit.setText("2")
    panel.apply()
    assert "could not be autosaved" in panel.message.text()
    assert not battle.rounds and not battle.current and panel.log.count() == 0
    assert panel.heading.text().startswith("Round 1")
    saved = json.loads(panel.autosave_path.read_text())
    assert saved["rounds"] == []                               # the file as it was
    monkeypatch.setattr(battle_module, "atomic_write_text", real_write)
    panel.apply()                                              # the same dice, once
    assert len(battle.rounds) == 1 and panel.log.count() == 1
    assert json.loads(panel.autosave_path.read_text())["rounds"] == \
        [[{"rolled": [2], "choice": None}]]
    monkeypatch.setattr(battle_module, "atomic_write_text", disk_full)
    panel.undo()
    assert "could not be autosaved" in panel.message.text() and len(battle.rounds) == 1
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Yes)
    panel.end("retreat", "attacker")
    assert battle.ending is None and not battle.is_over()


@pytest.mark.parametrize("typed", ['{"attacker": [1, 2]}', "attacker: ² infantry",
                                   "[" * 5000 + "]" * 5000])
def test_a_casualty_text_the_rules_cant_read_is_one_message(view, typed):
    """Text in the casualty box no ruleset reads (JSON of the wrong shape, a superscript
    digit, deep nesting) is refused in the message line, the battle as it was: it raised
    AttributeError / ValueError / RecursionError past the panel (found by the table-side
    probe)."""
    panel = view.table_panel
    panel.start()
    panel.dice_edit.setText("2")
    panel.choice_edit.setText(typed)
    panel.choice_edit.setModified(True)
    panel.apply()
    assert "choice" in panel.message.text() or "can't read" in panel.message.text()
    assert not panel.battle.rounds and panel.log.count() == 0
