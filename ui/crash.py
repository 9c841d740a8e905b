"""Unexpected errors in the GUI: logged to a file, shown as a short message, never fatal.

The engine's own refusals (bad input, too large) are shown by the views; this catches what
nobody expected, so a player sees one sentence and where the details went — not a traceback —
and the battle in progress (autosaved after every step) is never at risk.
"""
from __future__ import annotations

import datetime
import sys
import traceback
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox


def default_log_path() -> Path:
    import platformdirs

    return Path(platformdirs.user_log_dir("Combat Assistant", "CombatAssistant")) / "errors.log"


class CrashHandler:
    """An ``excepthook``: append the traceback to ``log_path``, tell the user briefly."""

    def __init__(self, log_path: Path | None = None, show: bool = True):
        self.log_path = log_path or default_log_path()
        self.show = show
        self.count = 0
        self._showing = False

    def install(self) -> "CrashHandler":
        sys.excepthook = self
        return self

    def __call__(self, kind: type[BaseException], error: BaseException,
                 tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            QApplication.quit()
            return
        self.count += 1
        details = "".join(traceback.format_exception(kind, error, tb))
        try:
            self.log_path.parent.mkdir(parents=True, exist_ok=True)
            with self.log_path.open("a", encoding="utf-8") as log:
                log.write(f"--- {datetime.datetime.now().isoformat(timespec='seconds')}\n")
                log.write(details)
        except OSError:
            pass  # nowhere to write: the message below still tells the user
        if self.show and not self._showing:
            # after the current event, so a broken paint or slot can't recurse into us
            QTimer.singleShot(0, lambda: self._tell(f"{kind.__name__}: {error}"))

    def _tell(self, summary: str) -> None:
        self._showing = True
        try:
            QMessageBox.warning(
                QApplication.activeWindow(),
                QCoreApplication.translate("CrashHandler", "Something went wrong"),
                QCoreApplication.translate(
                    "CrashHandler", "Combat Assistant hit an unexpected problem and carried "
                    "on:\n\n{summary}\n\nYour battle in progress is saved. Details were "
                    "written to\n{log}").format(summary=summary, log=self.log_path))
        finally:
            self._showing = False
