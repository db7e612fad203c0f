import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

/** `layouts/RouteView` of the menu: a parent entry that only renders its child route. */
export function RouteView(): ReactNode {
  return <Outlet />;
}
