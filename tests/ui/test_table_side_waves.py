"""An attack in waves at the table, through the Low Luck view's panel: once a wave's battle is
over with the defender holding, "Fight wave 2" (keyboard: it has the focus, Enter presses it)
starts the next wave against the defender's actual survivors, wave 1's log kept above a
"Wave 2 of 2" line, the odds from its start the odds side's figure for that battle; Undo and
Redo across the start; the autosave resumed in a new window at wave 2; the counter-attack
once the territory is taken; English and German."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication, QMessageBox

from combatassist.data import examples_dir
from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import attack
from combatassist.scenario import load_scenario, parse_scenario_text
from combatassist_gui import i18n
from combatassist_gui.result_style import pct
from tests.ui.conftest import wait_result
from tests.ui.test_main_window import LOWLUCK_ONLY

#: three waves, the last two meeting nobody once the first wipes the defender out, and a
#: counter-attack on the land units that hold the territory
TAKE = """ruleset = "lowluck"
title = "three waves, then hold"
[options]
edition = "1942se"
dice = "lowluck"
[attacker]
units = { infantry = 3, armor = 1 }
[[attacker.waves]]
units = { infantry = 2, fighter = 1 }
[[attacker.waves]]
units = { armor = 1 }
[defender]
units = { infantry = 2 }
[counter]
units = { infantry = 2, armor = 2 }
"""


@pytest.fixture(params=["en", "de"])
def language(request, qapp):
    i18n.install(request.param, qapp)
    yield request.param
    i18n.install("en", qapp)


def tr(language: str, english: str, german: str) -> str:
    return english if language == "en" else german


@pytest.fixture
def panel_for(make_window, qtbot):
    """A Low Luck window fighting the given scenario at the table."""
    def make(scenario):
        window = make_window(views=LOWLUCK_ONLY)
        window.show()
        window.resize(1280, 800)
        view = window.view_for("lowluck")
        view.set_scenario(scenario)
        wait_result(qtbot, view)
        view.open_table()
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5_000)
        return view, view.table_panel
    return make


def play(panel, hits: str) -> None:
    """Play the battle on screen to its end through the entry: the dice of the side
    ``hits`` all hit, the other side's all miss."""
    battle = panel.battle
    while not battle.is_over():
        panel.dice_edit.setText(" ".join("1" if d.side == hits else "6"
                                         for d in battle.dice()))
        panel.apply()


def log_lines(panel) -> list[str]:
    return [panel.log.item(i).text() for i in range(panel.log.count())]


def plain(label) -> str:
    doc = QTextDocument()
    doc.setHtml(label.text())
    return doc.toPlainText()


def test_fight_wave_2_against_the_survivors_by_the_keyboard(panel_for, qtbot, language):
    scenario = load_scenario(examples_dir() / "lowluck-1942-waves.toml")
    view, panel = panel_for(scenario)
    battle = panel.battle
    assert plain(panel.heading).startswith(tr(language, "Wave 1 of 2: ", "Welle 1 von 2: "))
    assert not panel.next_button.isVisibleTo(panel)
    play(panel, "defender")                                # wave 1 destroyed, no hit scored
    assert battle.verdict() == "defender"
    button = panel.next_button
    assert button.isVisibleTo(panel)
    assert button.text() == tr(language, "Fight wave 2", "Welle 2 kämpfen")
    qtbot.waitUntil(button.hasFocus)                       # the keyboard is on it
    assert tr(language, "Fight wave 2", "Welle 2 kämpfen") in plain(view.battle_banner)
    wave1_log = log_lines(panel)
    left = battle.rules.state_units(battle.state)[1]
    qtbot.keyClick(button, Qt.Key.Key_Return)
    assert battle.stage.key == "wave 2"
    assert not button.isVisibleTo(panel)
    assert plain(panel.heading).startswith(tr(language, "Wave 2 of 2: ", "Welle 2 von 2: "))
    assert tr(language, "Wave 2 of 2", "Welle 2 von 2") in plain(view.battle_banner)
    # the second wave meets what the dice left, with its own units only
    assert battle.rules.state_units(battle.state) == (scenario.body.waves[0].units, left)
    log = log_lines(panel)
    assert log[:len(wave1_log) - 1] == wave1_log[:-1]       # wave 1's rounds stay
    assert any(tr(language, "━━━ Wave 2 of 2 ━━━", "━━━ Welle 2 von 2 ━━━") in line
               for line in log[len(wave1_log) - 1:])
    qtbot.waitUntil(panel.dice_entry.edits[0].hasFocus)    # on to wave 2's dice
    # the odds from wave 2's start are the odds side's for that battle
    reference = lowluck.RULESET.exact(attack.wave_scenario(scenario.body,
                                                           scenario.body.waves[0], left, {}))
    qtbot.waitUntil(lambda: not panel.computer.is_busy() and "%" in panel.odds_label.text(),
                    timeout=30_000)
    shown = plain(panel.odds_label).replace("\xa0", " ")
    assert pct(reference.attacker_wins).replace("\xa0", " ") in shown
    # Undo takes the start back, Redo starts it again
    panel.undo_button.click()
    assert battle.stage.key == "wave 1" and battle.is_over()
    assert button.isVisibleTo(panel) and log_lines(panel) == wave1_log
    panel.redo_button.click()
    assert battle.stage.key == "wave 2" and log_lines(panel) == log


