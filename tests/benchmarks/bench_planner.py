"""Issue 34's recommender workloads: the cheapest force of an attacker's sub-armies (every
sub-army solved: ``combatassist plan``, exhaustive), A&A 1942 Second Edition land battles,
both dice modes:

- 15 units (6 infantry, 3 artillery, 3 armor, 2 fighters, 1 bomber) against 7 (4 infantry,
  2 armor, 1 fighter): 671 sub-armies;
- 23 units (10 infantry, 4 artillery, 4 armor, 3 fighters, 2 bombers) against 14 (8
  infantry, 2 artillery, 2 armor, 2 fighters): 3,299 sub-armies;
- and at sea, ordinary dice: a fleet of 12 (4 submarines, 2 destroyers, 3 fighters, a
  cruiser, a bomber, a battleship) against 8 (2 submarines, a destroyer, 2 fighters, a
  cruiser, a carrier, a transport): 479 sub-armies; and of 17 (5 submarines, 3 destroyers,
  4 fighters, 2 cruisers, 2 bombers, a battleship) against 10 (2 submarines, 2
  destroyers, 2 fighters, a cruiser, a carrier, 2 transports): 2,159 sub-armies — every
  force valued backwards on one lattice of the attacker's compositions (``sea_values``);
  the 12 v 8 fleet with low luck too, whose forces are solved one by one (the general
  solver: the lattice is the ordinary dice' sea grid's; aacalc2 pools low-luck rolls at sea
  otherwise, so its answer may differ). The ``batch`` column there: the forces one by one,
  as a plan solves them past the lattice's bound.

Ours, CPU times: ``planner.plan`` (every force, then the answer's own full figures, the
alternatives' and the "+1" forces'), the best of the runs and the first one (caches shared
by every solve, such as ordinary dice's hit tables, still cold for the battle); the
planner's ranking alone (``rank``: every force's key figures as ``plan`` asks them, from a
fresh question: ``batch.EndValues`` here, the part aacalc2's loop does); the batch engine
alone on the same forces (``batch``: ``solve_batch`` on ``batch.variants``, the end
positions as arrays, as the planner asked it before ``EndValues``; it still sweeps the
shown forces, and the forces of plans ``EndValues`` doesn't value: round limits,
transports, bombardment). Every run starts from a new question: nothing a run works out is
kept for the next (the hit tables' cache of ``hits.standard_table`` aside, which every
solve shares). When ``AACALC2_DIR`` names a built aacalc2 checkout and ``node`` is on the
PATH, its recommender's ``exhaust`` mode on the same armies in one run beside ours
(``aacalc2_recommend.mjs``), best of a few runs each, CPU times and their ratio against the
issue's target (>= 3x aacalc2, goal 10x). Nothing else in the repository uses aacalc2.

A second table (``at_the_bound``): plans of 36,854, 111,077 and 273,272 forces against 40
defenders, both dice modes, with and without an AA gun, each in a process of its own: whether
the plan was exhaustive (its forces valued backwards within the bound: ``value_cost``) or a
search, the estimate beside the CPU time and peak memory it took.
"""
from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import time
from pathlib import Path

from combatassist.rulesets.lowluck import batch, make_rules, planner, solvers
from combatassist.scenario import parse_scenario_text

AACALC2_DIR = os.environ.get("AACALC2_DIR", "")
DRIVER = Path(__file__).with_name("aacalc2_recommend.mjs")
TARGET_RATIO, GOAL_RATIO = 3.0, 10.0
REPEAT = 3
NAMES = {"infantry": "inf", "artillery": "art", "armor": "arm", "fighter": "fig",
         "bomber": "bom", "submarine": "sub", "destroyer": "des", "cruiser": "cru",
         "carrier": "acc", "battleship": "bat", "transport": "tra"}
