import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Menu component names of the system area (SPEC §2) and their lazily loaded screens; spread into
 * the one component registry. Each screen is its own chunk.
 */
export const SYSTEM_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'system/UserList': lazy(() => import('./user/UserListPage').then((m) => ({ default: m.UserListPage }))),
  'system/DepartList': lazy(() => import('./depart/DepartListPage').then((m) => ({ default: m.DepartListPage }))),
  'system/RoleList': lazy(() => import('./role/RoleListPage').then((m) => ({ default: m.RoleListPage }))),
  'system/PositionList': lazy(() =>
    import('./position/PositionListPage').then((m) => ({ default: m.PositionListPage })),
  ),
  'system/TenantList': lazy(() => import('./tenant/TenantListPage').then((m) => ({ default: m.TenantListPage }))),
  'system/LogList': lazy(() => import('./log/LogListPage').then((m) => ({ default: m.LogListPage }))),
  'system/AddressList': lazy(() =>
    import('./addresslist/AddressListPage').then((m) => ({ default: m.AddressListPage })),
  ),
  'system/DictList': lazy(() => import('./dict/DictListPage').then((m) => ({ default: m.DictListPage }))),
  'system/CategoryList': lazy(() =>
    import('./category/CategoryListPage').then((m) => ({ default: m.CategoryListPage })),
  ),
  'system/DataRuleList': lazy(() =>
    import('./permission/DataRuleListPage').then((m) => ({ default: m.DataRuleListPage })),
  ),
  'system/PermissionList': lazy(() =>
    import('./permission/PermissionListPage').then((m) => ({ default: m.PermissionListPage })),
  ),
};
