import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Menu component names of the subscription area (SPEC §2 subscribe: orders,
 * order detail) with their lazily loaded screens; spread into the one component registry.
 */
export const SUBSCRIPTION_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'subscribe/OrderList': lazy(() => import('./OrderListPage').then((m) => ({ default: m.OrderListPage }))),
  'subscribe/OrderDetail': lazy(() => import('./OrderDetailPage').then((m) => ({ default: m.OrderDetailPage }))),
};
