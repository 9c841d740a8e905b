"""The Medium Luck view: chart-checked drops, keyboard moves, live band facts, undo, advisor,
scenario round-trip, and the seed's worked example played through table-side."""
from __future__ import annotations


import pytest
from PySide6.QtCore import QModelIndex, QPoint, Qt
from PySide6.QtGui import QDragMoveEvent
from PySide6.QtWidgets import QApplication

from combatassist.data import example_path
from combatassist.rulesets import mediumluck
from combatassist.rulesets.mediumluck.rules import SideSetup
from combatassist.errors import ScenarioError
from combatassist.scenario import load_scenario, parse_scenario_text
from tests.ui.conftest import wait_result
from combatassist_gui.views.mediumluck import view as view_module
from combatassist.rulesets.mediumluck.choices import parse_casualties
from combatassist.rulesets.mediumluck.rules import format_casualties
from combatassist_gui.views.mediumluck import MediumLuckView
from combatassist_gui.views.mediumluck.bands_model import CHIP_MIME, POOL, decode_chip

SEED_EXAMPLE = example_path("mediumluck-seed-example.toml")
MOVE = Qt.DropAction.MoveAction


@pytest.fixture(autouse=True)
def _no_disk_cache(monkeypatch):
    monkeypatch.setenv("COMBATASSIST_CACHE_DIR", "off")


@pytest.fixture
def view(qtbot, tmp_path):
    v = MediumLuckView(autosave_dir=tmp_path)
    qtbot.addWidget(v)
    v.resize(1300, 850)
    v.show()
    wait_result(qtbot, v)
    yield v
    v.shutdown()


def model(view, side, place):
    return view.board_widget.lists[(side, place)].place_model


def chip_data(view, side, place, unit, count=None):
    m = model(view, side, place)
    row = [u for u, _ in m.chips].index(unit)
    return m.mimeData([m.index(row, 0)], count)


def drop(view, side, place, data):
    m = model(view, side, place)
    ok = m.canDropMimeData(data, MOVE, -1, -1, QModelIndex())
    assert m.dropMimeData(data, MOVE, -1, -1, QModelIndex()) is ok
    return ok, m.last_refusal


def fresh_result(view, qtbot, before):
    qtbot.waitUntil(lambda: view.results.result is not before and not view.computer.is_busy(),
                    timeout=30_000)
    return view.results.result


def test_default_result_is_the_engines(view):
    expect = mediumluck.compute(view.scenario().body)
    assert view.results.result.attacker_wins == pytest.approx(expect.attacker_wins)
    assert view.results.result.defender_wins == pytest.approx(expect.defender_wins)
    # six colour rows in chart order
    assert list(view.board_widget.band_labels) == ["yellow", "black", "blue", "green", "red",
                                                   "white"]


def test_drop_allowed_by_the_chart_moves_units_and_recomputes(view, qtbot):
    board = view.board
    assert board.add("attacker", "tank", 3) is None
    assert board.counts("attacker", POOL) == {"tank": 3}
    before = view.results.result
    data = chip_data(view, "attacker", POOL, "tank")
    assert decode_chip(data) == {"side": "attacker", "unit": "tank", "count": 3,
                                 "source": POOL}
    ok, reason = drop(view, "attacker", "red.roll", data)
    assert ok and reason is None
    assert board.counts("attacker", "red.roll") == {"tank": 6}
    assert board.counts("attacker", POOL) == {}
    # the chip text and the dice count follow: 6 tanks = 2 red dice
    assert model(view, "attacker", "red.roll").data(
        model(view, "attacker", "red.roll").index(0, 0)) == "Tank ×6"
    assert "<b>2</b> dice" in view.board_widget.facts_labels[("red", "attacker")].text()
    result = fresh_result(view, qtbot, before)
    body = view.scenario().body
    assert body.attacker.bands["red"]["roll"] == {"tank": 6}
    assert result.attacker_wins == pytest.approx(mediumluck.compute(body).attacker_wins)


def test_drops_the_chart_forbids_are_refused_with_the_reason(view, qtbot):
    board = view.board
    snapshot = {s: {p: board.counts(s, p) for p in board.place_names()} for s in
                ("attacker", "defender")}
    tanks = chip_data(view, "attacker", "red.roll", "tank")
    ok, reason = drop(view, "attacker", "white.roll", tanks)
    assert not ok and reason == "tanks can only roll red"
    ok, reason = drop(view, "attacker", "red.boost", tanks)
    assert not ok and "can only roll red" in reason
    # a unit never changes sides
    ok, reason = drop(view, "defender", "red.roll", tanks)
    assert not ok and "can't change sides" in reason
    # the only place for transports is the pool
    board.add("defender", "transport", 1)
    trans = chip_data(view, "defender", POOL, "transport")
    ok, reason = drop(view, "defender", "blue.roll", trans)
    assert not ok and "no role in any band" in reason
    # foreign data is refused too
    from PySide6.QtCore import QMimeData
    other = QMimeData()
    other.setText("tank")
    assert not model(view, "attacker", "red.roll").canDropMimeData(other, MOVE, -1, -1,
                                                                    QModelIndex())
    board.undo_stack.undo()  # the transport
    assert {s: {p: board.counts(s, p) for p in board.place_names()} for s in
            ("attacker", "defender")} == snapshot


