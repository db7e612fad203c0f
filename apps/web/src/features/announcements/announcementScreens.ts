import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Menu components of announcements and messages (SPEC §2), their own chunks. */
export const ANNOUNCEMENT_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'system/AnnouncementList': lazy(() =>
    import('./AnnouncementListPage').then((m) => ({ default: m.AnnouncementListPage })),
  ),
  'modules/SystemMessageList': lazy(() =>
    import('./SystemMessageListPage').then((m) => ({ default: m.ModulesMessagePage })),
  ),
  'account/Announcement': lazy(() =>
    import('./SystemMessageListPage').then((m) => ({ default: m.AccountAnnouncementPage })),
  ),
};
