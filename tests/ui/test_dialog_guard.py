"""The suite cannot hang on a dialog: an unexpected modal dialog fails the test that opened it
(with the dialog's text), a scripted one answers; and a stuck test is stopped by the timeout."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QMessageBox

from tests.dialogs import UnexpectedDialog

ROOT = Path(__file__).resolve().parents[2]


def test_an_unexpected_message_box_raises_naming_its_text(dialogs):
    with pytest.raises(UnexpectedDialog, match=r"QMessageBox\.warning\('Oops', 'Disk full'\)"):
        QMessageBox.warning(None, "Oops", "Disk full")
    assert dialogs.texts() == ["Disk full"]
    dialogs.unexpected.clear()           # seen and checked: not a failure of this test


def test_opening_a_missing_file_fails_instead_of_waiting_for_a_click(make_window, dialogs,
                                                                     tmp_path):
    # What used to hang the suite: the main window's error box for a file that isn't there.
    window = make_window()
    with pytest.raises(UnexpectedDialog, match="Can't open the scenario") as raised:
        window.open_file(tmp_path / "missing.toml")
    assert "missing.toml" in str(raised.value) and "dialogs.answer" in str(raised.value)
    dialogs.unexpected.clear()


def test_scripted_answers_are_returned_and_recorded(make_window, dialogs, tmp_path):
    window = make_window()
    dialogs.answer("QMessageBox.warning", QMessageBox.StandardButton.Ok)
    assert not window.open_file(tmp_path / "missing.toml")
    assert "missing.toml" in dialogs.texts("QMessageBox.warning")[0]
    dialogs.answer("QFileDialog.getOpenFileName", lambda *args, **kwargs: ("", ""))
    window.open_dialog()                 # cancelled: nothing opened, nothing else shown
    assert [s.kind for s in dialogs.shown] == ["QMessageBox.warning",
                                               "QFileDialog.getOpenFileName"]
    assert dialogs.shown[1].title == "Open scenario"
    dialogs.answer("QInputDialog.getInt", (4, True))
    assert QInputDialog.getInt(None, "Dice", "How many?") == (4, True)


def test_exec_of_any_dialog_is_guarded(dialogs, qtbot):
    dialog = QDialog()
    qtbot.addWidget(dialog)
    dialog.setWindowTitle("Rules — Low Luck")
    with pytest.raises(UnexpectedDialog, match=r"QDialog\.exec\('Rules — Low Luck'\)"):
        dialog.exec()
    box = QMessageBox(QMessageBox.Icon.Question, "Sure?", "Close the battle?")
    qtbot.addWidget(box)
    with pytest.raises(UnexpectedDialog, match=r"QMessageBox\.exec\('Sure\?', 'Close the battle\?'\)"):
        box.exec()
    dialogs.unexpected.clear()
    dialogs.answer("QDialog.exec", lambda d: 1 if d is box else 0)
    assert box.exec() == 1 and dialog.exec() == 0


def test_unknown_dialog_kinds_are_refused(dialogs):
    with pytest.raises(ValueError, match="QMessageBox.question"):
        dialogs.answer("QMessageBox.ask", 1)


def test_a_dialog_opened_from_a_slot_or_swallowed_still_fails_its_test(tmp_path):
    # From a slot, pytest-qt reports the exception; if the code swallows it, the guard fails
    # the test at teardown. Run as a separate session to see those failures from outside.
    (tmp_path / "conftest.py").write_text("from tests.conftest import dialogs, "
                                          "pytest_runtest_makereport  # noqa: F401\n")
    (tmp_path / "test_inner.py").write_text(textwrap.dedent("""
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QFileDialog, QMessageBox

        def test_slot(qtbot):
            shown = []
            QTimer.singleShot(0, lambda: shown.append(QMessageBox.critical(None, "Boom", "It broke")))
            qtbot.wait(50)

        def test_swallowed():
            try:
                QMessageBox.question(None, "Unsaved changes", "Save a.toml?")
            except Exception:          # code under test that hides every error
                pass

        def test_scripted(dialogs):
            dialogs.answer("QFileDialog.getSaveFileName", ("/tmp/x.toml", ""))
            assert QFileDialog.getSaveFileName(None, "Save scenario")[0] == "/tmp/x.toml"
    """))
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-o", "timeout=60", str(tmp_path)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out
    assert "QMessageBox.critical('Boom', 'It broke')" in out
    assert "QMessageBox.question('Unsaved changes', 'Save a.toml?')" in out
    assert "1 failed, 2 passed, 1 error" in out, out     # the swallowed one: passed + error


def test_a_test_stuck_in_a_qt_event_loop_is_stopped_with_its_stack(tmp_path):
    # The project's own pytest settings (thread method), with the timeout cut to 2 s: a test
    # blocked in a Qt event loop forever is ended, and the stack says where it was.
    (tmp_path / "test_stuck.py").write_text(textwrap.dedent("""
        from PySide6.QtCore import QEventLoop

        def test_waits_for_ever(qapp):
            QEventLoop().exec()         # like a modal dialog nobody answers
    """))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml"),
                           "--rootdir", str(tmp_path), "-p", "no:cacheprovider",
                           "-o", "timeout=2", str(tmp_path / "test_stuck.py")],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0, out
    assert "Timeout" in out and "test_waits_for_ever" in out and "QEventLoop().exec()" in out, out


def test_the_suite_has_a_thread_timeout():
    with open(ROOT / "pyproject.toml", "rb") as handle:
        project = tomllib.load(handle)
    options = project["tool"]["pytest"]["ini_options"]
    assert options["timeout_method"] == "thread"       # signals can't break into Qt's modal loop
    assert 0 < int(options["timeout"]) <= 300
    assert any(req.startswith("pytest-timeout") for req in project["project"]
               ["optional-dependencies"]["test"])


def test_every_test_is_guarded_without_asking(request):
    # No fixture requested here: the guard is autouse (and undone after each test).
    with pytest.raises(UnexpectedDialog, match="Open scenario"):
        QFileDialog.getOpenFileName(None, "Open scenario")
    request.getfixturevalue("dialogs").unexpected.clear()
