#!/usr/bin/env node
/**
 * Media of the help pages: signs in to a running demo server in headless
 * Chromium and walks through the operator's main tasks once per language (zh-CN, en-US). On the
 * way it keeps one still per task and a frame sequence, and writes into
 * apps/web/public/help/<lang>/ (shipped with the console, no outside host):
 *   signin, dashboard, devices, device, alarms, waybill, warehouse, downloads .webp — the help
 *     page's screenshots (1280×800, WebP quality 72);
 *   walkthrough.webm — the help video (VP9, one STEP_SECONDS-long chapter per step, under 60 s);
 *   walkthrough.vtt — its captions (the texts of help.json `video.steps`), poster.webp — its poster.
 *
 * Run (`npm run help:media` from the repository root) against a demo server with its simulator
 * (MQTT_PORT=0 gives it an embedded broker; MQTT_PORT=off would leave the demo tenant without data)
 * and the login captcha off:
 *   PORT=18520 MQTT_PORT=0 LOGIN_CAPTCHA=off DATA_DIR=/tmp/h2-data ADMIN_PASSWORD='…' npm start
 *   BASE_URL=http://127.0.0.1:18520 ADMIN_PASSWORD='…' npm run help:media
 * playwright-core's recordVideo needs a downloaded ffmpeg, so frames are screenshots, assembled
 * with the system's ffmpeg (FFMPEG, default `ffmpeg`; Debian's has libvpx and libwebp):
 *   ffmpeg -f concat -safe 0 -i frames.txt -vf fps=12,scale=1024:-2,format=yuv420p \
 *     -c:v libvpx-vp9 -b:v 0 -crf 36 -row-mt 1 -deadline good -cpu-used 4 -an walkthrough.webm
 * where frames.txt lists each frame with how long it stays (its step stretched to STEP_SECONDS).
 * After editing the step texts only, `--captions` rewrites the captions without recording again.
 * Uses playwright-core with Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const USER = process.env.ADMIN_USER ?? 'admin';
const PASSWORD = process.env.ADMIN_PASSWORD;
const OUT = resolve(process.env.HELP_MEDIA_DIR ?? join(WEB, 'public', 'help'));
const FFMPEG = process.env.FFMPEG ?? 'ffmpeg';
const LANGS = ['zh-CN', 'en-US'];
const VIEWPORT = { width: 1280, height: 800 };
/** Length of every chapter of the video; the help-video page seeks to step × this. */
const STEP_SECONDS = 5.5;
/** The demo device whose history, report and detail the walk-through opens. */
const DEVICE = 'SIM-VH-001';

/** The chapters in the order the walk-through records them (HelpVideoPage's VIDEO_STEPS). */
const STEPS = ['signin', 'tenant', 'dashboard', 'devices', 'device', 'alarms', 'waybill', 'warehouse', 'downloads'];

if (process.argv.includes('--captions')) {
  for (const lang of LANGS) writeFileSync(join(OUT, lang, 'walkthrough.vtt'), captions(lang, STEPS));
  console.log('help media: captions rewritten');
  process.exit(0);
}
if (!PASSWORD) {
  console.error('ADMIN_PASSWORD is required');
  process.exit(2);
}

/** Frames of one walk-through: screenshots with the time they were taken, grouped by step. */
class Recorder {
  constructor(page, dir) {
    this.page = page;
    this.dir = dir;
    this.steps = [];
  }

  /** Starts the chapter `key` (a key of help.json `video.steps`). */
  step(key) {
    this.steps.push({ key, frames: [] });
  }

  /** One frame now; returns its PNG. */
  async frame() {
    const file = join(this.dir, `${String(this.steps.reduce((n, s) => n + s.frames.length, 0)).padStart(4, '0')}.png`);
    const png = await this.page.screenshot({ path: file });
    this.steps.at(-1).frames.push({ file, at: Date.now() });
    return png;
  }

