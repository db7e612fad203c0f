import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Menu component of gateway routes (SPEC §2 system → gateway routes), its own chunk. */
export const GATEWAY_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'system/GatewayRouteList': lazy(() =>
    import('./GatewayRouteListPage').then((m) => ({ default: m.GatewayRouteListPage })),
  ),
};
