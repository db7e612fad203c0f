import { lazy, type ComponentType, type ReactNode } from 'react';
import { BasicLayout } from '../../layouts/BasicLayout';
import { ShellSlotsProvider, type ShellSlots } from '../../layouts/shellSlots';
import { USER_MENU_ENTRIES } from './userMenuEntries';

/** The alarm notice bell loads in its own chunk, after the layout (its place is held meanwhile). */
const NoticeBell = lazy(() => import('../../features/alarms/NoticeBell').then((m) => ({ default: m.NoticeBell })));

/**
 * The basic layout with the feature widgets the app gives it (notice bell, user menu entries) and
 * the router its tab bar follows. The router is handed in by the app's router module, which loads
 * this one lazily, so the two do not import each other.
 */
export function consoleShell(router: ShellSlots['router']): ComponentType {
  const slots: ShellSlots = { router, NoticeBell, userMenuEntries: USER_MENU_ENTRIES };
  return function ConsoleShell(): ReactNode {
    return (
      <ShellSlotsProvider value={slots}>
        <BasicLayout />
      </ShellSlotsProvider>
    );
  };
}
