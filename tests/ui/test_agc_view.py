"""The Alternate Ground Combat view: terrain picker, forces, engineers, AAD option, random
forces, plots, table-side resolution and scenario round-trip (offscreen, pytest-qt)."""
from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import QPoint, Qt

from combatassist.rulesets import agc
from combatassist.rulesets.agc import AgcScenario, AgcSide
from combatassist.scenario import Scenario, parse_scenario_text
from tests.ui.conftest import wait_result
from combatassist import rulesets
from combatassist_gui.views.agc import AgcView
from combatassist_gui.result_style import ATTACKER, DEFENDER


@pytest.fixture
def view(qtbot, tmp_path):
    v = AgcView(autosave_dir=tmp_path)
    qtbot.addWidget(v)
    v.resize(1300, 850)
    v.show()
    wait_result(qtbot, v)
    yield v
    v.shutdown()


def fresh_result(qtbot, view, before):
    """Wait for a result newer than ``before`` (and nothing pending)."""
    qtbot.waitUntil(lambda: view.results.result is not before and not view.computer.is_busy(),
                    timeout=20_000)
    return view.results.result


def assert_matches_engine(view):
    expect = agc.compute(view.scenario().body)
    got = view.results.result
    assert got.attacker_wins == pytest.approx(expect.attacker_wins, abs=1e-12)
    assert got.defender_wins == pytest.approx(expect.defender_wins, abs=1e-12)
    assert [(a, d) for a, d, _ in got.losses] == [(a, d) for a, d, _ in expect.losses]
    assert [p for *_, p in got.losses] == pytest.approx([p for *_, p in expect.losses])


def load(view, qtbot, payload, title=None):
    before = view.results.result
    view.set_scenario(Scenario("agc", payload, title))
    return fresh_result(qtbot, view, before)


# -- defaults and live results ------------------------------------------------------------------
def test_default_scenario_result_is_the_engines(view):
    assert view.scenario().body == rulesets.get("agc").default_scenario().body
    assert_matches_engine(view)
    totals = view.plots.totals_plot.getPlotItem().listDataItems()
    assert [len(item.getData()[0]) for item in totals[:2]] == [
        len(view.results.result.extra["attacker_total"]),
        len(view.results.result.extra["defender_total"])]


def test_round_figures_hidden_and_terrain_modifiers_beside_the_forces(view):
    # one resolution: no round plot, no round figures, no battle losses plot
    assert view.results.round_plot is None and view.results.loss_plot is None
    assert "expected_rounds" not in view.results.numbers
    assert "undecided" not in view.results.numbers
    assert view.results.numbers["attacker_wins"].isVisible()
    forest = {t["id"]: t for t in agc.terrains()}["forest"]["modifiers"]
    assert view.forces.modifier_labels["armor"].text().count(
        "−1" if forest["armor"] < 0 else "+") == 1
    assert "Forest" in view.forces.terrain_head.text()


def test_unit_counts_change_the_result(view, qtbot):
    before = view.results.result
    view.forces.spins["defender"]["infantry"].setValue(12)
    after = fresh_result(qtbot, view, before)
    assert view.scenario().body.defender.units["infantry"] == 12
    assert after.defender_wins > before.defender_wins
    assert_matches_engine(view)


# -- the terrain picker ---------------------------------------------------------------------------
def test_terrain_picker_keyboard_navigation(view, qtbot):
    picker = view.terrain
    ids = [t["id"] for t in agc.terrains()]
    picker.setFocus()
    assert picker.terrain() == "forest"
    changed = []
    picker.picked.connect(changed.append)
    before = view.results.result
    qtbot.keyClick(picker, Qt.Key.Key_Right)
    assert picker.terrain() == ids[ids.index("forest") + 1]
    qtbot.keyClick(picker, Qt.Key.Key_Down)
    assert picker.terrain() == ids[ids.index("forest") + 1 + picker.columns]
    qtbot.keyClick(picker, Qt.Key.Key_End)
    assert picker.terrain() == ids[-1]
    qtbot.keyClick(picker, Qt.Key.Key_Right)       # past the last tile: stays
    assert picker.terrain() == ids[-1]
    qtbot.keyClick(picker, Qt.Key.Key_Home)
    assert picker.terrain() == ids[0]
    assert changed == [ids[4], ids[4 + picker.columns], ids[-1], ids[0]]
    fresh_result(qtbot, view, before)
    assert view.scenario().body.terrain == ids[0]
    assert view.results.result.extra["terrain"] == ids[0]
    assert_matches_engine(view)
    assert "Light Urban" in view.forces.terrain_head.text()


