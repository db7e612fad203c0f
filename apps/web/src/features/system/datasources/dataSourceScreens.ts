import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Menu component of data sources (SPEC §2 system → data sources), its own chunk. */
export const DATA_SOURCE_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'system/DataSourceList': lazy(() => import('./DataSourceListPage').then((m) => ({ default: m.DataSourceListPage }))),
};
