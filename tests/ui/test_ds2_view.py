"""The Dirtside II view: selector only offers valid shots, results follow the engine, heatmap,
baseline comparison, table-side shot entry, scenario round-trip."""
from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt

from combatassist.data import example_path
from combatassist.errors import ScenarioError
from combatassist.rulesets import ds2
from combatassist.rulesets.ds2 import Shot
from combatassist.scenario import Scenario, load_scenario, parse_scenario_text
from combatassist_gui.views.ds2 import Ds2View
from combatassist_gui.views.ds2.results import segments

EXAMPLE = example_path("ds2-hvc-vs-mbt.toml")


@pytest.fixture
def view(qtbot, tmp_path):
    v = Ds2View(autosave_dir=tmp_path)
    qtbot.addWidget(v)
    v.resize(1300, 850)
    v.show()
    wait(qtbot, v)
    yield v
    v.shutdown()


def wait(qtbot, view, before=None):
    """Wait for a fresh answer (not ``before``) with nothing pending."""
    qtbot.waitUntil(lambda: not view.computer.is_busy() and view.results.answer is not None
                    and view.results.answer is not before, timeout=20_000)
    return view.results.answer


def edit(qtbot, view, change):
    before = view.results.answer
    change()
    return wait(qtbot, view, before)


def select(combo, value):
    index = combo.findData(value)
    assert index >= 0, (combo.objectName(), value)
    combo.setCurrentIndex(index)


def expect(shot: Shot):
    return ds2.compute(shot).to_json()


def assert_shows(view, shot: Shot):
    """The panel shows exactly the engine's numbers for ``shot``."""
    got = view.results.result.to_json()
    want = expect(shot)
    assert got == pytest.approx(want)
    assert view.results.numbers["p_kill"].text() == f"{100 * want['p_kill']:.2f}%"
    assert view.results.numbers["figure_of_merit"].text() == f"{want['figure_of_merit']:.4f}"


def visible_rows(form) -> set[str]:
    shown = set()
    for row in range(form.rowCount()):
        item = form.itemAt(row, form.ItemRole.FieldRole)
        if item is not None and item.widget() is not None and form.isRowVisible(row):
            shown.add(item.widget().objectName())
    return shown


# -- results follow the engine -----------------------------------------------------------
def test_default_is_the_shipped_example(view):
    example = load_scenario(EXAMPLE).body
    assert view.shot() == example
    assert_shows(view, example)
    # HVC/3 close vs armour 3: D10x3 > 1d8x3 in 44 of 80 cases, and the 10 always kills
    assert view.results.result.p_kill == pytest.approx(44 / 80)
    assert view.results.result.p_special == 0
    assert view.results.bar_texts[("now", "Kill")] == "55.00%"


def test_armour_and_size_edits_recompute(view, qtbot):
    edit(qtbot, view, lambda: view.armour_buttons[5].click())
    assert view.shot().armour == 5
    assert_shows(view, view.shot())
    low = view.results.result.p_kill
    edit(qtbot, view, lambda: select(view.size, 5))
    assert view.shot().size == 5
    assert_shows(view, view.shot())
    assert view.results.result.p_kill > low
    # medium range: HVC's impact die drops from D10 to D8
    edit(qtbot, view, lambda: select(view.range, "medium"))
    assert "D8 x 5" in view.results.dice.text()
    assert_shows(view, view.shot())


def test_special_damage_split_and_strip(view, qtbot):
    # HEL/2 vs armour 4: the D8 at 8 gives 16, which beats armour only on 1-3 of the d8
    edit(qtbot, view, lambda: (select(view.family, "hel"), select(view.size, 2),
                               view.armour_buttons[4].click()))
    r = view.results.result
    assert_shows(view, view.shot())
    assert r.p_special > 0
    assert r.p_mobility == pytest.approx(3 / 8 * r.p_special)
    parts = segments(r)
    assert sum(parts.values()) == pytest.approx(1.0)
    assert view.results.strip.values == pytest.approx(parts)
    assert view.results.bar_texts[("now", "Special damage")] == f"{100 * r.p_special:.2f}%"


