import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Menu component names of the share area (SPEC §2 share: shared devices, share
 * list) with their lazily loaded screens; spread into the one component registry.
 */
export const SHARE_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'share/ShareList': lazy(() => import('./ShareListPage').then((m) => ({ default: m.ShareListPage }))),
  'share/SharedDeviceList': lazy(() =>
    import('./SharedDeviceListPage').then((m) => ({ default: m.SharedDeviceListPage })),
  ),
};
