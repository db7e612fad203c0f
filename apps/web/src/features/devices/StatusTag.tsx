import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Online/offline tag of a device or gateway. */
export function StatusTag({ status }: { status: 'online' | 'offline' }): ReactNode {
  const { t } = useTranslation('devices');
  return (
    <Tag color={status === 'online' ? 'success' : 'default'} data-testid="device-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
