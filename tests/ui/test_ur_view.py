"""The Ur view: stack editor, step pips, wall-step tracker, what-if, table side, round-trip."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QMessageBox

from combatassist.data import examples_dir
from combatassist.errors import EngineError
from combatassist.rulesets import ur
from combatassist.scenario import Scenario, load_scenario, parse_scenario_text
from tests.ui.conftest import wait_result
from combatassist import rulesets
from combatassist.rulesets.ur.choices import format_ur_choice, parse_ur_choice
from combatassist_gui.views.ur import UrView
from combatassist_gui.views.ur.stack import UnitRow

SCENARIOS = examples_dir()


@pytest.fixture
def view(qtbot, tmp_path):
    v = UrView(autosave_dir=tmp_path / "battles")
    qtbot.addWidget(v)
    v.resize(1300, 900)
    v.show()
    settle(qtbot, v)
    yield v
    v.shutdown()


def settle(qtbot, v, timeout=20_000):
    """Wait for the odds and the wall what-if of the current form."""
    qtbot.waitUntil(lambda: not v.computer.is_busy() and not v.wall_computer.is_busy()
                    and v.results.result is not None, timeout=timeout)
    return v.results.result


def edit_and_settle(qtbot, v, action):
    before = v.results.result
    action()
    qtbot.waitUntil(lambda: v.results.result is not before, timeout=20_000)
    return settle(qtbot, v)


def click_pip(qtbot, pips, index):
    qtbot.mouseClick(pips, Qt.MouseButton.LeftButton,
                     pos=pips.pip_rect(index).center().toPoint())


# -- the default battle -------------------------------------------------------------------
def test_default_odds_rolls_and_what_if_are_the_engines(view):
    body = view.scenario().body
    assert body == rulesets.get("ur").default_scenario().body
    expect = ur.compute(body)
    got = view.results.result
    assert got.attacker_wins == pytest.approx(expect.attacker_wins)
    assert got.defender_wins == pytest.approx(expect.defender_wins)
    assert got.extra["wall_strength"] == 2
    # the rolls table lists every roll with its hits per face
    rows = expect.extra["rolls"]
    assert view.rolls.rowCount() == len(rows)
    for i, row in enumerate(rows):
        faces = [int(view.rolls.item(i, 4 + f).text()) for f in range(6)]
        assert faces == row["hits_per_face"]
    # the what-if over every outer-wall strength, current one = the main result
    points = ur.odds_by_wall_strength(body)
    assert [p.strength for p in view.last_what_if] == [4, 3, 2, 1, 0]
    for mine, theirs in zip(view.last_what_if, points):
        assert mine.attacker_wins == pytest.approx(theirs.attacker_wins)
    current = next(p for p in view.last_what_if if p.strength == 2)
    assert current.attacker_wins == pytest.approx(got.attacker_wins)
    # "is it worth battering once more?": 4 more steps to strength 1
    text = view.wall_panel.what_if.text()
    assert "4 more steps" in text and "strength 1" in text
    lower = next(p for p in points if p.strength == 1)
    assert f"{100 * lower.attacker_wins:.2f}%" in text


def test_view_is_in_the_main_window(make_window, qtbot):
    window = make_window()
    v = window.view_for("ur")
    assert isinstance(v, UrView)
    wait_result(qtbot, v)
    assert v.last_error is None


# -- step pips and the stack editor ---------------------------------------------------------
def test_clicking_a_pip_sets_the_steps_and_recomputes(view, qtbot):
    row = view.sides["attacker"].rows[0]
    assert row.pips.steps() == 4
    result = edit_and_settle(qtbot, view, lambda: click_pip(qtbot, row.pips, 1))
    assert row.pips.steps() == 2
    unit = view.scenario().body.attacker.units[0]
    assert unit == ur.Unit("infantry", 2)
    assert result.attacker_wins == pytest.approx(ur.compute(view.scenario().body).attacker_wins)
    assert result.extra["start_steps"][0] == 16
    # clicking the last pip makes the unit fresh again (the payload leaves steps out)
    edit_and_settle(qtbot, view, lambda: click_pip(qtbot, row.pips, 3))
    assert view.scenario().body.attacker.units[0] == ur.Unit("infantry")


def test_pips_keyboard_and_bounds(view, qtbot):
    pips = view.sides["defender"].rows[0].pips
    pips.setFocus()
    seen = []
    pips.changed.connect(seen.append)
    qtbot.keyClick(pips, Qt.Key.Key_Left)
    assert pips.steps() == 3
    qtbot.keyClick(pips, Qt.Key.Key_Home)
    assert pips.steps() == 1
    qtbot.keyClick(pips, Qt.Key.Key_Left)          # a unit keeps at least one step
    assert pips.steps() == 1
    qtbot.keyClick(pips, Qt.Key.Key_9)             # beyond full: clamped to 4
    assert pips.steps() == 4
    qtbot.keyClick(pips, Qt.Key.Key_Right)         # already full: no change, no signal
    assert seen == [3, 1, 4]
    # the clicks in the gap after the last pip hit nothing
    assert pips.pip_at(pips.pip_rect(3).right() + 50) is None


def test_unit_type_change_gives_a_fresh_unit_of_that_type(view, qtbot):
    row = view.sides["attacker"].rows[0]
    click_pip(qtbot, row.pips, 0)
    assert row.pips.steps() == 1
    row.type_box.setCurrentIndex(row.type_box.findData("undead"))
    assert row.pips.full() == 6 and row.pips.steps() == 6
    assert view.scenario().body.attacker.units[0] == ur.Unit("undead")


def test_stacking_limit_cannot_be_passed(view, qtbot):
    attacker, defender = view.sides["attacker"], view.sides["defender"]
    assert len(attacker.rows) == 4 and not attacker.add_button.isEnabled()
    assert attacker.add_unit() is None and len(attacker.rows) == 4
    assert defender.add_button.isEnabled()
    edit_and_settle(qtbot, view, defender.add_button.click)
    assert len(view.scenario().body.defender.units) == 4
    assert not defender.add_button.isEnabled()
    edit_and_settle(qtbot, view, attacker.rows[0].remove_button.click)
    assert len(view.scenario().body.attacker.units) == 3
    assert attacker.add_button.isEnabled()
    assert "3/4 units" in attacker.count_label.text()


def test_raider_stance_magic_and_position_reach_the_scenario(view, qtbot):
    a, d = view.sides["attacker"], view.sides["defender"]
    a.rows[0].raider.setChecked(True)
    a.magic.setValue(2)
    a.retreat.setValue(5)
    a.moving.setChecked(True)
    d.terrain.setCurrentIndex(d.terrain.findData("hill"))
    d.river.setChecked(True)
    d.dwarf_hill.setChecked(True)
    result = edit_and_settle(qtbot, view, lambda: view.max_rounds.setValue(3))
    body = view.scenario().body
    assert body.attacker.units[0].raider and body.attacker.magic == 2
    assert body.attacker.retreat_at_steps == 5 and body.attacker.moving_to_archers
    assert body.position == ur.Position("hill", True, True, ur.Wall("outer", 3))
    assert body.max_rounds == 3
    expect = ur.compute(body)
    assert result.attacker_wins == pytest.approx(expect.attacker_wins)
    assert result.undecided == pytest.approx(expect.undecided)
    # the raider shows in its unit's melee roll
    raider_rows = [r for r in result.extra["rolls"]
                   if r["phase"] == "melee" and r["side"] == "attacker" and r["unit"] == 0]
    assert "raider" in raider_rows[0]["why"]


def test_only_valid_choices_are_offered(view, qtbot):
    a, d = view.sides["attacker"], view.sides["defender"]
    # only the attacker moves toward archers; the position belongs to the defender
    assert not a.moving.isHidden() and d.moving.isHidden()
    assert a.terrain.isHidden() and a.river.isHidden() and a.dwarf_hill.isHidden()
    assert not d.terrain.isHidden()
    assert view.scenario().body.defender.moving_to_archers is False
    assert a.magic.minimum() == -20 and a.magic.maximum() == 20
    # both sides defending: the form says there is no melee
    assert view.no_melee.isHidden()
    a.stance.setCurrentIndex(a.stance.findData("defend"))
    assert not view.no_melee.isHidden()
    assert "Cavalry" in a.notes.text() and "Undead" in a.notes.text()
    settle(qtbot, view)
    assert view.last_error is None


# -- the wall-step tracker ----------------------------------------------------------------
def test_wall_tracker_transitions_undo_redo(view, qtbot):
    panel = view.wall_panel
    panel.load(ur.Wall("outer", 0))
    t = panel.tracker
    seen = []
    panel.changed.connect(lambda: seen.append((t.strength, t.steps_at_level,
                                               t.steps_to_next_level)))
    panel.amount.setValue(1)
    for _ in range(7):
        panel.add_button.click()
    # outer wall: 4 -(1)-> 3 -(2)-> 2 -(4)-> 1
    assert seen == [(3, 0, 2), (3, 1, 1), (2, 0, 4), (2, 1, 3), (2, 2, 2), (2, 3, 1),
                    (1, 0, None)]
    assert not panel.add_button.isEnabled()            # strength 1 can't be removed
    assert "last level" in panel.status.text()
    panel.undo_button.click()
    assert (t.strength, t.damage) == (2, 6)
    panel.redo_button.click()
    assert (t.strength, t.damage) == (1, 7)
    panel.amount.setValue(3)
    panel.remove_button.click()
    assert (t.strength, t.damage) == (2, 4)
    assert panel.history.count() == 8
    assert panel.history.item(7).text() == "−3 correction → strength 2"
    assert panel.history.item(0).text() == "+1 trebuchet → strength 3"
    assert not panel.redo_button.isEnabled()


def test_wall_damage_feeds_the_odds_at_once(view, qtbot):
    panel = view.wall_panel
    assert view.scenario().body.position.wall == ur.Wall("outer", 3)
    panel.amount.setValue(4)
    panel.source.setCurrentIndex(panel.source.findData("dragon"))
    result = edit_and_settle(qtbot, view, panel.add_button.click)
    assert view.scenario().body.position.wall == ur.Wall("outer", 7)
    assert result.extra["wall_strength"] == 1
    assert result.attacker_wins == pytest.approx(
        ur.compute(view.scenario().body).attacker_wins)
    assert "+4 dragon" in panel.history.item(0).text()
    assert "last level" in panel.what_if.text()
    result = edit_and_settle(qtbot, view, panel.undo_button.click)
    assert result.extra["wall_strength"] == 2


def test_clicking_the_meter_sets_a_level(view, qtbot):
    panel = view.wall_panel
    meter = panel.meter
    groups = {strength: rect for strength, _, _, rect in meter._groups()}
    qtbot.mouseClick(meter, Qt.MouseButton.LeftButton,
                     pos=QPoint(int(groups[4].center().x()), int(groups[4].center().y())))
    assert panel.tracker.damage == 0 and panel.tracker.strength == 4
    qtbot.mouseClick(meter, Qt.MouseButton.LeftButton,
                     pos=QPoint(int(groups[1].center().x()), int(groups[1].center().y())))
    assert panel.tracker.damage == 7
    panel.undo()
    assert panel.tracker.damage == 0


def test_wall_kind_change_and_no_wall(view, qtbot):
    panel = view.wall_panel
    panel.amount.setValue(4)
    panel.add_button.click()                       # outer, 7 steps: strength 1
    panel.kind.setCurrentIndex(panel.kind.findData("inner"))
    assert panel.tracker.kind == "inner" and panel.tracker.damage == 4   # clamped to its most
    assert panel.tracker.strength == 1 and not panel.tracker.can_undo
    result = edit_and_settle(qtbot, view,
                             lambda: panel.kind.setCurrentIndex(panel.kind.findData("none")))
    assert view.scenario().body.position.wall is None
    assert panel.damage_box.isHidden()
    assert result.extra["wall_strength"] == 0
    # without a wall the what-if asks: what would an outer wall do?
    assert [p.strength for p in view.last_what_if] == [4, 3, 2, 1, 0]
    assert "What if" in view.what_if.plot.plotItem.titleLabel.text
    assert panel.what_if.text() == ""


# -- scenario round-trip --------------------------------------------------------------------
def round_trip(view, scenario: Scenario) -> Scenario:
    view.set_scenario(scenario)
    shown = view.scenario()
    again = parse_scenario_text(shown.to_toml())
    view.set_scenario(again)
    return view.scenario()


def test_scenario_round_trip_through_the_form(view, qtbot):
    body = ur.UrScenario(
        ur.Side("defend", (ur.Unit("archers", 2), ur.Unit("undead", 5, True)), 3, -2, True),
        ur.Side("attack", (ur.Unit("cavalry", raider=True), ur.Unit("wall_defense", 1),
                           ur.Unit("infantry"), ur.Unit("archers"))),
        ur.Position("bogs", True, True, ur.Wall("inner", 2)), max_rounds=6)
    scenario = Scenario("ur", body, "Everything at once")
    back = round_trip(view, scenario)
    assert back == scenario
    settle(qtbot, view)
    assert view.results.result.attacker_wins == pytest.approx(ur.compute(body).attacker_wins)


@pytest.mark.parametrize("name", ["ur-woods.toml", "ur-outer-wall.toml"])
def test_example_scenarios_load_and_round_trip(view, qtbot, name):
    scenario = load_scenario(f"{SCENARIOS}/{name}")
    assert round_trip(view, scenario) == scenario
    result = settle(qtbot, view)
    assert result.attacker_wins == pytest.approx(ur.compute(scenario.body).attacker_wins)


def test_seed_example_rolls(view, qtbot):
    view.set_scenario(load_scenario(f"{SCENARIOS}/ur-woods.toml"))
    result = settle(qtbot, view)
    rows = {(r["side"], r["unit"]): r["hits_per_face"] for r in result.extra["rolls"]}
    # the seed: attacker hits on 3-6 (one hit); defender one hit on 1-4, two on 5-6
    assert rows[("attacker", 0)] == [0, 0, 1, 1, 1, 1]
    assert rows[("defender", 0)] == [1, 1, 1, 1, 2, 2]
    assert view.rolls.item(0, 3).text() == "3 = 4 (attack) -1 wood"


# -- baseline ---------------------------------------------------------------------------------
def test_baseline_compares_wall_levels(view, qtbot):
    view.results.pin_baseline(True)
    base = view.results.baseline
    view.wall_panel.amount.setValue(1)
    edit_and_settle(qtbot, view, view.wall_panel.remove_button.click)   # strength 3
    assert view.results.baseline is base
    assert "pts" in view.results.numbers["attacker_wins"].text()


# -- table side --------------------------------------------------------------------------------
def test_choice_text_round_trip():
    proposal = ((1, 1, 0, 1), (0, 0, 0))
    text = format_ur_choice(proposal)
    assert text == "attacker: 1 1 0 1; defender: 0 0 0"
    assert parse_ur_choice(text, proposal) == proposal
    assert parse_ur_choice("", proposal) is None
    # a side left out keeps the proposal; commas are fine
    assert parse_ur_choice("attacker: 0,1,1,1", proposal) == ((0, 1, 1, 1), (0, 0, 0))
    assert parse_ur_choice("[[0, 1, 1, 1], [0, 0, 0]]", proposal) == ((0, 1, 1, 1), (0, 0, 0))
    with pytest.raises(EngineError, match="4 units"):
        parse_ur_choice("attacker: 1 1", proposal)
    with pytest.raises(EngineError, match="whole numbers"):
        parse_ur_choice("attacker: 1 x 0 1", proposal)
    with pytest.raises(EngineError, match="attacker: 1 1 0"):
        parse_ur_choice("infantry takes 1", proposal)
    assert format_ur_choice(((), (2,))) == "attacker: -; defender: 2"
    assert parse_ur_choice("attacker: -; defender: 2", ((), (1,))) == ((), (2,))


def test_table_side_round_with_owner_choice(view, qtbot):
    panel = view.table_panel
    panel.start()
    battle = panel.battle
    assert battle is not None and not view.form.isEnabled()
    # ranged: only the defender's wall defense and archers shoot
    assert [d.side for d in battle.dice()] == ["defender", "defender"]
    panel.dice_edit.setText("6 6")
    # 2+2-1+6 = 9 -> 1 hit; 4+2-1+6 = 11 -> 2 hits: 3 hits spread over the attackers
    assert panel.choice_edit.text() == "attacker: 1 1 0 1; defender: 0 0 0"
    # an uneven spreading is refused with the engine's reason, nothing changes
    panel.choice_edit.setText("attacker: 3 0 0 0")
    panel.apply()
    assert "evenly" in panel.message.text() and battle.current == []
    # the owner breaks the tie otherwise: the cavalry instead of the first infantry
    panel.dice_edit.setText("66")
    panel.choice_edit.setText("attacker: 0 1 1 1")
    panel.apply()
    assert battle.state == ((4, 3, 3, 5), (4, 4, 4))
    assert battle.log[-1].own_choice
    # melee: 4 attackers and 3 defenders roll
    assert len(battle.dice()) == 7
    panel.roll()
    assert len(panel.dice_edit.text().split()) == 7
    panel.apply()
    assert len(battle.rounds) == 1
    assert panel.log.count() >= 2
    # undo the round: back to the start of round 1 with the ranged phase played
    panel.undo()
    assert battle.rounds == [] and battle.current == []
    assert battle.state == battle.rules.initial_state()


def test_defender_retreat_button(view, qtbot, monkeypatch):
    # the players confirm each retreat (the panel asks first)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    panel = view.table_panel
    defender_retreat = panel.retreat_buttons["defender"]
    assert not defender_retreat.isEnabled()
    panel.start()
    assert defender_retreat.isEnabled()
    assert defender_retreat.parentWidget() is panel.retreat_button.parentWidget()
    panel.dice_edit.setText("1 1")
    panel.apply()                                   # mid-round: no retreat
    assert not defender_retreat.isEnabled()
    panel.undo()
    defender_retreat.click()
    assert panel.battle.is_over() and panel.battle.verdict() == "attacker"
    assert panel.battle.ending == ("retreat", "defender")
    assert not defender_retreat.isEnabled()
    panel.undo()
    assert not panel.battle.is_over() and defender_retreat.isEnabled()
    panel.end("retreat", "defender")
    panel.close_battle()
    assert view.form.isEnabled()


def test_table_side_uses_the_frozen_setup(view, qtbot):
    view.sides["attacker"].rows[3].remove_button.click()
    body = view.scenario().body
    view.table_panel.start()
    rules = view.table_panel.battle.rules
    assert rules.scenario == body
    assert len(rules.initial_state()[0]) == 3


def test_an_empty_side_has_lost_and_its_rows_are_gone(view, qtbot):
    attacker = view.sides["attacker"]
    for row in list(attacker.rows):
        row.remove_button.click()
        assert row.isHidden()        # gone from the form at once, not at the next event loop
    result = settle(qtbot, view)
    assert view.scenario().body.attacker.units == ()
    assert not [r for r in attacker.findChildren(UnitRow) if r.isVisible()]
    assert "lost before the battle starts" in attacker.notes.text()
    assert result.defender_wins == pytest.approx(1.0) and view.last_error is None


def tab_chain(start, count):
    """The next ``count`` widgets Tab reaches from ``start`` (as Qt's focus chain walks it)."""
    chain, widget = [], start
    while len(chain) < count:
        widget = widget.nextInFocusChain()
        if (widget.isVisible() and widget.isEnabled()
                and widget.focusPolicy() & Qt.FocusPolicy.TabFocus and widget.focusProxy() is None):
            chain.append(widget)
    return chain


def test_tab_walks_each_stack_in_the_order_shown(view, qtbot):
    # keyboard-only editing: from the stance, Tab goes through every unit row, then "Add unit"
    for role in ("attacker", "defender"):
        side = view.sides[role]
        expected = [w for r in side.rows
                    for w in (r.type_box, r.pips, r.raider, r.remove_button)]
        expected += [side.add_button] if side.add_button.isEnabled() else []   # full: disabled
        assert tab_chain(side.stance, len(expected)) == expected
    # rows added or loaded later keep their place too
    side = view.sides["defender"]
    side.remove_unit(side.rows[0])
    side.add_unit()
    view.set_scenario(view.scenario())
    qtbot.waitUntil(lambda: all(r.isVisible() for r in side.rows))   # shown by the event loop
    expected = [w for r in side.rows
                for w in (r.type_box, r.pips, r.raider, r.remove_button)] + [side.add_button]
    assert side.add_button.isEnabled() and len(side.rows) == 3
    assert tab_chain(side.stance, len(expected)) == expected
