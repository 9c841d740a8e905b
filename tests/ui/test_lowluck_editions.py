"""The Low Luck view's editions: the picker rebuilds the form from the ``Edition`` value
(units, values, costs, the later editions' inputs), keeps what the new edition has and says
what it drops, refuses a bad player's file in one line, and fills every example exactly."""
from __future__ import annotations

import tomllib

import pytest
from PySide6.QtCore import Qt

from combatassist.data import list_examples
from combatassist.rulesets import lowluck
from combatassist.scenario import load_scenario
from combatassist_gui.views.lowluck.view import OPEN_EDITION, LowLuckView
from tests.ui.conftest import wait_result


@pytest.fixture
def view(open_view):
    """The Low Luck view, with the status-bar lines it sends collected in ``notices``."""
    v = open_view(LowLuckView)
    v.notices = []
    v.notice.connect(v.notices.append)
    return v


def pick(view, name: str) -> None:
    """Choose an edition in the picker as the player does."""
    index = view.edition_box.findData(name)
    assert index >= 0, name
    view.edition_box.setCurrentIndex(index)
    view.edition_box.activated.emit(index)


def test_the_picker_lists_the_shipped_editions_and_a_players_file(view):
    names = [view.edition_box.itemData(i) for i in range(view.edition_box.count())]
    assert names == [*lowluck.SHIPPED, OPEN_EDITION]
    texts = [view.edition_box.itemText(i) for i in range(view.edition_box.count())]
    assert texts[:5] == ["Classic", "Revised", "Anniversary Edition", "1942 Second Edition",
                         "Global 1940 Second Edition"]


@pytest.mark.parametrize("name", lowluck.SHIPPED)
def test_the_form_shows_the_editions_units_values_and_costs(view, name):
    pick(view, name)
    edition = lowluck.shipped(name)
    assert view.edition == edition
    for role in ("attacker", "defender"):
        side = view.sides[role]
        assert list(side.spins) == list(edition.ids)
        for unit in edition.units:
            assert side.cost_labels[unit.id].text() == f"{unit.cost} IPC"
            tip = side.spins[unit.id].toolTip()
            assert f"cost {unit.cost} IPC" in tip
            assert f"attack {unit.attack}, defence {unit.defence}" in tip


def test_switching_editions_keeps_shared_counts_and_says_what_it_drops(view, qtbot):
    for side in view.sides.values():
        for spin in side.spins.values():
            spin.setValue(0)
    view.sides["attacker"].spins["infantry"].setValue(3)
    view.sides["attacker"].spins["armor"].setValue(2)
    view.sides["attacker"].techs["jet_power"].setChecked(True)
    view.sides["defender"].spins["infantry"].setValue(4)
    view.aa_gun.setChecked(True)
    pick(view, "1942se")
    got = view.scenario().body
    assert got.edition.name == "1942se"
    assert got.attacker.units == {"infantry": 3, "armor": 2}
    assert got.defender.units == {"infantry": 4}
    assert not got.options.aa_gun and view.aa_gun.isHidden() and view.sub_first.isHidden()
    # Classic's jet power and the AA gun option are not 1942's: said, not silently lost
    assert len(view.notices) == 1 and "Jet power" in view.notices[-1]
    assert "AA gun option" in view.notices[-1]
    assert view.edition_note.isVisibleTo(view) and "Jet power" in view.edition_note.text()
    # to 1940 and back: mech infantry is dropped on the way back to 1942, with a note
    pick(view, "1940se")
    view.sides["attacker"].spins["mech_infantry"].setValue(2)
    pick(view, "1942se")
    assert view.scenario().body.attacker.units == {"infantry": 3, "armor": 2}
    assert "2 Mech infantry (Attacker)" in view.notices[-1]
    wait_result(qtbot, view)
    assert view.last_error is None


def test_later_edition_inputs_follow_the_battle_kind(view, qtbot):
    pick(view, "1942se")
    attacker, defender = view.sides["attacker"], view.sides["defender"]
    assert set(attacker.extras) == {"amphibious", "bombard", "damaged"}
    assert set(defender.extras) == {"damaged"}              # only the attacker lands
    assert attacker.extras["amphibious"]["infantry"].isVisibleTo(view)
    assert not attacker.submerge.isEnabled()
    view.battle_kind.setCurrentIndex(view.battle_kind.findData("sea"))
    assert not attacker.extras["amphibious"]["infantry"].isVisibleTo(view)
    assert attacker.submerge.isEnabled() and defender.extras["damaged"]["battleship"].isEnabled()
    # an AA gun only defends: the attacker's can't be typed, in any battle
    assert defender.spins["aa_gun"].isEnabled() is False        # a sea battle now
    view.battle_kind.setCurrentIndex(view.battle_kind.findData("land"))
    assert defender.spins["aa_gun"].isEnabled() and not attacker.spins["aa_gun"].isEnabled()
    # Classic has none of them
    pick(view, "classic")
    assert not view.sides["attacker"].extras and view.sides["attacker"].submerge.isHidden()
    assert view.aa_gun.isVisibleTo(view)


def test_an_invalid_combination_is_the_engines_one_line(view, qtbot):
    pick(view, "1942se")
    wait_result(qtbot, view)
    attacker = view.sides["attacker"]
    attacker.spins["infantry"].setValue(2)
    attacker.extras["amphibious"]["infantry"].setValue(1)
    attacker.extras["bombard"]["battleship"].setValue(2)     # more ships than landed units
    qtbot.waitUntil(lambda: view.last_error is not None)
    assert "bombard" in view.last_error and "\n" not in view.last_error
    assert "Traceback" not in view.last_error
    attacker.extras["bombard"]["battleship"].setValue(1)
    qtbot.waitUntil(lambda: view.last_error is None and not view.computer.is_busy())
    body = view.validated_scenario().body
    assert body.attacker.bombard == {"battleship": 1}
    assert body.attacker.amphibious == {"infantry": 1}


