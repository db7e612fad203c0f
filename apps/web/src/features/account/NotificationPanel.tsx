import { useState, type ReactNode } from 'react';
import { List, Switch, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_KINDS,
  PUSH_TYPES,
  UserRoutes,
  type NotificationKind,
  type UserNotificationSettings,
} from '@ztj/contracts';
import { feedback } from '../../platform/feedback/feedback';
import { callApi } from '../../platform/http/callApi';

/**
 * Notification (SPEC §2 account settings): which kinds of notices reach the signed-in user,
 * stored on the server per user (session route); each switch saves at once. Below, the channels
 * alarm notices use (changed under alarm push).
 */
export function NotificationPanel(): ReactNode {
  const { t } = useTranslation(['account', 'system', 'list']);
  const [saving, setSaving] = useState<NotificationKind | null>(null);
  const prefs = useQuery({
    queryKey: ['account', 'notification'],
    queryFn: ({ signal }) => callApi(UserRoutes.notification, { signal }),
  });
  const settings = useQuery({
    queryKey: ['account', 'settings'],
    queryFn: ({ signal }) => callApi(UserRoutes.settings, { signal }),
  });
  const modes = settings.data?.alarmPushMode ?? [];
  const toggle = async (kind: NotificationKind, on: boolean): Promise<void> => {
    if (!prefs.data) return;
    const body: UserNotificationSettings = { ...prefs.data, [kind]: on };
    setSaving(kind);
    try {
      await callApi(UserRoutes.saveNotification, { body });
      feedback().message.success(t('list:saveSuccess'));
    } finally {
      setSaving(null);
      await prefs.refetch();
    }
  };
  return (
    <div data-testid="account-notification">
      <List
        loading={prefs.isLoading}
        dataSource={[...NOTIFICATION_KINDS]}
        renderItem={(kind) => (
          <List.Item
            extra={
              <Switch
                checked={prefs.data?.[kind] ?? true}
                loading={saving === kind}
                disabled={!prefs.data}
                checkedChildren={t('notification.on')}
                unCheckedChildren={t('notification.off')}
                onChange={(on) => void toggle(kind, on)}
                data-testid={`notification-${kind}`}
              />
            }
          >
            <List.Item.Meta
              title={t(`notification.kinds.${kind}.title`)}
              description={t(`notification.kinds.${kind}.description`)}
            />
          </List.Item>
        )}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('notification.channels')}
      </Typography.Title>
      <List
        loading={settings.isLoading}
        dataSource={[...PUSH_TYPES]}
        renderItem={(p) => (
          <List.Item
            extra={
              <Tag color={modes.includes(p) ? 'green' : 'default'}>
                {modes.includes(p) ? t('notification.on') : t('notification.off')}
              </Tag>
            }
          >
            <List.Item.Meta title={t(`system:user.push.${p}`)} description={t('notification.hint')} />
          </List.Item>
        )}
      />
    </div>
  );
}
