import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { RouteView } from '../../layouts/RouteView';
import { SYSTEM_SCREENS } from '../../features/system/systemScreens';
import { ACCOUNT_SCREENS } from '../../features/account/accountScreens';
import { ALARM_SCREENS } from '../../features/alarms/alarmScreens';
import { ALARM_SETTINGS_SCREENS } from '../../features/alarm-settings/alarmSettingsScreens';
import { PLACES_SCREENS } from '../../features/logistics/places/placesScreens';
import { WAYBILL_SCREENS } from '../../features/logistics/waybills/waybillScreens';
import { QUARTZ_SCREENS } from '../../features/system/quartz/quartzScreens';
import { SHARE_SCREENS } from '../../features/logistics/shares/sharesScreens';
import { WAREHOUSE_SCREENS } from '../../features/logistics/warehouses/warehouseScreens';
import { SUBSCRIPTION_SCREENS } from '../../features/logistics/subscriptions/subscriptionsScreens';
import { ANNOUNCEMENT_SCREENS } from '../../features/announcements/announcementScreens';
import { LEDGER_SCREENS } from '../../features/system/ledger/ledgerScreens';
import { MONITOR_SCREENS } from '../../features/monitor/monitorScreens';
import { GATEWAY_SCREENS } from '../../features/system/gateway/gatewayScreens';
import { RULES_SCREENS } from '../../features/system/rules/rulesScreens';
import { DATA_SOURCE_SCREENS } from '../../features/system/datasources/dataSourceScreens';
import { POPUP_REPORT_SCREENS } from '../../features/system/popup-reports/popupReportScreens';
import { FILES_SCREENS } from '../../features/system/files/filesScreens';
import { EQUIPMENT_SCREENS } from '../../features/equipment/equipmentScreens';

type Screen = ComponentType | LazyExoticComponent<ComponentType>;

/** Device detail; the hidden history/chart/event/log routes open the matching tab of it. */
const DeviceDetailScreen = lazy(() =>
  import('../../features/devices/DeviceDetailPage').then((m) => ({ default: m.DeviceDetailPage })),
);

/**
 * The one registry from menu `component` names (SPEC §2 dynamic routes) to screens. Screens load
 * lazily, one chunk per route. A name not listed here opens the "not available yet" page.
 */
export const COMPONENT_REGISTRY: Readonly<Record<string, Screen>> = {
  'layouts/RouteView': RouteView,
  'layouts/PageView': RouteView,
  ...SYSTEM_SCREENS,
  ...ACCOUNT_SCREENS,
  ...ALARM_SCREENS,
  ...ALARM_SETTINGS_SCREENS,
  ...PLACES_SCREENS,
  ...WAYBILL_SCREENS,
  ...QUARTZ_SCREENS,
  ...SHARE_SCREENS,
  ...WAREHOUSE_SCREENS,
  ...SUBSCRIPTION_SCREENS,
  ...ANNOUNCEMENT_SCREENS,
  ...LEDGER_SCREENS,
  ...MONITOR_SCREENS,
  ...GATEWAY_SCREENS,
  ...RULES_SCREENS,
  ...DATA_SOURCE_SCREENS,
  ...POPUP_REPORT_SCREENS,
  ...FILES_SCREENS,
  ...EQUIPMENT_SCREENS,
  'dashboard/Analysis': lazy(() =>
    import('../../features/dashboard/AnalysisPage').then((m) => ({ default: m.AnalysisPage })),
  ),
  'dashboard/BigScreen': lazy(() =>
    import('../../features/dashboard/BigScreenPage').then((m) => ({ default: m.BigScreenPage })),
  ),
  'exception/403': lazy(() =>
    import('../../features/exception/ExceptionPage').then((m) => ({ default: m.Exception403 })),
  ),
  'exception/404': lazy(() =>
    import('../../features/exception/ExceptionPage').then((m) => ({ default: m.Exception404 })),
  ),
  'exception/500': lazy(() =>
    import('../../features/exception/ExceptionPage').then((m) => ({ default: m.Exception500 })),
  ),
  'device/DeviceList': lazy(() =>
    import('../../features/devices/DeviceListPage').then((m) => ({ default: m.DeviceListPage })),
  ),
  'device/DeviceDetail': DeviceDetailScreen,
  'device/DeviceHistory': DeviceDetailScreen,
  'device/DeviceChart': DeviceDetailScreen,
  'device/DeviceEvent': DeviceDetailScreen,
  'device/DeviceLog': DeviceDetailScreen,
  'device/DeviceEdit': lazy(() =>
    import('../../features/devices/DeviceEditPage').then((m) => ({ default: m.DeviceEditPage })),
  ),
  'device/DeviceGroupList': lazy(() =>
    import('../../features/devices/DeviceGroupPage').then((m) => ({ default: m.DeviceGroupPage })),
  ),
  'device/DeviceMap': lazy(() =>
    import('../../features/devices/DeviceMapPage').then((m) => ({ default: m.DeviceMapPage })),
  ),
  'device/GatewayList': lazy(() =>
    import('../../features/devices/GatewayListPage').then((m) => ({ default: m.GatewayListPage })),
  ),
  'device/DeviceLogList': lazy(() =>
    import('../../features/devices/DeviceLogListPage').then((m) => ({ default: m.DeviceLogListPage })),
  ),
};

/** The "not available yet" result page, for components the console does not have yet. */
export const NotAvailableScreen: Screen = lazy(() =>
  import('../../features/result/NotAvailablePage').then((m) => ({ default: m.NotAvailablePage })),
);

/** The screen of a menu component name; unknown names give the "not available yet" page. */
export function resolveComponent(name: string): Screen {
  return COMPONENT_REGISTRY[name] ?? NotAvailableScreen;
}

/** True when the registry has a screen for `name`. */
export function isRegistered(name: string): boolean {
  return name in COMPONENT_REGISTRY;
}
