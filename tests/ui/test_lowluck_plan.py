"""The Low Luck view's Plan tab: the question built from the form and the tab, answered by
the engine's planner in the background (the same answer as ``planner.plan``), with progress
and Stop; no rules in the tab."""
from __future__ import annotations

import dataclasses
import time

import pytest

from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import planner
from combatassist.scenario import Scenario
from combatassist_gui.views.lowluck import LowLuckView
from tests.ui.conftest import wait_result


@pytest.fixture
def view(qtbot, tmp_path):
    v = LowLuckView(autosave_dir=tmp_path)
    qtbot.addWidget(v)
    v.show()
    wait_result(qtbot, v)
    yield v
    v.shutdown()


def land_1942() -> Scenario:
    return Scenario("lowluck", lowluck.LowLuckScenario(
        options=lowluck.LowLuckOptions(dice="standard", battle="land"),
        attacker=lowluck.LowLuckSide(units={"infantry": 3, "artillery": 1, "armor": 2,
                                            "fighter": 1}),
        defender=lowluck.LowLuckSide(units={"infantry": 2, "armor": 1}),
        edition=lowluck.shipped("1942se")), title="Plan")


def _plan(view, qtbot):
    panel = view.plan_panel
    panel.plan_button.click()
    qtbot.waitUntil(lambda: panel.plan_result is not None, timeout=30_000)
    qtbot.waitUntil(lambda: not panel.stop_button.isVisibleTo(panel), timeout=10_000)
    return panel.plan_result


def test_cheapest_force_is_the_engines(view, qtbot):
    view.set_scenario(land_1942())
    panel = view.plan_panel
    panel.question.setCurrentIndex(panel.question.findData("attacker"))
    panel.target.setCurrentIndex(panel.target.findData("takes_territory"))
    panel.chance.setValue(80.0)
    answer = _plan(view, qtbot)
    expect = planner.plan(dataclasses.replace(view.scenario().body, plan=planner.PlanSpec(
        side="attacker", target="takes_territory", value=0.8, alternatives=5)))
    assert answer.best.force == expect.best.force and answer.best.cost == expect.best.cost
    assert [c.force for c in answer.alternatives] == [c.force for c in expect.alternatives]
    assert answer.exhaustive
    assert "every one of the" in panel.status.text()
    assert f"{answer.best.cost} IPC" in panel.answer.text()


def _curves(plot) -> list:
    return [item for item in plot.plot.getPlotItem().items
            if type(item).__name__ in ("PlotDataItem", "ScatterPlotItem", "InfiniteLine")]


def test_what_each_ipc_buys_is_the_plans_frontier(view, qtbot):
    view.set_scenario(land_1942())
    panel = view.plan_panel
    assert not panel.price_plot.isVisibleTo(panel)          # no answer yet: no plot
    panel.chance.setValue(90.0)
    answer = _plan(view, qtbot)
    assert len(answer.frontier) > 1
    qtbot.waitUntil(lambda: panel.price_plot.isVisibleTo(panel))
    panel.price_plot.make()         # (made when the tab is first shown: its drawing then)
    items = _curves(panel.price_plot)
    steps = next(i for i in items if type(i).__name__ == "PlotDataItem")
    xs, ys = steps.getData()
    # each force's chance from its cost up to the next force's
    assert list(xs[::2]) == [c.cost for c in answer.frontier]
    assert list(ys[::2]) == pytest.approx([100 * c.attacker_wins for c in answer.frontier])
    spots = [i for i in items if type(i).__name__ == "ScatterPlotItem"]
    points, chosen = spots[0].points(), spots[1].points()
    assert [p.data() for p in points][0] == ", ".join(
        f"{n} {lowluck.RULESET.label('units', u)}" for u, n in answer.frontier[0].force.items())
    assert (chosen[0].pos().x(), chosen[0].pos().y()) == pytest.approx(
        (answer.best.cost, 100 * answer.best.attacker_wins))
    target = next(i for i in items if type(i).__name__ == "InfiniteLine")
    assert target.value() == pytest.approx(90.0)
    # the frontier read at a few chances, each force with its "use" link
    prices = planner.price_list(answer)
    assert prices and "The cheapest force for each chance:" in panel.answer.text()
    last = len(panel._listed) - 1
    assert panel._listed[last] == prices[-1][1].force
    panel.answer.linkActivated.emit(f"use:{last}")
    assert view.scenario().body.attacker.units == prices[-1][1].force
    title = panel.price_plot.plot.getPlotItem().titleLabel
    assert "search" not in title.text
    # a search's frontier is of the forces it solved: the title says so
    panel._plot_prices(panel.price_plot.plot, dataclasses.replace(answer, exhaustive=False))
    assert "of the forces the search solved" in title.text
    # another battle: the plot of the one before goes
    view.set_scenario(land_1942())
    assert not panel.price_plot.isVisibleTo(panel)


