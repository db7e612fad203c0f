import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Menu component of the file storage list (SPEC §2 modules → file storage), its own chunk. */
export const FILES_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'modules/FileList': lazy(() => import('./FileListPage').then((m) => ({ default: m.FileListPage }))),
};
