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


def hold() -> None:
    """From now on, ``after_paint`` keeps its calls until ``release()``."""
    global _waiting
    if _waiting is None:
        _waiting = []


def after_paint(call: Callable[[], None]) -> bool:
    """Keep ``call`` for ``release()`` (True) if the window's first paint is awaited; False:
    nothing is held, the caller goes on now. A call already waiting is kept once."""
    if _waiting is None:
        return False
    if call not in _waiting:
        _waiting.append(call)
    return True


def release() -> None:
    """The window is painted: run every call held (one whose widget is gone is skipped)."""
    global _waiting
    waiting, _waiting = _waiting, None
    for call in waiting or []:
        try:
            call()
        except RuntimeError as exc:     # its Qt object was deleted meanwhile
            if "already deleted" not in str(exc):
                raise


def holding() -> bool:
    return _waiting is not None
