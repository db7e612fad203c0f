import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AuthRoutes, tenantDisplayName } from '@ztj/contracts';
import { callApi } from '../../platform/http/callApi';
import { useSessionStore } from '../../platform/session/sessionStore';

/**
 * The session's tenant by name in the interface language (SPEC §2 account settings): the English
 * name in en-US when the tenant has one, else its name. The tenant and its names come from the
 * user's tenant list (`AuthRoutes.myTenants`); until it answers, the list stored at sign-in
 * stands in. '—' when the tenant is in neither.
 */
export function CurrentTenantName(): ReactNode {
  const { i18n } = useTranslation();
  const stored = useSessionStore((s) => s.tenantList);
  const storedId = useSessionStore((s) => s.userInfo?.loginTenantId);
  const mine = useQuery({
    queryKey: ['account', 'tenants'],
    queryFn: ({ signal }) => callApi(AuthRoutes.myTenants, { signal }),
  });
  const list = mine.data?.list ?? stored;
  const id = mine.data?.tenantId ?? storedId;
  const tenant = list.find((x) => x.id === id);
  return <span data-testid="account-tenant">{tenant ? tenantDisplayName(tenant, i18n.language) : '—'}</span>;
}