@pytest.mark.filterwarnings("ignore::DeprecationWarning")   # PySide's QDragMoveEvent signature
def test_refused_drag_shows_a_tooltip_reason(view, qtbot):
    target = view.board_widget.lists[("attacker", "white.roll")]
    data = chip_data(view, "attacker", "red.roll", "tank")
    messages = []
    target.message.connect(messages.append)
    event = QDragMoveEvent(QPoint(5, 5), MOVE, data, Qt.MouseButton.LeftButton,
                           Qt.KeyboardModifier.NoModifier)
    target.dragMoveEvent(event)
    assert not event.isAccepted()
    assert messages == ["tanks can only roll red"]
    ok_target = view.board_widget.lists[("attacker", POOL)]
    event = QDragMoveEvent(QPoint(5, 5), MOVE, data, Qt.MouseButton.LeftButton,
                           Qt.KeyboardModifier.NoModifier)
    ok_target.dragMoveEvent(event)
    assert event.isAccepted()


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_drop_event_on_a_chip_list_moves_or_explains(view):
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QDropEvent
    messages = []
    white = view.board_widget.lists[("attacker", "white.roll")]
    white.message.connect(messages.append)
    tanks = chip_data(view, "attacker", "red.roll", "tank")
    event = QDropEvent(QPointF(5, 5), MOVE, tanks, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    white.dropEvent(event)
    assert not event.isAccepted() and messages == ["tanks can only roll red"]
    pool = view.board_widget.lists[("attacker", POOL)]
    event = QDropEvent(QPointF(5, 5), MOVE, tanks, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    pool.dropEvent(event)
    assert event.isAccepted()
    assert view.board.counts("attacker", POOL) == {"tank": 3}
    assert pool.model().rowCount() == 1


def test_split_chips_between_bands_and_same_type_in_two_bands(view):
    board = view.board
    # three fighters roll yellow, the rest keep boosting white (the seed's own example)
    data = chip_data(view, "attacker", "white.boost", "fighter", count=1)
    assert decode_chip(data)["count"] == 1
    assert drop(view, "attacker", "yellow.roll", data)[0]
    assert board.counts("attacker", "yellow.roll") == {"fighter": 1}
    assert board.counts("attacker", "white.boost") == {"artillery": 2, "fighter": 2}
    # the spinner sets how many a drag carries
    view.board_widget.split.setValue(2)
    data = chip_data(view, "attacker", "white.boost", "fighter")
    assert decode_chip(data)["count"] == 2
    assert drop(view, "attacker", "yellow.roll", data)[0]
    assert board.counts("attacker", "yellow.roll") == {"fighter": 3}
    assert "fighter" not in board.counts("attacker", "white.boost")
    body = view.scenario().body
    assert body.attacker.bands["yellow"]["roll"] == {"fighter": 3}
    assert body.attacker.bands["white"]["boost"] == {"artillery": 2}
    # a mime payload from the model is ours
    assert data.hasFormat(CHIP_MIME)


def test_keyboard_moves_menu_and_delete(view):
    board = view.board
    chips = view.board_widget.lists[("defender", "white.boost")]
    chips.setCurrentIndex(chips.model().index(0, 0))       # the artillery chip
    view.board_widget.split.setValue(1)
    menu = chips.move_menu()
    assert "Move 1 artillery to" in [a.text() for a in menu.actions()]
    actions = {a.data(): a for a in menu.actions() if a.data()}
    assert not actions["red.roll"].isEnabled()
    assert "artillery can only boost white" in actions["red.roll"].toolTip()
    assert actions[POOL].isEnabled()
    actions[POOL].trigger()
    assert board.counts("defender", POOL) == {"artillery": 1}
    assert board.counts("defender", "white.boost") == {"artillery": 1}
    # Delete: back to the pool; in the pool: out of the battle
    chips.setCurrentIndex(chips.model().index(0, 0))
    chips.send_back()
    assert board.counts("defender", "white.boost") == {}
    pool = view.board_widget.lists[("defender", POOL)]
    pool.setCurrentIndex(pool.model().index(0, 0))
    pool.send_back()
    assert board.counts("defender", POOL) == {"artillery": 1}
    # a refused keyboard move explains itself
    pool.setCurrentIndex(pool.model().index(0, 0))
    assert pool.move_to("red.roll") == "artillery can only boost white"
    assert "boost white" in view.board_widget.status.text()


def test_undo_and_redo_of_board_edits(view, qtbot):
    board = view.board
    start = view.scenario().to_toml()
    board.move("attacker", "tank", 0, "red.roll", POOL)
    board.add("defender", "infantry", 4)
    assert view.board_widget.undo_button.isEnabled()
    assert board.counts("defender", POOL) == {"infantry": 4}
    view.board_widget.undo_button.click()
    view.board_widget.undo_button.click()
    assert view.scenario().to_toml() == start
    view.board_widget.redo_button.click()
    assert board.counts("attacker", POOL) == {"tank": 3}
    assert not view.board_widget.facts_labels[("red", "attacker")].text().startswith("<b>1")


def test_band_facts_cap_extra_white_and_wasted_boosts(view, qtbot):
    # the engine's default scenario (resources/mediumluck/default.toml) is the seed's battle,
    # without the extra white die: switch it on to see it counted
    view.extra_white.setChecked(True)
    board = view.board
    board.add("attacker", "infantry", 15)
    data = chip_data(view, "attacker", POOL, "infantry")
    assert drop(view, "attacker", "white.roll", data)[0]      # 21 infantry: 7 dice, cap 6
    text = view.board_widget.facts_labels[("white", "attacker")].text()
    assert "<b>6</b> dice" in text and "capped 7→6" in text
    assert "boosts 5 usable" in text and "wasted" not in text   # 2 art + 3 air on 6 dice
    defender = view.board_widget.facts_labels[("white", "defender")]
    assert "<b>3</b> dice" in defender.text() and "+1 extra white" in defender.text()
    view.extra_white.setChecked(False)
    assert "<b>2</b> dice" in defender.text() and "extra" not in defender.text()
    band = view.board_widget.facts_labels[("red", "band")].text()
    assert "winner's choice" in band and "any unit" in band
    assert "air units only" in view.board_widget.facts_labels[("yellow", "band")].text()
    assert "submarine only" in view.board_widget.facts_labels[("green", "band")].text()
    # the defender's 2 white dice can use only 2 of 4 artillery boosts
    board.add("defender", "artillery", 2)
    assert drop(view, "defender", "white.boost", chip_data(view, "defender", POOL,
                                                           "artillery"))[0]
    assert "2 wasted" in defender.text()


def test_scenario_round_trip(view, qtbot):
    text = SEED_EXAMPLE.read_text(encoding="utf-8").replace(
        "[defender.bands.red]", "[defender]\nidle = { aaa = 1 }\norder_of_loss = [\"infantry\"]"
        "\n[defender.bands.red]")
    scenario = parse_scenario_text(text)
    view.set_scenario(scenario)
    assert not view.extra_white.isChecked()
    assert view.board.counts("defender", POOL) == {"aaa": 1}
    again = parse_scenario_text(view.scenario().to_toml())
    assert again.body.attacker == scenario.body.attacker
    assert again.body.defender == scenario.body.defender
    assert again.body.defender.order_of_loss == ["infantry"]
    assert again.title == scenario.title
    assert again.body.defender_extra_white is False
    view.set_scenario(again)
    assert view.scenario().to_toml() == again.to_toml()
    # loading is not undoable: the history starts afresh
    assert not view.board.undo_stack.canUndo()


def order_rows(editor):
    lst = editor.list
    return [(lst.item(i).data(Qt.ItemDataRole.UserRole),
             lst.item(i).checkState() == Qt.CheckState.Checked) for i in range(lst.count())]


def test_order_of_loss_is_edited_and_changes_the_odds(view, qtbot):
    editor = view.order_editors["defender"]
    # the defender's unit types, chart order, none ticked: the default policy
    assert order_rows(editor) == [("infantry", False), ("artillery", False), ("tank", False)]
    assert view.scenario().body.defender.order_of_loss == []
    before = view.results.result
    # tick tank: the defender now loses tanks first where its choice is the victim's (white)
    tank = editor.list.item(2)
    tank.setCheckState(Qt.CheckState.Checked)
    assert view.scenario().body.defender.order_of_loss == ["tank"]
    after = fresh_result(view, qtbot, before)
    expect = mediumluck.compute(view.scenario().body)
    assert after.attacker_wins == pytest.approx(expect.attacker_wins)
    assert abs(after.attacker_wins - before.attacker_wins) > 1e-6
    # keyboard reorder: infantry ticked too, then moved above tank with Alt+Up
    editor.list.item(0).setCheckState(Qt.CheckState.Checked)
    assert view.scenario().body.defender.order_of_loss == ["infantry", "tank"]
    editor.list.setCurrentRow(2)
    editor.list.setFocus()
    qtbot.keyClick(editor.list, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    assert order_rows(editor) == [("infantry", True), ("tank", True), ("artillery", False)]
    editor.list.setCurrentRow(1)
    editor.move(-1)
    assert order_rows(editor)[0] == ("tank", True)
    assert view.scenario().body.defender.order_of_loss == ["tank", "infantry"]
    # into the file and back
    again = parse_scenario_text(view.scenario().to_toml())
    assert again.body.defender.order_of_loss == ["tank", "infantry"]
    view.set_scenario(again)
    assert order_rows(view.order_editors["defender"])[:2] == [("tank", True), ("infantry", True)]
    # a new unit type on the board shows up unticked; the order stays
    assert view.board.add("defender", "fighter", 1) is None
    assert ("fighter", False) in order_rows(view.order_editors["defender"])
    assert view.scenario().body.defender.order_of_loss == ["tank", "infantry"]


def test_reserves_are_edited_only_with_the_option(view, qtbot):
    assert not view.reserve_box.isVisibleTo(view.form)
    assert view.scenario().body.reserves is False
    view.reserves.setChecked(True)
    assert view.reserve_box.isVisibleTo(view.form)
    before = view.results.result
    view.reserve_editors["attacker"].spins["tank"].setValue(2)
    body = view.scenario().body
    assert body.reserves is True and body.attacker.reserve == {"tank": 2}
    assert body.defender.reserve == {}
    # a reserve type can be given an order of loss too
    assert ("tank", False) in order_rows(view.order_editors["attacker"])
    fresh_result(view, qtbot, before)
    assert view.last_error is None
    text = view.scenario().to_toml()
    assert "reserves = true" in text
    again = parse_scenario_text(text)
    assert again.body.attacker.reserve == {"tank": 2}
    view.set_scenario(again)
    assert view.reserves.isChecked() and view.reserve_box.isVisibleTo(view.form)
    assert view.reserve_editors["attacker"].spins["tank"].value() == 2
    # switched off: no reserve in the scenario (the file would refuse one)
    view.reserves.setChecked(False)
    body = view.scenario().body
    assert body.reserves is False and body.attacker.reserve == {}
    parse_scenario_text(view.scenario().to_toml())


def test_a_side_without_units_is_a_clear_message(view, qtbot):
    for place in ("red.roll", "white.roll", "white.boost"):
        view.board.remove("defender", "infantry", 0, place) if place == "white.roll" else None
    view.board.remove("defender", "tank", 0, "red.roll")
    view.board.remove("defender", "artillery", 0, "white.boost")
    qtbot.waitUntil(lambda: view.last_error is not None)
    assert "the defender has no units" in view.last_error


def test_casualty_text_round_trip():
    proposal = {"attacker": [], "defender": ["white.roll.infantry", "white.roll.infantry",
                                             "red.roll.tank"]}
    text = format_casualties(proposal)
    assert text == "attacker: none; defender: 2 white infantry (roll), red tank (roll)"
    assert parse_casualties(text, proposal) == proposal
    # the old slot names are still read
    assert parse_casualties("defender: white.boost.artillery", proposal) == {
        "attacker": [], "defender": ["white.boost.artillery"]}
    assert parse_casualties("attacker: 2x red mech infantry (boost); defender: transport (idle)",
                            proposal) == {"attacker": ["red.boost.mech_infantry"] * 2,
                                          "defender": ["idle.transport"]}
    assert parse_casualties("", proposal) is None
    with pytest.raises(Exception, match="attacker:"):
        parse_casualties("nobody: x", proposal)


def test_casualty_words_without_role_need_the_sides_slots():
    known = {"attacker": ["white.roll.infantry", "white.boost.infantry", "red.roll.tank"],
             "defender": ["white.roll.infantry", "red.roll.tank"]}
    proposal = {"attacker": [], "defender": []}
    got = parse_casualties("defender: 2 white infantry, tank", proposal, known)
    assert got["defender"] == ["white.roll.infantry"] * 2 + ["red.roll.tank"]
    with pytest.raises(Exception, match="more than one slot"):
        parse_casualties("attacker: white infantry", proposal, known)
    with pytest.raises(Exception, match="this side has: white infantry"):
        parse_casualties("defender: fighter", proposal, known)
    with pytest.raises(Exception, match="2 white infantry"):
        parse_casualties("defender: 3 of them", proposal)


def test_seed_example_plays_through_table_side_to_the_seed_result(view, qtbot):
    view.set_scenario(load_scenario(SEED_EXAMPLE))
    wait_result(qtbot, view)
    panel = view.table_panel
    panel.start()
    battle = panel.battle
    assert battle is not None and not view.form.isEnabled()
    assert battle.current_phase().name == "red"
    assert view.board_widget.highlighted == "red"
    # red: attacker 6 (+1 mech infantry = 7) beats the defender's 6; winner's choice
    panel.dice_edit.setText("6 6")
    assert "7" in panel.explain_label.text()
    assert panel.choice_edit.text() == "attacker: none; defender: white artillery (boost)"
    assert "2 red tank (roll)" in panel.state_label.text()
    panel.apply()
    assert battle.current_phase().name == "white"
    assert view.board_widget.highlighted == "white"
    # white: attacker 2, 4 (+2 each: 4, 6) vs defender 2, 4 (one boost: 2, 5)
    panel.dice_edit.setText("2 4 2 4")
    explain = panel.explain_label.text()
    assert "-> 4, 6" in explain and "-> 2, 5" in explain
    assert "defender takes 2" in explain
    assert panel.choice_edit.text() == ("attacker: none; defender: white infantry (roll), "
                                        "red tank (roll)")
    panel.apply()
    assert battle.round_number == 2
    rules = battle.rules
    lost = dict(zip(rules.models[1].names,
                    (x - y for x, y in zip(rules.start[1], battle.state[1]))))
    assert lost == {"red.roll.tank": 1, "white.roll.infantry": 1, "white.boost.artillery": 1}
    assert battle.state[0] == rules.start[0]                  # the attacker lost nothing
    # the players may change the victim's choice; undo takes one band back (white)
    panel.undo()
    assert battle.round_number == 1 and battle.current_phase().name == "white"
    panel.dice_edit.setText("2 4 2 4")
    panel.choice_edit.setText("defender: 2 white infantry")
    panel.apply()
    assert battle.round_number == 2
    lost = dict(zip(rules.models[1].names,
                    (x - y for x, y in zip(rules.start[1], battle.state[1]))))
    assert lost == {"red.roll.tank": 0, "white.roll.infantry": 2, "white.boost.artillery": 1}
    # an illegal choice is a message, nothing changes
    panel.dice_edit.setText("1 1")
    panel.choice_edit.setText("attacker: red.roll.tank; defender: white.boost.fighter")
    panel.apply()
    assert "must lose exactly 0" in panel.message.text()
    assert battle.current_phase().name == "red" and battle.round_number == 2


def test_advisor_suggestions_apply_in_one_undoable_step(view, qtbot, monkeypatch):
    """The view's side of the advisor: background call, list with odds, one-step undo."""
    calls = []
    better = SideSetup(bands={"red": {"roll": {"tank": 3}},
                              "white": {"roll": {"infantry": 6, "mech_infantry": 1},
                                        "boost": {"artillery": 2, "fighter": 3}}})

    def advise(setup, side, top, budget, cancel, stop, progress):
        calls.append((side, top))
        from combatassist.rulesets.mediumluck import advisor
        items = [advisor.Suggestion(better, 0.8, 3.0, 9.0, None),
                 advisor.Suggestion(setup.attacker, 0.66, 4.0, 8.0, None)]
        return advisor.Advice(items, evaluated=7, space=7, exhaustive=True, seconds=0.1)

    monkeypatch.setattr(view_module.advisor, "advise", advise)
    start = view.scenario().to_toml()
    view.suggest()
    qtbot.waitUntil(lambda: view.advice_list.count() == 2, timeout=10_000)
    assert calls == [("attacker", view_module.SUGGESTIONS)]
    assert view.advice_list.item(0).text().startswith("attacker wins 80.00%")
    assert "every one of the 7" in view.advice_status.text()
    view.apply_button.click()
    assert view.board.counts("attacker", "white.roll") == {"infantry": 6, "mech_infantry": 1}
    assert view.board.counts("attacker", "red.boost") == {}
    assert view.board.undo_stack.undoText() == "apply the suggested attacker assignment"
    view.board.undo_stack.undo()
    assert view.scenario().to_toml() == start


def test_real_advisor_suggests_and_applies(view, qtbot):
    """With the engine's advisor: a small battle, its best assignment applied, odds follow."""
    text = """ruleset = "mediumluck"
[options]
defender_extra_white = false
[attacker.bands.red]
roll = { tank = 2 }
[attacker.bands.white]
boost = { artillery = 1 }
roll = { infantry = 1 }
[defender.bands.white]
roll = { infantry = 3 }
"""
    view.set_scenario(parse_scenario_text(text))
    wait_result(qtbot, view)
    view.advice_side.setCurrentIndex(0)
    view.suggest()
    qtbot.waitUntil(lambda: view.advice_list.count() > 0 and
                    not view.advisor_computer.is_busy(), timeout=60_000)
    best = view.suggestions[0][2]
    view.apply_suggestion(0)
    body = view.scenario().body
    assert body.attacker.unit_counts() == {"tank": 2, "artillery": 1, "infantry": 1}
    assert body.attacker.bands == best.side.bands
    before = view.results.result
    result = fresh_result(view, qtbot, before)
    assert result.attacker_wins == pytest.approx(best.win)
    assert result.attacker_wins >= mediumluck.compute(
        parse_scenario_text(text).body).attacker_wins - 1e-12


def test_advisor_shows_its_progress_and_stop_keeps_the_best_so_far(view, qtbot, monkeypatch):
    """The search reports evaluations done / planned (the bar), and Stop ends it with the
    best found so far: the engine's advisor, stopped by the button while it runs."""
    import threading
    real = view_module.advisor.advise
    reported = threading.Event()

    planned_seen = []

    def advise(*args, progress, **kwargs):
        def report(done, planned):
            progress(done, planned)
            planned_seen.append(planned)
            reported.set()
        return real(*args, progress=report, **kwargs)

    monkeypatch.setattr(view_module.advisor, "advise", advise)
    from tests.engine.test_mediumluck_optimal import CASE_ADVISOR
    view.set_scenario(parse_scenario_text(CASE_ADVISOR))
    wait_result(qtbot, view)
    view.advice_side.setCurrentIndex(0)
    view.suggest()
    qtbot.waitUntil(lambda: view.stop_advice_button.isVisible(), timeout=10_000)
    qtbot.waitUntil(reported.is_set, timeout=60_000)
    qtbot.waitUntil(lambda: view.advice_progress.value() > 0, timeout=10_000)
    # every assignment of this case is compared by default: the bar goes to their number
    assert view.advice_progress.maximum() == planned_seen[0] == 4_916
    view.stop_advice_button.click()
    qtbot.waitUntil(lambda: not view.advisor_computer.is_busy(), timeout=60_000)
    assert view.advice_list.count() > 0
    assert "stopped: the best found so far" in view.advice_status.text()
    assert not view.stop_advice_button.isVisible() and not view.advice_progress.isVisible()


def test_suggest_is_offered(view):
    # the advisor is part of the engine: no "not in this version" placeholder any more
    assert view.suggest_button.isEnabled()


def test_view_in_the_main_window_opens_the_seed_file(make_window, qtbot, monkeypatch):
    window = make_window()
    view = window.view_for("mediumluck")
    assert isinstance(view, MediumLuckView)
    from PySide6.QtWidgets import QFileDialog
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(SEED_EXAMPLE), "")))
    window.tabs.setCurrentWidget(view)
    window.open_dialog()
    qtbot.waitUntil(lambda: view.title_edit.text() == "Worked example from the designer")
    wait_result(qtbot, view)
    expect = mediumluck.compute(load_scenario(SEED_EXAMPLE).body)
    assert view.results.result.attacker_wins == pytest.approx(expect.attacker_wins)
    QApplication.processEvents()


