import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import i18next from 'i18next';
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { ShellSkeleton } from '../layouts/ShellSkeleton';
import { feedback } from '../platform/feedback/feedback';
import { usePermissionStore } from '../platform/permissions/permissionStore';
import { logout } from '../platform/session/logout';
import { useSessionStore } from '../platform/session/sessionStore';
import { DocumentTitle } from '../platform/router/DocumentTitle';
import { decideNavigation, loginRedirect } from '../platform/router/navigationGuard';
import { NavigationProgress, RouteProgress } from '../platform/router/RouteProgress';

/** Scroll positions are kept per route name (SPEC §2). */
function scrollKey(location: { pathname: string }, matches: { handle: unknown }[]): string {
  const handle = matches.at(-1)?.handle as { name?: unknown } | undefined;
  return typeof handle?.name === 'string' ? handle.name : location.pathname;
}

/**
 * Root of every route: applies the navigation rules of SPEC §2 (see `decideNavigation`; the menu
 * itself is loaded by the router while navigating), signs out when the menu could not be loaded,
 * and hosts progress bar, scroll restoration and document title.
 */
export function RootShell(): ReactNode {
  const location = useLocation();
  const navigate = useNavigate();
  const hasToken = useSessionStore((s) => s.token !== null);
  const menuError = usePermissionStore((s) => s.menuError);
  const decision = useMemo(
    () =>
      decideNavigation({
        pathname: location.pathname,
        search: location.search,
        hasToken,
        userAgent: navigator.userAgent,
      }),
    [location.pathname, location.search, hasToken],
  );

  useEffect(() => {
    if (decision.kind === 'external') window.location.href = decision.url;
  }, [decision]);

  // SPEC §2: a failed menu fetch signs the user out and goes to the login page with a redirect.
  useEffect(() => {
    if (!menuError) return;
    if (!menuError.notified) {
      feedback().notification.error({
        message: i18next.t('common:http.title'),
        description: menuError.message || i18next.t('common:http.menuFailed'),
      });
    }
    const fullPath = `${location.pathname}${location.search}`;
    void logout().then(() => navigate(loginRedirect(fullPath), { replace: true }));
  }, [menuError, location.pathname, location.search, navigate]);

  return (
    <>
      <NavigationProgress />
      <ScrollRestoration getKey={scrollKey} />
      <DocumentTitle />
      {decision.kind === 'redirect' ? (
        <>
          <Navigate to={decision.to} replace />
          {/* signed in on the login page: the shell's outline while the router loads the menu and the layout */}
          {hasToken && <ShellSkeleton />}
        </>
      ) : decision.kind === 'external' ? null : (
        <Suspense fallback={<RouteProgress />}>
          <Outlet />
        </Suspense>
      )}
    </>
  );
}
