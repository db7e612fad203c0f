import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectRefused } from '../../../test/refusal';

/**
 * The search-select's server search (SPEC §2 dictionary search-select, §7 loadDict): text in
 * either language or value containing the keyword, at most pageSize, LIKE characters taken
 * literally; table dictionaries only on the allow-list and within the caller's tenant.
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => {
  await t?.close();
});

type Option = { value: string; text: string; textEn: string };

describe('GET /sys/dict/loadDict/:code', () => {
  it('finds items by either language or value, at most pageSize, and takes % literally', async () => {
    const byEnglish = await t.call<Option[]>('GET', '/sys/dict/loadDict/push_type?keyword=MAI&pageSize=10', { token });
    expect(byEnglish.body.result.map((o) => o.value)).toEqual(['4']);
    const byValue = await t.call<Option[]>('GET', '/sys/dict/loadDict/push_type?keyword=2', { token });
    expect(byValue.body.result.map((o) => o.textEn)).toEqual(['WeChat']);
    const firstTwo = await t.call<Option[]>('GET', '/sys/dict/loadDict/push_type?pageSize=2', { token });
    expect(firstTwo.body.result.map((o) => o.value)).toEqual(['1', '2']);
    const literal = await t.call<Option[]>('GET', `/sys/dict/loadDict/push_type?keyword=${encodeURIComponent('%')}`, {
      token,
    });
    expect(literal.body.result).toEqual([]);
  });

  it('searches an allow-listed table dictionary of the caller tenant and refuses any other table', async () => {
    const all = await t.call<Option[]>(
      'GET',
      `/sys/dict/loadDict/${encodeURIComponent('sys_depart,depart_name,id')}?pageSize=100`,
      { token },
    );
    expect(all.body.success).toBe(true);
    expect(all.body.result.length).toBeGreaterThan(1);
    const name = all.body.result[0]!.text;
    const hit = await t.call<Option[]>(
      'GET',
      `/sys/dict/loadDict/${encodeURIComponent('sys_depart,depart_name,id')}?keyword=${encodeURIComponent(name)}`,
      { token },
    );
    expect(hit.body.result.map((o) => o.text)).toContain(name);
    expect(hit.body.result.every((o) => o.text.includes(name))).toBe(true);
    const other = await t.call(
      'GET',
      `/sys/dict/loadDict/${encodeURIComponent('sys_user,password_hash,id')}?keyword=a`,
      { token },
    );
    expectRefused(other, 400);
  });

  it('needs a session', async () => {
    const res = await t.call('GET', '/sys/dict/loadDict/push_type?keyword=a');
    expect(res.status).toBe(401);
  });
});
