#!/usr/bin/env node
/**
 * Lighthouse figure of the login page (product bar: performance ≥ 90 on mobile). Starts the real
 * server on a free port (embedded database in a temporary folder, no broker, no demo) serving the
 * built console (`npm run build -w @ztj/web` first), runs Lighthouse's mobile performance audit
 * (its default simulated throttling: slow 4G, 4× CPU) in Debian's Chromium `runs` times, and prints
 * medians, one figure per line:
 *
 *   login_lighthouse_mobile_performance   score 0–100
 *   login_fcp_ms / login_lcp_ms / login_tbt_ms
 *
 * Usage: node apps/web/bench/lighthouse.mjs [--runs 3]   (CHROME_PATH overrides /usr/bin/chromium)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..', '..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] || 3) || 3;

if (!existsSync(join(here, '..', 'dist', 'index.html'))) {
  process.stderr.write('apps/web/dist is missing: run `npm run build -w @ztj/web` first\n');
  process.exit(2);
}

const freePort = () =>
  new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'ztj-lh-'));
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', MQTT_PORT: 'off', DEMO: 'off', DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench-Admin#2026', LOG_LEVEL: 'warn', WEB_DIR: join(root, 'apps/web/dist') };
delete env.DATABASE_URL; // the embedded database: what a fresh install serves
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const url = `http://127.0.0.1:${port}/`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}ztj-iot/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const results = [];
  try {
    for (let i = 0; i < runs; i++) {
      const { lhr } = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], formFactor: 'mobile', output: 'json', logLevel: 'error' });
      const a = lhr.audits;
      results.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: a['first-contentful-paint'].numericValue,
        lcp: a['largest-contentful-paint'].numericValue,
        tbt: a['total-blocking-time'].numericValue,
      });
      process.stderr.write(`run ${i + 1}: ${JSON.stringify(results.at(-1))}\n`);
    }
  } finally {
    await chrome.kill();
  }
  process.stdout.write(`login_lighthouse_mobile_performance ${median(results.map((r) => r.score))}\n`);
  process.stdout.write(`login_fcp_ms ${Math.round(median(results.map((r) => r.fcp)))}\n`);
  process.stdout.write(`login_lcp_ms ${Math.round(median(results.map((r) => r.lcp)))}\n`);
  process.stdout.write(`login_tbt_ms ${Math.round(median(results.map((r) => r.tbt)))}\n`);
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
