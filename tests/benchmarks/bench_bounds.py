"""Issue 27: the work bounds measured, not promised.

Each ruleset's largest battles the documented limits accept (forces at their caps, the most
rounds, the most trials, d12 dice, retreat rules, Medium Luck advice with its default budget)
run as real ``combatassist`` processes, one at a time; each prints its wall time and peak
memory (the child's ``ru_maxrss``) beside the promise: **30 s and 2 GB on 2 cores**, or a
refusal at once (``refused`` rows should take about a second: the process's start-up).
A process still running after ``KILL_AFTER`` seconds is stopped and reported as over.

``python3 dev.py bench bounds`` runs them (several minutes); ``python -m
tests.benchmarks.bench_bounds [NAME-PART]`` too.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from combatassist.limits import MAX_MEMORY_GB, MAX_SECONDS

ROOT = Path(__file__).resolve().parents[2]
#: A refusal comes "at once": within this many seconds, the process's start-up included.
REFUSED_AT_ONCE = 3.0
#: Seconds (wall clock, CPU) after which a run is stopped: well past the promise, so the
#: figure says by how much.
KILL_AFTER = 300
KILL_AFTER_CPU = 90


def _units(table: dict) -> str:
    return "{ " + ", ".join(f"{k} = {v}" for k, v in table.items()) + " }"


def lowluck(attacker: dict, defender: dict, options: str = "") -> str:
    return (f'ruleset = "lowluck"\n[options]\n{options}\n[attacker]\nunits = {_units(attacker)}\n'
            f'[defender]\nunits = {_units(defender)}\n')


def mediumluck(attacker: str, defender: str, options: str = "") -> str:
    return f'ruleset = "mediumluck"\n[options]\n{options}\n{attacker}\n{defender}\n'


def ml_side(side: str, bands: dict) -> str:
    out = []
    for band, (roll, boost) in bands.items():
        out.append(f"[{side}.bands.{band}]\nroll = {_units(roll)}")
        if boost:
            out.append(f"boost = {_units(boost)}")
    return "\n".join(out)


def agc(attacker: dict, defender: dict, terrain: str = "forest") -> str:
    return (f'ruleset = "agc"\nterrain = "{terrain}"\n[attacker]\nunits = {_units(attacker)}\n'
            f'[defender]\nunits = {_units(defender)}\n')


def ur(attacker: list, defender: list, options: str = "", wall: str = "") -> str:
    units = lambda kinds: "[" + ", ".join(f'{{ type = "{k}" }}' for k in kinds) + "]"  # noqa
    return (f'ruleset = "ur"\n[options]\n{options}\n[attacker]\nstance = "attack"\n'
            f'units = {units(attacker)}\n[defender]\nstance = "defend"\n{wall}\n'
            f'units = {units(defender)}\n')


def ds2(weapon: str, target: str) -> str:
    return f'ruleset = "ds2"\n[weapon]\n{weapon}\n[target]\n{target}\n'


LL_LAND = ({"infantry": 100, "armor": 50}, {"infantry": 100, "armor": 50})
LL_AIR = ({"infantry": 50, "armor": 50, "fighter": 50}, {"infantry": 100, "fighter": 50})
LL_SEA = ({"battleship": 30, "submarine": 60, "fighter": 60},
          {"battleship": 30, "carrier": 30, "submarine": 60, "fighter": 30})
ML_200 = (ml_side("attacker", {"white": ({"infantry": 100}, {"artillery": 40}),
                                "red": ({"tank": 60}, {})}),
          ml_side("defender", {"white": ({"infantry": 120}, {"artillery": 40}),
                                "red": ({"tank": 40}, {})}))
ML_60 = (ml_side("attacker", {"white": ({"infantry": 30}, {"artillery": 10}),
                               "red": ({"tank": 20}, {})}),
         ml_side("defender", {"white": ({"infantry": 40}, {"artillery": 10}),
                               "red": ({"tank": 10}, {})}))
ML_20 = (ml_side("attacker", {"white": ({"infantry": 10}, {"artillery": 5}),
                               "red": ({"tank": 5}, {})}),
         ml_side("defender", {"white": ({"infantry": 10}, {}), "red": ({"tank": 10}, {})}))
ML_20_BOOSTED = (ml_side("attacker", {"white": ({"infantry": 8}, {"artillery": 4}),
                                       "red": ({"tank": 6}, {"mech_infantry": 2})}),
                 ml_side("defender", {"white": ({"infantry": 10}, {"artillery": 4}),
                                       "red": ({"tank": 4}, {"mech_infantry": 2})}))
#: The chain solver's largest Medium Luck battle (retreat rules): ~3.7 million transitions
#: estimated, just under ``MAX_EXACT_TRANSITIONS``.
ML_CHAIN = (ml_side("attacker", {"white": ({"infantry": 13}, {"artillery": 6}),
                                  "red": ({"tank": 13}, {})}),
            ml_side("defender", {"white": ({"infantry": 13}, {}), "red": ({"tank": 13}, {})}))
AGC_200 = ({"infantry": 100, "armor": 50, "artillery": 30, "aad": 10, "air_support": 10},
           {"infantry": 120, "armor": 40, "artillery": 20, "aad": 10, "engineers": 10})
UR_FULL = (["undead", "undead", "cavalry", "infantry"], ["undead", "undead", "archers", "infantry"])
SIM = ["--method", "simulate", "--trials", "10000000"]
PLAN = '[plan]\ntarget = { attacker_wins = 0.9 }\n'


#: (name, scenario text, extra arguments): the largest accepted, by ruleset.
CASES = [
    ("lowluck land 150 v 150 exact", lowluck(*LL_LAND), []),
    ("lowluck land 150 v 150 exact, ordinary dice", lowluck(*LL_LAND, 'dice = "standard"'), []),
    ("lowluck air 150 v 150 exact, ordinary dice, AA gun",
     lowluck(*LL_AIR, 'dice = "standard"\naa_gun = true'), []),
    ("lowluck sea 150 v 150 exact, ordinary dice",
     lowluck(*LL_SEA, 'dice = "standard"\nbattle = "sea"\nsubmarine_first_strike = true'), []),
    ("lowluck land 150 v 150 exact, retreat_below",
     lowluck(*LL_LAND, "retreat_below = 0.3"), []),
    ("lowluck land 150 v 150 simulate 10M", lowluck(*LL_LAND), SIM),
    ("lowluck air 150 v 150 simulate 10M, ordinary dice",
     lowluck(*LL_AIR, 'dice = "standard"\naa_gun = true'), SIM),
    ("mediumluck 200 v 200 exact", mediumluck(*ML_200), []),
    ("mediumluck 200 v 200 exact, heuristic", mediumluck(*ML_200, 'casualties = "heuristic"'),
     []),
    ("mediumluck 200 v 200 exact, retreat_below", mediumluck(*ML_200, "retreat_below = 0.3"),
     []),
    ("mediumluck 200 v 200 exact, max_rounds 1000",
     mediumluck(*ML_200, 'max_rounds = 1000\ncasualties = "heuristic"'), []),
    ("mediumluck 200 v 200 simulate 10M", mediumluck(*ML_200), SIM),
    ("mediumluck 200 v 200 simulate 10M, retreat_below",
     mediumluck(*ML_200, "retreat_below = 0.3"), SIM),
    ("mediumluck 60 v 60 exact", mediumluck(*ML_60), []),
    ("mediumluck 20 v 20 exact, d12", mediumluck(*ML_20, "die = 12"), []),
    ("mediumluck 20 v 20 simulate 10M, d12", mediumluck(*ML_20, "die = 12"), SIM),
    ("mediumluck 20 v 20 exact, d12, boosts in every band",
     mediumluck(*ML_20_BOOSTED, "die = 12"), []),
    ("mediumluck 20 v 20 simulate 10M, d12, boosts in every band",
     mediumluck(*ML_20_BOOSTED, "die = 12"), SIM),
    ("mediumluck 20 v 20 exact, retreat_below", mediumluck(*ML_20, "retreat_below = 0.3"), []),
    ("mediumluck 32 v 26 exact, retreat_below (the chain solver near its limit)",
     mediumluck(*ML_CHAIN, "retreat_below = 0.05"), []),
    ("mediumluck 60 v 60 advise (default budget)", mediumluck(*ML_60),
     ["advise", "--side", "attacker"]),
    ("mediumluck 200 v 200 advise (default budget)", mediumluck(*ML_200),
     ["advise", "--side", "attacker"]),
    ("agc 200 v 200 exact", agc(*AGC_200), []),
    ("agc 200 v 200 simulate 10M", agc(*AGC_200), SIM),
    ("ur 4 v 4, wall, max_rounds 1000 exact",
     ur(*UR_FULL, "max_rounds = 1000", 'wall = { kind = "outer" }'), []),
    ("ur 4 v 4 simulate 10M", ur(*UR_FULL), SIM),
    ("ds2 hvc/3 v armour 3 simulate 10M",
     ds2('family = "hvc"\nsize = 3\nrange = "close"', 'kind = "vehicle"\narmour = 3'), SIM),
    ("ds2 iavr v apfc 4 simulate 10M",
     ds2('family = "iavr"\nrange = "close"', 'kind = "vehicle"\narmour = 4\narmour_type = "apfc"'),
     SIM),
    ("ds2 slam/5 v infantry simulate 10M",
     ds2('family = "slam"\nsize = 5\nrange = "long"', 'kind = "infantry"\ninfantry = "pa"'), SIM),
    # the planner: every force valued backwards near the bound's memory (the most positions
    # accepted) and its work (AA fire force by force), a search at its bound (batch engine,
    # the values past it), one solved force by force (fleets with submarines), and one past
    # the bound (refused)
    ("lowluck plan 60 v 40 land, 273,272 forces (exhaustive)",
     lowluck({"infantry": 20, "artillery": 12, "armor": 12, "fighter": 10, "bomber": 6},
             {"infantry": 20, "artillery": 8, "armor": 8, "fighter": 4},
             'edition = "1942se"\ndice = "lowluck"') + PLAN, ["plan"]),
    ("lowluck plan 60 v 40 land, AA gun (exhaustive)",
     lowluck({"infantry": 25, "artillery": 15, "armor": 10, "fighter": 6, "bomber": 4},
             {"infantry": 20, "artillery": 5, "armor": 8, "fighter": 6, "aa_gun": 1},
             'edition = "1942se"\ndice = "lowluck"') + PLAN, ["plan"]),
    ("lowluck plan 60 v 40 land, ordinary dice (search)",
     lowluck({"infantry": 25, "artillery": 15, "armor": 10, "fighter": 6, "bomber": 4},
             {"infantry": 20, "artillery": 5, "armor": 8, "fighter": 6, "aa_gun": 1},
             'edition = "1942se"\ndice = "standard"') + PLAN, ["plan"]),
    ("lowluck plan 40 v 30 fleet with submarines, ordinary dice (search)",
     lowluck({"submarine": 10, "destroyer": 8, "cruiser": 6, "fighter": 10, "battleship": 6},
             {"submarine": 8, "destroyer": 8, "carrier": 4, "fighter": 6, "battleship": 4},
             'edition = "1942se"\ndice = "standard"\nbattle = "sea"') + PLAN, ["plan"]),
    ("lowluck plan 150 v 150 land (refused)",
     lowluck(*LL_LAND, 'edition = "1942se"\ndice = "standard"') + PLAN, ["plan"]),
]


#: The child: the command line, then its own peak memory (KB on Linux) and CPU seconds on
#: stderr's last line (on a busy machine the CPU time is what the work costs).
LAUNCH = ("import resource, sys\nfrom combatassist.cli import main\ncode = main(sys.argv[1:])\n"
          "u = resource.getrusage(resource.RUSAGE_SELF)\n"
          "sys.stderr.write(f'peak-kb {u.ru_maxrss} {u.ru_utime + u.ru_stime}\\n')\n"
          "sys.exit(code)\n")


def _high_water_kb(pid: int) -> float:
    """The process's peak memory so far (Linux ``VmHWM``; 0 elsewhere)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return float(line.split()[1])
    except OSError:
        pass
    return 0.0