@pytest.mark.skipif(not hasattr(mediumluck, "make_rules"),
                    reason="resuming needs the engine's mediumluck.make_rules (not landed yet)")
def test_table_battle_resumes_from_the_autosave(view, qtbot, tmp_path):
    view.set_scenario(load_scenario(SEED_EXAMPLE))
    view.table_panel.start()
    view.table_panel.dice_edit.setText("6 6")
    view.table_panel.apply()
    saved_state = view.table_panel.battle.state
    view.table_panel.release()      # as if this window had crashed: its lock goes with it
    again = MediumLuckView(autosave_dir=tmp_path)
    qtbot.addWidget(again)
    try:
        assert again.table_panel.has_saved_battle()
        assert again.table_panel.resume()
        assert again.table_panel.battle.state == saved_state
        assert again.table_panel.battle.current_phase().name == "white"
    finally:
        again.shutdown()


def test_tab_reads_the_board_top_to_bottom(view, qtbot):
    # keyboard-only: from "units per move", Tab goes through the bands in chart order and
    # only then to the pools at the bottom (it used to jump to the pools first)
    from tests.ui.test_ur_view import tab_chain

    board = view.board_widget
    shown = tab_chain(board.split, 60)
    slots = [w for w in shown if w in board.lists.values()]
    pools = [board.lists[("attacker", "pool")], board.lists[("defender", "pool")]]
    enabled_slots = [board.lists[(side, f"{band.name}.{role}")]
                     for band in board.board.chart.bands
                     for side, role in (("attacker", "roll"), ("attacker", "boost"),
                                        ("defender", "roll"), ("defender", "boost"))
                     if board.lists[(side, f"{band.name}.{role}")].isEnabled()]
    assert slots[:len(enabled_slots)] == enabled_slots
    assert slots[len(enabled_slots):len(enabled_slots) + 2] == pools


