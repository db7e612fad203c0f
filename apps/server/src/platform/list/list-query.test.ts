import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error';
import { parseListQuery } from './list-query';
import type { ListSpec } from './list-spec';
import { escapeLike, orderSql, SqlParams, whereSql } from './list-sql';

const spec: ListSpec<Record<string, unknown>> = {
  name: 'things',
  from: 'thing t',
  select: 't.*',
  tenantScope: 't.tenant_id = $tenant',
  where: ['t.del_flag = 0'],
  idSql: 't.id',
  params: { depId: 'EXISTS (SELECT 1 FROM link l WHERE l.thing_id = t.id AND l.dep_id = ?)' },
  fields: {
    realname: { sql: 't.realname', type: 'string', label: { 'zh-CN': '名', 'en-US': 'Name' } },
    status: { sql: 't.status', type: 'number', multi: true, label: { 'zh-CN': '状态', 'en-US': 'Status' } },
    createTime: { sql: 't.create_time', type: 'datetime', label: { 'zh-CN': '时间', 'en-US': 'Time' } },
    birthday: { sql: 't.birthday', type: 'date', label: { 'zh-CN': '生日', 'en-US': 'Birthday' }, sortable: false },
  },
  map: (r) => r,
};

function build(query: Record<string, unknown>): { sql: string; values: unknown[] } {
  const parsed = parseListQuery(spec, query);
  const p = new SqlParams(1001);
  const sql = `${whereSql(spec, parsed, [], p)} ${orderSql(spec, parsed, p)}`;
  return { sql, values: p.values };
}

function errorOf(query: Record<string, unknown>): { key: string; params: Record<string, string | number> } {
  try {
    build(query);
  } catch (err) {
    if (err instanceof AppError) return { key: err.messageKey, params: err.params };
    throw err;
  }
  throw new Error('no error');
}