#: (name, attacker available, defender, battle, dice modes), each side in its order of loss
#: (cheapest first; transports last).
WORKLOADS = [
    ("15 v 7, 671 sub-armies",
     {"infantry": 6, "artillery": 3, "armor": 3, "fighter": 2, "bomber": 1},
     {"infantry": 4, "armor": 2, "fighter": 1}, "land", ("standard", "lowluck")),
    ("23 v 14, 3,299 sub-armies",
     {"infantry": 10, "artillery": 4, "armor": 4, "fighter": 3, "bomber": 2},
     {"infantry": 8, "artillery": 2, "armor": 2, "fighter": 2}, "land",
     ("standard", "lowluck")),
    # fleets with submarines: every force valued on one lattice (``sea_values``)
    ("12 v 8 fleet, 479 sub-armies",
     {"submarine": 4, "destroyer": 2, "fighter": 3, "cruiser": 1, "bomber": 1,
      "battleship": 1},
     {"submarine": 2, "destroyer": 1, "fighter": 2, "cruiser": 1, "carrier": 1,
      "transport": 1}, "sea", ("standard", "lowluck")),
    ("17 v 10 fleet, 2,159 sub-armies",
     {"submarine": 5, "destroyer": 3, "fighter": 4, "cruiser": 2, "bomber": 2,
      "battleship": 1},
     {"submarine": 2, "destroyer": 2, "fighter": 2, "cruiser": 1, "carrier": 1,
      "transport": 2}, "sea", ("standard", "lowluck")),
]
TARGET = 0.95


def _text(dice: str, attacker: dict, defender: dict, battle: str = "land") -> str:
    def units(u: dict) -> str:
        return ", ".join(f"{k} = {n}" for k, n in u.items())
    return (f'ruleset = "lowluck"\n[options]\nedition = "1942se"\ndice = "{dice}"\n'
            f'battle = "{battle}"\n'
            f'[attacker]\nunits = {{ {units(attacker)} }}\n'
            f'[defender]\nunits = {{ {units(defender)} }}\n'
            f'[plan]\ntarget = {{ attacker_wins = {TARGET} }}\n')


def _best(fn, first: list | None = None) -> tuple[float, float, object]:
    """Best wall and CPU time of ``REPEAT`` runs (the first run's CPU time appended to
    ``first``: the process-wide caches, e.g. ordinary dice's hit tables, still cold for
    this battle)."""
    best, best_cpu, out = float("inf"), float("inf"), None
    for _ in range(REPEAT):
        t0, c0 = time.perf_counter(), time.process_time()
        out = fn()
        best = min(best, time.perf_counter() - t0)
        cpu = time.process_time() - c0
        if first is not None and not first:
            first.append(cpu)
        best_cpu = min(best_cpu, cpu)
    return best, best_cpu, out


def _batch_only(scenario):
    rules = make_rules(scenario)
    counts = [c for c in itertools.product(*[range(n + 1) for n in rules.att.counts0])
              if any(c)]

    def run():
        # as the planner asks: the forces as variants, their end positions as arrays
        variants = batch.variants(rules, "attacker", counts)
        ends: list = []
        return solvers.solve_batch(variants, curve=False,
                                   ends=lambda *arrays: ends.append(arrays))
    return run


def _rank_only(scenario):
    def run():
        q = planner._Question(scenario, scenario.plan)
        combos = [c for c in itertools.product(*[range(q.most[u] + 1) for u in q.types])
                  if any(c)]
        return q.solve(combos)
    return run


