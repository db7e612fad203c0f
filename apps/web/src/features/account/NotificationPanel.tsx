import type { ReactNode } from 'react';
import { List, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PUSH_TYPES, UserRoutes } from '@ztj/contracts';
import { callApi } from '../../platform/http/callApi';

/** Notification: which channels alarm notices reach the user on (changed under alarm push). */
export function NotificationPanel(): ReactNode {
  const { t } = useTranslation(['account', 'system']);
  const settings = useQuery({ queryKey: ['account', 'settings'], queryFn: ({ signal }) => callApi(UserRoutes.settings, { signal }) });
  const modes = settings.data?.alarmPushMode ?? [];
  return (
    <List
      loading={settings.isLoading}
      data-testid="account-notification"
      dataSource={[...PUSH_TYPES]}
      renderItem={(p) => (
        <List.Item extra={<Tag color={modes.includes(p) ? 'green' : 'default'}>{modes.includes(p) ? t('notification.on') : t('notification.off')}</Tag>}>
          <List.Item.Meta title={t(`system:user.push.${p}`)} description={t('notification.hint')} />
        </List.Item>
      )}
    />
  );
}
