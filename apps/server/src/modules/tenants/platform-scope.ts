import type { AuthContext } from '../../platform/auth/auth-context';
import { AppError } from '../../platform/http/app-error';
import { PLATFORM_TENANT_ID } from '../system/seed/seed';

/**
 * Platform-wide data (tenants, menus/permissions, dictionaries, categories) is shared by every
 * tenant, so only a caller acting in the platform tenant may change it; a tenant administrator
 * changing it would change it for everyone else.
 * @throws AppError noPermission platformOnly (code 510).
 */
export function requirePlatform(auth: Pick<AuthContext, 'tenantId'>): void {
  if (auth.tenantId !== PLATFORM_TENANT_ID) throw new AppError('noPermission', 'platformOnly');
}

export function isPlatform(auth: Pick<AuthContext, 'tenantId'>): boolean {
  return auth.tenantId === PLATFORM_TENANT_ID;
}