def test_terrain_picker_click_and_tile_contents(view, qtbot):
    picker = view.terrain
    ids = [t["id"] for t in agc.terrains()]
    index = ids.index("grassland")
    centre = picker.tile_rect(index).center().toPoint()
    qtbot.mouseClick(picker, Qt.MouseButton.LeftButton, pos=centre)
    assert picker.terrain() == "grassland"
    assert view.scenario().body.terrain == "grassland"
    tip = picker.tile_tooltip(ids.index("mountainous"))
    assert "Mountainous" in tip and "Mountain infantry" in tip
    assert "Arm −2" in picker.modifier_text(agc.terrains()[ids.index("mountainous")])
    assert picker.index_at(QPoint(-5, -5).toPointF()) == -1
    with pytest.raises(ValueError):
        picker.set_terrain("moon")


def test_specialised_infantry_shows_its_home_bonus(view, qtbot):
    view.terrain.set_terrain("jungle")
    view._on_edit()
    assert "+3" in view.forces.modifier_labels["jungle_infantry"].text()   # +2 jungle, +1 home
    assert "+2" in view.forces.modifier_labels["infantry"].text()
    before = view.results.result
    view.forces.spins["attacker"]["jungle_infantry"].setValue(3)
    fresh_result(qtbot, view, before)
    assert view.scenario().body.attacker.units["jungle_infantry"] == 3
    assert_matches_engine(view)


# -- engineers and AAD: only meaningful choices offered ------------------------------------------
def test_engineer_choice_only_with_engineers(view, qtbot):
    att = view.forces.engineers["attacker"]
    dfn = view.forces.engineers["defender"]
    assert not att.isEnabled()                  # the default attacker has no engineers
    assert dfn.isEnabled()
    payload = view.scenario().body
    auto = agc.default_engineer_type(payload, "defender")
    assert att.currentData() is None
    shown = dfn.itemText(0)
    assert shown.startswith("auto") and (auto is None or auto.replace("_", " ") in shown)
    # types the side does not have are greyed out
    model = dfn.model()
    assert not model.item(dfn.findData("armor")).isEnabled()
    assert model.item(dfn.findData("infantry")).isEnabled()
    view.forces.spins["attacker"]["engineers"].setValue(1)
    assert att.isEnabled()
    expected = agc.default_engineer_type(view.scenario().body, "attacker")
    # forest: both armor are paired with infantry (their −1 already ignored), so the
    # artillery's −1 is the penalty worth removing
    assert expected == "artillery"
    assert att.itemText(0) == "auto: artillery"
    before = view.results.result
    att.setCurrentIndex(att.findData("artillery"))
    fresh_result(qtbot, view, before)
    assert view.scenario().body.attacker.engineer_unit_type == "artillery"
    assert view.results.result.extra["engineer_unit_type"]["attacker"] == "artillery"
    assert_matches_engine(view)


def test_aad_option_only_with_a_contest(view, qtbot):
    box = view.air_attacks_aad
    assert not box.isEnabled()
    assert "No AAD contest" in view.aad_note.text()
    before = view.results.result
    view.forces.spins["defender"]["aad"].setValue(2)
    assert not box.isEnabled()                  # AAD, but no enemy air support yet
    view.forces.spins["attacker"]["air_support"].setValue(2)
    assert box.isEnabled()
    assert "defender AAD vs attacker air support" in view.aad_note.text()
    fresh_result(qtbot, view, before)
    assert "AAD contest" in view.contest_label.text()
    contest = view.results.result.extra["aad_contests"][0]
    assert f"{100 * contest['aad_victor']:.2f}%" in view.contest_label.text()
    assert contest["air_victor"] == 0           # default: the AAD side is always the victor
    before = view.results.result
    box.setChecked(True)
    fresh_result(qtbot, view, before)
    assert view.scenario().body.air_attacks_aad
    assert view.results.result.extra["aad_contests"][0]["air_victor"] > 0
    assert_matches_engine(view)


def test_empty_side_is_a_clear_message_not_a_crash(view, qtbot):
    for spin in view.forces.spins["defender"].values():
        spin.setValue(0)
    qtbot.waitUntil(lambda: view.last_error is not None and not view.computer.is_busy(),
                    timeout=20_000)
    assert "defender has no units" in view.last_error
    assert "defender has no units" in view.results.status.text()
    panel = view.table_panel
    panel.start()                                   # the table refuses it, saying why
    assert panel.battle is None and "defender has no units" in panel.notice.text()
    view.forces.spins["defender"]["infantry"].setValue(1)
    qtbot.waitUntil(lambda: view.last_error is None and not view.computer.is_busy(),
                    timeout=20_000)
    panel.start()
    assert panel.battle is not None and panel.notice.text() == ""