  /** Frames for `ms` (what loads and moves on the screen), at most every 350 ms. */
  async settle(ms) {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      await this.frame();
      await this.page.waitForTimeout(350);
    }
    await this.frame();
  }

  /** The concat list: every step lasts STEP_SECONDS, its frames keep their relative timing. */
  concatList() {
    const lines = ['ffconcat version 1.0'];
    let last = null;
    for (const { frames } of this.steps) {
      const span = Math.max(1, frames.at(-1).at - frames[0].at);
      // the last frame of a step holds a third of the chapter; the others share the rest
      frames.forEach((f, i) => {
        const next = frames[i + 1];
        const d = next
          ? ((next.at - f.at) / span) * STEP_SECONDS * (2 / 3)
          : frames.length === 1
            ? STEP_SECONDS
            : STEP_SECONDS / 3;
        lines.push(`file '${f.file}'`, `duration ${d.toFixed(3)}`);
        last = f.file;
      });
    }
    lines.push(`file '${last}'`); // the concat demuxer ignores the last entry's duration
    return lines.join('\n');
  }
}

function ffmpeg(args) {
  execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
}

/** Writes a PNG buffer as WebP (lossy, quality 72). */
function toWebp(png, out, tmp) {
  const src = join(tmp, 'still.png');
  writeFileSync(src, png);
  ffmpeg(['-i', src, '-c:v', 'libwebp', '-quality', '72', '-compression_level', '6', out]);
}

function vttTime(seconds) {
  const ms = Math.round(seconds * 1000);
  const h = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
  const m = String(Math.floor(ms / 60_000) % 60).padStart(2, '0');
  const s = String(Math.floor(ms / 1000) % 60).padStart(2, '0');
  return `${h}:${m}:${s}.${String(ms % 1000).padStart(3, '0')}`;
}

