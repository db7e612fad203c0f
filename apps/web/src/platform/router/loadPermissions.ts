import { AuthRoutes, MESSAGES } from '@ztj/contracts';
import { callApi } from '../http/callApi';
import { currentLanguage } from '../i18n/i18n';
import { setPermissions } from '../permissions/permissionStore';
import { normalizeMenu } from './menuModel';

/**
 * Fetches the permission menu and lists (SPEC §2, §4) and keeps them, the menu already filtered
 * and normalized for routes and the side menu.
 * @throws Error 'getPermissionList: permissions must be a non-null array !' for an empty menu,
 *   or the call's `ApiError`.
 */
export async function loadPermissions(): Promise<void> {
  const result = await callApi(AuthRoutes.userPermission);
  if (!Array.isArray(result.menu) || result.menu.length === 0) {
    throw new Error(MESSAGES.emptyMenu[currentLanguage()]);
  }
  setPermissions({ ...result, menu: normalizeMenu(result.menu, result.auth) });
}
