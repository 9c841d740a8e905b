"""The Qt binding in use doesn't corrupt Python's reference counts.

PySide6 6.12.0 released a reference to None on every call that returns nothing; on Python
3.11 the interpreter aborts after a few thousand such calls. pyproject.toml pins below it;
this test fails if a broken binding comes back.
"""
import sys

from PySide6.QtWidgets import QApplication, QWidget


def test_void_calls_keep_none_alive(qtbot):
    app = QApplication.instance()
    widget = QWidget()
    qtbot.addWidget(widget)
    before = sys.getrefcount(None)
    for _ in range(2000):
        app.processEvents()
        widget.parentWidget()
    assert before - sys.getrefcount(None) < 500