def test_defenders_view_adds_the_units_given(view, qtbot):
    view.set_scenario(land_1942())
    panel = view.plan_panel
    panel.question.setCurrentIndex(panel.question.findData("defender"))
    assert panel.add_box.isVisibleTo(panel)
    assert [panel.target.itemData(i) for i in range(panel.target.count())] == \
        ["defender_holds"]
    panel.add_counts["infantry"].setValue(3)
    panel.add_counts["armor"].setValue(1)
    panel.chance.setValue(60.0)
    answer = _plan(view, qtbot)
    expect = planner.plan(dataclasses.replace(view.scenario().body, plan=planner.PlanSpec(
        side="defender", target="defender_holds", value=0.6, alternatives=5,
        add={"infantry": 3, "armor": 1})))
    assert answer.best.force == expect.best.force
    assert answer.best.defender_holds == pytest.approx(expect.best.defender_holds, abs=1e-12)


def test_nothing_to_add_is_said_not_computed(view, qtbot):
    view.set_scenario(land_1942())
    panel = view.plan_panel
    panel.question.setCurrentIndex(panel.question.findData("defender"))
    panel.plan_button.click()
    assert "add" in panel.status.text() and panel.plan_result is None
    assert not panel.computer.is_busy()


def test_progress_and_stop(view, qtbot, monkeypatch):
    """A plan that takes long shows its progress in forces and stops on Stop."""
    view.set_scenario(land_1942())
    panel = view.plan_panel

    def slow(question, cancel, progress):
        for done in range(1000):
            progress(done, 1000)
            if cancel():
                from combatassist.solver import Cancelled
                raise Cancelled()
            time.sleep(0.01)
        raise AssertionError("not stopped")

    monkeypatch.setattr(planner, "plan", slow)
    panel.plan_button.click()
    qtbot.waitUntil(lambda: panel.stop_button.isVisibleTo(panel) and panel.progress.value() > 0,
                    timeout=10_000)
    assert panel.progress.maximum() == 1000
    assert not panel.plan_button.isEnabled()
    panel.stop_button.click()
    qtbot.waitUntil(lambda: not panel.stop_button.isVisibleTo(panel), timeout=10_000)
    assert panel.plan_result is None and panel.plan_button.isEnabled()
    assert "Stopped" in panel.status.text()


def test_a_refused_plan_says_why(view, qtbot):
    """A plan past the engine's bound: its one-line refusal in the tab, nothing computed."""
    big = Scenario("lowluck", lowluck.LowLuckScenario(
        options=lowluck.LowLuckOptions(dice="standard", battle="land"),
        attacker=lowluck.LowLuckSide(units={"infantry": 100, "armor": 50}),
        defender=lowluck.LowLuckSide(units={"infantry": 100, "armor": 50}),
        edition=lowluck.shipped("1942se")))
    view.set_scenario(big)
    panel = view.plan_panel
    panel.plan_button.click()
    qtbot.waitUntil(lambda: "units a side fit" in panel.status.text(), timeout=20_000)
    assert panel.plan_result is None
    qtbot.waitUntil(lambda: panel.plan_button.isEnabled(), timeout=10_000)


def _with_plan(spec: planner.PlanSpec) -> Scenario:
    s = land_1942()
    return Scenario("lowluck", dataclasses.replace(s.body, plan=spec), title=s.title)


