"""The heap policy for the solvers' work arrays (combatassist.heap)."""
from __future__ import annotations

import platform
import sys

from combatassist import heap
from combatassist.rulesets.lowluck.chains import one_blas_thread


def test_the_policy_is_set_where_glibc_runs_and_nowhere_else():
    with one_blas_thread():                 # the solvers set it on their way in
        pass
    glibc = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"
    assert heap.keep_freed_memory() is glibc
    assert heap.keep_freed_memory.cache_info().currsize == 1     # set once per process