describe('generic list query parser and SQL builder', () => {
  it('always scopes to the tenant and the fixed predicates, with the default sort', () => {
    const { sql, values } = build({});
    expect(sql).toBe('WHERE (t.tenant_id = $1) AND (t.del_flag = 0) ORDER BY t.create_time DESC NULLS LAST, t.id DESC');
    expect(values).toEqual([1001]);
  });

  it('reads the value conventions: like, right/left like, ne, ge/le, ranges, comma in', () => {
    expect(build({ realname: '*li*' })).toMatchObject({ values: [1001, '%li%'] });
    expect(build({ realname: 'li*' }).values[1]).toBe('li%');
    expect(build({ realname: '*li' }).values[1]).toBe('%li');
    expect(build({ realname: '!bob' }).sql).toContain('t.realname IS DISTINCT FROM $2');
    expect(build({ status: '>=1' }).sql).toContain('t.status >= $2::numeric');
    expect(build({ status: '1,2' })).toMatchObject({ values: [1001, ['1', '2']] });
    expect(build({ status: '1,2' }).sql).toContain('t.status = ANY($2::numeric[])');
    const range = build({ createTime_begin: '2026-01-01', createTime_end: '2026-01-31' });
    expect(range.sql).toContain('t.create_time >= $2::date');
    expect(range.sql).toContain('t.create_time < $3::date + 1');
    expect(build({ realname: 'bob', pageNo: '2', pageSize: '5', _t: '123', field: 'id,realname' }).sql).toContain(
      't.realname = $2',
    );
  });

  it('binds the advanced query with and/or and every rule', () => {
    const conds = [
      { field: 'realname', rule: 'like', val: 'a' },
      { field: 'status', rule: 'in', val: '1,2' },
      { field: 'createTime', rule: 'ge', val: '2026-01-01 00:00:00' },
      { field: 'realname', rule: 'right_like', val: '' },
    ];
    const { sql, values } = build({
      superQueryParams: encodeURIComponent(JSON.stringify(conds)),
      superQueryMatchType: 'or',
    });
    expect(sql).toContain(
      "(t.realname ILIKE $2 ESCAPE '\\' OR t.status = ANY($3::numeric[]) OR t.create_time >= $4::timestamptz)",
    );
    expect(values).toEqual([1001, '%a%', ['1', '2'], '2026-01-01 00:00:00']);
  });

  it('refuses unknown fields, rules and sort columns naming them', () => {
    expect(errorOf({ password_hash: 'x' })).toEqual({ key: 'listFieldUnknown', params: { field: 'password_hash' } });
    expect(errorOf({ column: 'password_hash' })).toEqual({
      key: 'listSortUnknown',
      params: { field: 'password_hash' },
    });
    expect(errorOf({ column: 'birthday' }).key).toBe('listSortUnknown');
    expect(errorOf({ superQueryParams: JSON.stringify([{ field: 'secret', rule: 'eq', val: '1' }]) }).params).toEqual({
      field: 'secret',
    });
    expect(errorOf({ superQueryParams: JSON.stringify([{ field: 'realname', rule: 'regex', val: '1' }]) })).toEqual({
      key: 'listRuleUnknown',
      params: { field: 'realname', rule: 'regex' },
    });
    expect(errorOf({ superQueryParams: JSON.stringify([{ field: 'status', rule: 'like', val: '1' }]) }).key).toBe(
      'listRuleUnknown',
    );
    expect(errorOf({ superQueryParams: 'not json' }).key).toBe('superQueryInvalid');
    expect(errorOf({ superQueryParams: '{"a":1}' }).key).toBe('superQueryInvalid');
    expect(errorOf({ status: '1; DROP TABLE sys_user' })).toEqual({
      key: 'listValueInvalid',
      params: { field: 'status' },
    });
    expect(errorOf({ createTime_begin: "2026-01-01' OR '1'='1" }).key).toBe('listValueInvalid');
  });

  it('never puts client text into SQL: injection attempts are bound or refused', () => {
    const attempts = [
      "x' OR '1'='1",
      "'; DROP TABLE sys_user; --",
      'a) OR (1=1',
      "1' UNION SELECT password_hash FROM sys_user --",
    ];
    for (const a of attempts) {
      for (const q of [
        { realname: a },
        { realname: `*${a}*` },
        { depId: a },
        { superQueryParams: JSON.stringify([{ field: 'realname', rule: 'eq', val: a }]) },
      ]) {
        const { sql, values } = build(q);
        expect(sql).not.toContain(a);
        expect(values.some((v) => typeof v === 'string' && (v.includes(a) || v.includes(escapeLike(a))))).toBe(true);
      }
    }
    expect(build({ realname: '*50%_off*' }).values[1]).toBe('%50\\%\\_off%');
    expect(build({ realname: '$1' })).toMatchObject({
      sql: expect.stringContaining('t.realname = $2'),
      values: [1001, '$1'],
    });
    expect(errorOf({ "realname' OR 1=1 --": 'x' }).key).toBe('listFieldUnknown');
    expect(errorOf({ column: 'realname; DROP TABLE x' }).key).toBe('listSortUnknown');
    expect(errorOf(JSON.parse('{"__proto__":"x"}') as Record<string, unknown>).key).toBe('listFieldUnknown');
    expect(errorOf({ constructor: 'x' }).key).toBe('listFieldUnknown');
  });

  it('maps declared params and selections to bound predicates', () => {
    const { sql, values } = build({ depId: 'd1', selections: 'a,b', column: 'realname', order: 'asc' });
    expect(sql).toContain('l.dep_id = $2');
    expect(sql).toContain('t.id::text = ANY($3::text[])');
    expect(sql).toContain('ORDER BY t.realname ASC NULLS LAST, t.id ASC');
    expect(values).toEqual([1001, 'd1', ['a', 'b']]);
  });

  it('refuses a list without tenant scope unless it is declared global', () => {
    const bad = { ...spec, tenantScope: null };
    expect(() => whereSql(bad, parseListQuery(bad, {}), [], new SqlParams(1))).toThrow(/no tenant scope/);
    const global = { ...spec, tenantScope: null, global: true, where: [] };
    expect(whereSql(global, parseListQuery(global, {}), [], new SqlParams(1))).toBe('');
  });
});
