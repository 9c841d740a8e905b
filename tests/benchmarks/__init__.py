"""Benchmarks: fixed scenarios, timed, printed as a table. Not part of the pass/fail tests.

Each ``bench_*.py`` module here defines ``BENCHMARKS``: a list of
``(name, target_seconds_or_None, callable)``. Run them all with ``python3 dev.py bench``
(or ``python -m tests.benchmarks [substring]``).
"""
