import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Menu component names of the waybill area (SPEC §2 task list, detail, edit steps
 * 1-4, map list, chart, speed, map history) with their lazily loaded screens; spread into the one
 * component registry.
 */
export const WAYBILL_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'task/TaskList': lazy(() => import('./WaybillListPage').then((m) => ({ default: m.WaybillListPage }))),
  'task/TaskDetail': lazy(() => import('./WaybillDetailPage').then((m) => ({ default: m.WaybillDetailPage }))),
  'task/TaskEdit': lazy(() => import('./WaybillEditPage').then((m) => ({ default: m.WaybillEditPage }))),
  'task/TaskMapList': lazy(() => import('./WaybillMapListPage').then((m) => ({ default: m.WaybillMapListPage }))),
  'task/TaskChart': lazy(() => import('./WaybillTripPage').then((m) => ({ default: m.WaybillChartPage }))),
  'task/TaskSpeed': lazy(() => import('./WaybillTripPage').then((m) => ({ default: m.WaybillSpeedPage }))),
  'task/TaskMapHistory': lazy(() => import('./WaybillTripPage').then((m) => ({ default: m.WaybillMapHistoryPage }))),
};
