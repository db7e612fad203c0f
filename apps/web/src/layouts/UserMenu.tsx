import { useState, type ReactNode } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import {
  ApartmentOutlined,
  ClearOutlined,
  CloudDownloadOutlined,
  KeyOutlined,
  SettingOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DOWNLOAD_CENTER_PERMISSIONS } from '@ztj/contracts';
import { reloadDictionaries } from '../features/auth/api';
import { ChangePasswordModal } from '../features/auth/ChangePasswordModal';
import { DepartmentSwitchModal } from '../features/auth/DepartmentSwitchModal';
import { feedback } from '../platform/feedback/feedback';
import { usePermission } from '../platform/permissions/usePermission';
import { StoredAvatar } from '../platform/pickers/StoredAvatar';
import { clearDictCache, useSessionStore } from '../platform/session/sessionStore';
import { useSettingsStore } from '../platform/settings/settingsStore';

type Dialog = 'password' | 'depart' | null;

/**
 * User dropdown of the top bar (SPEC §2): account settings, download center (only with
 * task/scene/device export), system settings drawer, change password, change department,
 * clear cache.
 */
export function UserMenu({ isMobile }: { isMobile: boolean }): ReactNode {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const { can } = usePermission();
  const userInfo = useSessionStore((s) => s.userInfo);
  const openSettings = useSettingsStore((s) => s.setDrawerOpen);
  const [dialog, setDialog] = useState<Dialog>(null);

  const clearCache = async (): Promise<void> => {
    clearDictCache();
    try {
      await reloadDictionaries();
      feedback().message.success(t('user.cacheCleared'));
    } catch {
      feedback().message.error(t('user.cacheFailed'));
    }
  };

  const items: MenuProps['items'] = [
    { key: 'settings', icon: <SettingOutlined />, label: t('user.settings') },
    ...(can(DOWNLOAD_CENTER_PERMISSIONS.join(','))
      ? [{ key: 'downcenter', icon: <CloudDownloadOutlined />, label: t('user.downloadCenter') }]
      : []),
    { key: 'system', icon: <ToolOutlined />, label: t('user.systemSettings') },
    { key: 'password', icon: <KeyOutlined />, label: t('user.changePassword') },
    { key: 'depart', icon: <ApartmentOutlined />, label: t('user.changeDepartment') },
    { key: 'cache', icon: <ClearOutlined />, label: t('user.clearCache') },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'settings') void navigate('/account/settings');
    else if (key === 'downcenter') void navigate('/account/downcenter');
    else if (key === 'system') openSettings(true);
    else if (key === 'password' || key === 'depart') setDialog(key);
    else if (key === 'cache') void clearCache();
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
      <ChangePasswordModal open={dialog === 'password'} onClose={() => setDialog(null)} />
      {dialog === 'depart' && (
        <DepartmentSwitchModal open onDone={() => setDialog(null)} onCancel={() => setDialog(null)} />
      )}
    </>
  );
}