def side_by_side() -> None:
    rows = []
    for name, attacker, defender, battle, modes in WORKLOADS:
        for dice in modes:
            scenario = parse_scenario_text(_text(dice, attacker, defender, battle)).body
            first: list = []
            plan_wall, plan_cpu, answer = _best(lambda: planner.plan(scenario), first)
            _, rank_cpu, _ = _best(_rank_only(scenario))
            batch_wall, batch_cpu, _ = _best(_batch_only(scenario))
            rows.append((f"{name}, {dice}", dice, attacker, defender, battle, plan_wall,
                         plan_cpu, (first[0], rank_cpu, batch_cpu), answer))
    theirs = {}
    if AACALC2_DIR and (Path(AACALC2_DIR) / "dist" / "index.js").is_file() and \
            shutil.which("node"):
        job = {"dist": str(Path(AACALC2_DIR) / "dist" / "index.js"), "repeat": REPEAT,
               "jobs": [{"name": row[0], "dice": row[1], "target": TARGET,
                         "attack": {NAMES[u]: n for u, n in row[2].items()},
                         "defense": {NAMES[u]: n for u, n in row[3].items()},
                         "att_ool": [NAMES[u] for u in row[2]],
                         "def_ool": [NAMES[u] for u in row[3]],
                         "is_naval": row[4] == "sea"} for row in rows]}
        proc = subprocess.run(["node", str(DRIVER)], input=json.dumps(job),
                              capture_output=True, text=True, check=True)
        theirs = {r["name"]: r for r in json.loads(proc.stdout)}
    print(f"\n{'cheapest force, every sub-army (1942, exact)':<44} {'plan':>9}"
          f" {'cpu: plan':>10} {'1st run':>9} {'rank':>9} {'batch':>9} {'aacalc2':>9}"
          f" {'ratio':>6}  target        ours (IPC)")
    for name, _, _, _, _, wall, cpu, (first_cpu, rank_cpu, batch_cpu), answer in rows:
        ours = ", ".join(f"{n} {u}" for u, n in answer.best.force.items())
        line = (f"{name:<44} {wall * 1000:>7.1f}ms {cpu * 1000:>8.1f}ms"
                f" {first_cpu * 1000:>7.1f}ms {rank_cpu * 1000:>7.1f}ms"
                f" {batch_cpu * 1000:>7.1f}ms")
        other = theirs.get(name)
        if other is None:
            line += f" {'-':>9} {'-':>6}"
            verdict = ""
        else:
            ratio = other["best_cpu_ms"] / 1000 / max(cpu, 1e-6)
            line += f" {other['best_cpu_ms']:>7.1f}ms {ratio:>5.1f}x"
            verdict = ("" if ratio >= GOAL_RATIO else
                       "below goal" if ratio >= TARGET_RATIO else "SLOW")
        line += (f"  >= {TARGET_RATIO:.0f}x ({GOAL_RATIO:.0f}x)  {ours} ({answer.best.cost})"
                 f"  {verdict}")
        if other is not None:
            line += f"   aacalc2's exhaust answer: {other['army']} ({other['cost']})"
        print(line)
    print(flush=True)


side_by_side.repeat = 1

#: Plans near the bound (issue 34's limits): 1942 land attackers of 5 types (their whole
#: army, cheapest first) against one defender, both dice modes, with and without an AA gun.
BOUND_ARMIES = [
    ("36,854 forces", {"infantry": 12, "artillery": 8, "armor": 8, "fighter": 6, "bomber": 4}),
    ("111,077 forces", {"infantry": 16, "artillery": 10, "armor": 10, "fighter": 8,
                        "bomber": 5}),
    ("273,272 forces", {"infantry": 20, "artillery": 12, "armor": 12, "fighter": 10,
                        "bomber": 6}),
]
BOUND_DEFENDER = {"infantry": 20, "artillery": 8, "armor": 8, "fighter": 4}
#: The child: the plan's first line (what it did), then its peak memory (KB) and CPU time.
_CHILD = ("import resource, sys\nfrom combatassist.cli import main\nmain(sys.argv[1:])\n"
          "u = resource.getrusage(resource.RUSAGE_SELF)\n"
          "print('peak-kb', u.ru_maxrss, u.ru_utime + u.ru_stime, file=sys.stderr)\n")


def at_the_bound() -> None:
    """Exhaustive or a search (``planner.plan``'s choice: the forces valued backwards,
    ``value_cost``, when their estimated work and memory fit the bound), each plan in a
    process of its own: what it did, the estimate (work as seconds at the sweep's ~1.2e10
    a second, memory), its CPU time and peak memory."""
    import sys
    import tempfile

    from combatassist import limits
    print(f"\n{'plan at the bound (1942 land, v 20/8/8/4)':<44} {'did':<36} {'estimate':>16}"
          f" {'cpu':>8} {'peak':>8}  bound {limits.MAX_SECONDS} s / {limits.MAX_MEMORY_GB} GB")
    for name, attacker in BOUND_ARMIES:
        for dice in ("lowluck", "standard"):
            for aa in (False, True):
                defender = dict(BOUND_DEFENDER, **({"aa_gun": 1} if aa else {}))
                text = _text(dice, attacker, defender)
                scenario = parse_scenario_text(text).body
                cost = planner._Question(scenario, scenario.plan).value_cost()
                with tempfile.TemporaryDirectory() as folder:
                    path = Path(folder) / "plan.toml"
                    path.write_text(text, encoding="utf-8")
                    done = subprocess.run([sys.executable, "-c", _CHILD, "plan", str(path)],
                                          capture_output=True, text=True)
                first = (done.stdout.splitlines() or [""])[0]
                did = (first.split("% (", 1)[-1].split(" forces")[0]
                       + (", unproven" if "not every" in first else ""))
                _, kb, cpu = done.stderr.strip().splitlines()[-1].split()
                estimate = (f"{cost.work / 1.2e10:5.1f} s {cost.bytes / 1e6:5.0f} MB"
                            if cost is not None else "-")
                print(f"{name + ', ' + dice + (', AA gun' if aa else ''):<44} {did:<36}"
                      f" {estimate:>16} {float(cpu):>6.2f} s {int(kb) / 1024:>5.0f} MB",
                      flush=True)
    print(flush=True)


