import type { FillRuleRecord, PageResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, type AdminFixtures } from '../../../../test/admin-fixtures';
import { expectRefused } from '../../../../test/refusal';
import { createTestApp, type TestApp } from '../../../../test/test-app';

const rule = (ruleCode: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  ruleCode,
  ruleName: `Rule ${ruleCode}`,
  generator: 'waybillNumber',
  ruleParams: { prefix: 'WB', dateFormat: 'yyyyMMdd', digits: 3 },
  ...extra,
});

describe('fill rules', () => {
  let t: TestApp;
  let f: AdminFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
  });
  afterAll(() => t.close());

  const add = (body: Record<string, unknown>, token = f.admin) =>
    t.call<{ id: string }>('POST', '/sys/fillRule/add', { token, body, headers: { 'accept-language': 'en-US' } });
  const list = async (token = f.admin): Promise<PageResult<FillRuleRecord>> =>
    (await t.call<PageResult<FillRuleRecord>>('GET', '/sys/fillRule/list?pageSize=50', { token })).body.result;
  const one = (id: string, token = f.admin) =>
    t.call<FillRuleRecord>('GET', `/sys/fillRule/queryById?id=${id}`, { token });
  const execute = (code: string, token = f.admin) =>
    t.call<string | null>('PUT', `/sys/fillRule/executeRuleByCode/${encodeURIComponent(code)}`, { token, body: {} });

  it('adds, lists, edits and deletes rules of the tenant; refuses bad parameters and a taken code', async () => {
    const id = (await add(rule('waybill_number'))).body.result.id;
    expect((await list()).records).toEqual([
      expect.objectContaining({
        id,
        ruleCode: 'waybill_number',
        generator: 'waybillNumber',
        ruleParams: { prefix: 'WB', dateFormat: 'yyyyMMdd', digits: 3 },
        createBy: 'admin',
      }),
    ]);
    // JeecgBoot sends ruleParams as a JSON text
    const edit = await t.call('PUT', '/sys/fillRule/edit', {
      token: f.admin,
      body: {
        ...rule('wh', { generator: 'warehouseNumber' }),
        ruleParams: '{"prefix":"CK","dateFormat":"yyMMdd","digits":4}',
        id,
      },
    });
    expect(edit.body.success).toBe(true);
    expect((await one(id)).body.result).toMatchObject({
      ruleCode: 'wh',
      generator: 'warehouseNumber',
      ruleParams: { prefix: 'CK', dateFormat: 'yyMMdd', digits: 4 },
    });

    const prefix = await add(rule('bad', { ruleParams: { prefix: 'W B', dateFormat: 'none', digits: 3 } }));
    expectRefused(prefix, 400);
    expect(prefix.body.errors).toEqual([
      { field: 'ruleParams.prefix', message: 'Prefix: letters, digits, _ or - only, at most 16 characters' },
    ]);
    expectRefused(await add(rule('bad', { generator: 'javaClass' })), 400);
    expectRefused(await add(rule('bad', { ruleParams: { prefix: '', dateFormat: 'none', digits: 11 } })), 400);
    const dup = await add(rule('wh'));
    expect(dup.body.errors).toEqual([{ field: 'ruleCode', message: 'A rule with this code already exists' }]);

    const second = (await add(rule('second'))).body.result.id;
    expect((await t.call('DELETE', `/sys/fillRule/delete?id=${id}`, { token: f.admin })).body.success).toBe(true);
    expectRefused(await one(id), 404);
    expect((await t.call('DELETE', `/sys/fillRule/deleteBatch?ids=${second}`, { token: f.admin })).body.success).toBe(
      true,
    );
    expect((await list()).total).toBe(0);
  });

  it('generates consecutive numbers (prefix, date, padded sequence), also under concurrent calls', async () => {
    const dated = (await add(rule('waybill_number'))).body.result.id;
    const plain = (
      await add(
        rule('plain', { generator: 'serviceOrderNumber', ruleParams: { prefix: 'T-', dateFormat: 'none', digits: 2 } }),
      )
    ).body.result.id;
    const a = (await execute('waybill_number')).body.result!;
    const b = (await execute('waybill_number')).body.result!;
    expect(a).toMatch(/^WB\d{8}001$/);
    expect(b).toBe(`${a.slice(0, -3)}002`);
    expect((await execute('plain')).body.result).toBe('T-01');
    const many = await Promise.all(Array.from({ length: 8 }, () => execute('plain')));
    expect(many.map((r) => r.body.result).sort()).toEqual([
      'T-02',
      'T-03',
      'T-04',
      'T-05',
      'T-06',
      'T-07',
      'T-08',
      'T-09',
    ]);
    // no rule of that code: null, so the form keeps its own behaviour
    const none = await execute('no_such_rule');
    expect(none.body).toMatchObject({ success: true, result: null });
    await t.call('DELETE', `/sys/fillRule/deleteBatch?ids=${dated},${plain}`, { token: f.admin });
  });

  it('denies a user without the fill-rule permissions and keeps tenants apart', async () => {
    const id = (await add(rule('guarded', { ruleParams: { prefix: 'G', dateFormat: 'none', digits: 3 } }))).body.result
      .id;
    for (const [m, u, b] of [
      ['GET', '/sys/fillRule/list'],
      ['GET', `/sys/fillRule/queryById?id=${id}`],
      ['POST', '/sys/fillRule/add', rule('viewer')],
      ['PUT', '/sys/fillRule/edit', { ...rule('guarded'), id }],
      ['DELETE', `/sys/fillRule/delete?id=${id}`],
      ['DELETE', `/sys/fillRule/deleteBatch?ids=${id}`],
    ] as [string, string, unknown?][]) {
      expect((await t.call(m, u, { token: f.viewer, body: b })).body.code, u).toBe(510);
    }
    // the forms' call is open to signed-in users of the tenant (JeecgBoot)
    expect((await execute('guarded', f.viewer)).body.result).toBe('G001');

    expect((await list(f.otherAdmin)).total).toBe(0);
    expectRefused(await one(id, f.otherAdmin), 404);
    expectRefused(
      await t.call('PUT', '/sys/fillRule/edit', { token: f.otherAdmin, body: { ...rule('hijacked'), id } }),
      404,
    );
    expectRefused(await t.call('DELETE', `/sys/fillRule/delete?id=${id}`, { token: f.otherAdmin }), 404);
    expectRefused(await t.call('DELETE', `/sys/fillRule/deleteBatch?ids=${id}`, { token: f.otherAdmin }), 404);
    // another tenant's code means nothing there, and its own rule of that code has its own sequence
    expect((await execute('guarded', f.otherAdmin)).body.result).toBeNull();
    expect(
      (await add(rule('guarded', { ruleParams: { prefix: 'G', dateFormat: 'none', digits: 3 } }), f.otherAdmin)).body
        .success,
    ).toBe(true);
    expect((await execute('guarded', f.otherAdmin)).body.result).toBe('G001');
    expect((await execute('guarded')).body.result).toBe('G002');
  });
});
