import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Menu component of popup reports (SPEC §2 system), its own chunk. */
export const POPUP_REPORT_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'system/PopupReportList': lazy(() =>
    import('./PopupReportListPage').then((m) => ({ default: m.PopupReportListPage })),
  ),
};
