import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A 32-byte secret kept in `<dataDir>/<fileName>` (base64): read when present, else created with
 * random bytes (mode 0600, exclusive create), so the key survives a restart and every process on
 * the same data folder agrees — when two start at once, the one that loses the race reads the
 * winner's file. Used for keys whose environment variable is not set (login-free links, data-source
 * passwords).
 */
export function readOrCreateKeyFile(dataDir: string, fileName: string): Buffer {
  const file = path.join(dataDir, fileName);
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const key = crypto.randomBytes(32);
    try {
      fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64'); // another process wrote it first
    }
  }
}
