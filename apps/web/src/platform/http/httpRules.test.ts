import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@ztj/contracts';
import { contractsForWeb } from '../../../build/contractsForWeb';
import { needsTimestamp } from './httpClient';
import { mentionsTokenExpiry } from './httpErrors';

describe('HTTP rules (SPEC §7, §8)', () => {
  it('GET requests carry _t except dictionary item fetches', () => {
    expect(needsTimestamp('get', '/sys/permission/getUserPermissionByToken')).toBe(true);
    expect(needsTimestamp('GET', '/sys/dict/getDictItems/sex')).toBe(false);
    expect(needsTimestamp('post', '/sys/login')).toBe(false);
  });

  it('recognises token expiry messages in both languages', () => {
    for (const text of [...Object.values(MESSAGES.tokenInvalid), ...Object.values(MESSAGES.loginExpired)]) {
      expect(mentionsTokenExpiry(text)).toBe(true);
    }
    expect(mentionsTokenExpiry('Token expired')).toBe(true);
    expect(mentionsTokenExpiry(MESSAGES.serverError['zh-CN'])).toBe(false);
  });
});

describe('contractsForWeb (web build of the contracts)', () => {
  it('drops route schemas and marks top-level calls pure, keeping method and path', () => {
    const code = [
      "const label = { zh: '中文' };",
      "export const S = string().regex(/x/, 'k').max(64);",
      "export const R = { login: defineRoute({ method: 'POST', path: '/sys/login', body: B, result: z.object({ a: 1 }) }) };",
      'const shape = { lat: Lat.optional(), list: [z.number()], f: () => z.string() };',
    ].join('\n');
    const out = contractsForWeb(code, 'routes.js') ?? '';
    expect(out).toContain('export const S = /* @__PURE__ */ string()');
    expect(out).toContain("path: '/sys/login'");
    expect(out).not.toContain('body: B');
    expect(out).not.toContain('z.object');
    expect(out).toContain("'中文'");
    // calls nested in literals are pure too; calls inside functions are left alone
    expect(out).toContain('lat: /* @__PURE__ */ Lat.optional()');
    expect(out).toContain('[/* @__PURE__ */ z.number()]');
    expect(out).toContain('f: () => z.string()');
  });
});
