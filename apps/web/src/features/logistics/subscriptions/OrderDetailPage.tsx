import type { ReactNode } from 'react';
import { Button, Card, Descriptions, Result, Skeleton, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SUBSCRIBE_PERMS, type SubscribeOrderItem } from '@ztj/contracts';
import { Authorized } from '../../../platform/permissions/Authorized';
import { useResponsive } from '../../../platform/responsive/useResponsive';
import { useOrderDetail } from './api';
import { formatAmount, formatSubscribeTime, OrderStatusTag, ServiceStateTag, tenantNameOf } from './subscriptionFormat';
import { useOrderActions } from './useOrderActions';

/**
 * Order detail (`subscribe/OrderDetail`, /subscribe/detail/:id): the order's
 * number, state, price, amount and times; its devices with the period the order bought and each
 * device's current service end and state (expired devices are not monitored); cancel an unpaid
 * order; a platform administrator confirms its payment. Both after confirmation.
 */
export function OrderDetailPage(): ReactNode {
  const { t, i18n } = useTranslation('subscriptions');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { isMobile } = useResponsive();
  const detail = useOrderDetail(id);
  const actions = useOrderActions();
  const back = (): void => void navigate('/subscribe/orders');

  if (detail.isError && !detail.data) {
    return (
      <Result
        status="warning"
        title={t('detail.loadError')}
        subTitle={detail.error.message}
        extra={
          <Space wrap>
            <Button onClick={() => void detail.refetch()}>{t('actions.retry')}</Button>
            <Button onClick={back}>{t('actions.back')}</Button>
          </Space>
        }
      />
    );
  }
  if (!detail.data)
    return (
      <Card size="small">
        <Skeleton active />
      </Card>
    );
  const o = detail.data;
  const columns = [
    {
      title: t('fields.device'),
      dataIndex: 'deviceId',
      key: 'deviceId',
      render: (_: unknown, d: SubscribeOrderItem) => (
        <span>
          <a onClick={() => void navigate(`/device/detail/${encodeURIComponent(d.deviceId)}`)}>{d.deviceName}</a>
          {d.deviceName !== d.deviceId && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {d.deviceId}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      title: t('fields.period'),
      key: 'period',
      responsive: ['md' as const],
      render: (_: unknown, d: SubscribeOrderItem) =>
        d.periodEnd === null
          ? t('detail.periodPending')
          : `${formatSubscribeTime(d.periodStart)} ~ ${formatSubscribeTime(d.periodEnd)}`,
    },
    {
      title: t('fields.serviceEnd'),
      dataIndex: 'serviceEnd',
      key: 'serviceEnd',
      render: (v: number | null) => (
        <span data-testid="item-service-end">{v === null ? t('service.noneLong') : formatSubscribeTime(v)}</span>
      ),
    },
    {
      title: t('fields.serviceState'),
      dataIndex: 'state',
      key: 'state',
      width: 110,
      render: (_: unknown, d: SubscribeOrderItem) => <ServiceStateTag state={d.state} t={t} />,
    },
  ];
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="order-detail">
      <Card
        size="small"
        title={
          <Space wrap size={8}>
            <Typography.Text strong>{t('detail.title', { orderNo: o.orderNo })}</Typography.Text>
            <OrderStatusTag status={o.status} t={t} />
          </Space>
        }
        extra={
          !isMobile && (
            <Button size="small" onClick={back}>
              {t('actions.back')}
            </Button>
          )
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('fields.orderNo')}>{o.orderNo}</Descriptions.Item>
          <Descriptions.Item label={t('fields.tenant')}>{tenantNameOf(o, i18n.language)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.deviceCount')}>{o.deviceCount}</Descriptions.Item>
          <Descriptions.Item label={t('fields.months')}>{t('detail.months', { count: o.months })}</Descriptions.Item>
          <Descriptions.Item label={t('fields.unitPrice')}>
            {t('renew.unitPrice', { price: formatAmount(o.unitPrice) })}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.amount')}>
            <Typography.Text strong data-testid="order-amount">
              {formatAmount(o.amount)}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item
            label={t('fields.createTime')}
          >{`${formatSubscribeTime(o.createTime)}${o.createBy ? ` · ${o.createBy}` : ''}`}</Descriptions.Item>
          <Descriptions.Item label={t('fields.payTime')}>
            {o.payTime === null ? '—' : `${formatSubscribeTime(o.payTime)}${o.payBy ? ` · ${o.payBy}` : ''}`}
          </Descriptions.Item>
          {o.cancelTime !== null && (
            <Descriptions.Item label={t('fields.cancelTime')}>{formatSubscribeTime(o.cancelTime)}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('fields.period')}>
            {o.periodStart === null
              ? t('detail.periodPending')
              : `${formatSubscribeTime(o.periodStart)} ~ ${formatSubscribeTime(o.periodEnd)}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.expireTime')}>{formatSubscribeTime(o.expireTime)}</Descriptions.Item>
        </Descriptions>
        {o.status === 'unpaid' && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('renew.payHint')}
          </Typography.Paragraph>
        )}
        <Space wrap>
          {o.status === 'unpaid' && (
            <Authorized action={SUBSCRIBE_PERMS.cancel}>
              <Button danger onClick={() => actions.confirmCancel(o)} data-testid="order-cancel">
                {t('actions.cancelOrder')}
              </Button>
            </Authorized>
          )}
          {o.canConfirmPay && (
            <Authorized action={SUBSCRIBE_PERMS.confirmPay}>
              <Button type="primary" onClick={() => actions.confirmPay(o)} data-testid="order-pay">
                {t('actions.confirmPay')}
              </Button>
            </Authorized>
          )}
          {isMobile && <Button onClick={back}>{t('actions.back')}</Button>}
        </Space>
      </Card>
      <Card size="small" title={t('detail.devices')}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('detail.expiredNote')}
        </Typography.Paragraph>
        <Table<SubscribeOrderItem>
          size="small"
          rowKey="deviceId"
          columns={columns}
          dataSource={o.items}
          pagination={o.items.length > 20 ? { pageSize: 20 } : false}
          scroll={{ x: 'max-content' }}
          data-testid="order-items"
        />
      </Card>
    </Space>
  );
}
