"""Run every benchmark module and print name, best time of N runs (and its CPU time), and the
target."""
from __future__ import annotations

import importlib
import pkgutil
import sys
import time
from pathlib import Path


def best_time(fn, repeat: int = 3) -> tuple[float, float]:
    """(best wall-clock seconds, this process's CPU seconds in that run) of ``repeat`` runs:
    on a busy machine the CPU time is what the code costs, the wall clock what one waits.
    A benchmark with ``self_timed = True`` returns the seconds of its measured part (it
    prepares something untimed first, e.g. a pause before a GUI edit)."""
    best, cpu = float("inf"), float("inf")
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        measured = fn()
        wall = time.perf_counter() - t0
        if getattr(fn, "self_timed", False):
            wall = measured
        if wall < best:
            best, cpu = wall, time.process_time() - c0
    return best, cpu


def main(argv: list[str]) -> int:
    pattern = argv[0] if argv else ""
    here = Path(__file__).parent
    rows = []
    for info in sorted(pkgutil.iter_modules([str(here)]), key=lambda m: m.name):
        if not info.name.startswith("bench_"):
            continue
        try:
            module = importlib.import_module(f"tests.benchmarks.{info.name}")
        except Exception as exc:        # one broken module must not hide the others' figures
            print(f"{info.name[6:]:<12} could not be loaded: {exc}", flush=True)
            continue
        for name, target, fn in module.BENCHMARKS:
            if pattern and pattern not in f"{info.name} {name}":
                continue
            repeat = getattr(fn, "repeat", 3)
            try:
                seconds, cpu = best_time(fn, repeat)
            except Exception as exc:
                print(f"{info.name[6:]:<12} {name:<58} failed: {exc}", flush=True)
                continue
            verdict = "" if target is None else ("ok" if seconds <= target else "SLOW")
            rows.append((info.name[6:], name, seconds, target, verdict))
            print(f"{info.name[6:]:<12} {name:<58} {seconds * 1000:>10.1f} ms"
                  f" (cpu {cpu * 1000:>8.1f})"
                  f"  {'' if target is None else f'target {target * 1000:.0f} ms':<18} {verdict}",
                  flush=True)
    slow = [r for r in rows if r[4] == "SLOW"]
    print(f"\n{len(rows)} benchmarks, {len(slow)} over target")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
