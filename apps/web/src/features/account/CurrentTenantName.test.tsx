import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TenantBrief, UserInfo } from '@ztj/contracts';
import { useSessionStore } from '../../platform/session/sessionStore';
import { setupEnglishUi, withProviders } from '../../test/jsdom';
import { CurrentTenantName } from './CurrentTenantName';

/**
 * Account settings name the session's tenant, not its id, in the interface language: the English
 * name in en-US when there is one, else the (Chinese) name.
 */

const answer = vi.hoisted(() => ({ current: { list: [] as unknown[], tenantId: 0 } }));
vi.mock('../../platform/http/callApi', () => ({ callApi: vi.fn(() => Promise.resolve(answer.current)) }));

const tenant = (id: number, name: string, nameEn: string | null): TenantBrief => ({
  id,
  name,
  nameEn,
  status: 1,
  beginDate: null,
  endDate: null,
});

setupEnglishUi('account', () => void i18next.changeLanguage('en-US'));
beforeEach(() => {
  useSessionStore.setState({ tenantList: [], userInfo: null });
});

describe('current tenant of account settings', () => {
  it('shows the English name in English and the Chinese name in Chinese', async () => {
    answer.current = { list: [tenant(1, '平台', 'Platform'), tenant(1000, '演示租户', 'Demo tenant')], tenantId: 1000 };
    render(withProviders(<CurrentTenantName />));
    expect(await screen.findByText('Demo tenant')).toBeTruthy();
    await act(() => i18next.changeLanguage('zh-CN'));
    expect(screen.getByTestId('account-tenant').textContent).toBe('演示租户');
  });

  it('falls back to the name when the tenant has no English name', async () => {
    answer.current = { list: [tenant(1000, '演示租户', null)], tenantId: 1000 };
    render(withProviders(<CurrentTenantName />));
    expect(await screen.findByText('演示租户')).toBeTruthy();
  });

  it('shows the tenant list stored at sign-in until the server answers, never the id', async () => {
    answer.current = { list: [], tenantId: 1000 };
    useSessionStore.setState({
      tenantList: [tenant(1000, '演示租户', 'Demo tenant')],
      userInfo: { loginTenantId: 1000 } as UserInfo,
    });
    render(withProviders(<CurrentTenantName />));
    expect(screen.getByTestId('account-tenant').textContent).toBe('Demo tenant');
    await vi.waitFor(() => expect(screen.getByTestId('account-tenant').textContent).toBe('—'));
  });
});
