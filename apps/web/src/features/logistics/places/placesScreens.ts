import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Menu component names of settings → paths and points with their lazily loaded
 * screens; spread into the one component registry. Each screen is its own chunk.
 */
export const PLACES_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'settings/PathList': lazy(() => import('./PathListPage').then((m) => ({ default: m.PathListPage }))),
  'settings/PointList': lazy(() => import('./PointListPage').then((m) => ({ default: m.PointListPage }))),
};
