#!/usr/bin/env node
/**
 * Runs the Playwright flows (apps/web/e2e/<area>/*.spec.ts) from the repository root and exits
 * with their code. Browsers are never downloaded: Debian's Chromium is used (playwright.config.ts).
 * Extra arguments go to `playwright test` (e.g. a spec path or `--grep`).
 */
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const child = spawn('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
