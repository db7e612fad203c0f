import { useState, type ReactNode } from 'react';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useResponsive } from '../../platform/responsive/useResponsive';
import { AlarmPushPanel } from './AlarmPushPanel';
import { BaseSettingPanel } from './BaseSettingPanel';
import { CustomPanel } from './CustomPanel';
import { NotificationPanel } from './NotificationPanel';
import { PasswordPanel } from './PasswordPanel';

/** Account settings (`account/Settings`): base setting, password, alarm push, custom, notification. */
export function AccountSettingsPage(): ReactNode {
  const { t } = useTranslation(['account', 'system', 'list']);
  const { isMobile } = useResponsive();
  const [tab, setTab] = useState('base');
  return (
    <Card size="small" data-testid="account-settings">
      <Tabs
        tabPlacement={isMobile ? 'top' : 'start'}
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'base', label: t('tabs.base'), children: <BaseSettingPanel /> },
          { key: 'password', label: t('tabs.password'), children: <PasswordPanel /> },
          { key: 'alarm', label: t('tabs.alarm'), children: <AlarmPushPanel /> },
          { key: 'custom', label: t('tabs.custom'), children: <CustomPanel /> },
          { key: 'notification', label: t('tabs.notification'), children: <NotificationPanel /> },
        ]}
      />
    </Card>
  );
}
