import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Menu component names of the warehouse area (SPEC §2 warehouse creation in
 * three steps) with their lazily loaded screens; spread into the one component registry.
 */
export const WAREHOUSE_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'warehouse/WarehouseList': lazy(() => import('./WarehouseListPage').then((m) => ({ default: m.WarehouseListPage }))),
  'warehouse/WarehouseDetail': lazy(() =>
    import('./WarehouseViewPage').then((m) => ({ default: m.WarehouseViewPage })),
  ),
  'warehouse/WarehouseEdit': lazy(() => import('./WarehouseEditPage').then((m) => ({ default: m.WarehouseEditPage }))),
  'warehouse/WarehouseCreate': lazy(() =>
    import('./WarehouseEditPage').then((m) => ({ default: m.WarehouseEditPage })),
  ),
};