# -- random force generator --------------------------------------------------------------------------
def test_random_force_fills_a_side_and_shows_every_roll(view, qtbot):
    panel = view.random_force
    panel.size.setValue(12)
    panel.seed.setValue(5)
    panel.target.setCurrentIndex(panel.target.findData("defender"))
    before = view.results.result
    changed = []
    view.changed.connect(lambda: changed.append(True))
    qtbot.mouseClick(panel.generate_button, Qt.MouseButton.LeftButton)
    expect = agc.generate_force(12, 5)
    units = view.scenario().body.defender.units
    assert {u: c for u, c in expect.units.items() if c} == units
    assert sum(units.values()) == 12
    for roll in expect.rolls:
        assert f"{roll.die} = <b>{roll.face}</b>" in panel.log.text()
    assert changed                               # a user edit: marks the file modified
    fresh_result(qtbot, view, before)
    assert_matches_engine(view)
    # the same N and seed give the same force again
    qtbot.mouseClick(panel.generate_button, Qt.MouseButton.LeftButton)
    assert view.scenario().body.defender.units == units


# -- baseline ------------------------------------------------------------------------------------------
def test_baseline_overlays_the_agc_plots(view, qtbot):
    plain = len(view.plots.bands_plot.getPlotItem().listDataItems())
    view.results.pin_baseline(True)
    base = view.results.baseline
    view.terrain.set_terrain("rural")
    view._on_edit()
    fresh_result(qtbot, view, base)
    assert view.results.baseline is base
    assert len(view.plots.bands_plot.getPlotItem().listDataItems()) == plain + 1
    items = {item.name(): item for item in view.plots.totals_plot.getPlotItem().listDataItems()}
    # each side's baseline its own dashed curve in the side's colour (not two black ones)
    pens = {side: items[f"{side} baseline"].opts["pen"] for side in ("attacker", "defender")}
    assert {side: pen.color().name().upper() for side, pen in pens.items()} == {
        "attacker": ATTACKER, "defender": DEFENDER}
    assert all(pen.style() == Qt.PenStyle.DashLine for pen in pens.values())
    view.results.pin_baseline(False)
    assert len(view.plots.bands_plot.getPlotItem().listDataItems()) == plain


# -- table side: the one panel every ruleset uses, over AGC's one-round rules -----------------
def play_phase(panel, faces):
    """Enter ``faces`` (one per die the phase asks for) and apply."""
    panel.dice_edit.setText(" ".join(str(f) for f in faces))
    panel.apply()


def test_table_side_entered_dice_give_the_engines_resolution(view, qtbot):
    panel = view.table_panel
    payload = view.scenario().body
    view.open_table()
    battle = panel.battle
    assert battle is not None and view.tabs.currentWidget() is panel
    # the units' dice in the engine's order, with each unit's modifier and why beside them
    line = agc.lineup(payload)
    att_units = line.side("attacker").units
    table = view.lineup_tables.tables["attacker"]
    assert view.lineup_tables.isVisibleTo(panel)
    assert table.rowCount() == len(att_units)
    assert table.item(0, 0).text() == att_units[0].label
    assert "paired with infantry" in table.item(0, 3).text()       # armor beside infantry
    specs = battle.dice()
    assert len(specs) == sum(u.dice for s in ("attacker", "defender")
                             for u in line.side(s).units)
    faces = [min(spec.sides, 4) for spec in specs]
    panel.dice_edit.setText(" ".join(map(str, faces)))
    assert "->" in panel.explain_label.text()                     # each unit's value, and why
    panel.apply()
    assert battle.dice_entered() and "totals" in panel.state_label.text()
    # the ground damage each side rolls, then (no AAD here) the contest phase has no dice
    damage_specs = battle.dice()
    play_phase(panel, [1] * len(damage_specs))
    for _ in range(3):
        if battle.is_over():
            break
        play_phase(panel, [1] * len(battle.dice()))
    assert battle.is_over()
    res = battle.rules.resolution(battle.state)
    rolls = {"attacker": [], "defender": []}
    i = 0
    for side in ("attacker", "defender"):
        for u in line.side(side).units:
            rolls[side].append(faces[i:i + u.dice])
            i += u.dice
    expect = agc.resolve_table(payload, rolls)
    assert res.totals == expect.totals and res.band == expect.band
    assert res.victor == expect.victor and res.steps is not None
    assert panel.heading.text().startswith("Battle over after 1 round:")
    # undo, autosave: as for every ruleset
    panel.undo()
    assert battle.state == battle.rules.initial_state() and battle.can_redo()
    assert panel.autosave_path.is_file()


