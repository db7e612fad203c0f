/**
 * Sign-in under a distributed guessing attack (product bar: the real
 * administrator's sign-in p99 < 1,000 ms while BENCH_ATTACKERS client addresses send
 * BENCH_GUESS_RATE failed sign-ins a second in all, each with a solved image captcha, on unknown
 * account names). Starts the real server in-process (buildApp, real HTTP on a free port,
 * LOGIN_CAPTCHA=on, TRUST_PROXY=on, X-Forwarded-For per attacker address) and the attackers in a
 * child process (the other core): each guess draws a captcha image, gets its code from the server
 * process over IPC (the attacker "solves" it) and signs in with it. After BENCH_WARMUP_S seconds
 * of attack the administrator signs in BENCH_ADMIN_SIGNINS times, one a second, from its own
 * address. The process starts cold: its first guesses hash for real until 8 durations are known.
 * Prints one figure per line:
 *   signin_admin_p50_ms, signin_admin_p99_ms, signin_admin_max_ms   the administrator's sign-ins (HTTP round trip)
 *   signin_guess_p50_ms, signin_guess_p99_ms                        the attackers' failed sign-ins (login call only)
 *   signin_guesses, signin_guess_refused                            guesses answered, of them 429
 *   signin_guess_other_answers                                      guesses answered other than "wrong user name or password" (0 expected)
 *   signin_attack_hashes                                            scrypt runs during the measured phase (admin sign-ins only, when unknown names cost none)
 *   signin_hash_ms                                                  median scrypt duration of this process
 *   db                                                              postgres or pglite
 * Knobs: BENCH_ATTACKERS (200), BENCH_GUESS_RATE (6 per second), BENCH_ADMIN_SIGNINS (30), BENCH_WARMUP_S (3).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app';
import { captchaStore } from '../src/modules/auth/captcha.service';
import { passwordHashGate } from '../src/platform/auth/hash-gate';
import { hashDurations } from '../src/platform/auth/tokens';
import { openScratchDb } from './scratch-db';

const env = process.env;
const ATTACKERS = Number(env.BENCH_ATTACKERS ?? 200);
const RATE = Number(env.BENCH_GUESS_RATE ?? 6);
const ADMIN_SIGNINS = Number(env.BENCH_ADMIN_SIGNINS ?? 30);
const WARMUP_S = Number(env.BENCH_WARMUP_S ?? 3);

type ToChild = { start: string } | { stop: true } | { id: number; code: string | undefined };
type ToParent =
  { ready: true } | { solve: string; id: number } | { report: { times: number[]; statuses: number[]; other: number } };

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const post = (url: string, body: unknown, ip: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'accept-language': 'en-US' },
    body: JSON.stringify(body),
  });

/** Child side: guesses at RATE a second from ATTACKERS addresses until told to stop, then reports. */
function attackChild(): void {
  const pending = new Map<number, (code: string | undefined) => void>();
  let nextId = 0;
  let running = true;
  const solve = (key: string) =>
    new Promise<string | undefined>((resolve) => {
      pending.set(++nextId, resolve);
      process.send!({ solve: key, id: nextId } satisfies ToParent);
    });
  const times: number[] = [];
  const statuses: number[] = [];
  let other = 0;
  const inFlight = new Set<Promise<void>>();
  process.on('message', (m: ToChild) => {
    if ('id' in m) {
      pending.get(m.id)?.(m.code);
      pending.delete(m.id);
    } else if ('stop' in m) {
      running = false;
    } else {
      void (async () => {
        const base = m.start;
        const t0 = performance.now();
        for (let i = 0; running; i++) {
          const ip = `10.${100 + Math.floor((i % ATTACKERS) / 250)}.${(i % ATTACKERS) % 250}.7`;
          const guess = (async () => {
            const key = `atk-${process.pid}-${i}`;
            await fetch(`${base}/sys/randomImage/${key}`, { headers: { 'x-forwarded-for': ip } }).then((r) =>
              r.arrayBuffer(),
            );
            const code = await solve(key);
            const s = performance.now();
            const res = await post(
              `${base}/sys/login`,
              { username: `ghost-${i}`, password: 'Guess#Pass1', checkKey: key, captcha: code },
              ip,
            );
            const body = (await res.json()) as { message: string };
            if (body.message !== 'Wrong user name or password') other++;
            times.push(performance.now() - s);
            statuses.push(res.status);
          })();
          inFlight.add(guess);
          void guess.finally(() => inFlight.delete(guess));
          await pause(Math.max(0, t0 + ((i + 1) * 1000) / RATE - performance.now()));
        }
        await Promise.all(inFlight);
        process.send!({ report: { times, statuses, other } } satisfies ToParent);
      })();
    }
  });
  process.send!({ ready: true } satisfies ToParent);
}

