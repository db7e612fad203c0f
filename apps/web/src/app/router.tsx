import { lazy, Suspense, type ComponentType } from 'react';
import i18next from 'i18next';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { SHELL_NAMESPACES } from '../layouts/shellNamespaces';
import { usePermissionStore } from '../platform/permissions/permissionStore';
import { CatchAll } from '../platform/router/CatchAll';
import { FullScreenSpin } from '../platform/router/FullScreenSpin';
import { loadPermissions, reportMenuFailure } from '../platform/router/loadPermissions';
import { decideNavigation, isPublicPath } from '../platform/router/navigationGuard';
import type { RouteHandle } from '../platform/router/routeHandle';
import { APP_ROUTE_ID } from '../platform/router/routeIds';
import { setShellPreloader } from '../platform/router/shellPreload';
import { getToken } from '../platform/session/sessionStore';
import { HOME_PATH, LOGIN_PATH } from '../platform/settings/appConfig';
import { RootShell } from './RootShell';
import { StaticScreens } from './staticScreens';

const LoginPage = lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
// Self-service pages: chunks of their own, not in the login page's bundle.
const RegisterPage = lazy(() =>
  import('../features/auth/self-service/RegisterPage').then((m) => ({ default: m.RegisterPage })),
);
const RegisterResultPage = lazy(() =>
  import('../features/auth/self-service/RegisterResultPage').then((m) => ({ default: m.RegisterResultPage })),
);
const AlterationPage = lazy(() =>
  import('../features/auth/self-service/AlterationPage').then((m) => ({ default: m.AlterationPage })),
);
const RouteErrorPage = lazy(() =>
  import('../features/exception/RouteErrorPage').then((m) => ({ default: m.RouteErrorPage })),
);

/**
 * The basic layout (with the widgets the app gives it) as a lazy route: the router loads its chunk
 * and the shell's translation namespaces, in parallel, before it commits the navigation, so the
 * shell renders at once instead of suspending. A suspended shell waits for a low-priority Suspense
 * retry, which other rendering (an antd toast re-renders on every animation frame) could starve
 * for seconds.
 */
async function loadShell(): Promise<{ Component: ComponentType }> {
  const [{ consoleShell }] = await Promise.all([
    import('./shell/ConsoleShell'),
    i18next.loadNamespaces([...SHELL_NAMESPACES]),
  ]);
  return { Component: consoleShell(router) };
}

/** A help page as a lazy route: its chunk and the help texts load together. */
function loadHelp(page: 'HelpPage' | 'HelpVideoPage'): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const [help] = await Promise.all([import('../features/help/helpPages'), i18next.loadNamespaces('help')]);
    return { Component: help[page] };
  };
}

/** antd's theme and locale as a pathless layout route (the login page renders without antd). */
async function loadAntd(): Promise<{ Component: ComponentType }> {
  return { Component: (await import('../platform/antd/AntdRoot')).AntdOutlet };
}

/** Id of the antd layout route. */
const ANTD_ROUTE_ID = 'antd';

function handle(name: string, titleKey: string): RouteHandle {
  return { name, titleKey };
}

function notAvailable(path: string, name: string, titleKey: string): RouteObject {
  return { path, Component: StaticScreens.notAvailable, handle: handle(name, titleKey) };
}

