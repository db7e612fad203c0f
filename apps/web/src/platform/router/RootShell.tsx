import { Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Spin } from 'antd';
import i18next from 'i18next';
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { feedback } from '../feedback/feedback';
import { isApiError } from '../http/ApiError';
import { usePermissionStore } from '../permissions/permissionStore';
import { logout } from '../session/logout';
import { useSessionStore } from '../session/sessionStore';
import { DocumentTitle } from './DocumentTitle';
import { decideNavigation, loginRedirect } from './navigationGuard';
import { NavigationProgress, RouteProgress } from './RouteProgress';
import { loadPermissions } from './loadPermissions';

function FullScreenSpin(): ReactNode {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  );
}

/** Scroll positions are kept per route name (SPEC §2). */
function scrollKey(location: { pathname: string }, matches: { handle: unknown }[]): string {
  const handle = matches.at(-1)?.handle as { name?: unknown } | undefined;
  return typeof handle?.name === 'string' ? handle.name : location.pathname;
}

/**
 * Root of every route: applies the navigation rules of SPEC §2 (see `decideNavigation`), loads the
 * permission menu once per page load, and hosts progress bar, scroll restoration and title.
 */
export function RootShell(): ReactNode {
  const location = useLocation();
  const navigate = useNavigate();
  const hasToken = useSessionStore((s) => s.token !== null);
  const menuLoaded = usePermissionStore((s) => s.menuLoaded);
  const [pending, setPending] = useState(false);
  const started = useRef(false);
  const decision = useMemo(
    () =>
      decideNavigation({ pathname: location.pathname, search: location.search, hasToken, menuLoaded, userAgent: navigator.userAgent }),
    [location.pathname, location.search, hasToken, menuLoaded],
  );

  useEffect(() => {
    if (decision.kind === 'external') window.location.href = decision.url;
    if (decision.kind !== 'loadMenu' || started.current) return;
    started.current = true;
    setPending(true);
    const fullPath = `${location.pathname}${location.search}`;
    loadPermissions()
      .then(() => navigate(decision.target, { replace: true }))
      .catch(async (error: unknown) => {
        if (!(isApiError(error) && error.notified)) {
          feedback().notification.error({
            message: i18next.t('common:http.title'),
            description: error instanceof Error ? error.message : i18next.t('common:http.menuFailed'),
          });
        }
        await logout();
        await navigate(loginRedirect(fullPath), { replace: true });
      })
      .finally(() => {
        started.current = false;
        setPending(false);
      });
  }, [decision, location.pathname, location.search, navigate]);

  let content: ReactNode;
  if (decision.kind === 'redirect') content = <Navigate to={decision.to} replace />;
  else if (decision.kind !== 'render' || pending) content = <FullScreenSpin />;
  else
    content = (
      <Suspense fallback={<RouteProgress />}>
        <Outlet />
      </Suspense>
    );
  return (
    <>
      <NavigationProgress />
      <ScrollRestoration getKey={scrollKey} />
      <DocumentTitle />
      {content}
    </>
  );
}
