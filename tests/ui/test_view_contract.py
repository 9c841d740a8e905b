"""The contract every discovered view keeps (one battery, parametrised over ``discover()``).

A new view passes these without a test of its own: it builds (and only then computes), it
computes its default scenario, its form round-trips a scenario, a table battle starts, plays,
undoes and autosaves, and shutdown leaves no background job or worker thread alive.
"""
from __future__ import annotations

import dataclasses
import json

import pytest

from combatassist import rulesets
from combatassist.scenario import parse_scenario_text
from combatassist_gui.compute import Computer
from combatassist_gui.views import discover
from combatassist_gui.views.base import RulesetView

VIEWS = discover()


@pytest.fixture(params=VIEWS, ids=[cls.ruleset for cls in VIEWS])
def view(request, qtbot, tmp_path):
    v = request.param(autosave_dir=tmp_path / "battles")
    qtbot.addWidget(v)
    yield v
    v.shutdown()


def settle(qtbot, view, timeout=60_000):
    qtbot.waitUntil(lambda: not view.jobs.is_busy(), timeout=timeout)


def test_views_are_found_with_their_metadata():
    assert VIEWS, "no view found"
    names = [cls.ruleset for cls in VIEWS]
    assert len(set(names)) == len(names)
    orders = [cls.order for cls in VIEWS]
    assert orders == sorted(orders) and len(set(orders)) == len(orders)
    for cls in VIEWS:
        assert issubclass(cls, RulesetView) and cls.title
        assert "__init__" not in vars(cls)            # builds in hooks, computes after
        rulesets.get(cls.ruleset)                     # a ruleset the engine knows


def test_a_view_overriding_init_is_refused():
    with pytest.raises(TypeError, match="never in __init__"):
        class Eager(RulesetView):                      # noqa: F841 (the class is the test)
            ruleset = "eager"

            def __init__(self):
                super().__init__()


@pytest.mark.parametrize("cls", VIEWS, ids=[cls.ruleset for cls in VIEWS])
def test_nothing_computes_before_the_view_is_built(cls, qtbot, tmp_path):
    requested_while_building = []

    def finish_build(self):
        cls.finish_build(self)
        requested_while_building.append(sum(c.generation for c in self.jobs.computers))

    probe = type(f"Probe{cls.__name__}", (cls,), {"finish_build": finish_build})
    view = probe(autosave_dir=tmp_path)
    qtbot.addWidget(view)
    try:
        assert requested_while_building == [0]
        assert view.computer.generation > 0          # ... and computing starts right after
    finally:
        view.shutdown()


def test_builds_then_computes_its_default_scenario(view, qtbot):
    # every computer of the view belongs to its job group (none made ad hoc)
    assert set(view.findChildren(Computer)) == set(view.jobs.computers)
    settle(qtbot, view)
    assert view.last_error is None, view.last_error
    assert view.results.result is not None
    assert view.scenario().ruleset == view.ruleset
    # the results give their own CSV rows, through the one export path
    rows = view.results.csv_rows()
    assert ["result", "current"] in [row[:2] for row in rows]
    assert "\nresult,current," in "\n" + view.results.csv_text()


def test_form_round_trips_a_scenario(view, qtbot):
    scenario = view.default_scenario()
    view.set_scenario(scenario)
    assert view.scenario() == scenario
    # ... and what the form gives is a valid file that loads back into the same form
    again = parse_scenario_text(view.scenario().to_toml())
    assert again == scenario
    view.set_scenario(again)
    assert view.scenario() == again
    settle(qtbot, view)


def test_a_long_title_shows_from_its_start(view, qtbot):
    """Opening a file with a title wider than its field shows the title's first words."""
    scenario = view.default_scenario()
    long_title = "Submarines, destroyers and a damaged battleship " * 3
    view.set_scenario(dataclasses.replace(scenario, title=long_title.strip()))
    if getattr(view, "title_edit", None) is not None:
        assert view.title_edit.text() == long_title.strip()
        assert view.title_edit.cursorPosition() == 0
    settle(qtbot, view)


def test_table_battle_starts_undoes_and_autosaves(view, qtbot):
    panel = view.table_panel
    assert panel is not None                          # every ruleset fights at the table
    settle(qtbot, view)
    view.open_table()
    battle = panel.battle
    assert battle is not None and view.tabs.currentWidget() is panel
    assert not view.form.isEnabled()                  # the set-up is frozen while fighting
    assert panel.autosave_path.is_file()
    start = battle.state
    for _phase in range(50):                          # one whole round, every phase rolled
        if battle.round_number > 1 or battle.is_over():
            break
        panel.roll()
        panel.apply()
    assert len(battle.rounds) == 1 and panel.log.count() >= 1 and battle.can_undo()
    after = battle.state
    saved = json.loads(panel.autosave_path.read_text())
    assert len(saved["rounds"]) == 1 and saved["rounds"][0]
    # a whole round back (Medium Luck's undo goes one band at a time, so maybe several steps)
    steps = 0
    while (battle.rounds or battle.current) and steps < 50:
        panel.undo()
        steps += 1
    assert battle.state == start and battle.can_redo()
    assert json.loads(panel.autosave_path.read_text())["rounds"] == []
    for _ in range(steps):
        panel.redo()
    assert battle.state == after and len(battle.rounds) == 1
    settle(qtbot, view)


def test_the_table_offers_the_retreats_the_ruleset_allows(view, qtbot):
    panel = view.table_panel
    settle(qtbot, view)
    view.open_table()
    allowed = rulesets.get(view.ruleset).retreat_sides      # a rule: the engine's, not the view's
    offered = {side for side, b in panel.retreat_buttons.items() if b.isVisibleTo(panel)}
    assert offered == set(allowed)
    for side in allowed:
        assert panel.retreat_buttons[side].isEnabled()
    settle(qtbot, view)


def test_shutdown_stops_every_job(view, qtbot):
    view.recompute(immediate=True)
    for computer in view.jobs.computers:
        if not computer.is_busy():
            computer.request(lambda cancel: None)     # a pending job on every computer
    assert view.shutdown()
    assert view.jobs.threads_alive() == 0
    assert not any(c._pending or c._timer.isActive() for c in view.jobs.computers)


@pytest.mark.parametrize("cls", VIEWS, ids=[cls.ruleset for cls in VIEWS])
def test_building_a_view_opens_no_window_of_its_own(cls, qtbot, tmp_path):
    """A widget made visible before it has a parent opens as a window of its own: on a
    desktop a stray window flashes, and (offscreen, or with some window managers) it takes
    the keyboard focus from the main window and leaves none behind once it is reparented —
    the app builds its tabs after its window is shown (Ur's side editors did this)."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication, QWidget

    shown = []

    class Windows(QObject):
        def eventFilter(self, watched, event):  # noqa: N802 (Qt name)
            if (event.type() == QEvent.Type.Show and isinstance(watched, QWidget)
                    and watched.isWindow()):
                shown.append(type(watched).__name__)
            return False

    spy = Windows()
    QApplication.instance().installEventFilter(spy)
    try:
        view = cls(autosave_dir=tmp_path / "battles")
    finally:
        QApplication.instance().removeEventFilter(spy)
    qtbot.addWidget(view)
    view.shutdown()
    assert shown == []