at_the_bound.repeat = 1

#: Plans under a retreat policy (every force's best retreats: ``sea_values.Retreat`` on the
#: lattice): the workloads above with ``retreat``. Before the lattice took them, each force's
#: policy was found on the general solver: 12 v 8 profit 28 s, 17 v 10 profit 167 s (a
#: search of 1,480 past the bound), 15 v 7 profit 7.5 s, 23 v 14 profit 23 s (a search of
#: 1,089 that missed the cheapest force).
POLICY_PLANS = [(WORKLOADS[2], 'retreat = "profit"', ("standard", "lowluck")),
                (WORKLOADS[3], 'retreat = "profit"', ("standard",)),
                (WORKLOADS[0], 'retreat = "profit"', ("standard",)),
                (WORKLOADS[1], 'retreat = "profit"', ("standard", "lowluck")),
                (WORKLOADS[1], 'retreat = "strafe"', ("standard",)),
                # retreat rules alone (each force on its own before: 17 v 10 a search of
                # 1,480 in ~30-36 s; 23 v 14 a search of 1,089, unproven)
                (WORKLOADS[3], "retreat_below = 0.3", ("standard",)),
                (WORKLOADS[1], "retreat_below = 0.3\nretreat_when_units = 3", ("standard",)),
                # "only aircraft left" on the lattice (on its own before: 15 v 7 under profit
                # with it 9 s); "after round N" a round limit of the batch (23 v 14 with 2
                # rounds: a search of 1,115 that the bound stopped, 3.3 s)
                (WORKLOADS[0], 'retreat = "profit"\nretreat_when_only_air = true',
                 ("standard",)),
                (WORKLOADS[1], "retreat_after = 2", ("standard", "lowluck")),
                # the defender's AA gun under "profit": on the lattice, round 1's AA fire
                # pushed force by force (on its own before: 15 v 7 ~15 s; 23 v 14 a search
                # of 1,108 in ~40 s, past the bound, that missed the cheapest by 5 IPC)
                (("15 v 8 (an AA gun), 671 sub-armies", WORKLOADS[0][1],
                  {"infantry": 4, "aa_gun": 1, "armor": 2, "fighter": 1}, "land",
                  ("standard",)), 'retreat = "profit"', ("standard", "lowluck")),
                (("23 v 14 (an AA gun), 4,049 sub-armies",
                  {"infantry": 8, "artillery": 4, "armor": 5, "fighter": 4, "bomber": 2},
                  {"infantry": 6, "artillery": 2, "aa_gun": 1, "armor": 3, "fighter": 2},
                  "land", ("standard",)), 'retreat = "profit"', ("standard",)),
                # the attacker's last land units kept for last under "profit" (each cell's
                # casualties so; on its own before: 15 v 7 ~5.7 s)
                (WORKLOADS[0], 'retreat = "profit"\nkeep_land_units = 2',
                 ("standard", "lowluck"))]


