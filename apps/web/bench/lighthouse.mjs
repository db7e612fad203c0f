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
 *   login_lighthouse_desktop_performance  the login page with Lighthouse's desktop preset
 *   dashboard_lighthouse_mobile_performance  the dashboard, signed in; with
 *   dashboard_fcp_ms / dashboard_lcp_ms / dashboard_tbt_ms   dashboard_* timings
 *   static_lighthouse_mobile_performance  the same-run ceiling: a minimal static page
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
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

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
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  MQTT_PORT: 'off',
  DEMO: 'off',
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'Bench-Admin#2026',
  LOG_LEVEL: 'warn',
  WEB_DIR: webDir,
};
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
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  const results = { login: [], static: [], loginDesktop: [], dashboard: [] };
  const audit = async (name, target, { config, page } = {}) => {
    const flags = {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
      ...(page ? { disableStorageReset: true } : {}),
    };
    const { lhr } = await lighthouse(target, flags, config, page);
    const a = lhr.audits;
    const expected = name.startsWith('login')
      ? '/user/login'
      : name === 'dashboard'
        ? '/dashboard/analysis'
        : 'ceiling.html';
    if (!lhr.finalDisplayedUrl.includes(expected))
      throw new Error(`${name} audit ended on ${lhr.finalDisplayedUrl}, not ${expected}`);
    const r = {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: a['first-contentful-paint'].numericValue,
      lcp: a['largest-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
    };
    results[name].push(r);
    process.stderr.write(`${name} run ${results[name].length}: ${JSON.stringify(r)}\n`);
  };
  // the dashboard is audited signed in: a sign-in through the login form before each dashboard audit,
  // the session kept for it (storage not reset) and cleared after it, so the login audits see the
  // login page (each audit checks where it ended)
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const signIn = async () => {
    const page = await browser.newPage();
    await page.goto(`${url}#/user/login`);
    // a session kept in the browser's storage goes straight on to the dashboard
    const form = await page.waitForSelector('[data-testid=login-username], [data-testid=dashboard]', {
      timeout: 60_000,
    });
    if (await form.evaluate((el) => el.getAttribute('data-testid') === 'dashboard')) return page;
    await page.type('[data-testid=login-username]', 'admin');
    await page.type('[data-testid=login-password]', env.ADMIN_PASSWORD);
    await page.click('[data-testid=login-submit]');
    // the administrator belongs to two tenants: the operator's one (the demo tenant, last) is audited;
    // OK is clicked again while the dialog stays (a click while it still animates in can be lost)
    for (const deadline = Date.now() + 90_000; ;) {
      if (await page.$('[data-testid=dashboard]')) break;
      if (Date.now() > deadline) throw new Error('the dashboard did not appear after signing in');
      const radios = await page.$$('[data-testid=tenant-choice] input[type=radio]');
      if (radios.length) {
        await radios.at(-1).click();
        await page.click('.ant-modal .ant-btn-primary').catch(() => {});
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    return page;
  };
  try {
    for (let i = 0; i < runs; i++) {
      await audit('static', `${url}ceiling.html`);
      await audit('login', url);
      await audit('loginDesktop', url, { config: desktopConfig });
      const page = await signIn();
      await audit('dashboard', `${url}#/dashboard/analysis`, { page });
      // signed out again, so the next login audits see the login page
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await page.close();
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }
  const print = (key, value) => process.stdout.write(`${key} ${value}\n`);
  print('login_lighthouse_desktop_performance', median(results.loginDesktop.map((r) => r.score)));
  print('dashboard_lighthouse_mobile_performance', median(results.dashboard.map((r) => r.score)));
  for (const m of ['fcp', 'lcp', 'tbt'])
    print(`dashboard_${m}_ms`, Math.round(median(results.dashboard.map((r) => r[m]))));
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
