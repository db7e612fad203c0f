import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

describe('configuration from the environment', () => {
  it('has defaults that need no services', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      loginCaptcha: true,
      basePath: '/ztj-iot',
      demo: true,
    });
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('believes X-Forwarded-For only as TRUST_PROXY says (off by default)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('resolves a relative DATA_DIR and WEB_DIR against the repository root, not the working directory', () => {
    expect(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).name).toBe('ztj-iot');
    expect(loadConfig({}).dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(loadConfig({ DATA_DIR: 'var/x', WEB_DIR: 'apps/web/dist' })).toMatchObject({
      dataDir: path.join(REPO_ROOT, 'var/x'),
      webDir: path.join(REPO_ROOT, 'apps/web/dist'),
    });
    expect(loadConfig({ DATA_DIR: '/srv/ztj' }).dataDir).toBe('/srv/ztj');
  });

  it('stops with a message naming every bad variable', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOGIN_CAPTCHA: 'maybe', ADMIN_PASSWORD: 'short' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    for (const name of ['PORT', 'DATABASE_URL', 'LOGIN_CAPTCHA', 'ADMIN_PASSWORD']) expect(message).toContain(name);
  });

  it('turns the captcha off only when asked', () => {
    expect(loadConfig({ LOGIN_CAPTCHA: 'off' }).loginCaptcha).toBe(false);
    expect(loadConfig({ DEMO: 'off' }).demo).toBe(false);
  });
});
