import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SUBSCRIBE_ORDER_STATUSES, SUBSCRIBE_PERMS, SubscribeRoutes, type SubscribeOrder } from '@ztj/contracts';
import { AlertedListPage } from '../../../platform/crud/AlertedListPage';
import { useListPage } from '../../../platform/list/useListPage';
import { Authorized } from '../../../platform/permissions/Authorized';
import { useResponsive } from '../../../platform/responsive/useResponsive';
import { useListError } from '../../../platform/list/useListError';
import { useDeviceServices } from './api';
import { RenewModal } from './RenewModal';
import { formatAmount, formatSubscribeTime, OrderStatusTag, tenantNameOf } from './subscriptionFormat';
import { useOrderActions } from './useOrderActions';

/** Devices whose service ends soon or has ended, with a renew shortcut (the reminder's standing form). */
function ServiceNotice({ onRenew }: { onRenew: (ids: string[]) => void }): ReactNode {
  const { t } = useTranslation('subscriptions');
  const services = useDeviceServices();
  const devices = services.data?.devices ?? [];
  const expiring = devices.filter((d) => d.state === 'expiring' && !d.unpaidOrderNo);
  const expired = devices.filter((d) => d.state === 'expired' && !d.unpaidOrderNo);
  const pending = devices.filter((d) => (d.state === 'expiring' || d.state === 'expired') && d.unpaidOrderNo);
  if (!expiring.length && !expired.length && !pending.length) return null;
  const names = (list: typeof devices): string => list.map((d) => d.deviceId).join(', ');
  return (
    <Alert
      type={expired.length ? 'error' : 'warning'}
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="service-notice"
      title={
        <Space direction="vertical" size={2}>
          {expired.length > 0 && <span>{t('notice.expired', { count: expired.length, devices: names(expired) })}</span>}
          {expiring.length > 0 && (
            <span>
              {t('notice.expiring', {
                count: expiring.length,
                days: services.data?.expiringDays ?? 7,
                devices: names(expiring),
              })}
            </span>
          )}
          {pending.length > 0 && <span>{t('notice.pending', { count: pending.length, devices: names(pending) })}</span>}
        </Space>
      }
      action={
        expired.length + expiring.length > 0 ? (
          <Authorized action={SUBSCRIBE_PERMS.renew}>
            <Button
              size="small"
              onClick={() => onRenew([...expired, ...expiring].map((d) => d.deviceId))}
              data-testid="service-notice-renew"
            >
              {t('actions.renew')}
            </Button>
          </Authorized>
        ) : undefined
      }
    />
  );
}

/**
 * Service orders (`subscribe/OrderList`; SPEC §2 subscribe: orders): the
 * tenant's orders on the generic list (every tenant's for the platform tenant) with filters by
 * order number, status and creation time; a renewal dialog that prices devices × months before
 * creating an unpaid order; cancel an unpaid order after confirmation; export. Devices ending
 * soon or ended are announced above the list. Buttons by SUBSCRIBE_PERMS.
 */
