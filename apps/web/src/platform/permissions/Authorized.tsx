import type { ReactNode } from 'react';
import { usePermission } from './usePermission';

interface AuthorizedProps {
  /** Permission code(s), e.g. `device:export` or `task:export,scene:export`. */
  action: string;
  children: ReactNode;
  /** Shown instead of the children when not allowed (nothing by default). */
  fallback?: ReactNode;
}

/** Renders its children only when the user holds `action` (SPEC §6 permission directive). */
export function Authorized({ action, children, fallback = null }: AuthorizedProps): ReactNode {
  const { can } = usePermission();
  return can(action) ? children : fallback;
}
