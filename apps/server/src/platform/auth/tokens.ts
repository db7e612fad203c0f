import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { passwordHashGate } from './hash-gate';

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;

/** scrypt cost parameters (N=2^15, r=8, p=1: ~32 MiB, tens of ms per hash). */
const SCRYPT = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LEN = 32;

/**
 * Hashes a password with scrypt and a random 16-byte salt, through {@link passwordHashGate}
 * (bounded concurrency, issue #8).
 * @returns `scrypt$N$r$p$<salt b64>$<hash b64>`.
 * @throws AppError tooManyRequests when the gate's queue is full.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await passwordHashGate.run(() => scrypt(password, salt, KEY_LEN, SCRYPT));
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * Checks a password against a `hashPassword` result in constant time, through
 * {@link passwordHashGate}; false on any malformed hash.
 * @throws AppError tooManyRequests when the gate's queue is full.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, hashB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hashB64, 'base64');
  const key = await passwordHashGate.run(() =>
    scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: SCRYPT.maxmem,
    }),
  );
  return key.length === expected.length && crypto.timingSafeEqual(key, expected);
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
