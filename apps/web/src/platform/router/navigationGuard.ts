import { API_BASE } from '@ztj/contracts';
import { HOME_PATH, LOGIN_PATH } from '../settings/appConfig';

/** Paths anyone may open (SPEC §2), plus the login layout's static information pages. */
export const PUBLIC_PATHS: readonly string[] = [
  '/404',
  '/403',
  '/500',
  LOGIN_PATH,
  '/user/register',
  '/user/register-result',
  '/user/alteration',
  '/user/help',
  '/user/help4video',
  '/yakult/index',
  '/user/privacy',
  '/user/terms',
];

/** Where the WeChat browser is sent to sign in (SPEC §2). */
export const WECHAT_LOGIN_URL = `${API_BASE}/sys/thirdLogin/render/wechat_enterprise`;

export interface GuardInput {
  pathname: string;
  /** Query string with or without the leading '?'. */
  search: string;
  hasToken: boolean;
  userAgent: string;
}

export type GuardDecision = { kind: 'render' } | { kind: 'redirect'; to: string } | { kind: 'external'; url: string };

/** True for a public path (SPEC §2). */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname);
}

/** `/user/login?redirect=<full path>`. */
export function loginRedirect(fullPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

/**
 * Where a signed-in user goes from the login page: the `redirect` query when it is an in-app
 * path, else the default home.
 */
export function afterLoginPath(search: string): string {
  const redirect = new URLSearchParams(search).get('redirect');
  return redirect && redirect.startsWith('/') && !redirect.startsWith(LOGIN_PATH) ? redirect : HOME_PATH;
}

/**
 * The navigation rules of SPEC §2, as a pure decision:
 * - /user/login with at, guid and uid passes without a token check;
 * - with a token: /user/login goes home (or to its `redirect` query target); other paths render
 *   (the router loads the menu on the way, see `router.tsx`);
 * - without a token on a private path: `pushstate=wechatLogin` → login with redirect; inside WeChat
 *   (MicroMessenger) → the provider's login page; else login with redirect.
 */
export function decideNavigation(input: GuardInput): GuardDecision {
  const query = new URLSearchParams(input.search);
  const fullPath = `${input.pathname}${input.search ? (input.search.startsWith('?') ? input.search : `?${input.search}`) : ''}`;
  if (input.pathname === LOGIN_PATH && query.get('at') && query.get('guid') && query.get('uid'))
    return { kind: 'render' };
  if (input.hasToken) {
    if (input.pathname === LOGIN_PATH) return { kind: 'redirect', to: afterLoginPath(input.search) };
    return { kind: 'render' };
  }
  if (isPublicPath(input.pathname)) return { kind: 'render' };
  if (query.get('pushstate') === 'wechatLogin') return { kind: 'redirect', to: loginRedirect(fullPath) };
  if (/MicroMessenger/i.test(input.userAgent)) return { kind: 'external', url: WECHAT_LOGIN_URL };
  return { kind: 'redirect', to: loginRedirect(fullPath) };
}
