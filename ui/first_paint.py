"""Work that waits for the main window's first paint, then runs at once.

From its first show until it is painted, the main window holds back the work that can wait:
the first computations (``compute.Computer``) and the first plot, which imports pyqtgraph
(``lazy_plot.LazyPlot``). The window's first paint then never shares the processor (and the
GIL) with them; they start on the next turn of the event loop after it.
"""
from __future__ import annotations

from collections.abc import Callable

#: While not None: the calls waiting for the paint (``hold``), in the order they came.
_waiting: list[Callable[[], None]] | None = None
#: which hold this is (each ``hold`` that starts one counts one more)
_hold = 0


def hold() -> int:
    """From now on, ``after_paint`` keeps its calls until ``release()``; returns the hold's
    number (for ``release(number)``: a late release of an earlier hold ends nothing)."""
    global _waiting, _hold
    if _waiting is None:
        _waiting = []
        _hold += 1
    return _hold


def after_paint(call: Callable[[], None]) -> bool:
    """Keep ``call`` for ``release()`` (True) if the window's first paint is awaited; False:
    nothing is held, the caller goes on now. A call already waiting is kept once."""
    if _waiting is None:
        return False
    if call not in _waiting:
        _waiting.append(call)
    return True


def release(number: int | None = None) -> None:
    """The window is painted: run every call held (one whose widget is gone is skipped).
    ``number``: release only if the hold going on is that one."""
    global _waiting
    if number is not None and number != _hold:
        return
    waiting, _waiting = _waiting, None
    for call in waiting or []:
        try:
            call()
        except RuntimeError as exc:     # its Qt object was deleted meanwhile
            if "already deleted" not in str(exc):
                raise


def holding() -> bool:
    return _waiting is not None
