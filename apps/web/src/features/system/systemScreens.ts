import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Menu component names of the system area (SPEC §2) and their lazily loaded screens; spread into
 * the one component registry. Each screen is its own chunk.
 */
export const SYSTEM_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'system/UserList': lazy(() => import('./user/UserListPage').then((m) => ({ default: m.UserListPage }))),
  'system/DepartList': lazy(() => import('./depart/DepartListPage').then((m) => ({ default: m.DepartListPage }))),
  'system/RoleList': lazy(() => import('./role/RoleListPage').then((m) => ({ default: m.RoleListPage }))),
};
