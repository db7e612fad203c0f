import { readOrCreateKeyFile } from '../../../platform/crypto/key-file';
import { openSecret, sealSecret } from '../../../platform/crypto/secret-box';

/** Name of the key file under DATA_DIR when `DATA_SOURCE_KEY` is not set. */
export const DATA_SOURCE_KEY_FILE = 'data-source.key';

/** Associated data of the stored passwords: the column they belong to. */
const CONTEXT = 'sys_data_source.db_password';

/**
 * The key of stored data-source passwords: `DATA_SOURCE_KEY` — 32 bytes as 64
 * hex digits or base64 — else 32 random bytes kept in `<DATA_DIR>/data-source.key` (created on
 * first use, mode 0600). Losing the key makes stored passwords unreadable (re-enter them).
 * @throws Error when DATA_SOURCE_KEY is set but is not 32 bytes.
 */
export function dataSourceKey(env: Record<string, string | undefined>, dataDir: string): Buffer {
  const value = env.DATA_SOURCE_KEY?.trim();
  if (!value) return readOrCreateKeyFile(dataDir, DATA_SOURCE_KEY_FILE);
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error('DATA_SOURCE_KEY must be 32 bytes, as 64 hex digits or base64');
  return key;
}

/** The stored form of a data-source password (AES-256-GCM, see `sealSecret`). */
export function encryptPassword(key: Buffer, password: string): string {
  return sealSecret(key, password, CONTEXT);
}

/** The password of a stored ciphertext. @throws Error when the key differs or the text was altered. */
export function decryptPassword(key: Buffer, cipherText: string): string {
  return openSecret(key, cipherText, CONTEXT);
}
