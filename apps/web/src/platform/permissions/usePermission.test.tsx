import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthEntry } from '@ztj/contracts';
import { Authorized } from './Authorized';
import { resetPermissions, setPermissions } from './permissionStore';
import { usePermission } from './usePermission';

const button = (action: string, status: '0' | '1' = '1'): AuthEntry => ({
  action,
  describe: action,
  type: '2',
  status,
});
const menuLevel = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });

function grant(auth: AuthEntry[], allAuth: AuthEntry[]): void {
  act(() => setPermissions({ menu: [], auth, allAuth }));
}

afterEach(() => {
  act(() => resetPermissions());
  localStorage.clear();
});

describe('usePermission', () => {
  it('allows what the user holds and denies what the system guards', () => {
    grant([button('device:export')], [button('device:export'), button('task:export'), button('user:add')]);
    const { result } = renderHook(() => usePermission());
    expect(result.current.can('device:export')).toBe(true);
    expect(result.current.can('task:export')).toBe(false);
    expect(result.current.can('nobody:guards:this')).toBe(true);
  });

  it('accepts comma-separated codes (any one) — the Download Center rule', () => {
    grant([button('scene:export')], [button('device:export'), button('task:export'), button('scene:export')]);
    const { result } = renderHook(() => usePermission());
    expect(result.current.can('task:export,scene:export,device:export')).toBe(true);
    expect(result.current.can('task:export,device:export')).toBe(false);
  });

  it('denies a disabled entry and lets a menu-level entry grant by prefix', () => {
    grant([menuLevel('user')], [button('user:add'), button('role:add', '0')]);
    const { result } = renderHook(() => usePermission());
    expect(result.current.can('user:add')).toBe(true);
    expect(result.current.can('role:add')).toBe(false);
  });

  it('re-renders when the lists change, and keeps them under the button-auth storage keys', () => {
    grant([], [button('user:add')]);
    const { result } = renderHook(() => usePermission());
    expect(result.current.can('user:add')).toBe(false);
    grant([button('user:add')], [button('user:add')]);
    expect(result.current.can('user:add')).toBe(true);
    expect(localStorage.getItem('pro__LOGIN_USER_BUTTON_AUTH')).toContain('user:add');
    expect(localStorage.getItem('pro__SYS_BUTTON_AUTH')).toContain('user:add');
  });
});

describe('<Authorized>', () => {
  it('hides its children without the permission and shows them with it', () => {
    grant([], [button('device:export')]);
    const view = render(
      <Authorized action="device:export" fallback={<span>no</span>}>
        <button type="button">export</button>
      </Authorized>,
    );
    expect(screen.queryByText('export')).toBeNull();
    expect(screen.getByText('no')).toBeTruthy();
    grant([button('device:export')], [button('device:export')]);
    view.rerender(
      <Authorized action="device:export">
        <button type="button">export</button>
      </Authorized>,
    );
    expect(screen.getByText('export')).toBeTruthy();
  });
});
