"""Saved battles at the table (issues 25-27): a start offers them from their headers (nothing
replayed until Resume), a battle of another ruleset or one that doesn't replay to its header
is set aside with one sentence, a resumed battle shows its own set-up everywhere (AGC's dice
in entry order too) and the window title forgets "(resumed battle)" once it is closed."""
from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QMessageBox

from combatassist.rulesets import agc, lowluck
from combatassist.rulesets.agc import AgcScenario, AgcSide
from combatassist.scenario import Scenario
from combatassist.table import TableBattle
from combatassist_gui import i18n
from combatassist_gui.views.agc import AgcView
from combatassist_gui.views.lowluck import LowLuckView
from combatassist_gui.views.mediumluck import MediumLuckView
from combatassist_gui.views.ur import UrView
from combatassist_gui.views.agc.lineup import describe_roll

MOUNTAINS = Scenario("agc", AgcScenario(
    "mountainous", AgcSide({"infantry": 3, "armor": 1, "mountain_infantry": 1}),
    AgcSide({"infantry": 2, "artillery": 1})), "Into the mountains")


@pytest.fixture
def answers(monkeypatch):
    """Script the resume questions' answers (by ruleset title); record what was asked."""
    asked: list[str] = []
    replies: dict[str, QMessageBox.StandardButton] = {}

    def question(_parent, _title, text, *args, **kwargs):
        asked.append(text)
        return next((r for name, r in replies.items() if name in text),
                    QMessageBox.StandardButton.No)
    monkeypatch.setattr(QMessageBox, "question", question)
    return asked, replies


def crash(panel) -> None:
    """The process dies: no orderly shutdown of the battle; the system frees its lock."""
    panel.battle = None
    panel.release()


@pytest.fixture(params=["en", "de"])
def language(request, qapp):
    i18n.install(request.param, qapp)
    yield request.param
    i18n.install("en", qapp)


def test_a_resumed_agc_battle_shows_its_own_terrain(make_window, qtbot, answers, language):
    # fought in Mountainous; the new window's form held the default (Forest) when the battle
    # came back, and the dice in entry order showed Forest's modifiers and reasons
    asked, replies = answers
    first = make_window(views=[AgcView])
    view = first.view_for("agc")
    view.set_scenario(MOUNTAINS)
    view.open_table()
    crash(view.table_panel)
    assert agc.default_scenario().body.terrain != "mountainous"
    replies[AgcView.title] = QMessageBox.StandardButton.Yes
    second = make_window(views=[AgcView])
    second.offer_resume()
    again = second.view_for("agc")
    assert again.table_panel.battle is not None and again.terrain.terrain() == "mountainous"
    want = agc.lineup(MOUNTAINS.body)
    for side in ("attacker", "defender"):
        table = again.lineup_tables.tables[side]
        shown = [tuple(table.item(r, c).text() for c in range(4))
                 for r in range(table.rowCount())]
        assert shown == [describe_roll(u) for u in want.side(side).units]
    forest = agc.lineup(AgcScenario("forest", MOUNTAINS.body.attacker,
                                    MOUNTAINS.body.defender))
    assert [describe_roll(u) for u in forest.attacker.units] != \
        [describe_roll(u) for u in want.attacker.units]       # the test can tell them apart


def test_the_title_drops_resumed_once_the_battle_is_closed(make_window, qtbot, answers):
    asked, replies = answers
    first = make_window(views=[LowLuckView])
    crash_panel = first.view_for("lowluck").table_panel
    crash_panel.start()
    crash(crash_panel)
    replies[LowLuckView.title] = QMessageBox.StandardButton.Yes
    second = make_window(views=[LowLuckView])
    second.offer_resume()
    panel = second.view_for("lowluck").table_panel
    assert "(resumed battle)" in second.windowTitle()
    replies.clear()
    replies[""] = QMessageBox.StandardButton.Yes       # "Close it and discard …?" Yes
    panel.close_battle()
    assert panel.battle is None
    assert "resumed" not in second.windowTitle()
    assert second.windowTitle().startswith("Untitled")


def _save(folder, ruleset_view, rounds: int, rng_seed: int = 3) -> TableBattle:
    """A saved battle of ``ruleset_view``'s default scenario, ``rounds`` phases played."""
    import random

    from combatassist import rulesets
    from combatassist.autosave import AutosaveSlot
    from combatassist.scenario import scenario_to_toml
    from combatassist.table import AUTOSAVE_NAME

    ruleset = rulesets.get(ruleset_view.ruleset)
    scenario = ruleset.default_scenario()
    text = scenario_to_toml(scenario)
    slot = AutosaveSlot(folder / f"{ruleset.name}-{AUTOSAVE_NAME}")
    battle = TableBattle(ruleset.make_rules(scenario.body), scenario_text=text,
                         ruleset=ruleset.name, autosave_path=slot.new_battle_path())
    battle.save()
    rng = random.Random(rng_seed)
    for _ in range(rounds):
        if battle.is_over():
            break
        battle.enter(battle.roll(rng))
    return battle