def test_given_hit_chance_scales_the_odds(view, qtbot):
    full = view.results.result
    edit(qtbot, view, lambda: view.give_hit.setChecked(True))
    edit(qtbot, view, lambda: view.p_hit.setValue(40))
    assert view.shot().p_hit == pytest.approx(0.4)
    r = view.results.result
    assert r.p_hit == pytest.approx(0.4)
    assert r.p_kill == pytest.approx(0.4 * full.p_kill)
    assert view.results.strip.values["miss"] == pytest.approx(0.6)


def test_infantry_target(view, qtbot):
    edit(qtbot, view, lambda: view.kind_infantry.setChecked(True))
    select(view.infantry, "pa")
    answer = wait(qtbot, view)
    shot = view.shot()
    assert shot.target == "infantry" and shot.infantry == "pa" and shot.armour is None
    assert_shows(view, shot)
    assert answer.result.p_special == 0          # no special damage on infantry
    assert answer.current is None                # map is for vehicles: nothing outlined
    assert "against vehicles" in view.results.heatmap.message.text()


# -- only valid combinations ---------------------------------------------------------------
def form_combinations(view):
    """Every choice the form offers: each family with each of its visible options."""
    for fam_index in range(view.family.count()):
        if view.family.itemData(fam_index) is None:        # a separator
            continue
        view.family.setCurrentIndex(fam_index)
        for kind in (view.kind_vehicle, view.kind_infantry):
            kind.setChecked(True)
            sizes = range(view.size.count()) if view.size.isEnabled() else [None]
            for size in sizes:
                if size is not None:
                    view.size.setCurrentIndex(size)
                for combo in (view.range, view.combat, view.armour_type, view.infantry,
                              view.cover):
                    for i in range(combo.count()):
                        combo.setCurrentIndex(i)
                        yield view.shot()
                for armour, button in view.armour_buttons.items():
                    button.click()
                    view.apfc.setChecked(True)
                    view.give_hit.setChecked(True)
                    yield view.shot()
                    view.give_hit.setChecked(False)
                    view.apfc.setChecked(False)


def test_every_offered_combination_is_valid(view):
    seen = set()
    for shot in form_combinations(view):
        fields = {k: v for k, v in vars(shot).items() if k != "family"}
        assert ds2.valid_combination(shot.family, **fields) is None, shot
        seen.add(shot.family)
    assert seen == set(ds2.tables().families)


def test_fields_that_do_not_apply_are_hidden_or_disabled(view):
    select(view.family, "infantry_line")
    rows = visible_rows(view.weapon_form)
    assert "combat" in rows and "range" not in rows and "size" not in rows
    assert not view.hit_applies()
    assert "no size class" in view.weapon_note.text()
    assert view.shot().size is None and view.shot().range is None

    select(view.family, "gms_h")
    assert not view.size.isEnabled() and view.size.count() == 1
    assert view.shot().size == 5 and "always size class 5" in view.weapon_note.text()

    select(view.family, "iavr")
    assert not view.hit_applies()           # IAVRs roll their own to-hit
    assert "1d8, hit on 3+" in view.weapon_note.text()

    select(view.family, "artillery_mak")
    assert [view.size.itemText(i) for i in range(view.size.count())] == [
        "1 — light", "2 — medium", "3 — heavy"]
    assert "range" not in visible_rows(view.weapon_form)
    assert view.hit_applies()

    view.kind_infantry.setChecked(True)
    assert not view.hit_applies()           # fire at infantry has no to-hit roll
    target_rows = visible_rows(view.target_form)
    assert "infantry" in target_rows and "armour_type" not in target_rows
    view.give_hit.setChecked(True)
    assert view.shot().p_hit is None

    view.kind_vehicle.setChecked(True)
    for armour_type, apfc_allowed in (("standard", False), ("reactive", True),
                                      ("ablative", True), ("apfc", False)):
        select(view.armour_type, armour_type)
        assert view.apfc.isEnabled() == apfc_allowed
        view.apfc.setChecked(True)
        assert view.shot().apfc == apfc_allowed


def test_no_effect_combination_says_why(view, qtbot):
    edit(qtbot, view, lambda: (select(view.family, "hkp"), view.kind_infantry.setChecked(True)))
    r = view.results.result
    assert r.p_kill == 0 and r.p_no_effect == 1
    assert "HKP cannot damage infantry" in view.results.dice.text()


