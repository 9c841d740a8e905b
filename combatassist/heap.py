"""The C heap's policy for the exact solvers' work arrays (glibc only; elsewhere nothing).

The grid solvers make and drop arrays of a few hundred KiB every round. glibc's defaults hand
any freed memory above 128 KiB at the top of the heap back to the system, and map arrays of
more than 128 KiB afresh: each round then paid the page faults of its arrays again (measured:
a seventh of a 29 v 28 battle). Keeping up to ``KEEP_FREED`` of freed memory, and taking
arrays below ``MAP_ABOVE`` from the heap, removes that; the memory stays with the process,
which reuses it for the next battle.
"""
from __future__ import annotations

import ctypes
import functools
import platform
import sys

#: Freed memory at the top of the heap kept for reuse rather than handed back (glibc's
#: M_TRIM_THRESHOLD; its default is 128 KiB).
KEEP_FREED = 64 << 20
#: Arrays bigger than this are mapped on their own (M_MMAP_THRESHOLD; default 128 KiB).
MAP_ABOVE = 16 << 20
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3


@functools.cache
def keep_freed_memory() -> bool:
    """Set the policy once per process; True where it was set (Linux with glibc)."""
    if not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc":
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(_M_TRIM_THRESHOLD, KEEP_FREED)) and \
        bool(mallopt(_M_MMAP_THRESHOLD, MAP_ABOVE))
