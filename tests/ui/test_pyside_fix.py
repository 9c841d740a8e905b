"""The PySide6 6.12.0 / Python 3.11 refcount work-around keeps long sessions alive."""
from __future__ import annotations

import subprocess
import sys
import os


def test_many_void_qt_calls_do_not_abort():
    # Before the fix, ~5,000 calls like setText() released None once too often each and
    # the interpreter aborted. 50,000 calls and a clean exit (finalisation included) now.
    code = ("import ui\n"
            "from PySide6.QtWidgets import QApplication, QLabel, QCheckBox\n"
            "app = QApplication([])\n"
            "label, box = QLabel(), QCheckBox()\n"
            "for i in range(50_000):\n"
            "    label.setText('x'); box.setChecked(i % 2 == 0)\n"
            "print('ok')\n")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == "ok"


def test_fix_only_where_needed():
    from ui import _pyside_fix

    if sys.version_info >= (3, 12):
        assert not _pyside_fix.affected() and not _pyside_fix._applied
    else:
        assert _pyside_fix._applied == _pyside_fix.affected()
