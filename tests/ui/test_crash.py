"""An unexpected error is logged and told in one sentence; the app carries on."""
import sys

from PySide6.QtWidgets import QMessageBox

from combatassist_gui.crash import CrashHandler


def test_unexpected_error_is_logged_and_shown_briefly(qtbot, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda parent, title, text: shown.append((title, text)))
    handler = CrashHandler(tmp_path / "logs" / "errors.log")
    try:
        raise ValueError("a bug in a slot")
    except ValueError:
        handler(*sys.exc_info())
    qtbot.waitUntil(lambda: bool(shown), timeout=5000)
    title, text = shown[0]
    assert title == "Something went wrong"
    assert "ValueError: a bug in a slot" in text and "Traceback" not in text
    log = (tmp_path / "logs" / "errors.log").read_text()
    assert "Traceback" in log and "a bug in a slot" in log
    assert handler.count == 1
