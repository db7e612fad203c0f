import type { ComponentType, LazyExoticComponent } from 'react';
import { RouteView } from '../layouts/RouteView';
import { ACCOUNT_SCREENS } from '../features/account/accountScreens';
import { ALARM_SETTINGS_SCREENS } from '../features/alarm-settings/alarmSettingsScreens';
import { ALARM_SCREENS } from '../features/alarms/alarmScreens';
import { ANNOUNCEMENT_SCREENS } from '../features/announcements/announcementScreens';
import { DASHBOARD_SCREENS } from '../features/dashboard/dashboardScreens';
import { DEVICE_SCREENS } from '../features/devices/deviceScreens';
import { EQUIPMENT_SCREENS } from '../features/equipment/equipmentScreens';
import { PLACES_SCREENS } from '../features/logistics/places/placesScreens';
import { SHARE_SCREENS } from '../features/logistics/shares/sharesScreens';
import { SUBSCRIPTION_SCREENS } from '../features/logistics/subscriptions/subscriptionsScreens';
import { WAREHOUSE_SCREENS } from '../features/logistics/warehouses/warehouseScreens';
import { WAYBILL_SCREENS } from '../features/logistics/waybills/waybillScreens';
import { MONITOR_SCREENS } from '../features/monitor/monitorScreens';
import { DATA_SOURCE_SCREENS } from '../features/system/datasources/dataSourceScreens';
import { FILES_SCREENS } from '../features/system/files/filesScreens';
import { GATEWAY_SCREENS } from '../features/system/gateway/gatewayScreens';
import { LEDGER_SCREENS } from '../features/system/ledger/ledgerScreens';
import { POPUP_REPORT_SCREENS } from '../features/system/popup-reports/popupReportScreens';
import { QUARTZ_SCREENS } from '../features/system/quartz/quartzScreens';
import { RULES_SCREENS } from '../features/system/rules/rulesScreens';
import { SYSTEM_SCREENS } from '../features/system/systemScreens';
import { StaticScreens } from './staticScreens';

type Screen = ComponentType | LazyExoticComponent<ComponentType>;

/**
 * The one registry from menu `component` names (SPEC §2 dynamic routes) to screens, assembled
 * from each feature's `*Screens.ts`. Screens load lazily, one chunk per route. A name not listed
 * here opens the "not available yet" page.
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
  ...DASHBOARD_SCREENS,
  'exception/403': StaticScreens.exception403,
  'exception/404': StaticScreens.exception404,
  'exception/500': StaticScreens.exception500,
  ...DEVICE_SCREENS,
};

/** The "not available yet" result page, for components the console does not have yet. */
export const NotAvailableScreen: Screen = StaticScreens.notAvailable;

/** The screen of a menu component name; unknown names give the "not available yet" page. */
export function resolveComponent(name: string): Screen {
  return COMPONENT_REGISTRY[name] ?? NotAvailableScreen;
}

/** True when the registry has a screen for `name`. */
export function isRegistered(name: string): boolean {
  return name in COMPONENT_REGISTRY;
}
