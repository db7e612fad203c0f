import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A Mosquitto of a test's own: started on a free loopback
 * port with the test's configuration lines, so the machine's broker on 1883 is untouched.
 * Tests skip only when the binaries are missing ({@link missingBinaries}); CI installs them.
 */
export interface MosquittoProcess {
  /** The loopback port it listens on. */
  readonly port: number;
  /** Its temp directory (configuration, plugin files); removed by {@link stop}. */
  readonly dir: string;
  /** `mqtt://127.0.0.1:<port>`. */
  readonly url: string;
  /** The last 4,000 characters the broker wrote to stderr. */
  log(): string;
  /** Stops it (SIGTERM, SIGKILL after 5 s) and removes its directory. */
  stop(): Promise<void>;
}

/** True when `bin` is on the PATH. */
export function onPath(bin: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore', timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}

/** The names of `bins` not on the PATH, as a sentence for a skip message; undefined when all are there. */
export function missingBinaries(bins: readonly string[] = ['mosquitto']): string | undefined {
  const missing = bins.filter((b) => !onPath(b));
  return missing.length ? `the mosquitto binaries (${missing.join(', ')}) are not installed` : undefined;
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

/**
 * Starts `mosquitto -c <conf>` with `listener <port> 127.0.0.1`, the user running the test (a
 * Mosquitto started as root would switch to the `mosquitto` user, which cannot read the temp
 * directory), errors and warnings to stderr, then `lines` (built from the directory, for files
 * placed there first by `prepare`). Resolves once it accepts TCP connections.
 * @throws when it exits or does not listen within 10 s (with its stderr).
 */
export async function startMosquitto(
  lines: (dir: string) => string[],
  prepare?: (dir: string) => void,
): Promise<MosquittoProcess> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ztj-mosquitto-'));
  const port = await freePort();
  prepare?.(dir);
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      `user ${os.userInfo().username}`,
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      ...lines(dir),
      '',
    ].join('\n'),
  );
  let log = '';
  const child: ChildProcess = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (b: Buffer) => {
    log = (log + b.toString()).slice(-4_000);
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForListener(port, child, () => log, 10_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return { port, dir, url: `mqtt://127.0.0.1:${port}`, log: () => log, stop };
}

/** Waits until `port` accepts TCP connections (bounded; fails fast when the process exits). */
async function waitForListener(port: number, child: ChildProcess, log: () => string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited: ${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`mosquitto did not listen within ${ms} ms: ${log()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
