#!/usr/bin/env node
/**
 * Bundle budget figures (issue #2): gzip size of what the browser downloads for the login page
 * and for the dashboard, read from the Vite manifest after `vite build`.
 *
 *   login_js_css_gzip_kb      entry + LoginPage chunk + their static imports (JS and CSS)
 *   dashboard_js_css_gzip_kb  entry + BasicLayout + AnalysisPage chunks + their static imports
 *
 * Each file is gzipped on its own with node:zlib (level 9) and counted once.
 * Usage: node apps/web/bench/bundle-size.mjs [distDir]
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(process.argv[2] ?? join(here, '..', 'dist'));
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const ROUTES = {
  login: ['src/features/auth/LoginPage.tsx'],
  dashboard: ['src/layouts/BasicLayout.tsx', 'src/features/dashboard/AnalysisPage.tsx'],
};

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
for (const [name, keys] of Object.entries(ROUTES)) {
  console.log(`${name}_js_css_gzip_kb ${gzipKb(filesOf([entry, ...keys]))}`);
}
