import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Menu component names of the equipment screens (SPEC §2 warehouse: ammeter
 * list/config/chart, plug list/chart/history, tag list, boil pot, oden cooker, external device
 * list/chart; device: Lawson list), each loading lazily; spread into the one component registry.
 */
export const EQUIPMENT_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'warehouse/AmmeterList': lazy(() => import('./AmmeterListPage').then((m) => ({ default: m.AmmeterListPage }))),
  'warehouse/AmmeterConfig': lazy(() => import('./AmmeterConfigPage').then((m) => ({ default: m.AmmeterConfigPage }))),
  'warehouse/AmmeterChart': lazy(() => import('./MeterChartPage').then((m) => ({ default: m.AmmeterChartPage }))),
  'warehouse/PlugList': lazy(() => import('./PlugListPage').then((m) => ({ default: m.PlugListPage }))),
  'warehouse/PlugChart': lazy(() => import('./MeterChartPage').then((m) => ({ default: m.PlugChartPage }))),
  'warehouse/PlugHistory': lazy(() => import('./PlugHistoryPage').then((m) => ({ default: m.PlugHistoryPage }))),
  'warehouse/TagList': lazy(() => import('./TagListPage').then((m) => ({ default: m.TagListPage }))),
  'warehouse/BoilPot': lazy(() => import('./CookerPage').then((m) => ({ default: m.BoilPotPage }))),
  'warehouse/OdenCooker': lazy(() => import('./CookerPage').then((m) => ({ default: m.OdenCookerPage }))),
  'warehouse/ExternalDeviceList': lazy(() =>
    import('./ExternalDeviceListPage').then((m) => ({ default: m.ExternalDeviceListPage })),
  ),
  'warehouse/ExternalDeviceChart': lazy(() =>
    import('./ExternalDeviceChartPage').then((m) => ({ default: m.ExternalDeviceChartPage })),
  ),
  'device/LawsonDeviceList': lazy(() =>
    import('./LawsonDeviceListPage').then((m) => ({ default: m.LawsonDeviceListPage })),
  ),
};
