import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Device detail; the hidden history/chart/event/log routes open the matching tab of it. */
const DeviceDetailScreen = lazy(() => import('./DeviceDetailPage').then((m) => ({ default: m.DeviceDetailPage })));

/**
 * Menu component names of the device screens (SPEC §2 device area: list, detail and its tabs,
 * edit, groups, map, gateways, device log), each loading lazily in its own chunk.
 */
export const DEVICE_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'device/DeviceList': lazy(() => import('./DeviceListPage').then((m) => ({ default: m.DeviceListPage }))),
  'device/DeviceDetail': DeviceDetailScreen,
  'device/DeviceHistory': DeviceDetailScreen,
  'device/DeviceChart': DeviceDetailScreen,
  'device/DeviceEvent': DeviceDetailScreen,
  'device/DeviceLog': DeviceDetailScreen,
  'device/DeviceEdit': lazy(() => import('./DeviceEditPage').then((m) => ({ default: m.DeviceEditPage }))),
  'device/DeviceGroupList': lazy(() => import('./DeviceGroupPage').then((m) => ({ default: m.DeviceGroupPage }))),
  'device/DeviceMap': lazy(() => import('./DeviceMapPage').then((m) => ({ default: m.DeviceMapPage }))),
  'device/GatewayList': lazy(() => import('./GatewayListPage').then((m) => ({ default: m.GatewayListPage }))),
  'device/DeviceLogList': lazy(() => import('./DeviceLogListPage').then((m) => ({ default: m.DeviceLogListPage }))),
};