async function main(): Promise<void> {
  if (process.argv.includes('--attack-child')) return attackChild();
  const scratch = await openScratchDb('signin', { env: { LOGIN_CAPTCHA: 'on', TRUST_PROXY: 'on' } });
  const { db, config, adminPassword } = scratch;
  const { fastify } = await buildApp({ config, db });
  let child: ChildProcess | undefined;
  try {
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    const address = fastify.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${config.basePath}`;
    child = fork(fileURLToPath(import.meta.url), ['--attack-child'], { execArgv: ['--import', 'tsx'] });
    let ready: () => void = () => {};
    const started = new Promise<void>((resolve) => (ready = resolve));
    const report = new Promise<{ times: number[]; statuses: number[]; other: number }>((resolve) => {
      child!.on('message', (m: ToParent) => {
        if ('solve' in m) child!.send({ id: m.id, code: captchaStore.peek(m.solve) } satisfies ToChild);
        else if ('ready' in m) ready();
        else resolve(m.report);
      });
    });
    await started;
    child.send({ start: base } satisfies ToChild);
    await pause(WARMUP_S * 1000);

    passwordHashGate.resetStats();
    const admin: number[] = [];
    for (let i = 0; i < ADMIN_SIGNINS; i++) {
      const t0 = performance.now();
      const res = await post(`${base}/sys/login`, { username: 'admin', password: adminPassword }, '10.250.0.1');
      const body = (await res.json()) as { success: boolean; message: string };
      admin.push(performance.now() - t0);
      if (!body.success) throw new Error(`admin sign-in failed: ${res.status} ${body.message}`);
      await pause(Math.max(0, 1000 - (performance.now() - t0)));
    }
    const hashes = passwordHashGate.stats().runs;
    child.send({ stop: true } satisfies ToChild);
    const { times, statuses, other } = await report;

    const a = [...admin].sort((x, y) => x - y);
    const g = [...times].sort((x, y) => x - y);
    const samples: number[] = [];
    for (let i = 0; i < 64; i++) samples.push(hashDurations.draw() ?? NaN);
    const line = (name: string, value: number | string) =>
      process.stdout.write(`${name} ${typeof value === 'number' ? Math.round(value) : value}\n`);
    line('signin_admin_p50_ms', pct(a, 50));
    line('signin_admin_p99_ms', pct(a, 99));
    line('signin_admin_max_ms', a.at(-1)!);
    line('signin_guess_p50_ms', pct(g, 50));
    line('signin_guess_p99_ms', pct(g, 99));
    line('signin_guesses', times.length);
    line('signin_guess_refused', statuses.filter((s) => s === 429).length);
    line('signin_guess_other_answers', other);
    line('signin_attack_hashes', hashes);
    line(
      'signin_hash_ms',
      pct(
        samples.sort((x, y) => x - y),
        50,
      ),
    );
    line('db', db.kind);
  } finally {
    child?.kill();
    await fastify.close();
    await scratch.close();
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
