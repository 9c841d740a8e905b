"""Work around a reference-counting bug of PySide6 6.12.0 on Python 3.11.

PySide6 6.12.0 releases one reference to ``None`` too many on every call of a C++ method that
returns nothing (``setText``, ``setValue``, ...), and similar for ``True``/``False``. On
Python >= 3.12 these objects are immortal and nothing happens; on 3.11 the count reaches zero
after a few thousand calls and the interpreter aborts ("deallocating None"). We give the three
singletons an enormous reference count, which is what 3.12 does for them. Nothing else is
touched, and only on the affected combination. (Fix for real: PySide6 != 6.12.0 on 3.11.)
"""
from __future__ import annotations

import ctypes
import sys

#: Extra references given to None/True/False: 2**60 calls would be needed to use them up.
_EXTRA = 1 << 60
_applied = False


def affected() -> bool:
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    try:
        from importlib.metadata import version

        return version("PySide6-Essentials").startswith("6.12.") or \
            version("shiboken6").startswith("6.12.")
    except Exception:  # noqa: BLE001 - not installed the usual way: check shiboken itself
        try:
            import shiboken6

            return str(getattr(shiboken6, "__version__", "")).startswith("6.12.")
        except ImportError:
            return False


def apply() -> None:
    """Make None, True and False effectively immortal (once, and only when affected)."""
    global _applied
    if _applied or not affected():
        return
    for obj in (None, True, False):
        # ob_refcnt is the first field of every CPython object (a Py_ssize_t).
        ctypes.c_ssize_t.from_address(id(obj)).value += _EXTRA
    _applied = True