# -- table side, between rounds: deploying reserves ---------------------------------------------
def test_deploying_reserves_at_the_table(view, qtbot, tmp_path):
    from tests.engine.test_table import RESERVES_TOML

    view.set_scenario(parse_scenario_text(RESERVES_TOML))
    panel, editor = view.table_panel, view.deploy_editor
    panel.start()
    assert panel.battle is not None and editor.isHidden()          # round 1: nothing to deploy
    panel.dice_edit.setText("1 6")           # the defender's 6 kills a reserve infantry
    panel.apply()
    assert panel.battle.round_number == 2 and not editor.isHidden()
    assert [editor.unit_box.itemText(i) for i in range(editor.unit_box.count())] == \
        ["infantry", "artillery"]
    # an illegal placement: one clear message, nothing changes
    editor.unit_box.setCurrentText("artillery")
    editor.band_box.setCurrentText("white")
    editor.role_box.setCurrentText("roll")
    editor.deploy_button.click()
    assert "artillery can't roll in white" in panel.message.text()
    assert panel.log.count() == 1
    # keyboard: the count box takes the number, Enter deploys
    editor.unit_box.setCurrentText("infantry")
    assert editor.count_box.limit() == 2
    editor.count_box.setValue(2)
    editor.count_box.setFocus()
    qtbot.keyClick(editor.count_box, Qt.Key.Key_Return)
    assert "the attacker deploys 2 infantry to white (roll)" in panel.log.item(1).text()
    assert panel.message.text() == ""
    names = dict(zip(panel.battle.rules.models[0].names, panel.battle.state[0]))
    assert names["white.roll.infantry"] == 3
    assert "3 white infantry (roll)" in panel.state_label.text()
    # the odds shown are the new rules' from the new position
    qtbot.waitUntil(lambda: not panel.computer.is_busy() and "Odds from" in
                    panel.odds_label.text(), timeout=20_000)
    # undo / redo the deployment
    panel.undo()
    assert panel.log.count() == 1 and not editor.isHidden()
    panel.redo()
    assert panel.log.count() == 2
    saved_state = panel.battle.state
    # resume replays the deployment (after a "crash": the system releases the lock)
    panel.release()
    again = MediumLuckView(autosave_dir=tmp_path)
    qtbot.addWidget(again)
    try:
        assert again.table_panel.resume()
        assert again.table_panel.battle.state == saved_state
        assert again.table_panel.log.count() == 2
        assert not again.deploy_editor.isHidden()          # artillery still in reserve
    finally:
        again.shutdown()


