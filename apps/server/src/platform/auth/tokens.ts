import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { passwordHashGate, SERVER_CLIENT } from './hash-gate';
import { DurationSample } from './verify-timing';

const scrypt = promisify(crypto.scrypt) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: crypto.ScryptOptions,
) => Promise<Buffer>;

/** scrypt cost parameters (N=2^15, r=8, p=1: ~32 MiB, tens of ms per hash). */
const SCRYPT = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LEN = 32;

/** Durations (ms, in the slot) of this process's recent scrypt runs with the current parameters. */
export const hashDurations = new DurationSample();

/** Runs one scrypt in `client`'s turn of {@link passwordHashGate}, noting its duration when it has the current cost. */
function gatedScrypt(
  password: string,
  salt: Buffer,
  len: number,
  opts: crypto.ScryptOptions,
  client: string,
): Promise<Buffer> {
  const current = opts.N === SCRYPT.N && opts.r === SCRYPT.r && opts.p === SCRYPT.p;
  return passwordHashGate.run(async () => {
    const t0 = performance.now();
    const key = await scrypt(password, salt, len, opts);
    if (current) hashDurations.record(performance.now() - t0);
    return key;
  }, client);
}

/**
 * Hashes a password with scrypt and a random 16-byte salt, through {@link passwordHashGate}
 * (bounded, fair per client).
 * @param client whose turn it takes in the gate: the client address of a request, else the server.
 * @returns `scrypt$N$r$p$<salt b64>$<hash b64>`.
 * @throws AppError tooManyRequests when the gate's queue (or the client's) is full.
 */
export async function hashPassword(password: string, client: string = SERVER_CLIENT): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await gatedScrypt(password, salt, KEY_LEN, SCRYPT, client);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * Checks a password against a `hashPassword` result in constant time, through
 * {@link passwordHashGate}; false on any malformed hash.
 * @param client whose turn it takes in the gate (see {@link hashPassword}).
 * @throws AppError tooManyRequests when the gate's queue (or the client's) is full.
 */
export async function verifyPassword(
  password: string,
  stored: string,
  client: string = SERVER_CLIENT,
): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, hashB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hashB64, 'base64');
  const opts = { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT.maxmem };
  const key = await gatedScrypt(password, Buffer.from(saltB64, 'base64'), expected.length, opts, client);
  return key.length === expected.length && crypto.timingSafeEqual(key, expected);
}

/**
 * The failed verification of a sign-in whose account name does not exist,
 * answering in the time a real failed {@link verifyPassword} takes without hashing:
 * - its time is the wait in the gate plus the hash. So it takes `client`'s turn in
 *   {@link passwordHashGate} like a verification (same per-client queue, same round, same
 *   bounds and 429s, it starts only when a slot is free, so it waits behind the same hashes)
 *   but as a mimic: the slot goes on at once to the next client and only a timer runs;
 * - the timer lasts a duration drawn from this process's recent real hashes
 *   ({@link hashDurations}: the last 5 minutes, the machine as loaded now). While fewer than 8
 *   are fresh it hashes for real once (at most 8 hashes per 5 minutes without real sign-ins);
 * - the mimic holds the client's turn as a hash would: a client's own concurrent attempts line
 *   up one after another (the gate runs one entry per client at a time), whether the names
 *   exist or not.
 * What stays observable: a hash keeps other clients' entries waiting and a mimic does not, so a
 * prober timing a second client's sign-in against its own could tell a real hash from a mimic
 * when the machine is otherwise idle. Closing that would cost a slot per unknown name, the very
 * work that let guessing with unknown names delay the real administrator past 1 s.
 * @returns always false.
 * @throws AppError tooManyRequests as {@link verifyPassword}.
 */
export async function failVerification(password: string, client: string): Promise<false> {
  const drawn = hashDurations.draw();
  if (drawn === undefined) await hashPassword(password, client);
  else await passwordHashGate.mimic(client, () => hashDurations.draw() ?? drawn);
  return false;
}

/** A new opaque session token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** SHA-256 of a token, hex: what the session table stores. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A random password meeting SPEC §5 (digits, upper, lower, symbol), 16 characters. */
export function generatePassword(): string {
  const pick = (set: string): string => set[crypto.randomInt(set.length)]!;
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '#%+=@^_-'];
  const chars = sets.map(pick);
  const all = sets.join('');
  while (chars.length < 16) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