/** Captions: one cue per chapter with that step's text from help.json. */
function captions(lang, keys) {
  const texts = JSON.parse(readFileSync(join(WEB, 'src', 'locales', lang, 'help.json'), 'utf8')).video.steps;
  const cues = keys.map(
    (k, i) =>
      `${i + 1}\n${vttTime(i * STEP_SECONDS)} --> ${vttTime((i + 1) * STEP_SECONDS)}\n${texts[k].title}: ${texts[k].text}`,
  );
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** The demo's ongoing waybill (seeded by the demo on its real tracks). */
const ONGOING_WAYBILL = 'Reefer run West yard to hub';

/** Opens the add form for a moment, then the ongoing demo waybill's detail with its truck on the map. */
async function waybillFlow(page, rec) {
  const list = page.getByTestId('waybills');
  await list.getByText(ONGOING_WAYBILL).waitFor({ timeout: 30_000 });
  await rec.settle(600);
  await page.getByTestId('list-add').click();
  await page.getByTestId('waybill-edit').waitFor({ timeout: 30_000 });
  await rec.settle(1_200);
  await page.goBack();
  await list.getByText(ONGOING_WAYBILL).click({ timeout: 30_000 });
  const detail = page.getByTestId('waybill-detail');
  await detail.waitFor({ timeout: 30_000 });
  await detail
    .getByTestId('waybill-map')
    .locator('.ztj-waybill-truck')
    .waitFor({ timeout: 30_000 })
    .catch(() => undefined);
  await rec.settle(800);
  // down to the map, the waybill's name and state still in view
  await page.mouse.move(740, 500);
  await page.mouse.wheel(0, 330);
}

/** The walk-through of one language; stills go to `dir`, frames to `rec`. */
async function walkThrough(page, rec, dir, tmp) {
  const still = async (name) => toWebp(await rec.frame(), join(dir, `${name}.webp`), tmp);
  const go = async (path, testId) => {
    await page.goto(`${BASE_URL}/#${path}`);
    await page.getByTestId(testId).waitFor({ timeout: 60_000 });
  };

  rec.step('signin');
  await page.goto(`${BASE_URL}/#/user/login`);
  await page.getByTestId('login-form').waitFor();
  await page.waitForLoadState('networkidle');
  await rec.frame();
  await page.getByTestId('login-username').pressSequentially(USER, { delay: 60 });
  await rec.frame();
  await page.getByTestId('login-password').pressSequentially(PASSWORD, { delay: 30 });
  await still('signin');
  await page.getByTestId('login-submit').click();

  rec.step('tenant');
  const tenantChoice = page.getByTestId('tenant-choice');
  await Promise.race([
    tenantChoice.waitFor({ timeout: 30_000 }),
    page.getByTestId('dashboard').waitFor({ timeout: 30_000 }),
  ]);
  await rec.settle(600);
  if (await tenantChoice.isVisible()) {
    await tenantChoice.getByRole('radio').last().check();
    await rec.settle(900);
    await page.locator('.ant-modal').getByRole('button').last().click();
  }

  rec.step('dashboard');
  await page.getByTestId('stat-users').waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await rec.settle(2_500);
  await still('dashboard');

  rec.step('devices');
  await go('/device/list', 'device-list');
  await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
  await rec.settle(2_000);
  await still('devices');

  rec.step('device');
  await go(`/device/detail/${DEVICE}`, 'device-detail');
  await rec.settle(1_000);
  await page
    .getByTestId('device-detail')
    .getByRole('tab', { name: /History chart|历史曲线/ })
    .click();
  await rec.settle(3_000);
  await still('device');
  await page.getByTestId('report-open').click();
  await page.getByTestId('report-submit').waitFor();
  await rec.settle(800);
  await page.getByTestId('report-submit').click();
  await page.getByTestId('report-download').or(page.getByTestId('report-failed')).waitFor({ timeout: 120_000 });
  await rec.settle(800);
  await page.keyboard.press('Escape');

  rec.step('alarms');
  await go('/alarm/list', 'alarm-list');
  await rec.settle(2_500);
  await still('alarms');

  rec.step('waybill');
  await go('/task/list', 'waybills');
  await waybillFlow(page, rec);
  await rec.settle(2_500);
  await still('waybill');

  rec.step('warehouse');
  await go('/warehouse/list', 'warehouses');
  await rec.settle(1_200);
  await go('/warehouse/create', 'warehouse-form');
  await rec.settle(1_500);
  await still('warehouse');

  rec.step('downloads');
  await go('/account/downcenter', 'download-center');
  await page.getByTestId('download-center').locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
  await rec.settle(1_500);
  await still('downloads');
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

try {
  for (const lang of LANGS) {
    const dir = join(OUT, lang);
    const tmp = mkdtempSync(join(tmpdir(), 'ztj-help-media-'));
    mkdirSync(dir, { recursive: true });
    const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, locale: lang });
    await context.addInitScript((language) => {
      localStorage.setItem('pro__LANGUAGE', JSON.stringify({ value: language, expire: null }));
    }, lang);
    // nothing outside the server: map tiles are refused, maps draw on their blank background
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) => route.abort());
    const page = await context.newPage();
    const rec = new Recorder(page, tmp);
    await walkThrough(page, rec, dir, tmp);
    await context.close();

    const list = join(tmp, 'frames.txt');
    writeFileSync(list, rec.concatList());
    ffmpeg([
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      '-vf',
      'fps=12,scale=1024:-2,format=yuv420p',
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '36',
      '-row-mt',
      '1',
      '-deadline',
      'good',
      '-cpu-used',
      '4',
      '-an',
      join(dir, 'walkthrough.webm'),
    ]);
    const dashboardFrame = rec.steps.find((s) => s.key === 'dashboard').frames.at(-1).file;
    ffmpeg([
      '-i',
      dashboardFrame,
      '-vf',
      'scale=1024:-2',
      '-c:v',
      'libwebp',
      '-quality',
      '65',
      join(dir, 'poster.webp'),
    ]);
    const keys = rec.steps.map((s) => s.key);
    if (keys.join() !== STEPS.join()) throw new Error(`steps ${keys.join()} differ from STEPS`);
    writeFileSync(join(dir, 'walkthrough.vtt'), captions(lang, keys));
    rmSync(tmp, { recursive: true, force: true });
    console.log(`help media: ${lang} (${rec.steps.length} steps, ${(rec.steps.length * STEP_SECONDS).toFixed(1)} s)`);
  }
} finally {
  await browser.close();
}
