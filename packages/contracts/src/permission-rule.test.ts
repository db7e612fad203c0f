import { describe, expect, it } from 'vitest';
import type { AuthEntry } from './menu';
import { excludedListButtons, isActionAllowed } from './permission-rule';

const btn = (action: string, status: '0' | '1' = '1'): AuthEntry => ({ action, describe: action, type: '2', status });
const menuLevel = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });

describe('button permission rule (SPEC §6)', () => {
  const all = [btn('user:add'), btn('user:edit'), btn('user:delete', '0')];

  it('allows an action the user holds as a button entry', () => {
    expect(isActionAllowed('user:add', [btn('user:add')], all)).toBe(true);
  });

  it('denies an action present in the full list but missing from the user list', () => {
    expect(isActionAllowed('user:edit', [btn('user:add')], all)).toBe(false);
  });

  it('denies an action whose entry in the full list is disabled', () => {
    expect(isActionAllowed('user:delete', [], all)).toBe(false);
  });

  it('allows an action nothing guards', () => {
    expect(isActionAllowed('report:print', [btn('user:add')], all)).toBe(true);
  });

  it('matches menu-level entries by action prefix', () => {
    expect(isActionAllowed('user:edit', [menuLevel('user')], all)).toBe(true);
    expect(isActionAllowed('username:edit', [menuLevel('user')], [btn('username:edit')])).toBe(false);
  });

  it('allows a comma-separated action when any part is allowed', () => {
    expect(isActionAllowed('user:edit,user:add', [btn('user:add')], all)).toBe(true);
    expect(isActionAllowed('user:edit,user:delete', [btn('user:add')], all)).toBe(false);
  });

  it('hides add and batch delete of a list when the codes are not granted', () => {
    const full = [btn('user:add'), btn('user:batch_delete')];
    expect(excludedListButtons('user', [btn('user:add')], full)).toEqual({ add: false, batchDelete: true });
    expect(excludedListButtons('user', full, full)).toEqual({ add: false, batchDelete: false });
  });
});