def _cpu_seconds(pid: int) -> float:
    """The process's CPU seconds so far (Linux ``/proc``; NaN elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


def measure(text: str, extra: list[str]) -> tuple[float, float, float, int | str, str]:
    """Run ``combatassist`` on ``text``: (seconds, CPU seconds, peak MB, exit status or
    "killed", the last line it wrote)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "case.toml"
        path.write_text(text, encoding="utf-8")
        if extra and extra[0] in ("advise", "plan"):
            argv = [extra[0], str(path), *extra[1:]]
        else:
            argv = ["odds", str(path), "--json", *extra]
        t0 = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-c", LAUNCH, *argv], cwd=ROOT,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        peak_kb, cpu = 0.0, float("nan")
        while True:
            try:
                out, err = child.communicate(timeout=0.5)
                status: int | str = child.returncode
                break
            except subprocess.TimeoutExpired:
                peak_kb = max(peak_kb, _high_water_kb(child.pid))
                cpu = _cpu_seconds(child.pid)
                if time.perf_counter() - t0 > KILL_AFTER or cpu > KILL_AFTER_CPU:
                    child.kill()
                    out, err = child.communicate()
                    status = "killed"
                    break
        seconds = time.perf_counter() - t0
    lines = err.strip().splitlines()
    if status != "killed":
        cpu = float("nan")
    if lines and lines[-1].startswith("peak-kb "):
        _, kb, cpu_text = lines.pop().split()
        peak_kb, cpu = max(peak_kb, float(kb)), float(cpu_text)
    last = (lines or out.strip().splitlines() or [""])[-1]
    return seconds, cpu, peak_kb / 1024, status, last


