import { AuthRoutes, SESSION_MESSAGES } from '@ztj/contracts';
import { isApiError } from '../http/ApiError';
import { callApi } from '../http/callApi';
import { currentLanguage } from '../i18n/i18n';
import { setPermissions, usePermissionStore } from '../permissions/permissionStore';
import { normalizeMenu } from './menuModel';

let inFlight: Promise<void> | null = null;

/**
 * Fetches the permission menu and lists (SPEC §2, §4) and keeps them, the menu already filtered
 * and normalized for routes and the side menu. Concurrent callers share one request.
 * @throws Error 'getPermissionList: permissions must be a non-null array !' for an empty menu,
 *   or the call's `ApiError`.
 */
export function loadPermissions(): Promise<void> {
  inFlight ??= callApi(AuthRoutes.userPermission)
    .then((result) => {
      if (!Array.isArray(result.menu) || result.menu.length === 0)
        throw new Error(SESSION_MESSAGES.emptyMenu[currentLanguage()]);
      setPermissions({ ...result, menu: normalizeMenu(result.menu, result.auth) });
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Records why the menu could not be loaded; the navigation guard signs the user out. */
export function reportMenuFailure(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  usePermissionStore.setState({ menuError: { message, notified: isApiError(error) && error.notified } });
}
