#!/usr/bin/env node
/**
 * Bundle budget figures: gzip size of what the browser downloads for the login page
 * and for the dashboard, read from the Vite manifest after `vite build`.
 *
 *   login_js_css_gzip_kb      entry + LoginPage chunk + their static imports (JS and CSS)
 *   dashboard_js_css_gzip_kb  entry + console shell (basic layout) + menu routes (screen registry) +
 *                             AnalysisPage chunks + their static imports
 *
 * Each file is gzipped on its own with node:zlib (level 9) and counted once.
 * Usage: node apps/web/bench/bundle-size.mjs [distDir] [--check]
 *   --check exits 1 when a figure is over its budget (login 250, dashboard 450), or when the login
 *   page's initial module graph holds a chunk of the console shell (the layouts, the route builder,
 *   the dashboard) or of antd's runtime: a later static import must not pull them back into the
 *   login's path. `npm run test:e2e` runs it on the build it tests.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const check = args.includes('--check');
const dist = resolve(args.find((a) => !a.startsWith('--')) ?? join(here, '..', 'dist'));
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const ROUTES = {
  login: ['src/features/auth/LoginPage.tsx'],
  dashboard: ['src/app/shell/ConsoleShell.tsx', 'src/app/menuRoutes.ts', 'src/features/dashboard/AnalysisPage.tsx'],
};
/** Budgets, KB gzip. */
const BUDGETS = { login: 250, dashboard: 450 };

function entryKey() {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!key) throw new Error('no entry in the Vite manifest');
  return key;
}

/** Files (JS and CSS) of `keys` and everything they import statically. */
function filesOf(keys) {
  const seen = new Set();
  const files = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

function gzipKb(files) {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  return Math.round((bytes / 1024) * 10) / 10;
}

const entry = entryKey();
let over = false;
for (const [name, keys] of Object.entries(ROUTES)) {
  const kb = gzipKb(filesOf([entry, ...keys]));
  console.log(`${name}_js_css_gzip_kb ${kb}`);
  if (kb > BUDGETS[name]) {
    over = true;
    console.error(`${name} is over its budget of ${BUDGETS[name]} KB gzip`);
  }
}
/**
 * Chunks of the console shell and of antd's runtime: loaded after sign-in, never on the login page's
 * initial path (the login page is plain markup; antd's theme root and its config provider, which
 * every antd component imports, mark the runtime).
 */
const SHELL = (key) =>
  key.startsWith('src/layouts/') ||
  key.startsWith('src/app/shell/') ||
  key.startsWith('src/features/dashboard/') ||
  key === 'src/app/menuRoutes.ts' ||
  key === 'src/platform/antd/AntdRoot.tsx' ||
  /config-provider/.test(key);
const loginFiles = filesOf([entry, ...ROUTES.login]);
const leaked = Object.keys(manifest).filter((k) => SHELL(k) && loginFiles.has(manifest[k].file));
// antd's CSS-in-JS runtime, whichever chunk it ends up in: its style-tag attribute
const antdRuntime = [...loginFiles].filter(
  (f) => f.endsWith('.js') && readFileSync(join(dist, f), 'utf8').includes('data-css-hash'),
);
leaked.push(...antdRuntime);
console.log(`login_shell_chunks ${leaked.length}`);
if (leaked.length) {
  over = true;
  console.error(
    `the login page's initial module graph holds console shell or antd runtime chunks: ${leaked.join(', ')}`,
  );
}
if (check && over) process.exit(1);