def test_revised_destroyers_bombard_only_with_combined_bombardment(view, qtbot):
    """Revised's Bombard column offers the destroyer (a tech of the edition makes it bombard);
    without the tech that is the engine's one line, with it the form's battle."""
    pick(view, "revised")
    wait_result(qtbot, view)
    attacker = view.sides["attacker"]
    assert set(attacker.extras["bombard"]) == {"battleship", "destroyer"}
    attacker.spins["infantry"].setValue(2)
    attacker.extras["amphibious"]["infantry"].setValue(1)
    attacker.extras["bombard"]["destroyer"].setValue(1)
    qtbot.waitUntil(lambda: view.last_error is not None)
    assert "destroyer" in view.last_error and "\n" not in view.last_error
    attacker.techs["combined_bombardment"].setChecked(True)
    qtbot.waitUntil(lambda: view.last_error is None and not view.computer.is_busy())
    body = view.validated_scenario().body
    assert body.attacker.bombard == {"destroyer": 1}
    assert body.attacker.techs == frozenset({"combined_bombardment"})


def test_a_bad_edition_file_is_one_line_and_changes_nothing(view, tmp_path):
    before = view.scenario()
    bad = tmp_path / "house.toml"
    bad.write_text('title = "House"\n[rules]\naa = "units"\nsubmarines = "surprise"\n'
                   '[units]\ninfantry = { attack = 9, defence = 2, cost = 3, kind = "land" }\n'
                   '[battles]\nland = ["land"]\nsea = ["sea"]\n')
    assert not view.open_edition_file(bad)
    assert len(view.notices) == 1 and "\n" not in view.notices[0]
    assert "attack" in view.notices[0] and "house.toml" in view.notices[0]
    assert view.scenario() == before
    assert view.edition_box.currentData() == "classic"


def test_a_players_edition_file_opens_and_saves_by_its_path(view, qtbot, tmp_path):
    text = lowluck.edition.shipped_path("1942se").read_text()
    own = tmp_path / "house.toml"
    own.write_text(text.replace("title = \"1942 Second Edition\"", "title = \"House\"")
                   .replace("armor      = { attack = 3", "armor      = { attack = 4"))
    view.sides["attacker"].spins["armor"].setValue(2)
    assert view.open_edition_file(own)
    assert view.edition.title == "House"
    assert view.edition_box.currentText() == "House (house.toml)"
    assert view.sides["attacker"].spins["armor"].value() == 2
    wait_result(qtbot, view)
    assert view.last_error is None
    saved = view.scenario().to_toml()
    assert str(own.resolve()) in saved
    # picking "Open edition file…" and cancelling leaves the form's edition picked
    view.choose_edition_file = lambda: ""
    pick(view, OPEN_EDITION)
    assert view.edition_box.currentText() == "House (house.toml)"


def test_a_scenario_naming_its_edition_beside_it_opens_in_the_form(view, qtbot, tmp_path,
                                                                     monkeypatch):
    text = lowluck.edition.shipped_path("1942se").read_text()
    (tmp_path / "house.toml").write_text(
        text.replace("title = \"1942 Second Edition\"", "title = \"House\""))
    (tmp_path / "battle.toml").write_text(
        'ruleset = "lowluck"\n[options]\nedition = "house.toml"\n[attacker]\n'
        'units = { infantry = 3, artillery = 2 }\n[defender]\nunits = { infantry = 3 }\n')
    monkeypatch.chdir(tmp_path.parent)         # the app runs from anywhere
    view.set_scenario(load_scenario(tmp_path / "battle.toml"))
    assert view.edition.title == "House"
    assert view.validated_scenario().body.edition.title == "House"
    wait_result(qtbot, view)
    assert view.last_error is None


LOWLUCK_EXAMPLES = [e.path for e in list_examples() if e.ruleset == "lowluck"]


@pytest.mark.parametrize("path", LOWLUCK_EXAMPLES, ids=lambda p: p.name)
def test_every_example_fills_the_form_exactly(view, path):
    scenario = load_scenario(path)
    view.set_scenario(scenario)
    got = view.scenario()
    assert got.title == scenario.title
    assert got.body.edition == scenario.body.edition
    assert got.body.options == scenario.body.options
    for role in ("attacker", "defender"):
        want, have = getattr(scenario.body, role), getattr(got.body, role)
        assert dict(have.units) == dict(want.units)
        assert have.order_of_loss == want.order_of_loss and have.techs == want.techs
        for field in ("amphibious", "bombard", "damaged"):
            assert dict(getattr(have, field)) == dict(getattr(want, field)), field
        assert have.submerge == want.submerge
    # the same file (its tables' key order may follow the edition's roster)
    assert tomllib.loads(got.to_toml()) == tomllib.loads(scenario.to_toml())
    assert view.edition_box.currentData() == scenario.body.edition.name


@pytest.mark.parametrize("name", ["1942se", "1940se"])
def test_the_raid_and_research_tabs_say_they_follow_classic_rules(view, name):
    """They compute Classic's raids (a 15-IPC bomber, no damage cap) and technologies: a
    later edition's player is told so, not shown them as their edition's."""
    panels = (view.sbr_panel, view.tech_panel)
    assert not any(p.edition_note.isVisibleTo(view) for p in panels)
    pick(view, name)
    title = view.edition_box.itemText(view.edition_box.findData(name))
    for panel in panels:
        assert panel.edition_note.isVisibleTo(panel)
        assert "Classic" in panel.edition_note.text() and title in panel.edition_note.text()
    pick(view, "classic")
    assert not any(p.edition_note.isVisibleTo(p) for p in panels)
