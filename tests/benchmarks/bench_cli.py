"""Command-line start-up (issue 26): ``combatassist odds`` on the Finland example, a fresh
process each time, from a warm disk. Target: <= 0.3 s wall on the 2-core reference machine.

The figure is the best of several runs of the whole process (interpreter start, imports, the
battle, the summary printed); the process's own CPU time is printed beside it, the cost
without a busy machine's waiting. ``python -X importtime -m combatassist odds FILE`` says
where it goes.
"""
from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET = 0.3


def _odds(*args: str, target: float | None = TARGET):
    def run():
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "combatassist", *args], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        print(f"    combatassist {' '.join(args)}: {wall:.3f} s wall, {cpu:.3f} s CPU "
              + (f"(target {target} s)" if target else ""), flush=True)
        return wall
    run.repeat = 5
    run.self_timed = True
    return run


BENCHMARKS = [
    ("odds examples/lowluck-finland.toml (fresh process)", TARGET,
     _odds("odds", "examples/lowluck-finland.toml")),
    ("--help (every ruleset's commands)", None, _odds("--help", target=None)),
]
