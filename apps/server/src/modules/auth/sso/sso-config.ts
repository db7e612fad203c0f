/**
 * Single sign-on settings read from the environment (docs/security.md "Single sign-on").
 * A provider is configured only when all of its variables are set; nothing is configured without
 * `SSO_PUBLIC_URL` (the console's public origin, the base of every redirect: no redirect target
 * is ever taken from a request).
 */
export interface WeChatApp {
  appid: string;
  secret: string;
  /** `snsapi_login` (Open Platform website QR login) or `snsapi_userinfo` / `snsapi_base` (Official Account). */
  scope: 'snsapi_login' | 'snsapi_userinfo' | 'snsapi_base';
}

export interface WeChatConfig {
  /** Open Platform website application (QR login): `SSO_WECHAT_APPID`, `SSO_WECHAT_SECRET`. */
  web: WeChatApp | undefined;
  /** Official Account web authorisation inside WeChat: `SSO_WECHAT_MP_APPID`, `SSO_WECHAT_MP_SECRET`, `SSO_WECHAT_MP_SCOPE`. */
  mp: WeChatApp | undefined;
  /** `SSO_WECHAT_OPEN_BASE` (default https://open.weixin.qq.com): the authorisation pages. */
  openBase: string;
  /** `SSO_WECHAT_API_BASE` (default https://api.weixin.qq.com): sns/oauth2/access_token and sns/userinfo. */
  apiBase: string;
}

export interface OidcConfig {
  /** `SSO_OIDC_ISSUER`: discovery at `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** `SSO_OIDC_SCOPE`, default `openid profile`. */
  scope: string;
  /** `SSO_OIDC_NAME`: the login button's text. */
  name: string;
}

export interface CasConfig {
  /** `SSO_CAS_URL`: the CAS server prefix, e.g. https://cas.example.com/cas. */
  url: string;
  /** `SSO_CAS_VERSION` 2 (`/serviceValidate`) or 3 (`/p3/serviceValidate`, default). */
  version: 2 | 3;
  /** `SSO_CAS_SERVICES`: comma list of the service URLs a ticket may be validated for (exact match). */
  services: string[];
}

export interface SsoConfig {
  publicUrl: string | undefined;
  wechat: WeChatConfig | undefined;
  oidc: OidcConfig | undefined;
  cas: CasConfig | undefined;
}

function trimmed(env: Record<string, string | undefined>, name: string): string | undefined {
  const v = env[name]?.trim();
  return v ? v : undefined;
}

function origin(url: string | undefined, name: string): string | undefined {
  if (!url) return undefined;
  const u = new URL(url); // throws on a bad value: start-up names the variable below
  if (!/^https?:$/.test(u.protocol)) throw new Error(`${name} must be an http(s) URL`);
  return url.replace(/\/+$/, '');
}

function wechatApp(
  env: Record<string, string | undefined>,
  prefix: string,
  defaultScope: WeChatApp['scope'],
): WeChatApp | undefined {
  const appid = trimmed(env, `${prefix}_APPID`);
  const secret = trimmed(env, `${prefix}_SECRET`);
  if (!appid || !secret) return undefined;
  const scope = (trimmed(env, `${prefix}_SCOPE`) ?? defaultScope) as WeChatApp['scope'];
  if (!['snsapi_login', 'snsapi_userinfo', 'snsapi_base'].includes(scope))
    throw new Error(`${prefix}_SCOPE must be snsapi_login, snsapi_userinfo or snsapi_base`);
  return { appid, secret, scope };
}

/**
 * Reads the SSO variables.
 * @throws Error naming the variable when a URL or scope is malformed.
 */
export function ssoConfigFromEnv(env: Record<string, string | undefined>): SsoConfig {
  const publicUrl = origin(trimmed(env, 'SSO_PUBLIC_URL'), 'SSO_PUBLIC_URL');
  const web = wechatApp(env, 'SSO_WECHAT', 'snsapi_login');
  const mp = wechatApp(env, 'SSO_WECHAT_MP', 'snsapi_userinfo');
  const wechat: WeChatConfig | undefined =
    publicUrl && (web || mp)
      ? {
          web,
          mp,
          openBase:
            origin(trimmed(env, 'SSO_WECHAT_OPEN_BASE'), 'SSO_WECHAT_OPEN_BASE') ?? 'https://open.weixin.qq.com',
          apiBase: origin(trimmed(env, 'SSO_WECHAT_API_BASE'), 'SSO_WECHAT_API_BASE') ?? 'https://api.weixin.qq.com',
        }
      : undefined;
  const issuer = origin(trimmed(env, 'SSO_OIDC_ISSUER'), 'SSO_OIDC_ISSUER');
  const clientId = trimmed(env, 'SSO_OIDC_CLIENT_ID');
  const clientSecret = trimmed(env, 'SSO_OIDC_CLIENT_SECRET');
  const oidc: OidcConfig | undefined =
    publicUrl && issuer && clientId && clientSecret
      ? {
          issuer,
          clientId,
          clientSecret,
          scope: trimmed(env, 'SSO_OIDC_SCOPE') ?? 'openid profile',
          name: trimmed(env, 'SSO_OIDC_NAME') ?? 'OIDC',
        }
      : undefined;
  const casUrl = origin(trimmed(env, 'SSO_CAS_URL'), 'SSO_CAS_URL');
  const services = (trimmed(env, 'SSO_CAS_SERVICES') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const cas: CasConfig | undefined =
    casUrl && services.length
      ? { url: casUrl, version: trimmed(env, 'SSO_CAS_VERSION') === '2' ? 2 : 3, services }
      : undefined;
  return { publicUrl, wechat, oidc, cas };
}