# -- the heatmap -------------------------------------------------------------------------------
def test_heatmap_is_the_engines_matrix(view, qtbot):
    edit(qtbot, view, lambda: select(view.armour_type, "reactive"))
    edit(qtbot, view, lambda: select(view.family, "slam"))
    shot = view.shot()
    m = ds2.matrix("slam", shot.range, "reactive", apfc=False, cover=shot.cover)
    shown = view.results.heatmap.matrix
    np.testing.assert_allclose(shown.p_kill, m.p_kill)
    assert view.results.heatmap.current == (shot.size, shot.armour)
    r, c = shot.size - 1, shot.armour
    assert view.results.heatmap.cell_texts[(shot.size, shot.armour)] == (
        f"{100 * m.p_kill[r, c]:.0f}%")
    assert "reactive armour" in view.results.heatmap.caption.text()
    # the shown cell agrees with the shot's own result
    assert m.p_kill[r, c] == pytest.approx(view.results.result.p_kill)


def test_heatmap_marks_sizes_a_family_lacks(view, qtbot):
    edit(qtbot, view, lambda: select(view.family, "gms_l"))
    texts = view.results.heatmap.cell_texts
    assert texts[(1, 2)] == "n/a" and texts[(5, 0)] == "n/a"
    assert texts[(3, 2)] != "n/a"
    assert view.results.heatmap.cell_at(2.1, 1.2) is None      # n/a cells can't be picked
    assert view.results.heatmap.cell_at(2.1, 3.2) == (3, 2)


def test_clicking_a_heatmap_cell_selects_size_and_armour(view, qtbot):
    heatmap = view.results.heatmap
    view.tabs.setCurrentIndex(0)
    vb = heatmap.plot.getPlotItem().vb
    qtbot.waitUntil(lambda: vb.sceneBoundingRect().width() > 50)
    scene_point = vb.mapViewToScene(pg_point(4, 5))
    widget_point = heatmap.plot.mapFromScene(scene_point)
    before = view.results.answer
    qtbot.mouseClick(heatmap.plot.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(round(widget_point.x()), round(widget_point.y())))
    wait(qtbot, view, before)
    assert (view.shot().size, view.shot().armour) == (5, 4)
    assert heatmap.current == (5, 4)
    # a fixed-size family keeps its size: only the armour follows the click
    edit(qtbot, view, lambda: select(view.family, "gms_h"))
    edit(qtbot, view, lambda: view.pick_cell(5, 1))
    assert (view.shot().size, view.shot().armour) == (5, 1)


def pg_point(x, y):
    from PySide6.QtCore import QPointF
    return QPointF(x, y)


def test_infantry_weapons_have_no_map(view, qtbot):
    edit(qtbot, view, lambda: select(view.family, "apsw"))
    assert view.results.answer.matrix is None
    assert view.results.heatmap.plot.isHidden()      # (its tab shown or not)
    assert "no size class" in view.results.heatmap.message.text()


# -- baseline: two weapons side by side -----------------------------------------------------
def test_baseline_compares_two_weapons(view, qtbot):
    base = view.results.result
    view.results.pin_baseline(True)
    assert view.results.baseline is base
    edit(qtbot, view, lambda: select(view.family, "mdc"))
    now = view.results.result
    assert view.results.baseline is base and now is not base
    assert view.results.base_numbers["p_kill"].isVisible()
    assert view.results.base_numbers["p_kill"].text() == f"{100 * base.p_kill:.2f}%"
    d = 100 * (now.p_kill - base.p_kill)
    assert view.results.deltas["p_kill"].text() == f"{d:+.2f} pts"
    assert not view.results.base_heatmap.isHidden()      # in the P(kill) map tab
    assert "HVC" in view.results.base_heatmap.caption.text()
    assert "MDC" in view.results.heatmap.caption.text()
    assert ("baseline", "Kill") in view.results.bar_texts
    assert "baseline: HVC/3" in view.results.heading.text()
    text = view.results.csv_text()
    assert "result,current" in text and "result,baseline" in text
    view.results.pin_baseline(False)
    assert view.results.baseline is None
    assert view.results.base_heatmap.isHidden()
    assert not view.results.base_numbers["p_kill"].isVisible()


