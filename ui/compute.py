"""Background computation for the views: debounce, one worker thread, stale results dropped.

A view calls ``Computer.request(job)`` on every edit, where ``job(cancel)`` is a plain
function that calls the engine (built on the GUI thread from the view's current scenario, so
the worker never touches a widget). The first edit after a quiet spell runs at once (a click
or a drag answers without waiting); edits that follow within ``delay_ms`` of each other are
coalesced, and the newest runs once they pause (leading and trailing edge), on a worker thread. Every request bumps a generation counter; a running job's ``cancel()``
returns True as soon as it is stale (the engine then raises ``Cancelled``), and any result that
arrives for an old generation is dropped. Results come back on the GUI thread by signal.

A view owns one ``JobGroup``: every background computation of the view (its results, side
panels, what-ifs, the table side's odds) is a ``Computer`` made by the group, so one
``JobGroup.shutdown()`` stops all of them when the window closes.
"""
from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QElapsedTimer, QObject, QRunnable, QThreadPool, QTimer, Signal

from combatassist.errors import CombatAssistError
from combatassist.solver import Cancelled

from . import first_paint
from .engine_text import error_text

#: A job: called on the worker thread with a ``cancel`` callable; returns the result.
Job = Callable[[Callable[[], bool]], Any]
DEBOUNCE_MS = 150


class _Relay(QObject):
    """Lives on the GUI thread; the worker emits through it (queued to the GUI thread)."""

    done = Signal(int, object)
    failed = Signal(int, str)


class _Run(QRunnable):
    def __init__(self, generation: int, job: Job, is_stale: Callable[[int], bool], relay: _Relay):
        super().__init__()
        self.generation = generation
        self.job = job
        self.is_stale = is_stale
        self.relay = relay

    def run(self) -> None:  # worker thread
        generation = self.generation
        try:
            result = self.job(lambda: self.is_stale(generation))
        except Cancelled:   # only a stale job is cancelled: its generation is dropped
            self.relay.failed.emit(generation, "cancelled")
            return
        except CombatAssistError as exc:
            self.relay.failed.emit(generation, error_text(exc))
            return
        except MemoryError:
            self.relay.failed.emit(generation, "out of memory: try smaller forces")
            return
        except Exception:  # a bug: report it plainly, keep the app alive
            traceback.print_exc()
            self.relay.failed.emit(generation, "internal error while computing "
                                               "(details were written to the console)")
            return
        self.relay.done.emit(generation, result)


class Computer(QObject):
    """Debounced, cancellable background computation for one view.

    Signals: ``busy(bool)`` while a job is pending or running, ``result(object)`` for the
    newest job's answer, ``error(str)`` for its clear refusal message.
    """

    busy = Signal(bool)
    result = Signal(object)
    error = Signal(str)

    def __init__(self, parent: QObject | None = None, delay_ms: int = DEBOUNCE_MS):
        super().__init__(parent)
        self.generation = 0
        self._pending: Job | None = None
        self._running = 0
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)   # one job at a time; stale ones stop at once
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self._start)
        self._relay = _Relay(self)
        self._relay.done.connect(self._on_done)
        self._relay.failed.connect(self._on_failed)
        self._busy = False
        #: time since the last request (invalid: none yet), for the leading edge
        self._since_request = QElapsedTimer()
        self.delay_ms = delay_ms
        # the leading edge starts on the next turn of the event loop, so the requests one
        # edit makes (a spin box and the form it sits in, say) still run as one job
        self._soon = QTimer(self)
        self._soon.setSingleShot(True)
        self._soon.setInterval(0)
        self._soon.timeout.connect(self._start)

    def request(self, job: Job, *, immediate: bool = False) -> None:
        """Run ``job`` now if the last request is older than the debounce delay (or
        ``immediate``), else once requests pause for that long; any older job becomes stale."""
        self.generation += 1
        self._pending = job
        self._set_busy(True)
        quiet = (not self._since_request.isValid()
                 or self._since_request.elapsed() >= self.delay_ms)
        self._since_request.start()
        if immediate:
            self._soon.stop()
            self._start()
        elif quiet and not self._timer.isActive():
            self._soon.start()
        # the window in which further requests are coalesced (its timeout runs the newest)
        self._timer.start()

    def cancel(self) -> None:
        """Make every queued or running job stale (its result will be dropped)."""
        self.generation += 1
        self._pending = None
        self._timer.stop()
        self._soon.stop()
        self._set_busy(self._running > 0)

    def is_busy(self) -> bool:
        return self._busy

    def wait(self, msecs: int = -1) -> bool:
        """Block until the worker is idle and its thread gone (used when closing)."""
        return self._pool.waitForDone(msecs)

    def threads_alive(self) -> int:
        return self._pool.activeThreadCount()

    def _is_stale(self, generation: int) -> bool:
        return generation != self.generation

    def _start(self) -> None:
        if self._pending is None:
            return
        if first_paint.after_paint(self._start):     # once the window is painted
            return
        job, self._pending = self._pending, None
        self._running += 1
        self._pool.start(_Run(self.generation, job, self._is_stale, self._relay))

    def _finish(self, generation: int) -> bool:
        self._running -= 1
        fresh = generation == self.generation
        if fresh or (self._running == 0 and self._pending is None and not self._timer.isActive()
                     and not self._soon.isActive()):
            self._set_busy(False)
        return fresh

    def _on_done(self, generation: int, value: Any) -> None:
        if self._finish(generation):
            self.result.emit(value)

    def _on_failed(self, generation: int, message: str) -> None:
        if self._finish(generation):
            self.error.emit(message)

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busy.emit(busy)


class JobGroup(QObject):
    """Every background computation of one view: made here, stopped together.

    ``computer()`` makes a ``Computer`` owned by the group; ``shutdown()`` makes every job
    stale and waits for the workers (and their threads) to finish.
    """

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.computers: list[Computer] = []

    def computer(self, *, delay_ms: int = DEBOUNCE_MS) -> Computer:
        """A new debounced computer whose jobs this group stops on shutdown."""
        computer = Computer(self, delay_ms=delay_ms)
        self.computers.append(computer)
        return computer

    def is_busy(self) -> bool:
        return any(c.is_busy() for c in self.computers)

    def cancel(self) -> None:
        for computer in self.computers:
            computer.cancel()

    def threads_alive(self) -> int:
        """How many worker threads the group's computers still hold."""
        return sum(c.threads_alive() for c in self.computers)

    def shutdown(self, msecs: int = 5000) -> bool:
        """Stop every job (stale at once) and wait for the workers; True when all stopped."""
        self.cancel()
        return all([c.wait(msecs) for c in self.computers])
