"""combatassist_gui.compute.Computer: debounce, stale results dropped, cancellation, clear errors."""
from __future__ import annotations

import threading

from combatassist.errors import EngineError
from combatassist.solver import Cancelled
from combatassist_gui.compute import Computer


def test_debounce_runs_only_the_newest_job(qtbot):
    computer = Computer(delay_ms=50)
    ran, results = [], []
    computer.result.connect(results.append)
    for i in range(10):                       # ten quick edits
        computer.request(lambda cancel, i=i: ran.append(i) or i)
    qtbot.waitUntil(lambda: bool(results) and not computer.is_busy(), timeout=5000)
    # the first runs at once (leading edge), then only the newest: only its result shows
    assert ran in ([0, 9], [9]) and results == [9]


def test_a_single_edit_after_a_quiet_spell_runs_at_once(qtbot):
    computer = Computer(delay_ms=10_000)       # a debounce no test would wait out
    results = []
    computer.result.connect(results.append)
    computer.request(lambda cancel: "now")
    qtbot.waitUntil(lambda: results == ["now"], timeout=5000)
    # a second edit inside the window waits for the pause: nothing runs before it
    computer.request(lambda cancel: "later")
    assert computer._pending is not None and computer._timer.isActive()   # held, not run
    assert results == ["now"] and computer.is_busy()
    computer.cancel()


def test_stale_running_job_is_cancelled_and_dropped(qtbot):
    computer = Computer(delay_ms=0)
    started, results, cancelled = threading.Event(), [], []
    computer.result.connect(results.append)

    def slow(cancel):
        started.set()
        while not cancel():                   # the engine polls cancel like this
            threading.Event().wait(0.005)
        cancelled.append(True)
        raise Cancelled()

    computer.request(slow, immediate=True)
    assert started.wait(5)
    computer.request(lambda cancel: "fresh", immediate=True)
    qtbot.waitUntil(lambda: results == ["fresh"] and not computer.is_busy(), timeout=5000)
    assert cancelled == [True]


def test_old_result_arriving_late_is_dropped(qtbot):
    computer = Computer(delay_ms=0)
    gate, results = threading.Event(), []
    computer.result.connect(results.append)
    computer.request(lambda cancel: gate.wait(5) and "old", immediate=True)   # ignores cancel
    computer.request(lambda cancel: "new")
    gate.set()
    qtbot.waitUntil(lambda: not computer.is_busy(), timeout=5000)
    assert results == ["new"]


def test_errors_are_messages_and_busy_toggles(qtbot):
    computer = Computer(delay_ms=0)
    errors, busy = [], []
    computer.error.connect(errors.append)
    computer.busy.connect(busy.append)

    def refuse(cancel):
        raise EngineError("too many positions; reduce the forces")

    computer.request(refuse)
    qtbot.waitUntil(lambda: bool(errors), timeout=5000)
    assert errors == ["too many positions; reduce the forces"]
    assert busy == [True, False]

    def bug(cancel):
        raise ZeroDivisionError

    computer.request(bug)
    qtbot.waitUntil(lambda: len(errors) == 2, timeout=5000)
    assert "internal error" in errors[1] and "Traceback" not in errors[1]
