"""Low Luck retreat policies and attacks in waves (issue 34): their time, and how much the
policy in words gives up against the exact policy it describes.

Timed (``dev.py bench``): the profit policy of a 1942 battle with ordinary dice and an AA
gun (44 v 39 units, near the policy's bound: twice the exact estimate), the example in two
waves with a counter-attack, and a profit policy over two waves. Run alone
(``python -m tests.benchmarks.bench_lowluck_policy``) it also prints, on seeded random
1942 battles, how often the words differ from the exact policy and what following the
words costs (the last sentences of ``policy``), and, when ``AACALC2_DIR`` names a built
aacalc2 checkout, the largest difference between our profit policy's expected IPC and
aacalc2's expected-profit retreat at threshold 0 (``aacalc2_profit.mjs``; measured: 108
random 1942 land battles of up to 41 units a side, both dice modes: 7.4e-10 at most).
"""
from __future__ import annotations

import json
import os
import random
import re
import subprocess
from pathlib import Path

from combatassist.ruleset import compute
from combatassist.rulesets import lowluck
from combatassist.scenario import load_scenario, parse_scenario_text

ROOT = Path(__file__).resolve().parents[2]

BIG = """ruleset = "lowluck"
[options]
edition = "1942se"
dice = "standard"
retreat = "profit"
territory_value = 5
[attacker]
units = { infantry = 20, artillery = 8, armor = 10, fighter = 4, bomber = 2 }
[defender]
units = { infantry = 25, artillery = 4, armor = 6, fighter = 3, aa_gun = 1 }
"""

WAVES_PROFIT = """ruleset = "lowluck"
[options]
edition = "1942se"
dice = "standard"
retreat = "profit"
territory_value = 12
[attacker]
units = { infantry = 4, artillery = 1 }
[[attacker.waves]]
units = { armor = 3, fighter = 2 }
[defender]
units = { infantry = 4, artillery = 1, armor = 1 }
"""


def _big():
    compute(lowluck.RULESET, parse_scenario_text(BIG).body)


def _example():
    compute(lowluck.RULESET, load_scenario(ROOT / "examples" / "lowluck-1942-waves.toml").body)


def _waves_profit():
    compute(lowluck.RULESET, parse_scenario_text(WAVES_PROFIT).body)


_big.repeat = 1
BENCHMARKS = [
    ("profit policy, 1942 ordinary dice, 44 v 39 with AA", 30.0, _big),
    ("example in two waves with a counter-attack", 1.0, _example),
    ("profit over two waves (looking ahead)", 2.0, _waves_profit),
]


def words_gap(count: int = 40, seed: int = 3) -> str:
    """On random 1942 land battles with the profit policy: how often the words differ from
    the exact policy, and the worst cost of following them."""
    rng = random.Random(seed)
    differ, worst = 0, 0.0
    for _ in range(count):
        att = {u: rng.randint(0, 5) for u in ("infantry", "artillery", "armor", "fighter")}
        dfn = {u: rng.randint(0, 5) for u in ("infantry", "artillery", "armor", "fighter")}
        dfn["aa_gun"] = rng.randint(0, 1)
        att["infantry"] += 1
        dfn["infantry"] += 1
        doc = ("ruleset = \"lowluck\"\n[options]\nedition = \"1942se\"\ndice = \"standard\"\n"
               f"retreat = \"profit\"\nterritory_value = {rng.randint(0, 10)}\n"
               "[attacker]\nunits = { " + ", ".join(f"{u} = {n}" for u, n in att.items()) +
               " }\n[defender]\nunits = { " + ", ".join(f"{u} = {n}" for u, n in dfn.items())
               + " }\n")
        words = compute(lowluck.RULESET, parse_scenario_text(doc).body).to_json()["policy"]
        cost = [w for w in words if w.startswith("following these words")]
        if cost:
            differ += 1
            worst = max(worst, float(re.search(r"worth ([0-9.]+) IPC", cost[0]).group(1)))
    return (f"{count} random 1942 battles, profit policy: the words differ from the exact "
            f"policy in {differ}; following them costs at most {worst:.2f} IPC")


NAMES = {"infantry": "inf", "artillery": "art", "armor": "arm", "fighter": "fig",
         "bomber": "bom"}


def profit_vs_aacalc2(count: int = 40, seed: int = 1, most: int = 4) -> str:
    """Our profit policy's expected IPC against aacalc2's on random 1942 land battles."""
    dist = Path(os.environ.get("AACALC2_DIR", "")) / "dist" / "index.js"
    if not os.environ.get("AACALC2_DIR") or not dist.is_file():
        return "aacalc2: set AACALC2_DIR to a checkout built with npx tsc to compare"
    rng = random.Random(seed)
    battles, ours = [], []
    for _ in range(count):
        dice = rng.choice(["standard", "lowluck"])
        att = {u: rng.randint(0, most) for u in NAMES}
        dfn = {u: rng.randint(0, most) for u in ("infantry", "artillery", "armor", "fighter")}
        att["infantry"] += 1
        dfn["infantry"] += 1
        tv = rng.randint(0, 8)
        doc = (f'ruleset = "lowluck"\n[options]\nedition = "1942se"\ndice = "{dice}"\n'
               f'retreat = "profit"\nterritory_value = {tv}\n[attacker]\nunits = {{ '
               + ", ".join(f"{u} = {n}" for u, n in att.items()) + " }\n[defender]\nunits = { "
               + ", ".join(f"{u} = {n}" for u, n in dfn.items()) + " }\n")
        ours.append(compute(lowluck.RULESET, parse_scenario_text(doc).body).to_json())
        battles.append({"attack": {NAMES[u]: n for u, n in att.items() if n},
                        "defense": {NAMES[u]: n for u, n in dfn.items() if n},
                        "tv": tv, "dice": dice})
    job = json.dumps({"dist": str(dist), "battles": battles})
    theirs = json.loads(subprocess.run(
        ["node", str(Path(__file__).with_name("aacalc2_profit.mjs"))], input=job,
        capture_output=True, text=True, check=True).stdout)
    worst = max(abs(o["expected_profit"] - t["profit"]) for o, t in zip(ours, theirs))
    return (f"{count} random 1942 battles, profit policy vs aacalc2's expected-profit "
            f"retreat (threshold 0): largest difference {worst:.1e} IPC")


if __name__ == "__main__":
    print(words_gap())
    print(profit_vs_aacalc2())
    print(profit_vs_aacalc2(count=8, seed=3, most=8))