def test_csv_export(view, tmp_path):
    path = tmp_path / "ds2.csv"
    view.results.export_csv(path)
    lines = path.read_text().splitlines()
    assert lines[0].startswith("result,current,ds2,exact")
    p_kill = float(next(line for line in lines if line.startswith("p_kill,")).split(",")[1])
    assert p_kill == pytest.approx(44 / 80)
    size3 = next(line for line in lines if line.startswith("3,")).split(",")
    assert float(size3[1 + 3]) == pytest.approx(44 / 80)     # armour 3 column


# -- table side: the one panel every ruleset uses, over DS2's one-shot rules -----------------
def play(panel, text="", choice=None):
    """Enter this phase's dice (``text``) and, optionally, the players' choice; apply."""
    panel.dice_edit.setText(text)
    if choice is not None:
        panel.choice_edit.setText(choice)
        panel.choice_edit.setModified(True)
    panel.apply()


def finish(panel):
    """Apply the phases left that need no dice."""
    while not panel.battle.is_over() and not panel.battle.dice():
        play(panel)


def outcome(battle):
    return battle.state[1]


def test_table_side_kill(view):
    panel = view.table_panel
    view.open_table()
    assert panel.battle.dice() == ()                    # to hit: the weapon's own mechanic
    play(panel)
    assert [s.sides for s in panel.battle.dice()] == [10, 8]    # impact d10, armour d8
    panel.dice_edit.setText("7 3")
    assert "21" in panel.explain_label.text() and "9" in panel.explain_label.text()
    play(panel, "7 3")
    finish(panel)
    assert panel.battle.is_over() and outcome(panel.battle) == "kill"
    assert panel.battle.verdict() == "attacker"
    assert "destroyed" in panel.log.item(1).text()
    assert panel.autosave_path.is_file()


def test_table_side_special_damage_asks_for_the_d8(view, qtbot):
    edit(qtbot, view, lambda: (select(view.size, 1), view.armour_buttons[5].click()))
    panel = view.table_panel
    view.open_table()
    play(panel)
    play(panel, "10 2")                                 # 10 vs 10: no kill, D10 at maximum
    assert not panel.battle.is_over()
    assert [s.sides for s in panel.battle.dice()] == [8]       # now, and only now, the d8
    play(panel, "5")
    assert panel.battle.is_over() and outcome(panel.battle) == "systems_down"
    # undo takes the shot back as a whole; redo replays it
    panel.undo()
    assert panel.battle.state == panel.battle.rules.initial_state()
    panel.redo()
    assert outcome(panel.battle) == "systems_down"


def test_table_side_enter_key_resolves(view, qtbot):
    panel = view.table_panel
    view.open_table()
    qtbot.keyClick(panel.choice_edit, Qt.Key.Key_Return)     # to hit: no dice, the proposal
    assert panel.battle.current_phase().name == "impact"
    panel.dice_edit.setText("1 8")
    qtbot.keyClick(panel.dice_edit, Qt.Key.Key_Return)
    finish(panel)
    assert outcome(panel.battle) == "no_effect"


def test_table_side_missing_die_is_a_clear_message(view):
    panel = view.table_panel
    view.open_table()
    play(panel)
    play(panel, "4")
    assert "2" in panel.message.text() and panel.message.text()
    assert panel.battle.current_phase().name == "impact"     # nothing applied


def test_table_side_iavr_rolls_to_hit(view, qtbot):
    edit(qtbot, view, lambda: select(view.family, "iavr"))
    panel = view.table_panel
    view.open_table()
    assert len(panel.battle.dice()) == 1                # the IAVR's own to-hit die
    play(panel, "2")
    finish(panel)
    assert outcome(panel.battle) == "miss" and panel.battle.verdict() == "defender"
    panel.undo()
    play(panel, "3")
    play(panel, "10 1")
    finish(panel)
    assert outcome(panel.battle) == "kill"