export function OrderListPage(): ReactNode {
  const { t, i18n } = useTranslation('subscriptions');
  const navigate = useNavigate();
  const { isMobile } = useResponsive();
  const [renewing, setRenewing] = useState<string[] | null>(null);
  const list = useListPage({
    route: SubscribeRoutes.list,
    permissionPrefix: 'subscribe',
    sourceKey: '/subscribe/orders',
    exportRoute: SubscribeRoutes.exportXls,
  });
  const listError = useListError(SubscribeRoutes.list.path);
  const actions = useOrderActions(() => list.reload());
  const open = (o: SubscribeOrder): void => void navigate(`/subscribe/detail/${encodeURIComponent(o.id)}`);

  const columns: ColumnsType<SubscribeOrder> = useMemo(
    () => [
      {
        title: t('fields.orderNo'),
        dataIndex: 'orderNo',
        key: 'orderNo',
        sorter: true,
        render: (v: string, o) => (
          <span>
            <a onClick={() => open(o)} data-testid="order-open">
              {v}
            </a>
            {isMobile && (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {t('list.mobileLine', { count: o.deviceCount, months: o.months, amount: formatAmount(o.amount) })}
              </Typography.Text>
            )}
          </span>
        ),
      },
      {
        title: t('fields.status'),
        dataIndex: 'status',
        key: 'status',
        width: 90,
        render: (_: unknown, o) => <OrderStatusTag status={o.status} t={t} />,
      },
      {
        title: t('fields.tenant'),
        dataIndex: 'tenantName',
        key: 'tenantName',
        sorter: true,
        responsive: ['xl'],
        render: (_: unknown, o) => tenantNameOf(o, i18n.language),
      },
      {
        title: t('fields.deviceCount'),
        dataIndex: 'deviceCount',
        key: 'deviceCount',
        sorter: true,
        width: 90,
        responsive: ['md'],
      },
      { title: t('fields.months'), dataIndex: 'months', key: 'months', sorter: true, width: 100, responsive: ['md'] },
      {
        title: t('fields.amount'),
        dataIndex: 'amount',
        key: 'amount',
        sorter: true,
        width: 130,
        align: 'right',
        responsive: ['sm'],
        render: (v: number) => formatAmount(v),
      },
      {
        title: t('fields.expireTime'),
        dataIndex: 'expireTime',
        key: 'expireTime',
        sorter: true,
        width: 170,
        responsive: ['lg'],
        render: (v: number | null) => formatSubscribeTime(v),
      },
      {
        title: t('fields.createTime'),
        dataIndex: 'createTime',
        key: 'createTime',
        sorter: true,
        width: 170,
        responsive: ['lg'],
        render: (v: number) => formatSubscribeTime(v),
      },
      {
        title: t('fields.payTime'),
        dataIndex: 'payTime',
        key: 'payTime',
        sorter: true,
        width: 170,
        responsive: ['xl'],
        render: (v: number | null) => formatSubscribeTime(v),
      },
      {
        title: t('fields.actions'),
        key: 'actions',
        fixed: 'right',
        width: isMobile ? 72 : 150,
        render: (_: unknown, o) => (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => open(o)}>
              {t('actions.detail')}
            </Button>
            {o.status === 'unpaid' && (
              <Authorized action={SUBSCRIBE_PERMS.cancel}>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => actions.confirmCancel(o)}
                  data-testid="order-cancel"
                >
                  {isMobile ? t('actions.cancel') : t('actions.cancelOrder')}
                </Button>
              </Authorized>
            )}
          </Space>
        ),
      },
    ],
    // open and actions only close over navigate and the mutations
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, isMobile, i18n.language],
  );

  return (
    <>
      <ServiceNotice onRenew={setRenewing} />
      <AlertedListPage<SubscribeOrder>
        testId="orders"
        list={list}
        error={listError}
        texts={{ loadFailed: t('loadFailed'), retry: t('actions.retry'), empty: t('empty') }}
        exportName={t('exportName')}
        extra={
          <Authorized action={SUBSCRIBE_PERMS.renew}>
            <Button type="primary" onClick={() => setRenewing([])} data-testid="order-renew">
              {t('actions.renew')}
            </Button>
          </Authorized>
        }
        queryFields={[
          { name: 'orderNo', label: t('fields.orderNo'), kind: 'text' },
          {
            name: 'status',
            label: t('fields.status'),
            kind: 'select',
            options: SUBSCRIBE_ORDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          },
          { name: 'createTime', label: t('fields.createTime'), kind: 'dateRange' },
        ]}
        columns={columns}
      />
      <RenewModal
        open={renewing !== null}
        initial={renewing ?? undefined}
        onClose={() => setRenewing(null)}
        onDone={() => void list.reload()}
      />
    </>
  );
}
