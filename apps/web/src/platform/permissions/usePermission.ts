import { useCallback } from 'react';
import { isActionAllowed } from '@ztj/contracts';
import { usePermissionStore } from './permissionStore';

/** What `usePermission` returns: `can('user:add')`, comma-separated codes allow any one. */
export interface PermissionApi {
  can: (action: string) => boolean;
}

/**
 * Button permission check of SPEC §6 for the signed-in user: the contracts' `isActionAllowed`
 * over the `auth` / `allAuth` lists of `getUserPermissionByToken`. Re-renders when they change.
 */
export function usePermission(): PermissionApi {
  const auth = usePermissionStore((s) => s.auth);
  const allAuth = usePermissionStore((s) => s.allAuth);
  const can = useCallback((action: string) => isActionAllowed(action, auth, allAuth), [auth, allAuth]);
  return { can };
}
