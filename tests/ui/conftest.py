"""UI test set-up: offscreen Qt, and settings/autosaves in temporary folders only."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QSettings


@pytest.fixture(autouse=True)
def _private_settings(tmp_path, monkeypatch):
    # Even code that builds QSettings() without arguments must never touch the user's.
    QCoreApplication.setOrganizationName("CombatAssistantTests")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      str(tmp_path / "qsettings"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    # The form's kept choices (ui/form_memory.py) live in a module-wide setting: a window
    # a test leaves open would keep its choices for the next test's views (the smoke test's
    # last edition, Revised, opened test_lowluck_editions' views on it). Every test starts
    # and ends keeping nothing.
    from combatassist_gui import form_memory
    form_memory.use(None)
    yield
    form_memory.use(None)


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def make_window(qtbot, tmp_path, settings):
    """Build MainWindows sharing one temporary settings file and autosave folder."""
    from combatassist_gui.main_window import MainWindow

    windows = []

    def make(**kwargs):
        kwargs.setdefault("settings", settings)
        kwargs.setdefault("autosave_dir", tmp_path / "battles")
        window = MainWindow(**kwargs)
        window.show()
        windows.append(window)
        return window

    yield make
    for window in windows:
        for doc in window.docs.values():
            doc.dirty = False          # no unsaved-changes question at teardown
        window.close()                 # stops every view's background work
        window.deleteLater()


@pytest.fixture
def open_view(qtbot, tmp_path):
    """``open_view(ViewClass, size=(w, h))``: a ruleset view built, shown and computed (its
    background work stopped at teardown)."""
    views = []

    def make(cls, size=(1280, 800)):
        view = cls(autosave_dir=tmp_path)
        qtbot.addWidget(view)
        view.resize(*size)
        view.show()
        qtbot.waitExposed(view)
        views.append(view)
        wait_result(qtbot, view)
        return view

    yield make
    for view in views:
        view.shutdown()


def wait_result(qtbot, view, timeout=20_000):
    """Wait until the view has a fresh result (nothing pending or running)."""
    qtbot.waitUntil(lambda: not view.computer.is_busy() and view.results.result is not None,
                    timeout=timeout)
    return view.results.result
