import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config/config';

/** Inputs of the console build: a change to any file below these makes the build stale. */
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
];
/** Written into the build folder after a successful build: the fingerprint of the sources it was built from. */
export const STAMP_FILE = '.source-stamp';

/**
 * Fingerprint of the console sources below `root`: SHA-256 over every file's relative path, size
 * and modification time (ms). Cheap (no file is read) and changes whenever a file is edited,
 * added, removed or renamed.
 */
export function sourceFingerprint(root: string = REPO_ROOT): string {
  const hash = crypto.createHash('sha256');
  const walk = (rel: string): void => {
    const abs = path.join(root, rel);
    let st: fs.Stats;
    try {
      st = fs.statSync(abs);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) if (name !== 'node_modules') walk(path.join(rel, name));
    } else {
      hash.update(`${rel}\0${st.size}\0${st.mtimeMs}\n`);
    }
  };
  for (const s of SOURCES) walk(s);
  return hash.digest('hex');
}

/** Whether `webDir` holds a build of exactly the current sources. */
export function consoleBuildIsCurrent(webDir: string, root: string = REPO_ROOT): boolean {
  try {
    return (
      fs.existsSync(path.join(webDir, 'index.html')) &&
      fs.readFileSync(path.join(webDir, STAMP_FILE), 'utf8') === sourceFingerprint(root)
    );
  } catch {
    return false;
  }
}

/**
 * Builds the console when its sources changed since the last build (or it was never built), with
 * the build's output written to `logFile` instead of the terminal. Skipped
 * when the sources are not there (a deployment of the built console only).
 * @param say one-line progress messages for the terminal.
 * @throws Error when the build fails, with the log's last lines.
 */
export async function ensureConsoleBuilt(webDir: string, logFile: string, say: (line: string) => void): Promise<void> {
  if (!fs.existsSync(path.join(REPO_ROOT, 'apps/web/src'))) return;
  if (consoleBuildIsCurrent(webDir)) return;
  const stamp = sourceFingerprint();
  say('Building the console (first start or its sources changed)…');
  const started = Date.now();
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'w');
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '-w', '@ztj/web'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', log, log],
    });
    child.once('error', reject);
    child.once('exit', (c) => resolve(c ?? 1));
  }).finally(() => fs.closeSync(log));
  if (code !== 0) {
    const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    throw new Error(`The console build failed (exit ${code}); full output in ${logFile}:\n${tail}`);
  }
  fs.writeFileSync(path.join(webDir, STAMP_FILE), stamp);
  say(`Console built in ${((Date.now() - started) / 1000).toFixed(1)} s (output in ${logFile}).`);
}
