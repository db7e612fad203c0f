import { useState, type ReactNode } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { CloudDownloadOutlined, SettingOutlined, ToolOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DOWNLOAD_CENTER_PERMISSIONS } from '@ztj/contracts';
import { usePermission } from '../platform/permissions/usePermission';
import { StoredAvatar } from '../platform/pickers/StoredAvatar';
import { useSessionStore } from '../platform/session/sessionStore';
import { useSettingsStore } from '../platform/settings/settingsStore';
import { useShellSlots } from './shellSlots';

/**
 * User dropdown of the top bar (SPEC §2): account settings, download center (only with
 * task/scene/device export), system settings drawer, then the entries the app adds (change
 * password, change department, clear cache).
 */
export function UserMenu({ isMobile }: { isMobile: boolean }): ReactNode {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const { can } = usePermission();
  const userInfo = useSessionStore((s) => s.userInfo);
  const openSettings = useSettingsStore((s) => s.setDrawerOpen);
  const { userMenuEntries } = useShellSlots();
  const [dialog, setDialog] = useState<string | null>(null);

  const items: MenuProps['items'] = [
    { key: 'settings', icon: <SettingOutlined />, label: t('user.settings') },
    ...(can(DOWNLOAD_CENTER_PERMISSIONS.join(','))
      ? [{ key: 'downcenter', icon: <CloudDownloadOutlined />, label: t('user.downloadCenter') }]
      : []),
    { key: 'system', icon: <ToolOutlined />, label: t('user.systemSettings') },
    ...userMenuEntries.map((entry) => ({ key: entry.key, icon: entry.icon, label: t(entry.labelKey) })),
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'settings') void navigate('/account/settings');
    else if (key === 'downcenter') void navigate('/account/downcenter');
    else if (key === 'system') openSettings(true);
    else {
      const entry = userMenuEntries.find((e) => e.key === key);
      if (entry?.Dialog) setDialog(key);
      else entry?.onSelect?.();
    }
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <span
          role="button"
          tabIndex={0}
          data-testid="user-menu"
          style={{
            cursor: 'pointer',
            padding: isMobile ? '0 7px' : '0 12px',
            display: 'inline-flex',
            alignItems: 'center',
            gap: 8,
          }}
        >
          <StoredAvatar size="small" path={userInfo?.avatar} icon={<UserOutlined />} />
          {!isMobile && <span>{userInfo?.realname || userInfo?.username}</span>}
        </span>
      </Dropdown>
      {userMenuEntries.map(
        ({ key, Dialog }) => Dialog && <Dialog key={key} open={dialog === key} onClose={() => setDialog(null)} />,
      )}
    </>
  );
}
