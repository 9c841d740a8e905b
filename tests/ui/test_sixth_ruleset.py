"""A sixth ruleset in the GUI, from a temporary folder: docs/adding-a-ruleset.md to the letter.

The page's engine folder, resources folder and form file are written under a temporary root;
its ``combatassist/rulesets`` goes first on the rulesets package's path and its ``ui/views`` on
``combatassist_gui.views.__path__`` (where ``discover()`` looks, as for the shipped views; a
duel already in the tree is put aside meanwhile: ``tests/doc_steps.example_first``).
The main window must give the duel a tab, its odds and its table battle, no registry edited.
"""
from __future__ import annotations

import sys

import pytest

import combatassist_gui.views as views_package
from combatassist import rulesets
from combatassist_gui.views import discover
from tests.doc_steps import example_first, write_files
from tests.ui.conftest import wait_result


@pytest.fixture
def duel(tmp_path):
    files = write_files(tmp_path, ("combatassist/", "resources/", "ui/"))
    assert "ui/views/duel.py" in files
    with example_first({rulesets: tmp_path / "combatassist" / "rulesets",
                        views_package: tmp_path / "ui" / "views"}):
        yield tmp_path
    for name in [m for m in sys.modules if m.startswith(("combatassist_gui.views.broken",
                                                         "combatassist_gui.views.duel_again"))]:
        del sys.modules[name]


def test_the_duel_view_is_found_last_in_tab_order(duel):
    found = discover()
    assert [cls.ruleset for cls in found] == ["lowluck", "mediumluck", "agc", "ur", "ds2",
                                              "duel"]
    assert found[-1].__name__ == "DuelView" and found[-1].title == "Coin-flip duel"


def test_the_duel_gets_a_tab_its_odds_and_its_table_battle(duel, make_window, qtbot):
    window = make_window()
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert titles[-1] == "Coin-flip duel"
    view = window.view_for("duel")
    window.tabs.setCurrentWidget(view)
    result = wait_result(qtbot, view)
    assert result.attacker_wins == pytest.approx(1 / 3)        # one hit point each
    assert result.draw == pytest.approx(1 / 3)
    assert view.scenario() == rulesets.get("duel").default_scenario()
    window.fight()
    panel = view.table_panel
    assert panel.battle is not None and panel.autosave_path.is_file()
    panel.dice_edit.setText("2 1")                             # attacker heads: first blood
    panel.apply()
    assert panel.battle.is_over() and panel.battle.verdict() == "attacker"
    panel.undo()
    assert not panel.battle.is_over() and panel.battle.can_redo()
    panel.redo()
    assert panel.battle.verdict() == "attacker"


def test_two_views_for_one_ruleset_are_refused(duel):
    again = (duel / "ui" / "views" / "duel.py").read_text(encoding="utf-8")
    (duel / "ui" / "views" / "duel_again.py").write_text(
        again.replace("class DuelView", "class DuelAgainView"), encoding="utf-8")
    with pytest.raises(RuntimeError, match="more than one view for the ruleset"):
        discover()


def test_a_broken_view_module_is_not_hidden(duel):
    (duel / "ui" / "views" / "broken.py").write_text("import no_such_module_here\n",
                                                     encoding="utf-8")
    with pytest.raises(ModuleNotFoundError, match="no_such_module_here"):
        discover()