def test_a_start_replays_no_saved_battle_and_resume_replays_one(make_window, qtbot, answers,
                                                                tmp_path, monkeypatch):
    # issue 26: the app took 13 s to start with three saved battles (each replayed to be
    # offered); now a start reads their headers and Resume replays the one chosen
    asked, replies = answers
    folder = tmp_path / "battles"
    views = [LowLuckView, MediumLuckView, UrView]
    saved = {cls.ruleset: _save(folder, cls, 2) for cls in views}
    replays: list[str] = []
    steps: list[int] = []
    real_from_json, real_apply = TableBattle.from_json.__func__, TableBattle._apply

    def counting_from_json(cls, data, *args, **kwargs):
        replays.append(data["ruleset"])
        return real_from_json(cls, data, *args, **kwargs)
    monkeypatch.setattr(TableBattle, "from_json", classmethod(counting_from_json))
    monkeypatch.setattr(TableBattle, "_apply",
                        lambda self, *a: steps.append(1) or real_apply(self, *a))
    replies[UrView.title] = QMessageBox.StandardButton.Yes
    window = make_window(views=views, autosave_dir=folder)
    steps.clear()
    for view in window.views:               # claimed and offered from their headers alone
        assert view.table_panel.claim_saved_battle()
    assert replays == [] and steps == []
    window.offer_resume()
    # issue 36: one question lists every battle waiting (not one dialog per battle)
    (text,) = asked
    assert text.count("saved ") == 3 and all(cls.title in text for cls in views)
    assert "“Finland, Russia turn 1”, 2 rounds played" in text
    assert sorted(replays) == ["lowluck", "mediumluck", "ur"]   # each resumed, once
    resumed = [window.view_for(cls.ruleset).table_panel.battle for cls in views]
    assert all(b is not None and b.state == saved[b.ruleset].state for b in resumed)
    assert len(steps) == sum(sum(len(r) for r in b.rounds) + len(b.current) for b in resumed)


def test_no_to_the_one_question_leaves_every_unfinished_battle_for_later(
        make_window, qtbot, answers, tmp_path):
    asked, _replies = answers                    # unscripted: the answer is No
    folder = tmp_path / "battles"
    views = [LowLuckView, UrView]
    for cls in views:
        _save(folder, cls, 1)
    window = make_window(views=views, autosave_dir=folder)
    window.offer_resume()
    assert len(asked) == 1 and "2 battles at the table are waiting" in asked[0]
    assert all(window.view_for(cls.ruleset).table_panel.battle is None for cls in views)
    again = make_window(views=views, autosave_dir=folder)      # offered again at the next start
    again.offer_resume()
    assert len(asked) == 2


def test_a_battle_of_another_ruleset_is_set_aside_not_offered(make_window, qtbot, answers,
                                                              tmp_path):
    # an Ur battle in the Low Luck slot was offered as "A Low Luck battle … Resume it?" and
    # opened in the Low Luck tab over its set-up
    asked, _replies = answers
    folder = tmp_path / "battles"
    battle = _save(folder, UrView, 1)
    wrong = folder / battle.autosave_path.name.replace("ur-", "lowluck-", 1)
    battle.autosave_path.rename(wrong)
    window = make_window(views=[LowLuckView, UrView], autosave_dir=folder)
    window.offer_resume()
    assert asked == []
    assert window.view_for("lowluck").table_panel.battle is None
    assert not wrong.exists() and list(folder.glob(wrong.name + ".damaged-*"))
    notice = window.statusBar().currentMessage()
    assert "set aside" in notice and "\n" not in notice and '"ur" battle' in notice
    assert window.view_for("lowluck").scenario().body == lowluck.default_scenario().body


def test_a_battle_that_doesnt_replay_to_its_header_is_set_aside_on_resume(
        make_window, qtbot, answers, tmp_path):
    asked, replies = answers
    folder = tmp_path / "battles"
    battle = _save(folder, LowLuckView, 1)
    data = json.loads(battle.autosave_path.read_text())
    data["rounds"] = []                     # steps lost behind the header's back
    battle.autosave_path.write_text(json.dumps(data))
    replies[LowLuckView.title] = QMessageBox.StandardButton.Yes
    window = make_window(views=[LowLuckView], autosave_dir=folder)
    window.offer_resume()
    assert len(asked) == 1 and "1 round played" in asked[0]   # offered from its header
    panel = window.view_for("lowluck").table_panel
    assert panel.battle is None and "set aside" in panel.notice.text()
    notice = window.statusBar().currentMessage()
    assert "set aside" in notice and "header" in notice and "\n" not in notice
    assert list(folder.glob("*.damaged-*"))


def test_a_folder_at_a_battles_lock_path_is_said_not_hidden(make_window, qtbot, answers,
                                                            tmp_path):
    """Issue 37: a folder where a battle's lock file goes hid the battle at every start,
    without a word; now the start says which battle and what to remove, in one line."""
    from combatassist.autosave import lock_path

    asked, _replies = answers
    folder = tmp_path / "battles"
    battle = _save(folder, LowLuckView, 1)
    lock_path(battle.autosave_path).mkdir()
    window = make_window(views=[LowLuckView], autosave_dir=folder)
    window.offer_resume()
    assert asked == []
    panel = window.view_for("lowluck").table_panel
    assert panel.battle is None and battle.autosave_path.exists()      # nothing moved
    notice = window.statusBar().currentMessage()
    assert "remove that folder" in notice and "\n" not in notice
    assert any(str(lock_path(battle.autosave_path)) in n for n in panel.set_aside_notices)