def test_no_deploy_control_without_the_reserves_option(view):
    view.set_scenario(load_scenario(SEED_EXAMPLE))
    panel = view.table_panel
    panel.start()
    panel.dice_edit.setText(" ".join(["1"] * len(panel.battle.dice())))
    panel.apply()
    while panel.battle.round_number < 2 and not panel.battle.is_over():
        panel.dice_edit.setText(" ".join(["1"] * len(panel.battle.dice())))
        panel.apply()
    assert panel.battle.round_number == 2
    assert view.deploy_editor.isHidden()
    panel.between_rounds({"side": "attacker", "moves": [["white", "roll", "infantry", 1]]})
    assert "reserve units need the reserves option" in panel.message.text()


def test_table_odds_follow_every_band(view, qtbot):
    """At the table the odds are from the position after every band, not the round's start."""
    panel = view.table_panel
    panel.start()
    battle = panel.battle
    first = battle.current_phase().name
    panel.dice_edit.setText(" ".join(["6"] * len(battle.dice())))
    panel.apply()
    assert battle.dice_entered() == 1 and battle.round_number == 1
    qtbot.waitUntil(lambda: not panel.computer.is_busy() and
                    f"Odds from here (round 1, after {first})" in panel.odds_label.text(),
                    timeout=20_000)
    expect = battle.odds_from_here()
    assert panel.odds_bar.values[0] == pytest.approx(expect.attacker_wins, abs=1e-12)
    round_start = mediumluck.compute(view.scenario().body)
    assert abs(expect.attacker_wins - round_start.attacker_wins) > 1e-6


