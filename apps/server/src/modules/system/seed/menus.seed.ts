import type { MenuSeed } from './menu-builders';
import { ACCOUNT_MENU, MODULES_MENU, SYSTEM_MENU } from './menus-admin.seed';
import { ALARM_MENU, PUSH_MENU, SETTINGS_MENU, SHARE_MENU, SUBSCRIBE_MENU } from './menus-alarms.seed';
import { DASHBOARD_MENU, DEVICE_MENU, SCENE_MENU, TASK_MENU, WAREHOUSE_MENU } from './menus-operations.seed';

export type { MenuSeed } from './menu-builders';

/**
 * The permission/menu tree seeded for every area of SPEC §2, in side-menu order. Screens not built
 * yet keep their component name; the console opens its "not available yet" page for any component
 * it does not know, so no menu leads to a blank route. Ids are stable so later releases can add to
 * the tree.
 */
export const MENU_SEED: MenuSeed[] = [
  DASHBOARD_MENU,
  DEVICE_MENU,
  TASK_MENU,
  SCENE_MENU,
  WAREHOUSE_MENU,
  ALARM_MENU,
  PUSH_MENU,
  SHARE_MENU,
  SUBSCRIBE_MENU,
  SETTINGS_MENU,
  SYSTEM_MENU,
  MODULES_MENU,
  ACCOUNT_MENU,
];

/** Top-level menu ids the operator role gets (everything but administration). */
export const OPERATOR_MENUS = [
  'dashboard',
  'device',
  'task',
  'scene',
  'warehouse',
  'alarm',
  'push',
  'share',
  'subscribe',
  'settings',
  'account',
];
/** Top-level menu ids the viewer role gets; viewers get no buttons. */
export const VIEWER_MENUS = ['dashboard', 'device', 'task', 'alarm', 'account'];
