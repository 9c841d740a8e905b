// aacalc2's expected-profit retreat (threshold 0, the territory's value counting) on battles,
// for bench_lowluck_policy.py (only when AACALC2_DIR names a built checkout).
// stdin: {"dist": "<checkout>/dist/index.js", "battles": [{"attack", "defense", "tv", "dice"}]}
// (aacalc2's unit names, cheapest lost first); stdout: one JSON list of {"profit",
// "takes_territory"}: the defender's IPC lost minus the attacker's, whose aacalc2 figure
// already counts the territory's value as a gain where it is taken.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const job = JSON.parse(readFileSync(0, 'utf8'));
const { multiwaveExternal } = await import(pathToFileURL(job.dist).href);
const out = [];
for (const b of job.battles) {
  const r = multiwaveExternal({
    wave_info: [{
      attack: { units: b.attack, ool: ['inf', 'art', 'arm', 'fig', 'bom'], takes: 0, aaLast: false },
      defense: { units: b.defense, ool: ['inf', 'art', 'arm', 'fig', 'bom', 'aa'], takes: 0,
                 aaLast: false },
      att_submerge: false, def_submerge: false, att_dest_last: false, def_dest_last: false,
      is_crash_fighters: false, rounds: 100, retreat_threshold: 0,
      retreat_expected_ipc_profit_threshold: 0,
    }],
    debug: false, prune_threshold: 1e-12, report_prune_threshold: 1e-12, is_naval: false,
    in_progress: false, num_runs: 1, verbose_level: 0, diceMode: b.dice, sortMode: 'unit_count',
    territory_value: b.tv, retreat_round_zero: true,
  });
  out.push({ profit: r.defense.ipcLoss[0] - r.attack.ipcLoss[0],
             takes_territory: r.takesTerritory[0] });
}
console.log(JSON.stringify(out));
