import type { PageResult, UserRecord } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, type AdminFixtures } from '../../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('listPage: total with the page', () => {
  let t: TestApp;
  let f: AdminFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
    for (let i = 0; i < 5; i++) await f.addUser(f.admin, `pager0${i}`);
  });
  afterAll(() => t.close());

  const page = async (q: string) =>
    (await t.call<PageResult<UserRecord>>('GET', `/sys/user/list?${q}`, { token: f.admin })).body.result;

  it('answers the same total on every page, past the end and for no match', async () => {
    const all = await page('pageSize=1000');
    const n = all.total;
    expect(n).toBeGreaterThanOrEqual(5);
    expect(all.records).toHaveLength(n);
    const first = await page('pageSize=2&pageNo=1');
    expect(first).toMatchObject({ total: n, size: 2, current: 1, pages: Math.ceil(n / 2) });
    expect(first.records).toHaveLength(2);
    const last = await page(`pageSize=2&pageNo=${Math.ceil(n / 2)}`);
    expect(last.total).toBe(n);
    expect(last.records).toHaveLength(n % 2 || 2);
    const past = await page('pageSize=2&pageNo=999');
    expect(past).toMatchObject({ total: n, records: [], current: 999 });
    const filtered = await page('username=pager0*&pageSize=2&pageNo=3');
    expect(filtered).toMatchObject({ total: 5, pages: 3 });
    expect(filtered.records).toHaveLength(1);
    expect(await page('username=nobody-here&pageNo=2')).toMatchObject({ total: 0, records: [] });
    expect(await page('username=nobody-here')).toMatchObject({ total: 0, records: [] });
  });
});
