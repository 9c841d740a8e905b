"""Test set-up: Qt runs offscreen, always, and no test can block on a modal dialog."""
import importlib.util
import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def pytest_sessionstart(session):
    # The GUI's translations (.qm) are built from their .ts sources: dev.py does it before the
    # tests, this covers a bare `pytest` after a .ts was edited (lrelease takes milliseconds).
    if importlib.util.find_spec("PySide6") is None:
        return
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "packaging" / "translations.py"
    spec = importlib.util.spec_from_file_location("translations", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    tool.build()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    # Keep each phase's report on the test, so the dialog guard knows whether it already failed.
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"_report_{report.when}", report)


@pytest.fixture(autouse=True)
def dialogs(request, monkeypatch):
    """Every test: modal dialogs are replaced (tests/dialogs.py). A dialog the test did not
    script fails it; a test that expects one scripts it: ``dialogs.answer(kind, value)``."""
    if importlib.util.find_spec("PySide6") is None:    # no Qt here: no dialog can open either
        yield None
        return
    from tests import dialogs as guard

    script = guard.install(monkeypatch)
    yield script
    call = getattr(request.node, "_report_call", None)
    if script.unexpected and not (call is not None and call.failed):
        pytest.fail("the test opened modal dialogs it did not expect (the code that opened them "
                    "swallowed the error): "
                    + "; ".join(shown.describe() for shown in script.unexpected), pytrace=False)
