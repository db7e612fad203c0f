import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Menu component names of the account area (SPEC §2) and their lazily loaded screens. */
export const ACCOUNT_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'account/Settings': lazy(() => import('./AccountSettingsPage').then((m) => ({ default: m.AccountSettingsPage }))),
  'account/Center': lazy(() => import('./AccountCenterPage').then((m) => ({ default: m.AccountCenterPage }))),
  'account/DownloadCenter': lazy(() => import('./DownloadCenterPage').then((m) => ({ default: m.DownloadCenterPage }))),
};
