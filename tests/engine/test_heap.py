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


def test_one_blas_thread_sets_numpys_blas_to_one_thread_and_back():
    """The solvers' products run on one BLAS thread, and the thread count is what it was after
    (a nested use changes nothing)."""
    import threadpoolctl
    from combatassist.rulesets.lowluck.chains import _blas_libraries
    if not _blas_libraries():
        return                                  # a numpy without a BLAS threadpoolctl knows
    outside = [lib.get_num_threads() for lib in _blas_libraries()]
    with one_blas_thread():
        assert all(i["num_threads"] == 1 for i in threadpoolctl.threadpool_info()
                   if i["user_api"] == "blas")
        with one_blas_thread():
            pass
        assert all(lib.get_num_threads() == 1 for lib in _blas_libraries())
    assert [lib.get_num_threads() for lib in _blas_libraries()] == outside