def test_a_files_question_is_shown_and_saved_back_exactly(view, qtbot):
    """Open a file with a ``[plan]``: the tab shows its question, and the battle saves with
    the question as read (a chance the form rounds, more alternatives than the default)."""
    spec = planner.PlanSpec(side="defender", target="defender_holds", value=0.95125,
                            alternatives=30, add={"infantry": 4, "armor": 1})
    changes: list[int] = []
    view.changed.connect(lambda: changes.append(1))
    view.set_scenario(_with_plan(spec))
    panel = view.plan_panel
    assert panel.question.currentData() == "defender"
    assert panel.target.currentData() == "defender_holds"
    assert panel.chance.value() == pytest.approx(95.13)
    assert panel.alternatives.value() == 30
    assert {u: b.value() for u, b in panel.add_counts.items() if b.value()} == spec.add
    assert view.scenario().body.plan == spec and not changes
    # and a file without one: the default question, nothing saved
    view.set_scenario(land_1942())
    assert panel.question.currentData() == "attacker" and panel.chance.value() == 95.0
    assert not any(b.value() for b in panel.add_counts.values())
    assert view.scenario().body.plan is None and not changes


def test_editing_the_question_marks_the_battle_changed_and_saves_the_form(view, qtbot):
    view.set_scenario(_with_plan(planner.PlanSpec(target="takes_territory", value=0.8)))
    changes: list[int] = []
    view.changed.connect(lambda: changes.append(1))
    panel = view.plan_panel
    panel.chance.setValue(90.0)
    assert changes
    assert view.scenario().body.plan == planner.PlanSpec(target="takes_territory", value=0.9)


def test_asking_a_question_saves_it_with_the_battle(view, qtbot):
    """A battle never planned saves no ``[plan]``; once Plan is pressed the question asked
    is part of the battle (and the view says it changed)."""
    view.set_scenario(land_1942())
    assert view.scenario().body.plan is None
    changes: list[int] = []
    view.changed.connect(lambda: changes.append(1))
    _plan(view, qtbot)
    assert changes
    assert view.scenario().body.plan == planner.PlanSpec()


def test_a_file_question_the_battle_no_longer_allows_gives_way_to_the_form(view, qtbot):
    """Switching to a sea battle under ``takes_territory``: the form's target (the attacker
    wins) is what is saved, not the file's, which the battle would refuse."""
    view.set_scenario(_with_plan(planner.PlanSpec(target="takes_territory", value=0.8)))
    view.battle_kind.setCurrentIndex(view.battle_kind.findData("sea"))
    plan = view.scenario().body.plan
    assert plan is not None and plan.target == "attacker_wins" and plan.value == 0.8


def test_use_puts_the_planned_force_on_the_form_and_put_back_restores(view, qtbot):
    """"use" beside a force puts it on the form (the odds then answer it, the battle is
    changed); "Put back" restores the units the plan chose from."""
    view.set_scenario(land_1942())
    available = dict(view.scenario().body.attacker.units)
    answer = _plan(view, qtbot)
    panel = view.plan_panel
    assert panel.answer.text().count('href="use:') == \
        1 + len(answer.alternatives) + len(answer.plus_one) + len(planner.price_list(answer))
    changes: list[int] = []
    view.changed.connect(lambda: changes.append(1))
    alternative = answer.alternatives[0].force
    panel.answer.linkActivated.emit("use:1")
    assert view.scenario().body.attacker.units == alternative and changes
    assert panel.use_note.isVisibleTo(panel) and "Put back" in panel.use_note.text()
    wait_result(qtbot, view)
    expect = lowluck.compute(dataclasses.replace(view.scenario().body, plan=None))
    assert view.last_result.attacker_wins == pytest.approx(expect.attacker_wins, abs=1e-12)
    panel.use_note.linkActivated.emit("back")
    assert view.scenario().body.attacker.units == available
    assert not panel.use_note.isVisibleTo(panel)


def test_use_adds_the_defenders_units(view, qtbot):
    view.set_scenario(land_1942())
    panel = view.plan_panel
    panel.question.setCurrentIndex(panel.question.findData("defender"))
    panel.add_counts["infantry"].setValue(3)
    panel.chance.setValue(60.0)
    answer = _plan(view, qtbot)
    before = dict(view.scenario().body.defender.units)
    panel.answer.linkActivated.emit("use:0")
    after = view.scenario().body.defender.units
    added = answer.best.force
    assert after == {u: before.get(u, 0) + added.get(u, 0) for u in set(before) | set(added)
                     if before.get(u, 0) + added.get(u, 0)}
    # another battle opened: the answer shown was the old battle's
    view.set_scenario(land_1942())
    assert panel.plan_result is None and panel.answer.text() == ""