def test_view_shows_the_policy_the_lost_first_units_and_the_battle_kind(view, qtbot):
    from tests.engine.test_mediumluck_optimal import CASE_A
    from combatassist.scenario import parse_scenario_text
    view.set_scenario(parse_scenario_text(CASE_A))
    wait_result(qtbot, view)
    note = view.policy_note.text()
    assert "Casualties: optimal play" in note
    assert "fighter (rolls yellow, can hit nothing)" in note
    # the policy and the battle kind are fields of the form, kept in the scenario
    view.casualty_policy.setCurrentIndex(view.casualty_policy.findData("heuristic"))
    assert view.scenario().body.casualties == "heuristic"
    qtbot.waitUntil(lambda: "heuristic" in view.policy_note.text(), timeout=20_000)
    view.battle_kind.setCurrentIndex(view.battle_kind.findData("sea"))
    assert view.scenario().body.battle == "sea"
    with pytest.raises(ScenarioError, match="land unit: it can't fight in a sea battle"):
        view.validated_scenario()


def test_die_selector_changes_the_odds_and_round_trips(view, qtbot):
    """d12s in the form: loaded from and saved into the scenario, the odds follow (and the
    table side rolls d12s through the same rules)."""
    text = ('ruleset = "mediumluck"\n[options]\ndie = 12\n[attacker.bands.white]\n'
            'roll = { infantry = 4 }\nboost = { artillery = 1 }\n[defender.bands.white]\n'
            'roll = { infantry = 3 }\n')
    view.set_scenario(parse_scenario_text(text))
    wait_result(qtbot, view)
    assert view.die.currentData() == 12 and view.scenario().body.die == 12
    d12 = view.results.result.attacker_wins
    assert d12 == pytest.approx(mediumluck.compute(view.scenario().body).attacker_wins,
                                abs=1e-12)
    view.die.setCurrentIndex(view.die.findData(6))
    assert view.scenario().body.die == 6
    qtbot.waitUntil(lambda: not view.computer.is_busy() and view.results.result is not None
                    and abs(view.results.result.attacker_wins - d12) > 1e-6, timeout=20_000)
    rules = mediumluck.make_rules(parse_scenario_text(text).body)
    assert {spec.sides for spec in rules.band_phase("white").dice(rules.start)} == {12}