/** Routes of the antd layout route: everything but the login page. */
function antdRoutes(): RouteObject[] {
  return [
    { path: '/user/register', Component: RegisterPage, handle: handle('register', 'routes.register') },
    {
      path: '/user/register-result',
      Component: RegisterResultPage,
      handle: handle('registerResult', 'routes.registerResult'),
    },
    { path: '/user/alteration', Component: AlterationPage, handle: handle('alteration', 'routes.alteration') },
    { path: '/user/help', lazy: loadHelp('HelpPage'), handle: handle('help', 'routes.help') },
    { path: '/user/help4video', lazy: loadHelp('HelpVideoPage'), handle: handle('helpVideo', 'routes.helpVideo') },
    notAvailable('/user/privacy', 'privacy', 'routes.privacy'),
    notAvailable('/user/terms', 'terms', 'routes.terms'),
    { path: '/yakult', element: <Navigate to="/yakult/index" replace /> },
    {
      path: '/yakult/index',
      lazy: async () => ({ Component: (await import('../features/yakult/YakultPage')).YakultPage }),
      handle: handle('yakult', 'routes.yakult'),
    },
    { path: '/403', Component: StaticScreens.exception403, handle: handle('403', 'routes.exception403') },
    { path: '/404', Component: StaticScreens.exception404, handle: handle('404', 'routes.exception404') },
    { path: '/500', Component: StaticScreens.exception500, handle: handle('500', 'routes.exception500') },
    {
      id: APP_ROUTE_ID,
      path: '/',
      lazy: loadShell,
      handle: handle('index', 'routes.home'),
      children: [{ index: true, element: <Navigate to={HOME_PATH} replace /> }],
    },
    { path: '*', Component: CatchAll },
  ];
}

/** Static routes of SPEC §2; the menu's routes join `app` once fetched. */
export const STATIC_ROUTES: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    HydrateFallback: FullScreenSpin,
    ErrorBoundary: () => (
      <Suspense fallback={null}>
        <RouteErrorPage />
      </Suspense>
    ),
    children: [
      { path: '/user', element: <Navigate to={LOGIN_PATH} replace /> },
      { path: LOGIN_PATH, Component: LoginPage, handle: handle('login', 'routes.login') },
      // every other screen renders inside antd's theme and locale, loaded with the first of them
      { id: ANTD_ROUTE_ID, lazy: loadAntd, children: antdRoutes() },
    ],
  },
];

let menuRoutesAdded = false;

/**
 * The guard's first decision, taken before the router starts: a visitor without a token
 * who opens a console address (`/`, a bookmarked screen) is sent to the login page at once, so the
 * router does not begin loading that address's lazy routes (antd, the console shell) for a page
 * it is about to leave. `RootShell` applies the same rules to every later navigation.
 */
function redirectSignedOutVisitor(): void {
  if (typeof window === 'undefined' || getToken()) return;
  const target = new URL(window.location.hash.replace(/^#/, '') || '/', 'http://hash.invalid');
  const decision = decideNavigation({
    pathname: target.pathname,
    search: target.search,
    hasToken: false,
    userAgent: navigator.userAgent,
  });
  if (decision.kind === 'redirect') window.history.replaceState(window.history.state, '', `#${decision.to}`);
}
redirectSignedOutVisitor();

/**
 * The console's hash router. Menu routes join the basic layout while the first navigation to a
 * path that needs them runs (SPEC §2: with a token and the menu not loaded, fetch the permission
 * menu, build routes, then go on to the requested path); the router awaits the fetch, so the
 * requested path is matched against the new routes. A failed fetch is reported to the guard.
 */
export const router = createHashRouter(STATIC_ROUTES, {
  patchRoutesOnNavigation: async ({ patch, path, signal }) => {
    if (menuRoutesAdded || !getToken() || isPublicPath(path)) return;
    try {
      await loadPermissions();
    } catch (error) {
      reportMenuFailure(error);
      return;
    }
    // The component registry (every screen of the menu) loads only now, not with the login page.
    const { buildMenuRoutes, fallbackRoutes } = await import('./menuRoutes');
    if (signal.aborted || menuRoutesAdded) return;
    const { menu } = usePermissionStore.getState();
    patch(APP_ROUTE_ID, [...buildMenuRoutes(menu), ...fallbackRoutes(menu)]);
    menuRoutesAdded = true;
  },
});

/**
 * After a sign-in, the login page starts what the first console navigation will load: the shell,
 * its translations, and the menu route builder with the screen registry.
 */
setShellPreloader(() => {
  const quiet = (): void => undefined;
  void loadShell().catch(quiet);
  void import('./menuRoutes').catch(quiet);
});
