import type { ReactNode } from 'react';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useExpiredDevices } from './api';
import { formatSubscribeTime } from './subscriptionFormat';

/**
 * "Service expired" tag of a device for the device list and detail: shown when
 * the device's paid monitoring service has ended — it keeps its history but is no longer
 * monitored (no alarms). Nothing while loading, for devices in service, or when the call fails.
 */
export function ServiceExpiredTag({ deviceId }: { deviceId: string }): ReactNode {
  const { t } = useTranslation('subscriptions', { useSuspense: false });
  const expired = useExpiredDevices()?.get(deviceId);
  if (!expired) return null;
  return (
    <Tooltip title={t('expiredTag.hint', { time: formatSubscribeTime(expired.serviceEnd) })}>
      <Tag color="red" data-testid="service-expired-tag" style={{ marginInlineEnd: 0 }}>
        {t('expiredTag.label')}
      </Tag>
    </Tooltip>
  );
}
