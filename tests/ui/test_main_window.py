"""The main window with the Low Luck view: edits, files, dirty prompts, settings, help."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from combatassist.rulesets import lowluck
from combatassist.scenario import load_scenario, save_scenario
from tests.ui.conftest import wait_result
from combatassist_gui.views import discover
from combatassist_gui.views.lowluck import LowLuckView

#: Only Low Luck: these tests are about the shell, not the other views.
LOWLUCK_ONLY = [LowLuckView]


@pytest.fixture
def window(make_window):
    return make_window(views=LOWLUCK_ONLY)


@pytest.fixture
def view(window, qtbot):
    v = window.view_for("lowluck")
    wait_result(qtbot, v)
    return v


def test_every_view_found_one_shortcut_apart(make_window):
    window = make_window()
    found = discover()
    assert {"lowluck", "mediumluck", "agc", "ur", "ds2"} <= {cls.ruleset for cls in found}
    assert [cls.order for cls in found] == sorted(cls.order for cls in found)
    assert [type(v) for v in window.views] == found
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == \
        [cls.title for cls in found]
    assert isinstance(window.views[0], LowLuckView)
    shortcuts = {a.shortcut().toString(): a for m in window.menuBar().actions()
                 for a in m.menu().actions()}
    for i in range(len(found)):
        assert f"Ctrl+{i + 1}" in shortcuts
    shortcuts["Ctrl+3"].trigger()
    assert window.tabs.currentIndex() == 2
    assert window.windowTitle().startswith("Untitled")


def test_default_result_is_the_engines(view, qtbot):
    expect = lowluck.compute(lowluck.default_scenario().body)
    assert view.results.result.attacker_wins == pytest.approx(expect.attacker_wins)
    qtbot.waitUntil(lambda: view.by_mode.get("standard") is not None, timeout=20_000)
    standard = view.by_mode["standard"]
    assert view.compare[(0, "standard")].text() == f"{100 * standard.attacker_wins:.2f}%"


def test_edit_recomputes_and_marks_modified(window, view, qtbot):
    before = view.results.result
    assert not window.isWindowModified()
    view.sides["defender"].spins["infantry"].setValue(8)       # a user edit
    qtbot.waitUntil(lambda: view.results.result is not before and not view.computer.is_busy(),
                    timeout=20_000)
    body = view.scenario().body
    assert body.defender.units["infantry"] == 8
    assert view.results.result.attacker_wins == pytest.approx(
        lowluck.compute(body).attacker_wins)
    assert window.isWindowModified() and "Untitled[*]" in window.windowTitle()


def test_rapid_edits_end_with_the_last_scenario(view, qtbot):
    spin = view.sides["attacker"].spins["armor"]
    for n in range(1, 8):
        spin.setValue(n)
    qtbot.waitUntil(lambda: not view.computer.is_busy(), timeout=20_000)
    expect = lowluck.compute(view.scenario().body)
    assert view.results.result.attacker_wins == pytest.approx(expect.attacker_wins)


def test_baseline_in_the_view(view, qtbot):
    view.results.pin_baseline(True)
    base = view.results.baseline
    view.sides["attacker"].spins["infantry"].setValue(1)
    qtbot.waitUntil(lambda: view.results.result is not base and not view.computer.is_busy(),
                    timeout=20_000)
    assert "pts" in view.results.numbers["attacker_wins"].text()
    assert view.results.baseline is base


def test_save_and_open_round_trip(window, view, qtbot, tmp_path, monkeypatch):
    view.sides["attacker"].spins["bomber"].setValue(2)
    view.sides["defender"].techs["jet_power"].setChecked(True)
    view.aa_gun.setChecked(True)
    view.sides["attacker"].order.list.setCurrentRow(0)
    view.sides["attacker"].order.move(1)                  # a custom order of loss
    path = tmp_path / "battle.toml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    assert window.save()
    assert not window.isWindowModified() and "battle.toml" in window.windowTitle()
    saved = load_scenario(path)
    assert saved.body == view.scenario().body
    assert saved.body.attacker.order_of_loss[:2] == ("armor", "infantry")

    window.new()                                           # back to the default
    assert view.scenario().body == lowluck.default_scenario().body
    assert window.open_file(path)
    assert view.scenario().body == saved.body
    assert not window.isWindowModified()
    assert window.recent_files()[0] == str(path.resolve())


def test_dirty_prompt_on_open_new_and_close(window, view, qtbot, tmp_path, monkeypatch):
    path = tmp_path / "other.toml"
    path.write_text('ruleset = "lowluck"\n[attacker]\nunits = { infantry = 1 }\n'
                    '[defender]\nunits = { infantry = 1 }\n')
    view.sides["attacker"].spins["infantry"].setValue(9)
    asked = []

    def answer(button):
        def question(*args, **kwargs):
            asked.append(args[2])
            return button
        return question

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Cancel))
    assert not window.open_file(path)
    assert view.sides["attacker"].spins["infantry"].value() == 9 and asked
    window.new()
    assert view.sides["attacker"].spins["infantry"].value() == 9
    assert not window.close()                                 # close refused too
    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Discard))
    assert window.open_file(path)
    assert view.scenario().body.attacker.units == {"infantry": 1}
    assert len(asked) == 4


def test_bad_file_is_a_clear_message(window, view, tmp_path, monkeypatch):
    bad = tmp_path / "bad.toml"
    bad.write_text('ruleset = "lowluck"\n[attacker]\nunits = { infantry = -1 }\n')
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: shown.append(a[2]))
    assert not window.open_file(bad)
    assert "bad.toml" in shown[0] and "attacker.units.infantry" in shown[0]
    assert "Traceback" not in shown[0]
    other = tmp_path / "ur.toml"
    other.write_text('ruleset = "ur"\n[attacker]\nunits = [ { type = "infantry" } ]\n'
                     '[defender]\nunits = [ { type = "infantry" } ]\n')
    assert not window.open_file(other)      # this window has no Ur view
    assert "ur.toml" in shown[1] and "no view" in shown[1]


def test_too_large_input_is_a_message_not_a_freeze(view, qtbot):
    view.sides["attacker"].spins["infantry"].setValue(100)
    view.sides["attacker"].spins["armor"].setValue(60)
    qtbot.waitUntil(lambda: view.last_error is not None, timeout=5_000)
    assert "Attacker's units" in view.last_error and "per side" in view.last_error
    assert not view.computer.is_busy()
    # the form has no line numbers; and the figures still shown are said to be the old ones
    assert "line " not in view.last_error
    assert "last set-up that could be computed" in view.results.status.text()


def test_a_long_computation_is_cancelled_by_the_next_edit(view, qtbot):
    before = view.results.result
    spins = view.sides["attacker"].spins
    spins["infantry"].setValue(100)          # legal but slow: hundreds of thousands of positions
    spins["armor"].setValue(40)
    view.sides["defender"].spins["infantry"].setValue(100)
    view.recompute(immediate=True)
    qtbot.waitUntil(lambda: view.computer._running > 0, timeout=5_000)
    view.load_scenario(lowluck.default_scenario())     # back to a small battle
    view.recompute(immediate=True)
    qtbot.waitUntil(lambda: not view.computer.is_busy(), timeout=20_000)
    assert view.last_error is None
    assert view.results.result is not before
    assert view.results.result.attacker_wins == pytest.approx(before.attacker_wins)


def test_settings_persist_between_windows(make_window, tmp_path, monkeypatch):
    first = make_window(views=LOWLUCK_ONLY)
    first.tabs.setCurrentIndex(0)
    first._remember(tmp_path / "a.toml")
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)
    first.close()
    second = make_window(views=LOWLUCK_ONLY)
    assert second.recent_files() == [str((tmp_path / "a.toml").resolve())]


def test_help_has_every_ruleset():
    from combatassist_gui.help import rules_html

    for cls in discover():
        assert len(rules_html(cls.ruleset)) > 400
    assert "our reading" in rules_html("lowluck").lower()


def test_open_recent_and_exports(window, view, tmp_path, monkeypatch, qtbot):
    path = tmp_path / "r.toml"
    path.write_text('ruleset = "lowluck"\n[attacker]\nunits = { armor = 2 }\n'
                    '[defender]\nunits = { infantry = 2 }\n')
    window._remember(path)
    window._fill_recent()
    entries = [a for a in window.recent_menu.actions() if a.text().endswith("r.toml")]
    assert len(entries) == 1
    entries[0].trigger()
    assert view.scenario().body.attacker.units == {"armor": 2}
    csv_path, png_path = tmp_path / "out.csv", tmp_path / "out.png"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(csv_path), ""))
    wait_result(qtbot, view)
    window.export_csv_action.trigger()
    text = csv_path.read_text()
    # the export names what was computed: title, forces and options, then the figures
    assert text.startswith("title,\nruleset,lowluck\nattacker,2 Armor\ndefender,2 Infantry\n")
    assert "option,AA gun,no" in text and "result,current,lowluck,exact" in text
    assert "expected_ipc_swing," in text and "profile_attacker" in text
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(png_path), ""))
    window.export_png_action.trigger()
    assert png_path.stat().st_size > 1000
    from PySide6.QtGui import QImage
    image, panel = QImage(str(png_path)), view.results.grab()
    assert image.height() > panel.height()          # the heading sits above the panel
    # "Copy results": plain text on the clipboard
    window.copy_results_action.trigger()
    from PySide6.QtWidgets import QApplication
    copied = QApplication.clipboard().text()
    assert copied.splitlines()[:3] == ["Low Luck battle", "Attacker: 2 Armor",
                                       "Defender: 2 Infantry"]
    assert "expected IPC swing" in copied and "takes the territory" in copied


def test_help_and_about_open(window, monkeypatch):
    from PySide6.QtWidgets import QDialog

    shown = []
    monkeypatch.setattr(QDialog, "exec", lambda self: shown.append(self.windowTitle()) or 0)
    monkeypatch.setattr(QMessageBox, "about", lambda *a: shown.append(a[2]))
    window.show_rules()
    window.show_about()
    assert shown[0] == "Rules — Low Luck"
    import combatassist
    assert combatassist.__version__ in shown[1]


def test_fight_starts_the_table_side_battle(window, view):
    window.fight()
    assert view.table_panel.battle is not None
    assert view.tabs.currentWidget() is view.table_panel
    assert not view.form.isEnabled()                       # the set-up is frozen


def test_fight_starts_the_table_battle_of_every_view(make_window, qtbot):
    window = make_window()                                 # every real view
    for index, view in enumerate(window.views):
        window.tabs.setCurrentIndex(index)
        window.fight()
        assert view.tabs.currentWidget() is view.table_panel
        assert view.table_panel.battle is not None, view.ruleset
        view.table_panel.battle.end("end")             # over: closing asks nothing
        view.table_panel.close_battle()


def test_tab_never_stops_on_a_plot_or_the_scroll_area(make_window, qtbot):
    import pyqtgraph as pg

    from combatassist_gui.lazy_plot import LazyPlot

    window = make_window()                  # every real view
    for view in window.ruleset_views():
        for lazy in view.findChildren(LazyPlot):
            lazy.make()                     # as on its first show

    def no_dead_stops():
        for view in window.ruleset_views():
            plots = view.findChildren(pg.GraphicsView)
            assert plots, view.ruleset
            for widget in [view.form_scroll, *plots, *(p.viewport() for p in plots)]:
                assert not widget.focusPolicy() & Qt.FocusPolicy.TabFocus, (view.ruleset, widget)

    qtbot.waitUntil(no_dead_stops)          # set once each view is fully built


def test_a_small_window_scrolls_the_odds_instead_of_crushing_the_plots(window, view, qtbot):
    window.resize(820, 560)                 # as small as the window lets itself be
    qtbot.waitUntil(lambda: window.height() <= 600)
    plots = (view.results.loss_plot, view.results.round_plot)

    def readable_and_reachable():
        assert all(p.height() >= p.minimumHeight() >= 150 for p in plots)
        assert view.odds_scroll.verticalScrollBar().maximum() > 0    # scroll down to see them

    qtbot.waitUntil(readable_and_reachable)


def test_the_odds_page_needs_no_scrolling_in_a_normal_window(window, view, qtbot):
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.height() == 800)
    qtbot.waitUntil(lambda: view.odds_scroll.verticalScrollBar().maximum() == 0)
    assert view.results.loss_plot.height() >= view.results.loss_plot.minimumHeight()


def test_quitting_names_exactly_the_tabs_with_unsaved_changes(make_window, qtbot, tmp_path,
                                                              monkeypatch):
    """Issue 25, item 12: one question naming every tab with unsaved changes — and no
    other tab's file — whichever tab is showing."""
    window = make_window()
    views = {v.ruleset: v for v in window.views}
    for ruleset, name in (("lowluck", "a.toml"), ("agc", "b.toml")):
        save_scenario(views[ruleset].scenario(), tmp_path / name)
        assert window.open_file(tmp_path / name)
    views["lowluck"].sides["attacker"].spins["infantry"].setValue(9)      # a.toml edited
    views["mediumluck"].changed.emit()                                  # untitled, edited
    window.tabs.setCurrentWidget(views["agc"])                          # b.toml: clean
    asked = []

    def question(_parent, _title, text, *args, **kwargs):
        asked.append(text)
        return QMessageBox.StandardButton.Cancel
    monkeypatch.setattr(QMessageBox, "question", question)
    assert not window.close()
    assert len(asked) == 1
    assert "a.toml (Low Luck tab)" in asked[0]
    assert "untitled Medium Luck scenario (Medium Luck tab)" in asked[0]
    assert "b.toml" not in asked[0]
    # Save all: the file in place, the untitled one where its Save As says; then it quits
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.SaveAll)
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(tmp_path / "m.toml"), ""))
    assert window.close()
    assert load_scenario(tmp_path / "a.toml").body.attacker.units["infantry"] == 9
    assert load_scenario(tmp_path / "m.toml").ruleset == "mediumluck"

