import { lazy } from 'react';

/**
 * Screens of the static routes (SPEC §2: exception pages, pages that are not available yet), each
 * its own chunk. The menu's screen registry reuses them for the same component names; it loads only
 * once the menu is built, so the login bundle does not grow with every registered screen.
 */
export const StaticScreens = {
  notAvailable: lazy(() =>
    import('../features/result/NotAvailablePage').then((m) => ({ default: m.NotAvailablePage })),
  ),
  exception403: lazy(() => import('../features/exception/ExceptionPage').then((m) => ({ default: m.Exception403 }))),
  exception404: lazy(() => import('../features/exception/ExceptionPage').then((m) => ({ default: m.Exception404 }))),
  exception500: lazy(() => import('../features/exception/ExceptionPage').then((m) => ({ default: m.Exception500 }))),
};
