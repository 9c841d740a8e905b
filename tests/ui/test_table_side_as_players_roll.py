"""Issue 36, the table side as players roll, driven through the widgets in English and German:
dice rows by side and hit value naming their units, entered as faces or as hits, casualties by
chips, the odds from here with press on or retreat now, the luck of each roll, a finished
battle's summary, and no scrolling at 1280×800."""
from __future__ import annotations

import math

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication

from combatassist.scenario import parse_scenario_text
from combatassist.table import odds_from
from combatassist_gui import i18n
from tests.ui.conftest import wait_result
from tests.ui.test_main_window import LOWLUCK_ONLY

SEA = """ruleset = "lowluck"
[options]
edition = "1942se"
battle = "sea"
dice = "standard"
[attacker]
units = { submarine = 2, destroyer = 1, carrier = 1, battleship = 1, fighter = 2 }
[defender]
units = { submarine = 1, destroyer = 1, cruiser = 1, transport = 1 }
"""
LAND = """ruleset = "lowluck"
[options]
edition = "1942se"
battle = "land"
dice = "standard"
[attacker]
units = { infantry = 3, artillery = 1, armor = 2 }
[defender]
units = { infantry = 4, armor = 1 }
"""
SUBS = """ruleset = "lowluck"
[options]
edition = "1942se"
battle = "sea"
dice = "standard"
[attacker]
units = { submarine = 3, fighter = 1 }
[defender]
units = { submarine = 1, cruiser = 1 }
submerge = true
"""


@pytest.fixture(params=["en", "de"])
def language(request, qapp):
    i18n.install(request.param, qapp)
    yield request.param
    i18n.install("en", qapp)


@pytest.fixture
def panel_for(make_window, qtbot, language):
    """A Low Luck window at 1280×800 fighting the given scenario at the table."""
    def make(text: str):
        window = make_window(views=LOWLUCK_ONLY)
        window.show()
        window.resize(1280, 800)          # after show: never fitted to a smaller screen
        view = window.view_for("lowluck")
        view.set_scenario(parse_scenario_text(text))
        wait_result(qtbot, view)
        view.open_table()
        panel = view.table_panel
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5_000)
        QApplication.processEvents()
        return panel
    return make


def plain(label) -> str:
    doc = QTextDocument()
    doc.setHtml(label.text())
    return doc.toPlainText()


def odds_shown(qtbot, panel):
    qtbot.waitUntil(lambda: not panel.computer.is_busy()
                    and panel.odds_label.text().count("%") >= 1
                    and "…" not in panel.odds_label.text(), timeout=30_000)


def test_sea_battle_rows_name_their_units_in_the_apps_language(panel_for, qtbot, language):
    """Item 1: the pooled attacker dice are not all 'submarines'; every row names its units
    in the app's language, by hit value, and the whole battle fits without scrolling."""
    panel = panel_for(SEA)
    rows = [plain(label) for label in panel.dice_entry.labels]
    sub, destroyer = (("submarine", "destroyer") if language == "en" else
                      (i18n.data_name("lowluck", "submarine"),
                       i18n.data_name("lowluck", "destroyer")))
    assert sub != "submarine" or language == "en"
    assert len(rows) == 7
    attack = [r for r in rows if r.startswith(i18n.side_title("attacker"))]
    assert len(attack) == 4
    assert sum(sub in r for r in attack) == 1                  # only the row hitting on 2
    assert destroyer in attack[1] and sub in attack[1]
    assert not any("submarines" in r or "U-Boote:" in r for r in attack)
    # no scrolling at 1280×800: the rows, Apply and the casualties are all on show, also
    # once the dice are in (the result, both sides' chips, press on or retreat now)
    assert (panel.window().width(), panel.window().height()) == (1280, 800)
    assert not panel.battle_scroll.verticalScrollBar().isVisible()
    panel.roll()
    odds_shown(qtbot, panel)
    QApplication.processEvents()
    assert panel.chips.isVisibleTo(panel) and panel.branches_label.isVisibleTo(panel)
    assert not panel.battle_scroll.verticalScrollBar().isVisible()


