"""A sixth ruleset's view, added from a temporary folder: one form file, no registry edited.

The view module is dropped into a folder put on ``combatassist_gui.views.__path__`` (where
``discover()`` looks, as for the views shipped in ``ui/views/``).
"""
from __future__ import annotations

import sys
import textwrap

import pytest

import combatassist_gui.views as views_package
from combatassist_gui.views import discover

COIN_VIEW = '''
"""A coin-flip duel: the one form file of the sixth ruleset."""
from PySide6.QtWidgets import QFormLayout, QSpinBox, QWidget

from combatassist.scenario import Scenario
from combatassist_gui.views.base import BattleView


class CoinView(BattleView):
    ruleset = "coin"
    title = "Coin duel"
    order = 60

    def build_form(self):
        form = QWidget()
        self.spins = {}
        layout = QFormLayout(form)
        for side in ("attacker", "defender"):
            spin = QSpinBox()
            spin.setRange(1, 20)
            spin.valueChanged.connect(self.edited)
            self.spins[side] = spin
            layout.addRow(side, spin)
        return form

    def default_scenario(self):
        return Scenario("coin", {"attacker": 3, "defender": 2})

    def scenario(self):
        return Scenario("coin", {side: s.value() for side, s in self.spins.items()})

    def load_scenario(self, scenario):
        for side, spin in self.spins.items():
            spin.setValue(scenario.body[side])
'''


@pytest.fixture
def coin_folder(tmp_path, monkeypatch):
    folder = tmp_path / "more_views"
    folder.mkdir()
    (folder / "coin.py").write_text(textwrap.dedent(COIN_VIEW), encoding="utf-8")
    monkeypatch.setattr(views_package, "__path__", [*views_package.__path__, str(folder)])
    yield folder
    sys.modules.pop("combatassist_gui.views.coin", None)


def test_a_view_file_in_a_new_folder_is_found_in_tab_order(coin_folder):
    found = discover()
    assert [cls.ruleset for cls in found] == ["lowluck", "mediumluck", "agc", "ur", "ds2",
                                              "coin"]
    coin = found[-1]
    assert coin.__name__ == "CoinView" and coin.title == "Coin duel"


def test_two_views_for_one_ruleset_are_refused(coin_folder):
    (coin_folder / "coin_again.py").write_text(
        textwrap.dedent(COIN_VIEW).replace("class CoinView", "class CoinAgainView"),
        encoding="utf-8")
    try:
        with pytest.raises(RuntimeError, match="more than one view for the ruleset"):
            discover()
    finally:
        sys.modules.pop("combatassist_gui.views.coin_again", None)


def test_a_broken_view_module_is_not_hidden(coin_folder):
    (coin_folder / "broken.py").write_text("import no_such_module_here\n", encoding="utf-8")
    try:
        with pytest.raises(ModuleNotFoundError, match="no_such_module_here"):
            discover()
    finally:
        sys.modules.pop("combatassist_gui.views.broken", None)
