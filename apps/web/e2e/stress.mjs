#!/usr/bin/env node
/**
 * Runs the given browser specs N times under a CPU load, to find a flake before it lands:
 *
 *   npm run test:e2e:stress -- [--runs N] [--load K] <spec…> [playwright args]
 *
 * N (default 5, or E2E_STRESS_RUNS) separate `playwright test` runs, each with a fresh server and
 * data directory as in CI, one after the other, while K threads (default: one per core, or
 * E2E_STRESS_LOAD) spin on the CPU, as on the shared 2-core CI machine when it is busy. Each run
 * writes its results to test-results/e2e-stress/run-<i>; a failed test keeps its trace there
 * (`trace: retain-on-failure` in playwright.config.ts), and the summary prints the path of every
 * trace with the command that opens it. Exit code 1 when any run failed. The console must be built
 * (`npm run build -w @ztj/web`) as for `node apps/web/e2e/run.mjs`.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const outRoot = join(root, 'test-results', 'e2e-stress');

function parse(argv) {
  let runs = Number(process.env.E2E_STRESS_RUNS ?? 5);
  let load = Number(process.env.E2E_STRESS_LOAD ?? availableParallelism());
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.split('=', 2);
    if (flag === '--runs' || flag === '--load') {
      const value = Number(inline ?? argv[++i]);
      if (!Number.isInteger(value) || value < (flag === '--runs' ? 1 : 0))
        throw new Error(`${flag} needs a whole number, got ${inline ?? argv[i]}`);
      if (flag === '--runs') runs = value;
      else load = value;
    } else rest.push(arg);
  }
  if (!rest.some((a) => !a.startsWith('-')))
    throw new Error(
      'name the spec files to stress, e.g. npm run test:e2e:stress -- apps/web/e2e/system/quartz.spec.ts',
    );
  return { runs, load, rest };
}

/** K threads that keep a core each busy until terminated. */
function startLoad(threads) {
  return Array.from({ length: threads }, () => new Worker('for (;;) { Math.sqrt(Math.random()); }', { eval: true }));
}

/** Every trace.zip under `dir` (Playwright keeps one per failed test). */
function tracesUnder(dir) {
  if (!existsSync(dir)) return [];
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...tracesUnder(path));
    else if (name === 'trace.zip') found.push(path);
  }
  return found;
}

function runOnce(index, args) {
  const output = join(outRoot, `run-${index}`);
  rmSync(output, { recursive: true, force: true });
  // a fresh server data directory, schema and console snapshot per run (playwright.config.ts)
  const env = { ...process.env };
  delete env.ZTJ_E2E_DATA_DIR;
  delete env.ZTJ_E2E_SCHEMA;
  delete env.ZTJ_E2E_WEB_DIR;
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(root, 'apps/web/e2e/run.mjs'), '--output', output, ...args], {
      cwd: root,
      stdio: 'inherit',
      env,
    });
    child.on('exit', (code, signal) =>
      done({
        index,
        code: code ?? (signal ? 1 : 0),
        seconds: (Date.now() - started) / 1000,
        traces: tracesUnder(output),
      }),
    );
  });
}

const { runs, load, rest } = parse(process.argv.slice(2));
console.log(
  `stress: ${runs} run(s) of ${rest.join(' ')} with ${load} busy thread(s) on ${availableParallelism()} core(s)`,
);
const workers = startLoad(load);
const results = [];
try {
  for (let i = 1; i <= runs; i++) {
    console.log(`\n── stress run ${i}/${runs} (load average ${loadavg()[0].toFixed(1)}) ──`);
    results.push(await runOnce(i, rest));
  }
} finally {
  await Promise.all(workers.map((w) => w.terminate()));
}

const failed = results.filter((r) => r.code !== 0);
console.log('\n── stress summary ──');
for (const r of results)
  console.log(`run ${r.index}: ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`} in ${r.seconds.toFixed(0)} s`);
for (const r of failed) {
  if (r.traces.length === 0)
    console.log(`run ${r.index}: no trace kept (the failure came before a test ran: see its output above)`);
  for (const trace of r.traces)
    console.log(
      `run ${r.index} trace: ${relative(root, trace)}\n  open it with: npx playwright show-trace ${relative(root, trace)}`,
    );
}
console.log(failed.length === 0 ? `all ${runs} run(s) passed under load` : `${failed.length} of ${runs} run(s) failed`);
process.exit(failed.length === 0 ? 0 : 1);