def test_table_side_given_hit_chance(view, qtbot):
    edit(qtbot, view, lambda: (view.give_hit.setChecked(True), view.p_hit.setValue(70)))
    panel = view.table_panel
    view.open_table()
    assert panel.battle.dice() == () and panel.choice_edit.text() == "hit"
    play(panel, choice="miss")                          # the players say the shot missed
    finish(panel)
    assert outcome(panel.battle) == "miss"


def test_table_side_roll_follows_the_rules(view, qtbot):
    edit(qtbot, view, lambda: (select(view.size, 1), view.armour_buttons[5].click()))
    panel = view.table_panel
    setup = ds2.shot_setup(view.shot())
    outcomes = set()
    for _ in range(120):
        panel.start()
        battle = panel.battle
        while not battle.is_over():
            panel.roll()
            panel.apply()
        impact, armour = battle.rounds[0][1].rolled
        expect = ds2.resolve_shot(setup, impact=impact, armour=armour).outcome
        got = outcome(battle)
        assert got == expect or (expect == "special" and got in ds2.SPECIAL_KINDS)
        outcomes.add(got)
        panel.close_battle()
    assert {"kill", "no_effect"} <= outcomes and outcomes & set(ds2.SPECIAL_KINDS)


def test_table_follows_the_form(view, qtbot):
    edit(qtbot, view, lambda: select(view.family, "hkp"))
    edit(qtbot, view, lambda: view.kind_infantry.setChecked(True))
    panel = view.table_panel
    view.open_table()
    play(panel)
    assert panel.battle.dice() == ()                    # nothing to roll: it can't harm infantry
    finish(panel)
    assert outcome(panel.battle) == "no_effect"


# -- scenario round trip -------------------------------------------------------------------
ROUND_TRIP = [
    Shot(family="hvc", size=3, range="close", armour=3),
    Shot(family="dffg", size=4, range="close", armour=5, armour_type="reactive", apfc=True,
         p_hit=1 / 3, cover="soft"),
    Shot(family="iavr", size=3, range="long", armour=2, armour_type="apfc"),
    Shot(family="gms_h", size=5, range="medium", target="infantry", infantry="militia",
         cover="dug_in"),
    Shot(family="assault_team", combat="close_assault", target="vehicle", armour=0),
    Shot(family="infantry_pa", combat="firefight", target="infantry", infantry="line",
         cover="soft"),
    Shot(family="artillery_hef", size=2, armour=1, cover="dug_in", p_hit=0.25),
    Shot(family="artillery_mak", size=3, target="infantry", infantry="pa"),
]


@pytest.mark.parametrize("shot", ROUND_TRIP, ids=lambda s: s.family)
def test_scenario_round_trip(view, shot):
    view.set_scenario(Scenario("ds2", shot, "a test"))
    scenario = view.scenario()
    assert scenario.body == shot.with_defaults()
    again = parse_scenario_text(scenario.to_toml())
    assert again.body == scenario.body and again.title == "a test"
    view.set_scenario(again)
    assert view.scenario().body == scenario.body


def test_standard_armour_with_apfc_flag_loads_as_the_apfc_type(view, qtbot):
    text = EXAMPLE.read_text().replace('armour_type = "standard"',
                                      'armour_type = "standard"\napfc = true')
    with pytest.raises(ScenarioError, match="reactive or ablative"):
        parse_scenario_text(text)          # a file may not say it (issue 20)...
    # ... but a shot built in code may: the view shows it as the "apfc" armour type
    valid = parse_scenario_text(EXAMPLE.read_text())
    original = Scenario("ds2", dataclasses.replace(valid.body, armour_type="standard",
                                                   apfc=True), valid.title)
    assert original.body.apfc
    view.set_scenario(original)
    wait(qtbot, view)
    shot = view.shot()
    assert shot.armour_type == "apfc" and not shot.apfc
    assert view.results.result.to_json() == pytest.approx(expect(original.body))


def test_loading_keeps_an_exact_hit_chance(view):
    view.set_scenario(Scenario("ds2", ROUND_TRIP[1]))
    assert view.p_hit.text().startswith("33.3")
    assert view.shot().p_hit == 1 / 3


