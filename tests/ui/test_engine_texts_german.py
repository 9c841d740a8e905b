"""A table-side battle in German, for every ruleset: the engine's texts (phase names, dice to
roll, how the dice resolved, the log, the position) are shown in German; English stays the
engine's own text exactly."""
from __future__ import annotations

import random
import re

import pytest

from combatassist.text import Message
from combatassist_gui import i18n
from combatassist_gui.engine_text import error_text, render
from combatassist_gui.views import discover
from combatassist_gui.views.lowluck import LowLuckView
from combatassist_gui.views.mediumluck import MediumLuckView

#: Words of the engine's English texts that no German text of the table side may contain.
ENGLISH = {"attacker", "defender", "takes", "hits", "hit", "rolled", "rolls", "dice",
           "round", "now", "scores", "none", "total", "steps", "damage", "fire", "impact",
           "armour", "the", "and", "vs", "on", "or", "less", "unopposed", "boosts", "lost"}
#: A word each shipped ruleset's German explanations use.
GERMAN = {"lowluck": "Treffer", "mediumluck": "würfelte", "agc": "Siegverhältnis", "ur": "Treffer",
          "ds2": "Durchschlag"}
#: every view found (a new ruleset's table side is checked too)
VIEWS = discover()


@pytest.fixture
def german(qapp):
    i18n.install("de", qapp)
    yield
    i18n.install("en", qapp)


def english_words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z]+", text)) & ENGLISH


@pytest.mark.parametrize("cls", VIEWS, ids=lambda c: c.ruleset)
def test_a_table_battle_in_german(cls, german, open_view, qtbot):
    view = open_view(cls)
    panel = view.table_panel
    panel.start()
    battle = panel.battle
    assert battle is not None
    rng = random.Random(7)
    explained = []
    for _ in range(6):                       # a few phases (or the whole battle)
        if battle.is_over():
            break
        if battle.dice():        # (a phase without dice says so in the GUI's own words)
            assert not english_words(panel.dice_label.text()), panel.dice_label.text()
        dice = battle.roll(rng)
        panel.dice_edit.setText(" ".join(map(str, dice)))
        preview = battle.preview(dice)
        shown = panel.explain_label.text()
        assert shown == render(preview.explanation)
        assert not english_words(shown), shown
        explained.append(shown)
        panel.apply()
        assert panel.message.text() == ""
    if cls.ruleset in GERMAN:        # a word this ruleset's German is known to use
        assert any(GERMAN[cls.ruleset] in text for text in explained), explained
    log = [panel.log.item(i).text() for i in range(panel.log.count())]
    assert log and log[0].startswith("Runde 1, ")
    for shown, line in zip(log, battle.log):
        assert shown == render(line.text) and shown != str(line.text)
        assert not english_words(shown), shown
    assert not english_words(panel.state_label.text()), panel.state_label.text()


def test_a_refusal_at_the_table_in_german(german, open_view):
    view = open_view(LowLuckView)
    panel = view.table_panel
    panel.start()
    panel.dice_edit.setText("9")             # a d6 can't show 9
    panel.apply()
    assert "muss 1–6 zeigen, nicht 9" in panel.message.text()
    panel.undo()                             # nothing to undo yet
    assert "nichts rückgängig zu machen" in panel.message.text()


def test_english_renders_exactly_as_the_engine_writes(open_view):
    view = open_view(MediumLuckView)
    panel = view.table_panel
    panel.start()
    battle = panel.battle
    dice = battle.roll(random.Random(3))
    panel.dice_edit.setText(" ".join(map(str, dice)))
    assert panel.explain_label.text() == str(battle.preview(dice).explanation)
    panel.apply()
    assert panel.log.item(0).text() == str(battle.log[0].text)


def test_numbers_in_engine_texts_follow_the_language(german):
    text = Message("simulated, {trials:,} battles", trials=1234567)
    assert render(text) == "simuliert, 1.234.567 Schlachten"
    assert str(text) == "simulated, 1,234,567 battles"


def test_a_damaged_translation_falls_back_to_english(german, monkeypatch):
    from PySide6.QtCore import QCoreApplication

    monkeypatch.setattr(QCoreApplication, "translate", lambda ctx, text, *a: "{nope} kaputt")
    assert render(Message("{n} dice", n=3)) == "3 dice"
    from combatassist.errors import EngineError

    assert error_text(EngineError("plain")) == "plain"


def test_a_refused_computation_in_german(german):
    from combatassist import limits

    text = error_text(limits.exact_refusal(12_345_678))
    assert text.startswith("dieser Kampf braucht etwa 12.345.678 Übergänge des exakten Lösers")
    assert str(limits.exact_refusal(12_345_678)).startswith(
        "this battle needs about 12,345,678 exact-solver transitions")


@pytest.mark.parametrize("edition", ["1942se", "1940se"])
def test_a_later_editions_units_read_as_words_in_both_languages(edition, qapp):
    """The position the table shows names every unit in words (``aa_gun`` was shown as is,
    in English and untranslated in German)."""
    from combatassist.rulesets import lowluck
    from combatassist.scenario import parse_scenario_text

    ids = lowluck.shipped(edition).ids
    land = [u for u in ids if u in ("infantry", "artillery", "armor", "mech_infantry",
                                    "tactical_bomber", "fighter", "bomber", "aa_gun")]
    text = (f'ruleset = "lowluck"\n[options]\nedition = "{edition}"\n[attacker]\n'
            f'units = {{ infantry = 1 }}\n[defender]\n'
            f'units = {{ {", ".join(f"{u} = 1" for u in land)} }}\n')
    rules = lowluck.make_rules(parse_scenario_text(text).body)
    described = rules.describe(rules.initial_state())
    english = render(described)
    assert "_" not in english and "aa gun" in english
    i18n.install("de", qapp)
    try:
        german = render(described)
        names = {unit: i18n.data_name("lowluck", unit.replace("_", " ")) for unit in land}
    finally:
        i18n.install("en", qapp)
    for unit in land:                       # each unit by its German name
        name = unit.replace("_", " ")
        assert names[unit] in german
        if unit not in ("artillery", "bomber"):         # (the same word in German)
            assert name not in german.lower(), (unit, german)
    assert "Flak" in german and "_" not in german
