import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has defaults that need no services', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, databaseUrl: undefined, loginCaptcha: true, basePath: '/ztj-iot', demo: true });
    expect(c.dataDir.endsWith('/data')).toBe(true);
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
