import type { ReactNode } from 'react';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { formatFen, type DeviceServiceState, type SubscribeOrder, type SubscribeOrderStatus } from '@ztj/contracts';

/** Date-time format of the subscription screens (SPEC §9). */
export const SUBSCRIBE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A ms-epoch time as `YYYY-MM-DD HH:mm:ss`, or `fallback` when absent. */
export function formatSubscribeTime(ms: number | null | undefined, fallback = '—'): string {
  return ms === null || ms === undefined ? fallback : dayjs(ms).format(SUBSCRIBE_TIME_FORMAT);
}

/** An amount in fen as `¥1,234.50`. */
export function formatAmount(fen: number): string {
  return `¥${formatFen(fen)}`;
}

const STATUS_COLOURS: Record<SubscribeOrderStatus, string> = { unpaid: 'gold', paid: 'green', cancelled: 'default' };

/** The order state as a coloured tag. */
export function OrderStatusTag({ status, t }: { status: SubscribeOrderStatus; t: TFunction }): ReactNode {
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="order-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

const STATE_COLOURS: Record<DeviceServiceState, string> = {
  none: 'default',
  active: 'green',
  expiring: 'orange',
  expired: 'red',
};

/** A device's service state as a coloured tag. */
export function ServiceStateTag({ state, t }: { state: DeviceServiceState; t: TFunction }): ReactNode {
  return (
    <Tag color={STATE_COLOURS[state]} data-testid={`service-${state}`}>
      {t(`service.${state}`)}
    </Tag>
  );
}

/** The order's tenant name in the console language (`en-US`: the English name when it has one). */
export function tenantNameOf(o: Pick<SubscribeOrder, 'tenantName' | 'tenantNameEn'>, language: string): string {
  return language === 'en-US' && o.tenantNameEn ? o.tenantNameEn : o.tenantName;
}
