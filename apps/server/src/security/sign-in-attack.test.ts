import type { LoginResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app';
import { passwordHashGate, type GateStart } from '../platform/auth/hash-gate';
import { hashDurations } from '../platform/auth/tokens';

/**
 * Sign-in under a distributed guessing attack: 200 client addresses guessing
 * unknown account names at about 6 sign-ins a second kept the real administrator waiting
 * 1.23–1.30 s per sign-in, every guess costing a full scrypt in the one FIFO of the hash gate.
 * Here, at a shorter but denser scale (200 addresses, 200 guesses at about 25 a second, plus
 * bursts of wrong passwords on the real `admin` from six more addresses), on the real app:
 * unknown names cost no hash, the owner's sign-in waits behind at most one hash of each other
 * client, and every guess is answered exactly as a wrong password on a real account is.
 * The latency itself is measured by `npm run bench:signin`.
 */
const ATTACKERS = 200;
const GUESS_EVERY_MS = 40;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The envelope without its timestamp. */
const shape = (body: { timestamp?: number }) => ({ ...body, timestamp: 0 });

describe('sign-in under a distributed guessing attack', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'on' });
  });
  afterAll(() => t.close());

  const attempt = (ip: string, username: string, password: string) =>
    t.call<LoginResult>('POST', '/sys/login', {
      body: { username, password },
      headers: { 'x-forwarded-for': ip, 'accept-language': 'en-US' },
    });

  it('hashes no unknown name, lines the owner up behind at most one hash per client, answers every guess alike', async () => {
    // the process has measured real hashes to draw the guesses' waits from
    while (hashDurations.freshCount() < hashDurations.minFresh)
      expect((await attempt('10.34.0.1', 'admin', ADMIN_PASSWORD)).body.success).toBe(true);
    const starts: GateStart[] = [];
    const stop = passwordHashGate.observe((e) => starts.push(e));
    passwordHashGate.resetStats();
    try {
      const guesses: Array<ReturnType<typeof attempt>> = [];
      const bursts: Array<ReturnType<typeof attempt>> = [];
      const owner: Array<Awaited<ReturnType<typeof attempt>>> = [];
      const ownerSignIns = (async () => {
        for (let i = 0; i < 5; i++) {
          await pause(1_000);
          // three clients each send four wrong passwords on the real account at once, then the owner signs in
          if (i % 2 === 0)
            for (let c = 0; c < 3; c++)
              for (let k = 0; k < 4; k++) bursts.push(attempt(`10.35.${i}.${c + 1}`, 'admin', `Wrong#Pass${k}`));
          await pause(20);
          owner.push(await attempt('10.34.0.2', 'admin', ADMIN_PASSWORD));
        }
      })();
      for (let i = 0; i < ATTACKERS; i++) {
        guesses.push(attempt(`10.36.${Math.floor(i / 250)}.${(i % 250) + 1}`, `ghost-${i}`, 'Guess#Pass1'));
        await pause(GUESS_EVERY_MS);
      }
      await ownerSignIns;
      const guessed = await Promise.all(guesses);
      const wrong = await Promise.all(bursts);

      expect(owner.map((a) => a.body.success)).toEqual([true, true, true, true, true]);
      const knownFailure = wrong.find((a) => a.status === 200)!;
      expect(knownFailure.body).toMatchObject({ success: false, message: 'Wrong user name or password' });
      // every guess got the answer of a wrong password on the real account
      for (const g of guessed)
        expect([g.status, shape(g.body)]).toEqual([knownFailure.status, shape(knownFailure.body)]);
      for (const w of wrong) expect([200, 429]).toContain(w.status);

      const stats = passwordHashGate.stats();
      const hashedAnswers = owner.length + wrong.filter((a) => a.status === 200).length;
      // scrypt ran exactly for the real account's sign-ins; each guess took its turn as a mimic
      expect(stats.runs).toBe(hashedAnswers);
      expect(stats.mimics).toBe(ATTACKERS);
      expect(starts.filter((e) => e.kind === 'run' && e.client.startsWith('10.36.'))).toEqual([]);
      // the owner's sign-ins waited behind at most one hash of any other client
      const ownerStarts = starts.filter((e) => e.client === '10.34.0.2');
      expect(ownerStarts).toHaveLength(5);
      for (const e of ownerStarts) for (const [, n] of e.behind) expect(n).toBeLessThanOrEqual(1);
    } finally {
      stop();
    }
  }, 60_000);
});
