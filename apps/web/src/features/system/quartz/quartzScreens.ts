import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Menu component of scheduled jobs (SPEC §2 system → quartz jobs), its own chunk. */
export const QUARTZ_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'system/QuartzJobList': lazy(() => import('./QuartzJobListPage').then((m) => ({ default: m.QuartzJobListPage }))),
};
