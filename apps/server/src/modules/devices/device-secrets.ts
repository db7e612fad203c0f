import crypto from 'node:crypto';
import type { Queryable } from '../../platform/db/db';

/**
 * Device secrets (ARCHITECTURE §5 device identity): every device authenticates on MQTT (username =
 * device id, password = secret) and HTTP ingest with its own secret. Secrets are 256-bit random
 * strings, so a SHA-256 digest is enough to store them (no dictionary to guard against, and the
 * check stays cheap on the ingest path); comparison is constant-time.
 */

/** Hex SHA-256 of a secret, as stored in `device.secret_hash`. */
export function hashDeviceSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time check of `secret` against a stored hash. */
export function verifyDeviceSecret(secret: string | Buffer | undefined, hash: string): boolean {
  if (secret === undefined) return false;
  const given = Buffer.from(hashDeviceSecret(typeof secret === 'string' ? secret : secret.toString('utf8')), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}

/** A new random device secret (base64url of 32 random bytes). */
export function generateDeviceSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/**
 * The server-side random key from which demo device secrets are derived, created on first use and
 * kept in the database (`device_secret_key`) so every process of one installation agrees and no
 * secret is in the repository.
 */
export async function demoSecretKey(q: Queryable): Promise<string> {
  const fresh = crypto.randomBytes(32).toString('base64url');
  await q.query(`INSERT INTO device_secret_key (name, key) VALUES ('demo', $1) ON CONFLICT (name) DO NOTHING`, [fresh]);
  const [row] = await q.query<{ key: string }>(`SELECT key FROM device_secret_key WHERE name = 'demo'`);
  return row!.key;
}

/** The demo key when one exists (never creates it; see {@link demoSecretKey}). */
export async function existingDemoSecretKey(q: Queryable): Promise<string | null> {
  const [row] = await q.query<{ key: string }>(`SELECT key FROM device_secret_key WHERE name = 'demo'`);
  return row?.key ?? null;
}

/**
 * The plaintext secret of a device when the server can know it: only a demo device whose stored
 * hash is that of its derived secret ({@link deriveDeviceSecret}). Other secrets exist in clear only
 * at the moment they are issued (the broker provisioning of MQTT_DYNSEC relies on this, docs/external-broker.md).
 */
export function recoverableSecret(demoKey: string | null, deviceId: string, secretHash: string): string | undefined {
  if (!demoKey) return undefined;
  const derived = deriveDeviceSecret(demoKey, deviceId);
  return verifyDeviceSecret(derived, secretHash) ? derived : undefined;
}

/** Secret of demo device `deviceId`: HMAC-SHA256(key, id), base64url. Deterministic per installation. */
export function deriveDeviceSecret(key: string, deviceId: string): string {
  return crypto.createHmac('sha256', key).update(deviceId, 'utf8').digest('base64url');
}