def test_table_side_odds_at_the_start_are_the_odds_tabs(view, qtbot):
    """The table's odds before any dice come from the engine (``Agc.table_odds``: the
    ruleset's exact answer; the generic solver can't enumerate every unit's dice at once),
    with no odds function of the view's own."""
    panel = view.table_panel
    view.open_table()
    qtbot.waitUntil(lambda: "Odds from the start of round 1" in panel.odds_label.text(),
                    timeout=20_000)
    exact = agc.compute(view.scenario().body)
    assert f"{100 * exact.attacker_wins:.2f}" in panel.odds_label.text()


def test_table_side_bad_dice_are_explained(view):
    panel = view.table_panel
    panel.start()
    n = len(panel.battle.dice())
    panel.dice_edit.setText(" ".join(["11"] * n))                 # no die here shows 11
    panel.apply()
    assert panel.message.text() and "11" in panel.message.text()
    assert not panel.battle.dice_entered()
    panel.dice_edit.setText("1 1")
    panel.apply()
    assert str(n) in panel.message.text()                          # says how many to enter
    assert not panel.battle.dice_entered()


def test_table_side_roll_and_ctrl_r(view, qtbot):
    panel = view.table_panel
    view.open_table()
    panel.dice_edit.setFocus()
    qtbot.keyClick(panel.dice_edit, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert len(panel.dice_edit.text().split()) == len(panel.battle.dice())
    qtbot.keyClick(panel.dice_edit, Qt.Key.Key_Return)
    assert panel.battle.dice_entered()
    while not panel.battle.is_over():
        panel.roll()
        panel.apply()
    assert panel.battle.rules.resolution(panel.battle.state).steps is not None
    panel.close_battle()
    assert panel.battle is None and view.form.isEnabled()


def test_table_side_follows_the_setup_and_aad_contest(view, qtbot):
    panel = view.table_panel
    view.set_scenario(Scenario("agc", AgcScenario(
        "rural", AgcSide({"infantry": 1, "air_support": 1}),
        AgcSide({"infantry": 1, "aad": 1}))))
    view.open_table()
    rows = [view.lineup_tables.tables[s].rowCount() for s in ("attacker", "defender")]
    assert rows == [2, 2]
    assert "AAD" in view.lineup_tables.tables["defender"].item(1, 3).text()
    battle = panel.battle
    play_phase(panel, [3, 5, 4, 6])
    assert len(battle.rules.resolution(battle.state).contests) == 1
    while not battle.is_over():
        panel.roll()
        panel.apply()
    res = battle.rules.resolution(battle.state)
    assert res.steps is not None and res.contests[0].steps is not None
    assert any("contest" in panel.log.item(i).text().lower() for i in range(panel.log.count()))


# -- scenario round-trip and the main window ------------------------------------------------------
def test_scenario_round_trip(view, qtbot, tmp_path):
    payload = AgcScenario(
        terrain="sandy_desert",
        attacker=AgcSide({"armor": 3, "desert_infantry": 2, "air_support": 1, "engineers": 1},
                         "armor"),
        defender=AgcSide({"infantry": 4, "aad": 2, "artillery": 1}),
        air_attacks_aad=True)
    load(view, qtbot, payload, "Desert push")
    assert view.terrain.terrain() == "sandy_desert"
    assert view.air_attacks_aad.isChecked() and view.air_attacks_aad.isEnabled()
    scenario = view.scenario()
    assert scenario.body == payload and scenario.title == "Desert push"
    text = scenario.to_toml()
    again = parse_scenario_text(text)
    assert again.body == payload and again.title == "Desert push"
    other = AgcView(autosave_dir=tmp_path)
    qtbot.addWidget(other)
    try:
        other.set_scenario(again)
        assert other.scenario().body == payload
        assert other.scenario().to_toml() == text
    finally:
        other.shutdown()


def test_main_window_hosts_the_agc_view(make_window, qtbot):
    window = make_window()
    v = window.view_for("agc")
    assert isinstance(v, AgcView)
    wait_result(qtbot, v)
    before = v.results.result
    window.tabs.setCurrentWidget(v)
    v.forces.spins["attacker"]["armor"].setValue(4)
    fresh_result(qtbot, v, before)
    assert window.isWindowModified()


def test_dataclass_payload_is_frozen():
    # the view relies on comparing payloads by value (round-trip and table refresh)
    payload = rulesets.get("agc").default_scenario().body
    assert payload == dataclasses.replace(payload)
