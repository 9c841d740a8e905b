// Times battles with aacalc2 (github.com/mshih01/aacalc2, built with `npx tsc`) in-process,
// for bench_aacalc2.py. Nothing in the repository needs aacalc2: the benchmark runs this
// only when AACALC2_DIR names a built checkout.
//
// stdin: {"dist": "<checkout>/dist/index.js", "repeat": N, optional "prune" (aacalc2's
// prune_threshold and report_prune_threshold, default 1e-12), "battles": [{"name", "attack",
// "defense", optional "att_ool", "def_ool", "is_naval", "dice", "repeat" (N for this battle)}]}
// (aacalc2's unit names);
// stdout: one JSON list of {"name", "best_ms", "best_cpu_ms" (the process's CPU time of the
// run, for a busy machine), "attacker_survives", "defender_survives",
// "attacker_ipc_lost", "defender_ipc_lost", "takes_territory"} (best of N runs; prune 1e-12,
// as the issue measured it, unless "prune" says otherwise). Without "att_ool"/"def_ool":
// cheapest first on both sides, AA guns lost last ("aaLast" true would keep one other unit
// behind them); an "ool" lists every unit type present, first lost first (aacalc2 leaves a
// type it doesn't list out of the battle).
// "dice": 'standard' (default) or 'lowluck'.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const job = JSON.parse(readFileSync(0, 'utf8'));
const { multiwaveExternal } = await import(pathToFileURL(job.dist).href);

function input(battle) {
  return {
    wave_info: [
      {
        attack: { units: battle.attack, ool: battle.att_ool ?? ['inf', 'art', 'arm', 'fig', 'bom'],
                  takes: 0, aaLast: false },
        defense: { units: battle.defense,
                   ool: battle.def_ool ?? ['inf', 'art', 'arm', 'fig', 'bom', 'aa'],
                   takes: 0, aaLast: false },
        att_submerge: false, def_submerge: false, att_dest_last: false, def_dest_last: false,
        is_crash_fighters: false, rounds: 100, retreat_threshold: 0,
      },
    ],
    debug: false, prune_threshold: job.prune ?? 1e-12,
    report_prune_threshold: job.prune ?? 1e-12,
    is_naval: battle.is_naval ?? false, in_progress: false, num_runs: 1, verbose_level: 0,
    diceMode: battle.dice ?? 'standard',
    sortMode: 'unit_count',
  };
}

const out = [];
for (const battle of job.battles) {
  let best = Infinity;
  let bestCpu = Infinity;
  let result;
  for (let i = 0; i < (battle.repeat ?? job.repeat); i++) {
    const t0 = process.hrtime.bigint();
    const c0 = process.cpuUsage();
    result = multiwaveExternal(input(battle));
    const cpu = process.cpuUsage(c0);
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6);
    bestCpu = Math.min(bestCpu, (cpu.user + cpu.system) / 1e3);
  }
  out.push({ name: battle.name, best_ms: best, best_cpu_ms: bestCpu,
             attacker_survives: result.attack.survives[0],
             defender_survives: result.defense.survives[0],
             attacker_ipc_lost: result.attack.ipcLoss[0], defender_ipc_lost: result.defense.ipcLoss[0],
             takes_territory: result.takesTerritory[0] });
}
process.stdout.write(JSON.stringify(out));