def policy_plans() -> None:
    """Plans under a retreat policy or retreat rules, best CPU time of ``REPEAT`` (no peer:
    aacalc2's recommender takes no retreat policy)."""
    print(f"\n{'cheapest force under a retreat policy or rules (1942, exact)':<64}"
          f" {'cpu: plan':>10}"
          f"  {'did':<28} ours (IPC)")
    for (name, attacker, defender, battle, _), policy, modes in POLICY_PLANS:
        for dice in modes:
            text = _text(dice, attacker, defender, battle).replace(
                f'battle = "{battle}"\n', f'battle = "{battle}"\n{policy}\n')
            scenario = parse_scenario_text(text).body
            _, cpu, answer = _best(lambda: planner.plan(scenario))
            did = (f"every one of {answer.forces:,}" if answer.exhaustive
                   else f"a search of {answer.searched:,}")
            ours = ", ".join(f"{n} {u}" for u, n in answer.best.force.items())
            rule = policy.replace("retreat = ", "").replace('"', "").replace("\n", ", ")
            print(f"{name + ', ' + rule + ', ' + dice:<64} {cpu * 1000:>8.1f}ms  {did:<28}"
                  f" {ours} ({answer.best.cost}){'' if answer.meets else ', misses'}",
                  flush=True)
    print(flush=True)


policy_plans.repeat = 1

#: Plans of a first wave with a second wave given (and a counter-attack), 1942 land (the
#: target: taking the territory 95 %; taking and holding it 60 %): every
#: first wave a battle of the batch or valued backwards, its ends worth what the later waves
#: and the counter-attack make of them (``planner._Later``). Before, each force's whole
#: attack on its own: 674 forces 4.5 s; 1,583 with a counter-attack a search of 270 in
#: 2.4 s (the bound stopped it).
WAVE_PLANS = [
    ("18 available v 10, then 3 armor, 2 fighters",
     {"infantry": 8, "artillery": 4, "armor": 4, "fighter": 2},
     {"armor": 3, "fighter": 2}, {"infantry": 6, "artillery": 2, "armor": 2}, None,
     "takes_territory", 0.95),
    # under "profit" (on the lattice; each whole attack on its own before: 28.6 s)
    ("18 available v 10, then 3 armor, 2 fighters, profit",
     {"infantry": 8, "artillery": 4, "armor": 4, "fighter": 2},
     {"armor": 3, "fighter": 2}, {"infantry": 6, "artillery": 2, "armor": 2}, None,
     "takes_territory", 0.95),
    ("23 available v 14, then 3 armor, 2 fighters, counter 7",
     {"infantry": 10, "artillery": 5, "armor": 5, "fighter": 3},
     {"armor": 3, "fighter": 2}, {"infantry": 8, "artillery": 3, "armor": 3},
     {"infantry": 4, "armor": 3}, "takes_and_holds", 0.6),
]


def wave_plans() -> None:
    """Plans of the first wave with later waves (and a counter-attack) given, best CPU time
    of ``REPEAT`` (no peer: aacalc2's recommender takes one wave)."""
    print(f"\n{'cheapest first wave (1942 land, exact)':<64} {'cpu: plan':>10}  {'did':<28}"
          f" ours (IPC)")
    for name, first, later, defender, counter, target, value in WAVE_PLANS:
        for dice in ("standard", "lowluck"):
            text = _text(dice, first, defender).replace(
                "[defender]", "[[attacker.waves]]\nunits = { "
                + ", ".join(f"{u} = {n}" for u, n in later.items()) + " }\n[defender]")
            if counter:
                text = text.replace("[plan]", "[counter]\nunits = { " + ", ".join(
                    f"{u} = {n}" for u, n in counter.items()) + " }\n[plan]")
            text = text.replace(f"attacker_wins = {TARGET}", f"{target} = {value}")
            if name.endswith("profit"):
                text = text.replace('battle = "land"\n', 'battle = "land"\nretreat = "profit"\n')
            scenario = parse_scenario_text(text).body
            _, cpu, answer = _best(lambda: planner.plan(scenario))
            did = (f"every one of {answer.forces:,}" if answer.exhaustive
                   else f"a search of {answer.searched:,}")
            ours = ", ".join(f"{n} {u}" for u, n in answer.best.force.items())
            print(f"{name + ', ' + dice:<64} {cpu * 1000:>8.1f}ms  {did:<28}"
                  f" {ours} ({answer.best.cost}){'' if answer.meets else ', misses'}",
                  flush=True)
    print(flush=True)


wave_plans.repeat = 1

BENCHMARKS = [("planner: recommender workloads (the table above; this line: its run)", None,
               side_by_side),
              ("planner: plans under a retreat policy (the table above)", None, policy_plans),
              ("planner: plans of a first wave (the table above)", None, wave_plans),
              ("planner: exhaustive or a search at the bound (the table above)", None,
               at_the_bound)]
