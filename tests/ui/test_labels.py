"""The views show the rulesets' display names (``Ruleset.labels``, ``resources/<name>/labels.toml``)
instead of restating them: a label changed in the data (as a translation will) is what the
form shows."""
from __future__ import annotations

import pytest

from combatassist import rulesets
from combatassist_gui.views.agc import AgcView
from combatassist_gui.views.ds2 import Ds2View
from combatassist_gui.views.lowluck import LowLuckView
from combatassist_gui.views.mediumluck import MediumLuckView
from combatassist_gui.views.ur import UrView


def combo_texts(combo) -> dict[str, str]:
    return {combo.itemData(i): combo.itemText(i) for i in range(combo.count())}


@pytest.fixture
def relabel(monkeypatch):
    """``relabel(ruleset, category, id, text)``: that display name changed for the test."""
    def change(name: str, category: str, key: str, text: str) -> None:
        labels = rulesets.get(name).labels
        assert key in labels[category]
        monkeypatch.setitem(labels[category], key, text)
    return change


def test_low_luck_names_come_from_its_labels(open_view, relabel):
    relabel("lowluck", "techs", "jet_power", "Düsenjäger")
    relabel("lowluck", "dice", "standard", "Normale Würfel")
    relabel("lowluck", "battles", "sea", "Seeschlacht")
    relabel("lowluck", "units", "armor", "Panzer")
    view = open_view(LowLuckView)
    side = view.sides["attacker"]
    assert side.techs["jet_power"].text() == "Düsenjäger"
    assert combo_texts(view.dice_mode)["standard"] == "Normale Würfel"
    assert combo_texts(view.battle_kind)["sea"] == "Seeschlacht"
    assert "Panzer" in side.spins["armor"].toolTip()
    assert "Panzer" in [side.order.list.item(i).text() for i in range(side.order.list.count())]


def test_ur_names_come_from_its_labels(open_view, relabel):
    relabel("ur", "terrain", "none", "Offenes Gelände")
    relabel("ur", "stances", "defend", "Verteidigen")
    view = open_view(UrView)
    defender = view.sides["defender"]
    assert combo_texts(defender.terrain)["none"] == "Offenes Gelände"
    assert combo_texts(defender.stance)["defend"] == "Verteidigen"


def test_ds2_names_come_from_its_labels(open_view, relabel):
    relabel("ds2", "covers", "soft", "Leichte Deckung")
    relabel("ds2", "infantry", "pa", "Kampfanzug")
    relabel("ds2", "ranges", "long", "Weit")
    view = open_view(Ds2View)
    assert combo_texts(view.cover)["soft"] == "Leichte Deckung"
    assert combo_texts(view.infantry)["pa"].startswith("Kampfanzug (armour ")
    assert combo_texts(view.range)["long"] == "Weit"


def test_medium_luck_names_come_from_its_labels(open_view, relabel):
    relabel("mediumluck", "bands", "red", "Rot")
    relabel("mediumluck", "battles", "land", "Landschlacht")
    view = open_view(MediumLuckView)
    assert "Rot" in view.board_widget.band_labels["red"].text()
    assert combo_texts(view.battle_kind)["land"] == "Landschlacht"


def test_agc_names_come_from_its_labels(open_view, relabel):
    relabel("agc", "short_units", "armor", "Pz")
    view = open_view(AgcView)
    assert view.terrain.modifier_text(view.terrain.terrains[0]).startswith("Pz ")
