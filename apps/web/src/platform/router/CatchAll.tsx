import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { usePermissionStore } from '../permissions/permissionStore';
import { useSessionStore } from '../session/sessionStore';

/**
 * Unknown paths go to /404 (SPEC §2) — except for a signed-in user whose menu could not be
 * loaded: the guard signs them out instead.
 */
export function CatchAll(): ReactNode {
  const hasToken = useSessionStore((s) => s.token !== null);
  const menuLoaded = usePermissionStore((s) => s.menuLoaded);
  if (hasToken && !menuLoaded) return null;
  return <Navigate to="/404" replace />;
}
