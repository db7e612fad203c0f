import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_SOURCE_KEY_FILE, dataSourceKey, decryptPassword, encryptPassword } from './datasource-secret';

describe('data-source password encryption', () => {
  const dir = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'ztj-dskey-'));

  it('takes DATA_SOURCE_KEY as hex or base64 and refuses a key that is not 32 bytes', () => {
    const raw = crypto.randomBytes(32);
    expect(dataSourceKey({ DATA_SOURCE_KEY: raw.toString('hex') }, dir())).toEqual(raw);
    expect(dataSourceKey({ DATA_SOURCE_KEY: raw.toString('base64') }, dir())).toEqual(raw);
    expect(() => dataSourceKey({ DATA_SOURCE_KEY: 'short' }, dir())).toThrow(/32 bytes/);
  });

  it('without DATA_SOURCE_KEY keeps a generated key in the data folder (mode 0600) and reuses it', () => {
    const d = dir();
    const first = dataSourceKey({}, d);
    expect(first).toHaveLength(32);
    expect(fs.statSync(path.join(d, DATA_SOURCE_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(dataSourceKey({}, d)).toEqual(first);
  });

  it('encrypts with AES-256-GCM: random IV, tamper and wrong key refused', () => {
    const key = crypto.randomBytes(32);
    const a = encryptPassword(key, 'Secret#1');
    expect(a).not.toContain('Secret#1');
    expect(encryptPassword(key, 'Secret#1')).not.toBe(a);
    expect(decryptPassword(key, a)).toBe('Secret#1');
    expect(() => decryptPassword(crypto.randomBytes(32), a)).toThrow();
    const parts = a.split(':');
    parts[3] = Buffer.from('Secret#2').toString('base64');
    expect(() => decryptPassword(key, parts.join(':'))).toThrow();
  });
});