def test_load_does_not_mark_edited(view, qtbot):
    edits = []
    view.changed.connect(lambda: edits.append(1))
    view.set_scenario(Scenario("ds2", ROUND_TRIP[6]))
    assert edits == []
    view.armour_buttons[4].click()
    assert edits


# -- in the main window ------------------------------------------------------------------------
def test_in_the_main_window(make_window, qtbot, tmp_path):
    window = make_window()
    view = window.view_for("ds2")
    assert isinstance(view, Ds2View)
    wait(qtbot, view)
    window.tabs.setCurrentWidget(view)
    window.toggle_baseline()                       # Ctrl+P
    assert view.results.baseline is view.results.result
    edit(qtbot, view, lambda: view.armour_buttons[1].click())
    assert window.isWindowModified()
    assert view.results.deltas["p_kill"].text().endswith("pts")
    path = tmp_path / "out.png"
    assert view.results.export_png(path) and path.stat().st_size > 1000
    assert not math.isnan(view.results.result.figure_of_merit)


def test_impossible_shot_is_a_clear_message(view, qtbot, monkeypatch):
    # the form can't build one; if it ever did, the user sees what and where, no traceback
    monkeypatch.setattr(view, "shot", lambda: Shot(family="hvc", size=9, range="close",
                                                   armour=3))
    view.recompute(immediate=True)
    # the form's words, not the file's field path (issue 25 item 8)
    assert view.last_error.startswith("size: ") and "1-5" in view.last_error
    assert "size" in view.results.status.text()
    assert "line " not in view.last_error                  # the form has no lines
    assert "last shot that could be computed" in view.results.status.text()   # old figures
    panel = view.table_panel
    panel.start()                                   # the table refuses it the same way
    assert panel.battle is None and "1-5" in panel.notice.text()


def test_armour_row_follows_the_arrow_keys(view, qtbot):
    button = view.armour_buttons[3]
    button.setFocus()
    before = view.results.answer
    qtbot.keyClick(button, Qt.Key.Key_Right)
    assert view.armour_group.checkedId() == 4
    wait(qtbot, view, before)
    assert view.results.result.to_json() == pytest.approx(expect(view.shot()))


def test_copy_results_copies_the_shot_shown(make_window, qtbot):
    """Issue 25, item 6: Copy results (Ctrl+Shift+C) copies the DS2 odds on show (it said
    there was no result)."""
    from PySide6.QtWidgets import QApplication
    window = make_window()
    view = window.view_for("ds2")
    wait(qtbot, view)
    window.tabs.setCurrentWidget(view)
    QApplication.clipboard().setText("")
    window.copy_results_action.trigger()
    text = QApplication.clipboard().text()
    result = view.results.result
    assert view.results.answer.title in text
    assert f"{100 * result.p_kill:6.2f}%" in text and "kill" in text


def test_enter_plays_the_first_phase_without_dice(make_window, qtbot):
    """Issue 25, item 6: the first phase has no dice ("press Enter or Apply"): Enter plays
    it at once, as after Undo."""
    from PySide6.QtWidgets import QApplication
    window = make_window()
    qtbot.waitExposed(window)
    window.activateWindow()
    view = window.view_for("ds2")
    wait(qtbot, view)
    window.tabs.setCurrentWidget(view)
    window.fight()
    panel = view.table_panel
    assert panel.battle.dice() == () and "press Enter" in panel.dice_label.text()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    assert QApplication.focusWidget().isEnabled()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert panel.battle.current_phase().name == "impact"


def test_the_table_says_the_odds_in_the_odds_tabs_words(view, qtbot):
    """Issue 25, item 6: kill / special damage / no effect at the table, as on the Odds tab
    (not "attacker 37.50 % / defender 62.50 %" and "expected losses")."""
    from combatassist_gui.result_style import pct
    from tests.ui.test_table_side import odds_shown
    result = view.results.result
    panel = view.table_panel
    view.open_table()
    odds_shown(qtbot, panel)
    text = panel.odds_label.text()
    for words, p in (("Kill", result.p_kill), ("Special damage", result.p_special),
                     ("No effect", result.p_no_effect)):
        assert f"{words} {pct(p)}" in text
    assert "attacker" not in text.lower() and "losses" not in text
