/**
 * Paired runs of the ingest benchmark: the overhead of the alarm engine
 * and of geofence/route evaluation is a difference of two throughputs of a few seconds each, on a
 * machine whose speed drifts by tens of percent within minutes. So the figure comes from
 * `pairs` pairs run back to back — each a run without any rule then the same run with the rules,
 * each in its own child process, schema and broker group — and is the median of the pairs'
 * overheads; the other figures are medians over the runs with rules (the raise-to-console p99
 * also as its worst run). Every run's figures go to stderr.
 */
import { execFileSync } from 'node:child_process';

/** The figures one run printed (`name value` lines of stdout). */
type Figures = Map<string, number>;

function runOnce(script: string, env: NodeJS.ProcessEnv): Figures {
  const out = execFileSync(process.execPath, ['--import', 'tsx', script], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const figures: Figures = new Map();
  for (const line of out.split('\n')) {
    const m = /^([a-z0-9_]+) (-?[\d.]+|NaN)$/.exec(line.trim());
    if (m) figures.set(m[1]!, Number(m[2]));
  }
  return figures;
}

/** Median of the finite values (NaN when none). */
function median(values: number[]): number {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!v.length) return NaN;
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

/**
 * Runs `pairs` pairs of `script` (the single-run bench, `BENCH_PAIRS=1` set for it) and prints
 * the figures: the medians of the runs with rules under their usual names,
 * `ingest_msgs_per_s_without_alarms` (median of the runs without), `alarm_eval_overhead_pct` /
 * `geo_throughput_overhead_pct` (median of the pairs' overheads), the same of the runs' warm-up
 * phases (`ingest_msgs_per_s_cold`, see ingest.ts) as `alarm_eval_overhead_cold_pct` /
 * `geo_throughput_overhead_cold_pct`, and `alarm_raise_to_ws_p99_ms_worst`.
 * Throws when a run fails.
 */
export function runPairs(script: string, pairs: number, env: NodeJS.ProcessEnv): void {
  const single = { ...env, BENCH_PAIRS: '1' };
  const base: Figures[] = [];
  const withRules: Figures[] = [];
  const overheads: number[] = [];
  const coldOverheads: number[] = [];
  for (let i = 0; i < pairs; i++) {
    process.stderr.write(`bench: pair ${i + 1}/${pairs}, run without rules\n`);
    const b = runOnce(script, { ...single, BENCH_ALARM_TEMPLATES: '0', BENCH_GEO: '0' });
    process.stderr.write(`bench: pair ${i + 1}/${pairs}, run with rules\n`);
    const r = runOnce(script, single);
    base.push(b);
    withRules.push(r);
    const [rb, rr] = [b.get('ingest_msgs_per_s') ?? NaN, r.get('ingest_msgs_per_s') ?? NaN];
    const overhead = 100 * (1 - rr / rb);
    overheads.push(overhead);
    coldOverheads.push(100 * (1 - (r.get('ingest_msgs_per_s_cold') ?? NaN) / (b.get('ingest_msgs_per_s_cold') ?? NaN)));
    process.stderr.write(
      `bench: pair ${i + 1}: ${rb} msg/s without rules, ${rr} with (overhead ${overhead.toFixed(1)} %, cold ${coldOverheads[i]!.toFixed(1)} %)` +
        `${Number.isFinite(r.get('alarm_raise_to_ws_p99_ms')) ? `, raise-to-console p99 ${r.get('alarm_raise_to_ws_p99_ms')} ms` : ''}` +
        `${r.has('geo_eval_overhead_pct') ? `, geo_eval_overhead_pct ${r.get('geo_eval_overhead_pct')}` : ''}\n`,
    );
  }
  const names = [...withRules[0]!.keys()];
  for (const name of names) {
    const m = median(withRules.map((f) => f.get(name) ?? NaN));
    process.stdout.write(`${name} ${Number.isInteger(m) ? m : m.toFixed(1)}\n`);
  }
  process.stdout.write(
    `ingest_lost_total ${withRules.concat(base).reduce((n, f) => n + (f.get('ingest_lost') ?? 0), 0)}\n`,
  );
  process.stdout.write(
    `ingest_msgs_per_s_without_alarms ${Math.round(median(base.map((f) => f.get('ingest_msgs_per_s') ?? NaN)))}\n`,
  );
  const overhead = median(overheads).toFixed(1);
  const coldOverhead = median(coldOverheads);
  const p99s = withRules.map((f) => f.get('alarm_raise_to_ws_p99_ms') ?? NaN).filter(Number.isFinite);
  if (p99s.length) process.stdout.write(`alarm_raise_to_ws_p99_ms_worst ${Math.max(...p99s)}\n`);
  const name =
    (env.BENCH_GEO ?? '0') === '1' && Number(env.BENCH_ALARM_TEMPLATES ?? 5) === 0
      ? 'geo_throughput_overhead'
      : 'alarm_eval_overhead';
  if (Number.isFinite(coldOverhead)) process.stdout.write(`${name}_cold_pct ${coldOverhead.toFixed(1)}\n`);
  process.stdout.write(`${name}_pct ${overhead}\n`);
}
