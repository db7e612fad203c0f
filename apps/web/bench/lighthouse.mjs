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
 *   static_lighthouse_mobile_performance  the same-run ceiling (issue #18): a minimal static page
 *   static_fcp_ms / static_lcp_ms / static_tbt_ms   (bench/ceiling.html: a heading, a two-field form and
 *                                         a stylesheet, no script) served by the same server, audited
 *                                         alternately with the login page, so a slow machine shows as a
 *                                         low ceiling rather than as a slow page
 *
 * Usage: node apps/web/bench/lighthouse.mjs [--runs 5]   (CHROME_PATH overrides /usr/bin/chromium)
 * Lighthouse is not part of the product's install: `npm run bench:web:tools` installs it into
 * apps/web/bench/node_modules (apps/web/bench/package.json, Node 20 compatible).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..', '..');
const args = process.argv.slice(2);
const runs = Math.max(5, Number(args[args.indexOf('--runs') + 1] || 5) || 5);

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
// the console as built, plus the ceiling page next to it (served by the same static handler)
const webDir = join(dataDir, 'web');
cpSync(join(here, '..', 'dist'), webDir, { recursive: true });
copyFileSync(join(here, 'ceiling.html'), join(webDir, 'ceiling.html'));
copyFileSync(join(here, 'ceiling.css'), join(webDir, 'ceiling.css'));
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', MQTT_PORT: 'off', DEMO: 'off', DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench-Admin#2026', LOG_LEVEL: 'warn', WEB_DIR: webDir };
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
  const results = { login: [], static: [] };
  const audit = async (name, target) => {
    const { lhr } = await lighthouse(target, { port: chrome.port, onlyCategories: ['performance'], formFactor: 'mobile', output: 'json', logLevel: 'error' });
    const a = lhr.audits;
    const r = {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: a['first-contentful-paint'].numericValue,
      lcp: a['largest-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
    };
    results[name].push(r);
    process.stderr.write(`${name} run ${results[name].length}: ${JSON.stringify(r)}\n`);
  };
  try {
    for (let i = 0; i < runs; i++) {
      await audit('static', `${url}ceiling.html`);
      await audit('login', url);
    }
  } finally {
    await chrome.kill();
  }
  for (const name of ['login', 'static']) {
    const rs = results[name];
    process.stdout.write(`${name}_lighthouse_mobile_performance ${median(rs.map((r) => r.score))}\n`);
    process.stdout.write(`${name}_fcp_ms ${Math.round(median(rs.map((r) => r.fcp)))}\n`);
    process.stdout.write(`${name}_lcp_ms ${Math.round(median(rs.map((r) => r.lcp)))}\n`);
    process.stdout.write(`${name}_tbt_ms ${Math.round(median(rs.map((r) => r.tbt)))}\n`);
  }
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
