"""Issue 27: the schema fuzz (tests/scenario_fuzz.py) on a larger slice than the test command's.

Scenario cases, damaged data files and players' Low Luck edition files (a quarter as many
each). Prints the cases run, cases/s
and every failure (case seed, ruleset, command, what was wrong,
the last line written); ``python -m tests.benchmarks.bench_fuzz [CASES] [FIRST]`` reruns a
slice, e.g. one failing seed: ``... bench_fuzz 1 2883``. Not pass/fail: its figures are read.
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from tests import scenario_fuzz as fuzz

#: Cases the benchmark runs (the test command runs the first 100 of them).
CASES = 2000


def run(cases: int = CASES, first: int = 0) -> list[str]:
    with tempfile.TemporaryDirectory() as folder:
        schemas = fuzz.discover(Path(folder))
        strings = fuzz._strings(schemas)
        problems: list[str] = []
        slow: list[tuple[float, int, str]] = []
        t0 = time.perf_counter()
        for seed in range(first, first + cases):
            case = fuzz.make_case(seed, schemas, strings)
            t1 = time.perf_counter()
            problems += fuzz.run_case(case, Path(folder))
            slow.append((time.perf_counter() - t1, seed, case.ruleset))
        seconds = time.perf_counter() - t0
        t0 = time.perf_counter()
        data_problems: list[str] = []
        for seed in range(first, first + cases // 4):
            data_problems += fuzz.run_data_case(seed, schemas, strings, Path(folder))
        data_seconds = time.perf_counter() - t0
        t0 = time.perf_counter()
        edition_problems: list[str] = []
        for seed in range(first, first + cases // 4):
            edition_problems += fuzz.run_edition_case(seed, Path(folder))
        edition_seconds = time.perf_counter() - t0
    print(f"schema fuzz: {cases} cases over {', '.join(schemas)} in {seconds:.1f} s "
          f"({cases / seconds:.1f} cases/s), {len(problems)} failures", flush=True)
    print(f"data files: {cases // 4} damaged data files in {data_seconds:.1f} s "
          f"({cases // 4 / data_seconds:.1f} cases/s), {len(data_problems)} failures", flush=True)
    print(f"edition files: {cases // 4} players' Low Luck edition files in "
          f"{edition_seconds:.1f} s ({cases // 4 / edition_seconds:.1f} cases/s), "
          f"{len(edition_problems)} failures", flush=True)
    problems += data_problems + edition_problems
    for problem in problems:
        print("  FAIL", problem, flush=True)
    for took, seed, ruleset in sorted(slow, reverse=True)[:5]:
        print(f"  slowest: case {seed} ({ruleset}) {took:.1f} s", flush=True)
    return problems


def _run():
    t0 = time.perf_counter()
    run()
    return time.perf_counter() - t0


_run.repeat = 1
_run.self_timed = True

BENCHMARKS = [(f"schema fuzz, {CASES} cases (prints cases/s and failures)", None, _run)]


if __name__ == "__main__":
    run(*(int(a) for a in sys.argv[1:3]))