def test_dice_typed_per_row_with_tab_and_enter_play_the_phase(panel_for, qtbot, language):
    """Keyboard first: type each row's faces, Tab to the next, Enter plays; the faces reach
    the engine in its own order (the one-line entry shows them)."""
    panel = panel_for(LAND)
    battle = panel.battle
    groups = panel.dice_entry.groups
    want = []
    panel.focus_entry()
    qtbot.waitUntil(panel.dice_entry.edits[0].hasFocus)
    for group, edit in zip(groups, panel.dice_entry.edits):
        faces = [1 + (i % 6) for i in range(group.count)]
        want.append(faces)
        assert edit.hasFocus()                    # Tab brought the keyboard here
        qtbot.keyClicks(edit, " ".join(map(str, faces)))
        qtbot.keyClick(edit, Qt.Key.Key_Tab)
    from combatassist.table import assemble
    rolled = assemble(groups, want)
    assert panel.dice_edit.text() == " ".join(map(str, rolled))
    expected = battle.preview(rolled)
    panel.dice_entry.edits[-1].setFocus()
    qtbot.keyClick(panel.dice_entry.edits[-1], Qt.Key.Key_Return)
    assert battle.log and battle.log[0].rolled == rolled
    assert battle.log[0].explanation == expected.explanation


def test_enter_in_a_row_goes_to_the_next_empty_row_first(panel_for, qtbot, language):
    panel = panel_for(LAND)
    edits = panel.dice_entry.edits
    edits[0].setFocus()
    qtbot.keyClicks(edits[0], "1" * panel.dice_entry.groups[0].count)
    qtbot.keyClick(edits[0], Qt.Key.Key_Return)
    assert not panel.battle.log                   # not played: rows are empty
    assert edits[1].hasFocus()


