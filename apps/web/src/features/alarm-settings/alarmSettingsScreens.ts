import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Menu component names of settings → rule templates and user groups, the scene area (SPEC §2 scene
 * list, detail, edit steps 1-3, params) and the push list, with their lazily loaded screens; spread
 * into the one component registry. Each screen is its own chunk.
 */
export const ALARM_SETTINGS_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'settings/RuleTemplateList': lazy(() =>
    import('./templates/RuleTemplateListPage').then((m) => ({ default: m.RuleTemplateListPage })),
  ),
  'settings/UserGroupList': lazy(() =>
    import('./groups/UserGroupListPage').then((m) => ({ default: m.UserGroupListPage })),
  ),
  'scene/SceneList': lazy(() => import('./scenes/SceneListPage').then((m) => ({ default: m.SceneListPage }))),
  'scene/SceneDetail': lazy(() => import('./scenes/SceneDetailPage').then((m) => ({ default: m.SceneDetailPage }))),
  'scene/SceneEdit': lazy(() => import('./scenes/SceneEditPage').then((m) => ({ default: m.SceneEditPage }))),
  'scene/SceneParams': lazy(() => import('./scenes/SceneParamsPage').then((m) => ({ default: m.SceneParamsPage }))),
  'push/PushList': lazy(() => import('./push/PushListPage').then((m) => ({ default: m.PushListPage }))),
};
