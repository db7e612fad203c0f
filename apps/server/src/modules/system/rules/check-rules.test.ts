import type { CheckRuleRecord } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, type AdminFixtures } from '../../../../test/admin-fixtures';
import { expectRefused } from '../../../../test/refusal';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { crudCalls } from '../../../platform/crud/crud-calls.fixture';

/** A plate-like code: 2 capitals, then 5 digits or letters; 7 characters in all. */
const PLATE = [
  { digits: '2', pattern: '[A-Z]{2}', message: 'Two capital letters first' },
  { digits: '5', pattern: '[0-9A-Z]{5}', message: 'Then five digits or capitals' },
  { digits: '*', pattern: '.{7}', message: 'Exactly 7 characters' },
];

describe('check rules', () => {
  let t: TestApp;
  let f: AdminFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
  });
  afterAll(() => t.close());

  const { add, list, one } = crudCalls<CheckRuleRecord>(
    () => t,
    '/sys/checkRule',
    () => f.admin,
  );
  const check = (code: string, value: string, token = f.admin, lang = 'en-US') =>
    t.call<null>(
      'GET',
      `/sys/checkRule/checkByCode?ruleCode=${encodeURIComponent(code)}&value=${encodeURIComponent(value)}`,
      { token, headers: { 'accept-language': lang } },
    );

  it('adds, lists, edits and deletes rules of the tenant', async () => {
    const created = await add({
      ruleCode: 'plate',
      ruleName: 'Plate',
      ruleJson: PLATE,
      ruleDescription: 'Vehicle plate',
    });
    expect(created.body.success).toBe(true);
    const id = created.body.result.id;
    expect((await list()).records).toEqual([
      expect.objectContaining({
        id,
        ruleCode: 'plate',
        ruleName: 'Plate',
        ruleJson: PLATE,
        ruleDescription: 'Vehicle plate',
        createBy: 'admin',
      }),
    ]);

    // JeecgBoot sends ruleJson as a JSON text with numeric digits
    const edit = await t.call('PUT', '/sys/checkRule/edit', {
      token: f.admin,
      body: {
        id,
        ruleCode: 'plate2',
        ruleName: 'Plate 2',
        ruleJson: JSON.stringify([{ digits: 3, pattern: '\\d+', message: 'digits' }]),
      },
    });
    expect(edit.body.success).toBe(true);
    expect((await one(id)).body.result).toMatchObject({
      ruleCode: 'plate2',
      ruleName: 'Plate 2',
      ruleJson: [{ digits: '3', pattern: '\\d+', message: 'digits' }],
    });
    expect((await list(f.admin, '&ruleCode=plate2')).total).toBe(1);

    const second = (await add({ ruleCode: 'other', ruleName: 'Other', ruleJson: PLATE })).body.result.id;
    expect((await t.call('DELETE', `/sys/checkRule/delete?id=${id}`, { token: f.admin })).body.success).toBe(true);
    expectRefused(await one(id), 404);
    expect((await t.call('DELETE', `/sys/checkRule/deleteBatch?ids=${second}`, { token: f.admin })).body.success).toBe(
      true,
    );
    expect((await list()).total).toBe(0);
  });

  it('refuses patterns that do not compile, bad digits, no rows and a taken code, storing nothing new', async () => {
    const bad = await add({
      ruleCode: 'bad',
      ruleName: 'Bad',
      ruleJson: [{ digits: '*', pattern: '([a-z]', message: 'x' }],
    });
    expectRefused(bad, 400);
    expect(bad.body.errors).toEqual([{ field: 'ruleJson.0.pattern', message: 'Not a valid regular expression' }]);
    const digits = await add(
      { ruleCode: 'bad', ruleName: 'Bad', ruleJson: [{ digits: '0', pattern: 'x', message: 'x' }] },
      f.admin,
      'zh-CN',
    );
    expect(digits.body.errors).toEqual([{ field: 'ruleJson.0.digits', message: '位数须为 * 或 1-999 的整数' }]);
    expectRefused(await add({ ruleCode: 'bad', ruleName: 'Bad', ruleJson: [] }), 400);
    expect((await list()).total).toBe(0);
    const first = (await add({ ruleCode: 'dup', ruleName: 'Dup', ruleJson: PLATE })).body.result.id;
    const dup = await add({ ruleCode: 'dup', ruleName: 'Again', ruleJson: PLATE });
    expect(dup.body.errors).toEqual([{ field: 'ruleCode', message: 'A rule with this code already exists' }]);
    await t.call('DELETE', `/sys/checkRule/delete?id=${first}`, { token: f.admin });
  });

  it('checks URL-encoded values by code: digit slices in turn, `*` the whole value, the failing row’s message', async () => {
    const id = (await add({ ruleCode: 'plate', ruleName: 'Plate', ruleJson: PLATE })).body.result.id;
    const spaced = (
      await add({
        ruleCode: 'spaced',
        ruleName: 'Spaced',
        ruleJson: [{ digits: '*', pattern: '[a-z]+ & [0-9]+%\\+?', message: '“word & number%” expected' }],
      })
    ).body.result.id;
    expect((await check('plate', 'AB12C3D')).body.success).toBe(true);
    const first = await check('plate', 'ab12C3D');
    expectRefused(first, 400);
    expect(first.body.message).toBe('Two capital letters first');
    expect((await check('plate', 'AB12c3D')).body.message).toBe('Then five digits or capitals');
    expect((await check('plate', 'AB12C3DE')).body.message).toBe('Exactly 7 characters');
    expect((await check('plate', 'AB')).body.message).toBe('Then five digits or capitals'); // the empty slice
    // characters that must be URL-encoded arrive intact
    expect((await check('spaced', 'abc & 12%+')).body.success).toBe(true);
    expect((await check('spaced', 'abc & 12% +', f.admin, 'zh-CN')).body.message).toBe('“word & number%” expected');
    const unknown = await check('nope', 'x', f.admin, 'zh-CN');
    expectRefused(unknown, 404);
    expect(unknown.body.message).toBe('该编码不存在');
    await t.call('DELETE', `/sys/checkRule/deleteBatch?ids=${id},${spaced}`, { token: f.admin });
  });

  it('interrupts a catastrophic pattern with a clear refusal instead of hanging the request', async () => {
    const id = (
      await add({
        ruleCode: 'evil',
        ruleName: 'Evil',
        ruleJson: [
          { digits: '*', pattern: '.+', message: 'x' },
          { digits: '*', pattern: '^(a+)+$', message: 'only a' },
        ],
      })
    ).body.result.id;
    const res = await check('evil', `${'a'.repeat(35)}!`);
    expectRefused(res, 400);
    expect(res.body.message).toBe(
      'The pattern of row 2 of this check rule took too long (catastrophic backtracking?); fix the rule',
    );
    // the server still answers
    expect((await check('evil', 'aaa')).body.success).toBe(true);
    await t.call('DELETE', `/sys/checkRule/delete?id=${id}`, { token: f.admin });
  });

  it('denies a user without the check-rule permissions and answers another tenant "not found"', async () => {
    const id = (await add({ ruleCode: 'guarded', ruleName: 'Guarded', ruleJson: PLATE })).body.result.id;
    const body = { ruleCode: 'guarded', ruleName: 'G', ruleJson: PLATE };
    for (const [m, u, b] of [
      ['GET', '/sys/checkRule/list'],
      ['GET', `/sys/checkRule/queryById?id=${id}`],
      ['POST', '/sys/checkRule/add', body],
      ['PUT', '/sys/checkRule/edit', { ...body, id }],
      ['DELETE', `/sys/checkRule/delete?id=${id}`],
      ['DELETE', `/sys/checkRule/deleteBatch?ids=${id}`],
    ] as [string, string, unknown?][]) {
      expect((await t.call(m, u, { token: f.viewer, body: b })).body.code, u).toBe(510);
    }
    // the forms' check is open to every signed-in user of the tenant (JeecgBoot)
    expect((await check('guarded', 'AB12C3D', f.viewer)).body.success).toBe(true);

    expect((await list(f.otherAdmin)).total).toBe(0);
    expectRefused(await one(id, f.otherAdmin), 404);
    expectRefused(await t.call('PUT', '/sys/checkRule/edit', { token: f.otherAdmin, body: { ...body, id } }), 404);
    expectRefused(await t.call('DELETE', `/sys/checkRule/delete?id=${id}`, { token: f.otherAdmin }), 404);
    expectRefused(await t.call('DELETE', `/sys/checkRule/deleteBatch?ids=${id}`, { token: f.otherAdmin }), 404);
    expectRefused(await check('guarded', 'AB12C3D', f.otherAdmin), 404);
    // the same code is free in another tenant
    expect((await add(body, f.otherAdmin)).body.success).toBe(true);
    expect((await one(id)).body.result.ruleName).toBe('Guarded');
  });
});
