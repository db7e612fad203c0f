import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Menu component names of the alarm area (SPEC §2 alarm list, gateway alarm list, process record
 * list; names seeded on the server) and their lazily loaded screens; spread into the one component
 * registry. Each screen is its own chunk.
 */
export const ALARM_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'alarm/AlarmList': lazy(() => import('./AlarmListPage').then((m) => ({ default: m.AlarmListPage }))),
  'alarm/GatewayAlarmList': lazy(() => import('./AlarmListPage').then((m) => ({ default: m.GatewayAlarmListPage }))),
  'alarm/ProcessRecordList': lazy(() =>
    import('./ProcessRecordListPage').then((m) => ({ default: m.ProcessRecordListPage })),
  ),
};