def test_advisor_suggestions_are_read_whole_at_a_laptops_width(view, qtbot, monkeypatch):
    """Issue 25, item 12: a long suggestion wraps inside the list (no line cut off at the
    right edge), and its whole text is in its tooltip too."""
    from combatassist.rulesets.mediumluck import advisor
    long_side = SideSetup(bands={"red": {"roll": {"tank": 3}, "boost": {"fighter": 1}},
                                 "white": {"roll": {"infantry": 6, "mech_infantry": 1,
                                                    "artillery": 1},
                                           "boost": {"artillery": 2, "fighter": 3}},
                                 "yellow": {"roll": {"fighter": 2, "bomber": 1}}})
    monkeypatch.setattr(view_module.advisor, "advise", lambda setup, *a, **k: advisor.Advice(
        [advisor.Suggestion(long_side, 0.8, 3.0, 9.0, None)] * 3, evaluated=7, space=7,
        exhaustive=True, seconds=0.1))
    view.resize(1280, 800)
    view.suggest()
    qtbot.waitUntil(lambda: view.advice_list.count() == 3, timeout=10_000)
    QApplication.processEvents()
    lst = view.advice_list
    item = lst.item(0)
    width = lst.viewport().width()
    assert lst.fontMetrics().horizontalAdvance(item.text()) > width     # longer than a line
    assert lst.horizontalScrollBar().maximum() == 0                     # nothing off the side
    rect = lst.visualItemRect(item)
    assert rect.right() <= width and rect.height() >= 2 * lst.fontMetrics().lineSpacing()
    assert item.text() in item.toolTip()
    bar = lst.verticalScrollBar()                                      # the last one too
    bar.setValue(bar.maximum())
    QApplication.processEvents()
    assert lst.visualItemRect(lst.item(2)).bottom() <= lst.viewport().height()


