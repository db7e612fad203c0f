import type { ReactNode } from 'react';
import { ApartmentOutlined, ClearOutlined, KeyOutlined } from '@ant-design/icons';
import i18next from 'i18next';
import { reloadDictionaries } from '../../features/auth/api';
import { ChangePasswordModal } from '../../features/auth/ChangePasswordModal';
import { DepartmentSwitchModal } from '../../features/auth/DepartmentSwitchModal';
import type { UserMenuEntry } from '../../layouts/shellSlots';
import { feedback } from '../../platform/feedback/feedback';
import { clearDictCache } from '../../platform/session/sessionStore';

/** The department switch mounts only while open: it loads the user's departments when it opens. */
function DepartmentSwitchDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactNode {
  return open ? <DepartmentSwitchModal open onDone={onClose} onCancel={onClose} /> : null;
}

/** Drops the cached dictionaries and loads them again, telling the user how it went. */
async function clearCache(): Promise<void> {
  clearDictCache();
  try {
    await reloadDictionaries();
    feedback().message.success(i18next.t('layout:user.cacheCleared'));
  } catch {
    feedback().message.error(i18next.t('layout:user.cacheFailed'));
  }
}

/** The user menu's entries from the auth feature (SPEC §2): change password, change department, clear cache. */
export const USER_MENU_ENTRIES: readonly UserMenuEntry[] = [
  { key: 'password', icon: <KeyOutlined />, labelKey: 'user.changePassword', Dialog: ChangePasswordModal },
  { key: 'depart', icon: <ApartmentOutlined />, labelKey: 'user.changeDepartment', Dialog: DepartmentSwitchDialog },
  { key: 'cache', icon: <ClearOutlined />, labelKey: 'user.clearCache', onSelect: () => void clearCache() },
];
