import { Suspense, useRef, type ReactNode } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router';
import { RouteProgress } from '../platform/router/RouteProgress';
import { isRouteHandle } from '../platform/router/routeHandle';
import { useTabsStore } from '../platform/tabs/tabsStore';

/**
 * The routed page. "Refresh" on a tab remounts it; pages whose route meta asks for keep-alive
 * stay mounted (hidden) while their tab is open.
 */
export function PageContent(): ReactNode {
  const outlet = useOutlet();
  const location = useLocation();
  const matches = useMatches();
  const key = `${location.pathname}${location.search}`;
  const refresh = useTabsStore((s) => s.refreshCounts[key] ?? 0);
  const openKeys = useTabsStore((s) => s.tabs.map((t) => t.key).join('\n'));
  const cache = useRef(new Map<string, { element: ReactNode; refresh: number }>());
  const keepAlive = matches.some((m) => isRouteHandle(m.handle) && m.handle.keepAlive === true);

  const open = new Set(openKeys.split('\n'));
  for (const cached of cache.current.keys()) if (!open.has(cached) && cached !== key) cache.current.delete(cached);
  if (keepAlive) {
    const cached = cache.current.get(key);
    if (!cached || cached.refresh !== refresh) cache.current.set(key, { element: outlet, refresh });
  }

  return (
    <Suspense fallback={<RouteProgress />}>
      {[...cache.current.entries()].map(([k, c]) => (
        <div key={`${k}#${c.refresh}`} style={{ display: k === key ? undefined : 'none' }}>
          {c.element}
        </div>
      ))}
      {!keepAlive && <div key={`${key}#${refresh}`}>{outlet}</div>}
    </Suspense>
  );
}