def test_wave_2_resumes_from_the_autosave_in_a_new_window(make_window, panel_for, qtbot,
                                                          monkeypatch):
    view, panel = panel_for(load_scenario(examples_dir() / "lowluck-1942-waves.toml"))
    play(panel, "defender")
    panel.fight_next()
    panel.dice_edit.setText(" ".join("6" for _ in panel.battle.dice()))
    panel.apply()
    state, log = panel.battle.state, log_lines(panel)
    assert '"battle":"wave 2"' in panel.autosave_path.read_text()
    panel.battle = None                                    # "crash"
    panel.release()
    asked = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: asked.append(a) or QMessageBox.StandardButton.Yes)
    second = make_window(views=LOWLUCK_ONLY)
    second.offer_resume()
    # the offer says which wave, from the file's header alone
    assert any("wave 2, 1 round played" in str(part) for args in asked for part in args)
    again = second.view_for("lowluck").table_panel
    assert again.battle is not None and again.battle.stage.key == "wave 2"
    assert again.battle.state == state and log_lines(again) == log
    assert "Wave 2 of 2" in second.view_for("lowluck").battle_banner.text()
    # undo twice: wave 2's round, then its start
    again.undo_button.click()
    again.undo_button.click()
    assert again.battle.stage.key == "wave 1" and again.next_button.isVisibleTo(again)


def test_the_counter_attack_after_the_waves_walk_in(panel_for, qtbot, language):
    view, panel = panel_for(parse_scenario_text(TAKE))
    battle = panel.battle
    play(panel, "attacker")                                # the defender wiped out
    assert battle.holds_territory() == "attacker"
    button = panel.next_button
    assert button.text() == tr(language, "Fight the counter-attack",
                               "Den Gegenangriff kämpfen")
    button.click()
    assert battle.stage.kind == "counter"
    assert plain(panel.heading).startswith(tr(language, "Counter-attack: ", "Gegenangriff: "))
    # wave 1's land units left, and waves 2 and 3's land units that walked in (no fighter)
    assert battle.rules.state_units(battle.state) == (
        {"infantry": 2, "armor": 2}, {"infantry": 5, "armor": 2})
    play(panel, "defender")                                # the holders hit everything
    assert battle.is_over() and not button.isVisibleTo(panel)
    assert tr(language, "the attacker holds it against the counter-attack",
              "der Angreifer hält es gegen den Gegenangriff") in plain(panel.summary_label)
    assert tr(language, "is over, and with it the attack",
              "ist vorbei; damit endet der Angriff") in plain(view.battle_banner)


def test_closing_between_waves_asks_first(panel_for, qtbot, dialogs):
    """The attack isn't over while its next battle waits: Close asks (No keeps it)."""
    view, panel = panel_for(load_scenario(examples_dir() / "lowluck-1942-waves.toml"))
    play(panel, "defender")
    dialogs.answer("QMessageBox.question", QMessageBox.StandardButton.No)
    panel.close_battle()
    assert panel.battle is not None and "Fight wave 2" in dialogs.texts()[-1]
    dialogs.answer("QMessageBox.question", QMessageBox.StandardButton.Yes)
    panel.close_battle()
    assert panel.battle is None and not view.battle_banner.isVisibleTo(view)
