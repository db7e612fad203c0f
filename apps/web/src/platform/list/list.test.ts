import { beforeEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { formToQuery } from './listQuery';
import { pageAfterDelete, rememberPageSize, rememberedPageSize } from './paging';
import { deleteSavedQuery, hasSavedQuery, loadSavedQueries, saveQuery } from './savedQueries';
import { activeConditions, changeRule, isEmptyCondition, superQueryParams } from './superQuery';
import { applyTextOperator } from './textOperators';

beforeEach(() => window.localStorage.clear());

describe('text operator prefixes (SPEC §5)', () => {
  it('wraps like with asterisks and prefixes ne, ge, le', () => {
    expect(applyTextOperator('abc', 'like')).toBe('*abc*');
    expect(applyTextOperator('abc', 'ne')).toBe('!abc');
    expect(applyTextOperator('5', 'ge')).toBe('>=5');
    expect(applyTextOperator('5', 'le')).toBe('<=5');
    expect(applyTextOperator(' abc ', 'no')).toBe(' abc ');
  });
  it('trims on request and leaves empty values empty', () => {
    expect(applyTextOperator('  x ', 'like', true)).toBe('*x*');
    expect(applyTextOperator('   ', 'like', true)).toBe('');
    expect(applyTextOperator(undefined, 'ne')).toBe('');
  });
  it('turns form values into query fields with ranges', () => {
    const q = formToQuery({
      username: { operator: 'like', text: ' adm ' },
      sex: 1,
      status: undefined,
      createTime: [dayjs('2026-01-01 00:00:00'), dayjs('2026-01-31 23:59:59')],
      birthday: [dayjs('2000-01-01'), dayjs('2000-12-31')],
      roles: ['a', 'b'],
    });
    expect(q).toEqual({
      username: '*adm*',
      sex: '1',
      createTime_begin: '2026-01-01 00:00:00',
      createTime_end: '2026-01-31 23:59:59',
      birthday_begin: '2000-01-01',
      birthday_end: '2000-12-31',
      roles: 'a,b',
    });
  });
});

describe('advanced query rules', () => {
  it('keeps only the first value when the rule leaves "in"', () => {
    expect(changeRule({ field: 'sex', rule: 'in', val: ['1', '2'] }, 'eq')).toEqual({
      field: 'sex',
      rule: 'eq',
      val: '1',
    });
    expect(changeRule({ field: 'sex', rule: 'eq', val: '1' }, 'in').val).toEqual(['1']);
  });
  it('detects empty conditions (field, rule or value missing)', () => {
    expect(isEmptyCondition({ rule: 'eq', val: 'x' })).toBe(true);
    expect(isEmptyCondition({ field: 'a', val: 'x' })).toBe(true);
    expect(isEmptyCondition({ field: 'a', rule: 'eq', val: '  ' })).toBe(true);
    expect(isEmptyCondition({ field: 'a', rule: 'in', val: [] })).toBe(true);
    expect(isEmptyCondition({ field: 'a', rule: 'eq', val: 'x' })).toBe(false);
    expect(activeConditions([{ field: 'a', rule: 'eq', val: 'x' }, { rule: 'eq' }])).toHaveLength(1);
  });
  it('encodes non-empty conditions as URL-encoded JSON with the match type', () => {
    expect(superQueryParams([{ rule: 'eq' }], 'and')).toEqual({});
    const p = superQueryParams([{ field: 'sex', rule: 'in', val: ['1', '2'], type: 'select' }], 'or');
    expect(p.superQueryMatchType).toBe('or');
    expect(JSON.parse(decodeURIComponent(p.superQueryParams))).toEqual([
      { field: 'sex', rule: 'in', val: '1,2', type: 'select' },
    ]);
  });
});

describe('saved queries', () => {
  const q = (title: string, val: string) => ({
    title,
    matchType: 'and' as const,
    records: [{ field: 'a', rule: 'eq' as const, val }],
  });
  it('stores per code, overwrites by name and deletes', () => {
    saveQuery('/system/user', q('mine', '1'));
    saveQuery('/system/role', q('other', '9'));
    expect(hasSavedQuery('/system/user', 'mine')).toBe(true);
    saveQuery('/system/user', q('mine', '2'));
    expect(loadSavedQueries('/system/user')).toEqual([q('mine', '2')]);
    saveQuery('/system/user', q('second', '3'));
    expect(deleteSavedQuery('/system/user', 'mine')).toEqual([q('second', '3')]);
    expect(loadSavedQueries('/system/role')).toEqual([q('other', '9')]);
    expect(Object.keys(window.localStorage).some((k) => k.includes('SUPER_QUERY:/system/user'))).toBe(true);
  });
});

describe('paging', () => {
  it('recomputes the page after delete', () => {
    expect(pageAfterDelete(21, 10, 3, 1)).toBe(2);
    expect(pageAfterDelete(25, 10, 3, 2)).toBe(3);
    expect(pageAfterDelete(30, 10, 3, 10)).toBe(2);
    expect(pageAfterDelete(1, 10, 1, 1)).toBe(1);
  });
  it('remembers the page size per source', () => {
    expect(rememberedPageSize('users')).toBe(10);
    rememberPageSize('users', 30);
    expect(rememberedPageSize('users')).toBe(30);
    expect(rememberedPageSize('roles')).toBe(10);
  });
});
