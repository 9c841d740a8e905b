// Times aacalc2's army recommender (github.com/mshih01/aacalc2, built with `npx tsc`) in
// its `exhaust` mode (every sub-army of the attacker solved, the least IPC one meeting the
// target kept) in-process, for bench_planner.py. Nothing in the repository needs aacalc2:
// the benchmark runs this only when AACALC2_DIR names a built checkout.
//
// stdin: {"dist": "<checkout>/dist/index.js", "repeat": N, "jobs": [{"name", "attack",
// "defense", "att_ool", "def_ool", "dice" ('standard' | 'lowluck'), "target" (0..1),
// optional "is_naval"}]}
// (aacalc2's unit names); stdout: one JSON list of {"name", "best_ms", "best_cpu_ms",
// "army", "cost"} (best of N runs; prune 1e-12 as bench_aacalc2's driver).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const job = JSON.parse(readFileSync(0, 'utf8'));
const { armyRecommend } = await import(pathToFileURL(job.dist).href);

function input(j) {
  // a fresh input each run: exhaust writes each sub-army into wave_info[0]
  return {
    wave_info: [
      {
        attack: { units: { ...j.attack }, ool: j.att_ool, takes: 0, aaLast: false },
        defense: { units: { ...j.defense }, ool: j.def_ool, takes: 0, aaLast: false },
        att_submerge: false, def_submerge: false, att_dest_last: false, def_dest_last: false,
        is_crash_fighters: false, rounds: 100, retreat_threshold: 0,
      },
    ],
    debug: false, prune_threshold: 1e-12, report_prune_threshold: 1e-12,
    is_naval: j.is_naval ?? false, in_progress: false, num_runs: 1, verbose_level: 0,
    diceMode: j.dice ?? 'standard', sortMode: 'unit_count',
    attDefType: 'attacker', optimizeMode: 'targetWinPercentage', numRecommendations: 1,
    targetPercentage: j.target, pwinMode: 'destroys', solveType: 'exhaust',
  };
}

const out = [];
for (const j of job.jobs) {
  let best = Infinity;
  let bestCpu = Infinity;
  let result;
  for (let i = 0; i < job.repeat; i++) {
    const inp = input(j);
    const t0 = process.hrtime.bigint();
    const c0 = process.cpuUsage();
    result = armyRecommend(inp);
    const cpu = process.cpuUsage(c0);
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6);
    bestCpu = Math.min(bestCpu, (cpu.user + cpu.system) / 1e3);
  }
  const rec = result.recommendations[0];
  out.push({ name: j.name, best_ms: best, best_cpu_ms: bestCpu, army: rec.army, cost: rec.cost });
}
process.stdout.write(JSON.stringify(out));