def run(pattern: str = "") -> list[tuple]:
    rows = []
    print(f"{'case':<62} {'time':>8} {'cpu':>8} {'peak':>9}  promise {MAX_SECONDS} s / "
          f"{MAX_MEMORY_GB} GB", flush=True)
    for name, text, extra in CASES:
        if pattern and pattern not in name:
            continue
        rows.append(_row(name, *measure(text, extra)))
        fits = FITS.search(rows[-1][-1])
        if fits and "--trials" in extra:
            # refused: then the largest run it accepts, the trials the refusal names
            trials = fits.group(1).replace(",", "")
            rows.append(_row(f"  ... at the {int(trials):,} trials it accepts",
                             *measure(text, [*extra[:-1], trials])))
    return rows


#: A refused simulation names the trials that fit: "use at most 1,234 trials".
FITS = re.compile(r"use at most ([\d,]+) trials")


def _row(name: str, seconds: float, cpu: float, peak: float, status, last: str) -> tuple:
    answered = "answered" if status == 0 else ("refused" if status == 2 else str(status))
    # CPU time decides on a busy machine (wall time is what one waits there)
    spent = seconds if cpu != cpu else min(seconds, cpu)
    over = spent > MAX_SECONDS or peak > MAX_MEMORY_GB * 1024 or status not in (0, 2) or \
        (status == 2 and spent > REFUSED_AT_ONCE)
    print(f"{name:<62} {seconds:>6.1f} s {cpu:>6.1f} s {peak:>6.0f} MB  {answered:<9} "
          f"{'OVER' if over else 'ok':<4}  {last[:110]}", flush=True)
    return name, seconds, cpu, peak, status, over, last


def _all():
    t0 = time.perf_counter()
    run()
    return time.perf_counter() - t0


_all.repeat = 1
_all.self_timed = True

#: One entry for ``dev.py bench``: it prints its own table (its time is the whole run's).
BENCHMARKS = [("every ruleset's largest at the limits (prints a table)", None, _all)]


if __name__ == "__main__":
    run(sys.argv[1] if len(sys.argv) > 1 else "")
