"""Medium Luck casualty policies (issue 16): how far the heuristic is from optimal play.

On seeded random land battles (small: 2-7 units a side, 2-4 unit types; medium: 6-12 units)
both policies are solved exactly; the figure is the attacker's score P(win) + ½ P(draw)
(zero-sum: the defender's is 1 minus it). Printed: mean and worst |heuristic - optimal|, the
share off by more than 0.05, and the default policy's distance (optimal up to
``policy.DEFAULT_OPTIMAL_LIMIT`` positions, the heuristic above). Run it alone with
``python -m tests.benchmarks.bench_mediumluck_policy``; ``dev.py bench`` times it too.
"""
from __future__ import annotations

import random
import statistics
import time
from dataclasses import replace

from combatassist.rulesets import mediumluck
from tests.engine.test_mediumluck_grid import random_setup

SMALL, MEDIUM = 300, 100


def _score(setup, policy):
    result = mediumluck.compute(replace(setup, casualties=policy))
    return result.attacker_wins + result.draw / 2, result.extra["casualties"]


def compare(count: int, max_units: int, seed: int) -> dict:
    rng = random.Random(seed)
    gaps, default_gaps, seconds = [], [], []
    for _ in range(count):
        setup = random_setup(rng, max_units=max_units)
        t0 = time.perf_counter()
        best, _ = _score(setup, "optimal")
        seconds.append(time.perf_counter() - t0)
        heuristic, _ = _score(setup, "heuristic")
        default, _ = _score(setup, None)
        gaps.append(abs(heuristic - best))
        default_gaps.append(abs(default - best))
    return {"battles": count, "mean": statistics.fmean(gaps), "worst": max(gaps),
            "over_0.05": sum(g > 0.05 for g in gaps) / count,
            "default_worst": max(default_gaps), "optimal_seconds_max": max(seconds)}


def report() -> str:
    lines = []
    for name, count, units, seed in (("small", SMALL, 7, 1), ("medium", MEDIUM, 12, 2)):
        r = compare(count, units, seed)
        lines.append(f"{name:<7} {r['battles']} battles: heuristic vs optimal score: mean "
                     f"{r['mean']:.4f}, worst {r['worst']:.4f}, off by > 0.05 in "
                     f"{100 * r['over_0.05']:.0f}%; default policy worst {r['default_worst']:.4f} "
                     f"(target 0.01); slowest optimal {r['optimal_seconds_max'] * 1000:.0f} ms")
    return "\n".join(lines)


def _run():
    print("\n" + report())


_run.repeat = 1

BENCHMARKS = [
    ("heuristic vs optimal casualties, random battles (prints figures)", None, _run),
]

if __name__ == "__main__":
    print(report())
