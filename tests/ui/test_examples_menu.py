"""File › Open Example: every shipped example is listed and opens in its own view as a new,
untitled scenario (the shipped file is never overwritten)."""
from __future__ import annotations

from PySide6.QtWidgets import QMenu, QMessageBox

from combatassist.data import examples_dir, list_examples
from combatassist.scenario import load_scenario
from tests.ui.conftest import wait_result
from combatassist_gui import examples_menu


def entries(window):
    return [a for a in window.examples_menu.actions() if not a.isSeparator()]


def test_every_example_is_listed_in_tab_order(make_window):
    window = make_window()
    labels = [a.text() for a in entries(window)]
    examples = list_examples()
    assert len(labels) == len(examples) >= 5
    assert "Low Luck — Finland, Russia turn 1" in labels
    assert "Ur — Simple attack in the wood" in labels
    tab_order = [v.ruleset for v in window.views]
    rulesets = [next(e.ruleset for e in examples if e.path.name == a.toolTip())
                for a in entries(window)]
    assert rulesets == sorted(rulesets, key=tab_order.index)
    assert set(rulesets) == set(tab_order)             # one example per ruleset at least


def test_each_example_opens_untitled_in_its_view(make_window, qtbot, settings):
    window = make_window()
    for action in entries(window):
        path = examples_dir() / action.toolTip()
        expected = load_scenario(path)
        action.trigger()
        view = window.current_view()
        assert view.ruleset == expected.ruleset, path.name
        assert view.scenario().body == expected.body, path.name
        assert window.doc(view).path is None and not window.doc(view).dirty
        assert window.windowTitle().startswith("Untitled")
        wait_result(qtbot, view)
    assert window.recent_files() == []                 # examples stay out of the recent files


def test_saving_an_opened_example_asks_where(make_window, dialogs, tmp_path):
    window = make_window()
    finland = next(a for a in entries(window) if a.toolTip() == "lowluck-finland.toml")
    shipped = (examples_dir() / "lowluck-finland.toml").read_bytes()
    finland.trigger()
    view = window.current_view()
    view.sides["attacker"].spins["infantry"].setValue(5)
    copy = tmp_path / "my-finland.toml"
    dialogs.answer("QFileDialog.getSaveFileName", (str(copy), ""))
    assert window.save()
    assert dialogs.texts("QFileDialog.getSaveFileName") == ["Save scenario"]
    assert load_scenario(copy).body.attacker.units["infantry"] == 5
    assert (examples_dir() / "lowluck-finland.toml").read_bytes() == shipped
    assert window.doc(view).path == copy


def test_unsaved_edits_are_asked_about_first(make_window, dialogs):
    window = make_window()
    view = window.view_for("lowluck")
    window.tabs.setCurrentWidget(view)
    view.sides["attacker"].spins["infantry"].setValue(9)
    dialogs.answer("QMessageBox.question", QMessageBox.StandardButton.Cancel)
    next(a for a in entries(window) if a.toolTip() == "lowluck-finland.toml").trigger()
    assert dialogs.texts("QMessageBox.question")           # asked ...
    assert view.sides["attacker"].spins["infantry"].value() == 9   # ... and nothing changed


def test_a_missing_examples_folder_says_so(qtbot, monkeypatch):
    def missing():
        raise FileNotFoundError("no examples folder")

    monkeypatch.setattr(examples_menu, "list_examples", missing)
    menu = QMenu()
    qtbot.addWidget(menu)
    examples_menu.fill_examples_menu(menu, {"lowluck": "Low Luck"}, lambda path: None)
    [only] = menu.actions()
    assert only.text() == "(no examples installed)" and not only.isEnabled()
