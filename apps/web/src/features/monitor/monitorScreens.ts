import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Menu component of the monitoring info page (SPEC §2 modules → monitoring), its own chunk. */
export const MONITOR_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'modules/MonitorInfo': lazy(() => import('./MonitorInfoPage').then((m) => ({ default: m.MonitorInfoPage }))),
};
