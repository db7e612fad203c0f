import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Menu component names of the dashboards (SPEC §2: analysis page, big screen), each its own chunk. */
export const DASHBOARD_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'dashboard/Analysis': lazy(() => import('./AnalysisPage').then((m) => ({ default: m.AnalysisPage }))),
  'dashboard/BigScreen': lazy(() => import('./BigScreenPage').then((m) => ({ default: m.BigScreenPage }))),
};