def test_a_count_of_hits_per_row_plays_like_faces(panel_for, qtbot, language):
    """Count hits (Ctrl+H): each row takes its number of hits; the battle goes as it goes
    with any faces scoring those hits."""
    panel = panel_for(LAND)
    battle = panel.battle
    entry = panel.dice_entry
    entry.edits[0].setFocus()
    qtbot.waitUntil(entry.edits[0].hasFocus)
    qtbot.keyClick(entry.edits[0], Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    assert entry.count_hits.isChecked()
    hits = [min(1, g.count) for g in entry.groups]
    for edit, h in zip(entry.edits, hits):
        qtbot.keyClicks(edit, str(h))
    faces = [g.faces_from_hits(h) for g, h in zip(entry.groups, hits)]
    from combatassist.table import assemble
    rolled = assemble(entry.groups, faces)
    outcome = battle.preview(rolled).outcome
    # any other faces with the same hits per row: the same outcome
    other = assemble(entry.groups, [tuple(g.spec.hit_on if i < h else 6 for i in range(g.count))
                                    for g, h in zip(entry.groups, hits)])
    assert battle.preview(other).outcome == outcome
    entry.edits[-1].setFocus()
    qtbot.keyClick(entry.edits[-1], Qt.Key.Key_Return)
    assert battle.log[0].rolled == rolled
    battle.undo()
    # too many hits for a row: said in the result line, nothing played
    entry.count_hits.setChecked(True)
    entry.edits[0].setText(str(entry.groups[0].count + 1))
    assert "0" in plain(panel.explain_label) and not battle.log


def test_the_luck_of_the_roll_and_the_odds_from_here(panel_for, qtbot, language):
    """After a roll: where each side's hits fall (P(fewer) + half P(equal), by brute force
    here), the odds from here with the expected *further* losses, and press on or retreat
    now with both branches' exact figures."""
    panel = panel_for(LAND)
    battle = panel.battle
    specs = battle.dice()
    # two attacker dice hit, nothing else: the battle goes on
    att = [i for i, s in enumerate(specs) if s.side == "attacker"]
    rolled = tuple(1 if i in att[:2] else 6 for i in range(len(specs)))
    panel.dice_edit.setText(" ".join(map(str, rolled)))
    panel.apply()
    assert not battle.is_over()
    # where 2 hits fall, by brute force over every hit-or-miss of the attacker's dice:
    # P(fewer) + half P(equal)
    import itertools
    chances = [specs[i].hit_on / 6 for i in att]
    below = equal = 0.0
    for hit in itertools.product((0, 1), repeat=len(chances)):
        p = math.prod(c if h else 1 - c for c, h in zip(chances, hit))
        below += p if sum(hit) < 2 else 0.0
        equal += p if sum(hit) == 2 else 0.0
    share = below + equal / 2
    text = panel.luck_label.text()
    assert panel.luck_label.isVisibleTo(panel)
    assert i18n.localize(f"{100 * share:.0f}") in text and " 2 " in text
    odds_shown(qtbot, panel)
    exact = odds_from(battle.rules, battle.round_start_state, ruleset="lowluck")
    ea, ed = exact.expected_losses()
    la, ld = battle.rules.losses(battle.state)
    further = i18n.number(ea - la)
    assert further in panel.odds_label.text()
    assert i18n.number(ed - ld) in panel.odds_label.text()
    # press on or retreat now: the attacker may retreat before round 2
    branches = plain(panel.branches_label).replace("\xa0", " ")
    def shown(p):
        return i18n.percent(p).replace("\xa0", " ")
    assert shown(exact.attacker_wins) in branches
    assert shown(0.0) in branches and shown(1.0) in branches


def test_casualties_by_click_and_by_text_read_back_the_same(panel_for, qtbot, language):
    panel = panel_for(LAND)
    battle = panel.battle
    specs = battle.dice()
    att = [i for i, s in enumerate(specs) if s.side == "attacker"]
    # two of the attacker's dice hit: the defender's proposal is 2 infantry
    panel.dice_edit.setText(" ".join("1" if i in att[:2] else "6" for i in range(len(specs))))
    chips = panel.chips
    assert chips.isVisibleTo(panel) and chips.chips
    proposal = battle.preview(tuple(battle.log and () or [])) if False else None
    defender_chips = {u: c for (s, u), c in chips.chips.items() if s == "defender"}
    armor = defender_chips["armor"]
    infantry = defender_chips["infantry"]
    assert i18n.data_name("lowluck", "armor").lower() in armor.text().lower()
    before = dict(chips.choice["defender"])
    assert before.get("infantry", 0) > 0
    qtbot.mouseClick(infantry, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier)
    qtbot.mouseClick(armor, Qt.MouseButton.LeftButton)
    assert chips.choice["defender"]["armor"] == before.get("armor", 0) + 1
    qtbot.mouseClick(armor, Qt.MouseButton.LeftButton)      # it has 1: no more
    assert chips.choice["defender"]["armor"] == 1 and armor.present == 1
    assert chips.choice["defender"].get("infantry", 0) == before["infantry"] - 1
    # the text says the same, in the engine's words, and reads back to the chips' choice
    typed = panel.parse_choice(panel.choice_edit.text(), chips.choice)
    assert typed == chips.choice
    # keys on a focused chip
    armor.setFocus()
    qtbot.keyClick(armor, Qt.Key.Key_Minus)
    assert chips.choice["defender"].get("armor", 0) == before.get("armor", 0)
    qtbot.keyClick(armor, Qt.Key.Key_Plus)
    wanted = {s: dict(c) for s, c in chips.choice.items()}
    panel.apply()
    assert battle.log, panel.message.text() + " | " + panel.choice_edit.text()
    assert battle.log[-1].own_choice
    assert battle.log[-1].choice["defender"] == wanted["defender"]
    # typing the text moves the chips
    panel.dice_edit.setText(" ".join("6" if s.side == "attacker" else "1"
                                     for s in battle.dice()))
    proposal = dict(chips.choice)
    att_units = [u for (s, u) in chips.chips if s == "attacker"]
    if proposal.get("attacker"):
        total = sum(proposal["attacker"].values())
        unit = "artillery" if "artillery" in att_units else att_units[0]
        panel.choice_edit.setFocus()
        panel.choice_edit.selectAll()
        qtbot.keyClicks(panel.choice_edit, f"attacker: {total} {unit}")
        assert chips.choice["attacker"] == {unit: total}


def test_surprise_strike_leaving_only_submerged_subs_ends_it_with_a_summary(panel_for, qtbot,
                                                                             language):
    """Items 4 and 6: no 'Round 1 — fire' after the strike sank all but a submerged sub;
    the finished battle shows no greyed entry but its result, IPC lost and the luck, in
    the log too, and no retreat is offered."""
    panel = panel_for(SUBS)
    battle = panel.battle
    panel.apply()                                     # submerge: no dice
    panel.dice_edit.setText("1 1 1")
    panel.apply()
    assert battle.is_over() and battle.rounds_played == 1
    assert not panel.entry_box.isVisibleTo(panel)
    summary = plain(panel.summary_label)
    assert "IPC" in summary and ("12" in summary)    # the cruiser's cost
    assert all(not b.isEnabled() for b in panel.retreat_buttons.values())
    last = panel.log.item(panel.log.count() - 1).text()
    assert "IPC" in last
    heading = panel.heading.text()
    assert ("1 round" in heading) if language == "en" else ("1 Runde" in heading)


def test_retreat_disabled_after_an_amphibious_withdrawal(make_window, qtbot, language):
    """Item 6: after the attacker withdrew from an amphibious assault (its landed units fight
    on), 'Attacker retreats' is off and says why."""
    from combatassist.scenario import load_scenario
    from combatassist.data import examples_dir

    window = make_window(views=LOWLUCK_ONLY)
    view = window.view_for("lowluck")
    view.set_scenario(load_scenario(examples_dir() / "lowluck-1942-amphibious.toml"))
    wait_result(qtbot, view)
    view.open_table()
    panel = view.table_panel
    battle = panel.battle
    while battle.round_number < 2 and not battle.is_over():
        panel.dice_edit.setText(" ".join("6" for _ in battle.dice()))
        panel.apply()
    assert not battle.is_over()
    assert panel.retreat_button.isEnabled()
    battle.between_rounds({"withdraw": "attacker"})
    assert not panel.retreat_button.isEnabled()
    assert panel.retreat_button.toolTip()


def test_a_group_rolling_nothing_shows_its_sure_hits(panel_for, language):
    """Low luck: the defender's 6 infantry (power 12) score 2 hits without a die: a line
    says so beside the attacker's die row."""
    panel = panel_for(LAND.replace('dice = "standard"', 'dice = "lowluck"')
                      .replace("infantry = 4, armor = 1", "infantry = 6"))
    entry = panel.dice_entry
    assert len(entry.edits) == len(entry.groups)
    (text,) = [plain(line) for line in entry.sure_labels
               if plain(line).startswith(i18n.side_title("defender"))]
    assert text.startswith(i18n.side_title("defender")) and "2" in text
    assert i18n.data_name("lowluck", "infantry") in text


def test_the_battle_log_exports_each_rolls_luck_and_the_summary(panel_for, qtbot, language):
    """The export: the log on the clipboard (context menu, Ctrl+C in the log) keeps each
    roll's luck and the finished battle's summary, in the app's language."""
    panel = panel_for(SUBS)
    panel.apply()                                     # submerge
    panel.dice_edit.setText("1 1 1")
    panel.apply()
    assert panel.battle.is_over()
    panel.log.setFocus()
    qtbot.waitUntil(panel.log.hasFocus)
    qtbot.keyClick(panel.log, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    text = QApplication.clipboard().text()
    assert text == panel.log_text() and text.count("\n") >= 5
    luck = "better than" if language == "en" else "besser als"
    assert text.count(luck) >= 2                     # the roll's line and the battle's
    assert "IPC" in text
