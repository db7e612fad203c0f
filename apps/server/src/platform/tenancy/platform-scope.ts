import type { AuthContext } from '../../platform/auth/auth-context';
import { AppError } from '../../platform/http/app-error';
import { PLATFORM_TENANT_ID } from './tenant-ids';

/**
 * Permission codes whose pages show the whole server, every tenant's figures together (the
 * monitoring info, `monitor:view`): they act in the platform tenant only. In another tenant the
 * menu leaves their pages out even for a role that grants them (auth/menu.service.ts), and their
 * routes refuse with `platformOnlyView`.
 */
export const PLATFORM_ONLY_PERMISSIONS: ReadonlySet<string> = new Set(['monitor:view']);

/**
 * Platform-wide data (tenants, menus/permissions, dictionaries, categories) is shared by every
 * tenant, so only a caller acting in the platform tenant may change it; a tenant administrator
 * changing it would change it for everyone else. `message`: `platformOnlyView` for what may not
 * even be read outside the platform tenant ({@link PLATFORM_ONLY_PERMISSIONS}).
 * @throws AppError noPermission platformOnly / platformOnlyView (code 510).
 */
export function requirePlatform(
  auth: Pick<AuthContext, 'tenantId'>,
  message: 'platformOnly' | 'platformOnlyView' = 'platformOnly',
): void {
  if (auth.tenantId !== PLATFORM_TENANT_ID) throw new AppError('noPermission', message);
}

export function isPlatform(auth: Pick<AuthContext, 'tenantId'>): boolean {
  return auth.tenantId === PLATFORM_TENANT_ID;
}
