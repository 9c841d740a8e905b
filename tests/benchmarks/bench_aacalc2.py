"""Issue 17's side by side: the ordinary-dice Low Luck battles timed here and in aacalc2
(github.com/mshih01/aacalc2, the public exact calculator, TypeScript in node), in one run,
both in-process, best of repeats.

Only when ``AACALC2_DIR`` names a checkout built with ``npx tsc`` (its ``dist/index.js``) and
``node`` is on the PATH; otherwise this module has no benchmarks. Nothing else in the
repository uses aacalc2.

The battles are bench_lowluck's Classic land battles in aacalc2's (A&A 1942) units: infantry,
fighters and bombers are the same; Classic armour attacks at 3 like 1942's and defends at 2
like 1942's artillery (and is cheaper than a fighter, so the order of loss is the same); a
Classic AA gun (one die per aircraft) is ceil(aircraft / 3) 1942 AA guns (three dice each at
most), defence 0, lost last. The answers are checked to agree (aacalc2 prunes at 1e-12).
"""
from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import time
from pathlib import Path

from combatassist.rulesets import lowluck

from .bench_lowluck import STANDARD

AACALC2_DIR = os.environ.get("AACALC2_DIR", "")
DRIVER = Path(__file__).with_name("aacalc2_driver.mjs")
#: "At least 3x faster than the best exact calculator."
TARGET_RATIO = 3.0
NAMES = {"infantry": "inf", "armor": "arm", "fighter": "fig", "bomber": "bom"}


def _aacalc2_battle(name, scenario) -> dict:
    attack = {NAMES[u]: n for u, n in scenario.attacker.units.items() if n}
    defense = {("art" if u == "armor" else NAMES[u]): n
               for u, n in scenario.defender.units.items() if n}
    if scenario.options.aa_gun:
        aircraft = scenario.attacker.units.get("fighter", 0) + \
            scenario.attacker.units.get("bomber", 0)
        defense["aa"] = math.ceil(aircraft / 3)
    return {"name": name, "attack": attack, "defense": defense}


def _ours(scenario, repeat: int) -> tuple[float, float]:
    best = float("inf")
    result = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = lowluck.compute(scenario)
        best = min(best, time.perf_counter() - t0)
    return best, result.attacker_wins


def side_by_side() -> None:
    battles = [(name, target, s) for name, target, s in STANDARD if s.options.battle == "land"]
    repeat = {name: (7 if target <= 0.1 else 2) for name, target, _ in battles}
    ours = {name: _ours(s, repeat[name]) for name, _, s in battles}
    job = {"dist": str(Path(AACALC2_DIR) / "dist" / "index.js"),
           "repeat": 5,
           "battles": [_aacalc2_battle(name, s) for name, _, s in battles]}
    proc = subprocess.run(["node", str(DRIVER)], input=json.dumps(job), capture_output=True,
                          text=True, check=True)
    theirs = {row["name"]: row for row in json.loads(proc.stdout)}
    print(f"\n{'battle (ordinary dice, exact)':<56} {'ours':>9} {'aacalc2':>9} {'ratio':>6}"
          f"  target  {'P(att wins) ours / aacalc2':>26}")
    for name, _, _ in battles:
        mine, wins = ours[name]
        other = theirs[name]
        ratio = other["best_ms"] / 1000 / mine
        print(f"{name:<56} {mine * 1000:>7.1f}ms {other['best_ms']:>7.1f}ms {ratio:>5.1f}x"
              f"  >= {TARGET_RATIO:.0f}x  {wins:.10f} / {other['attacker_survives']:.10f}"
              f"  {'' if ratio >= TARGET_RATIO else 'SLOW'}")
    print(flush=True)


side_by_side.repeat = 1

BENCHMARKS = []
if AACALC2_DIR and (Path(AACALC2_DIR) / "dist" / "index.js").is_file() and shutil.which("node"):
    BENCHMARKS = [("side by side with aacalc2 (the table above; this line: its run)", None,
                   side_by_side)]