def test_the_table_starts_with_the_odds_tabs_odds(view, qtbot):
    """Issue 25, item 4: one set-up, one set of odds — the table side's "from the start of
    round 1" are the Odds tab's (the same casualty policy, and it says which)."""
    from combatassist_gui.result_style import pct
    from tests.ui.test_table_side import odds_shown
    result = view.results.result
    panel = view.table_panel
    panel.start()
    odds_shown(qtbot, panel)
    text = panel.odds_label.text()
    assert f"Attacker wins {pct(result.attacker_wins)}" in text
    ea, ed = result.expected_losses()
    assert f"attacker {ea:.2f}, defender {ed:.2f}" in text
    assert "casualties: optimal play" in text


def test_the_proposal_taken_as_shown_is_no_players_choice(view, qtbot):
    """A proposal whose casualties alternate between slots ('white infantry, red tank, white
    infantry') is shown grouped ('2 white infantry (roll), red tank (roll)'), which reads back
    in another order: pressing Enter on it logged a "players' choice" the players never
    made (found by the table-side probe)."""
    from combatassist.choices import from_json

    view.set_scenario(parse_scenario_text('''ruleset = "mediumluck"
[options]
defender_extra_white = true
reserves = true
max_rounds = 1
[attacker]
bands = { red = { roll = { tank = 3 } }, white = { roll = { infantry = 6 }, boost = { fighter = 1 } } }
[defender]
bands = { white = { roll = { infantry = 5 }, boost = { artillery = 3 } } }
reserve = { infantry = 2 }
'''))
    panel = view.table_panel
    panel.start()
    battle = panel.battle
    battle.enter((6,), from_json({"attacker": [], "defender": ["white.boost.artillery"]}))
    battle.enter((1, 6, 5, 1, 1), from_json({"attacker": ["red.roll.tank", "white.roll.infantry"],
                                             "defender": ["white.roll.infantry"]}))
    battle.enter((3,))
    proposal = battle.preview((2, 5, 2, 4, 6)).proposal
    assert proposal["attacker"] == ["white.roll.infantry", "red.roll.tank",
                                    "white.roll.infantry"]
    panel.dice_edit.setText("2 5 2 4 6")
    assert panel.choice_edit.text().startswith("attacker: 2 white infantry (roll), red tank")
    panel.apply()
    assert battle.dice_entered() == 0 and not battle.log[-1].own_choice
    assert "players' choice" not in battle.log[-1].text
