import crypto from 'node:crypto';
import type { OidcConfig, WeChatApp, WeChatConfig } from './sso-config';

/** What a provider vouched for: a stable subject and a name to show. */
export interface ThirdIdentity {
  subject: string;
  displayName: string;
}

/** Time allowed for each call to a provider, ms. */
const PROVIDER_TIMEOUT_MS = 10_000;

/** PKCE (RFC 7636) S256 challenge of a verifier. */
export function pkceChallenge(verifier: string): string {
  return crypto.createHash('sha256').update(verifier).digest('base64url');
}

async function getJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS), redirect: 'error' });
  // WeChat answers JSON as text/plain: parse the text whatever the content type
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`provider answered HTTP ${res.status}, not JSON`);
  }
  if (!res.ok) throw new Error(`provider answered HTTP ${res.status}: ${text.slice(0, 200)}`);
  if (!body || typeof body !== 'object') throw new Error('provider answered a non-object');
  return body as Record<string, unknown>;
}

/**
 * WeChat authorisation URL (Open Platform website login `connect/qrconnect`, or Official Account
 * web authorisation `connect/oauth2/authorize`), with the documented parameter order and the
 * `#wechat_redirect` fragment. WeChat has no PKCE: state carries the CSRF protection.
 */
export function wechatAuthorizeUrl(cfg: WeChatConfig, app: WeChatApp, redirectUri: string, state: string): string {
  const page = app.scope === 'snsapi_login' ? 'connect/qrconnect' : 'connect/oauth2/authorize';
  const q = new URLSearchParams({
    appid: app.appid,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: app.scope,
    state,
  });
  return `${cfg.openBase}/${page}?${q.toString()}#wechat_redirect`;
}

/**
 * Exchanges a WeChat code (`sns/oauth2/access_token` with appid, secret, code,
 * grant_type=authorization_code), then reads `sns/userinfo` (not for `snsapi_base`). The subject
 * is the unionid when WeChat gives one (the same person across the website app and the Official
 * Account), else `<appid>:<openid>`.
 * @throws Error on an `errcode` answer or a malformed one.
 */
export async function wechatIdentity(cfg: WeChatConfig, app: WeChatApp, code: string): Promise<ThirdIdentity> {
  const q = new URLSearchParams({ appid: app.appid, secret: app.secret, code, grant_type: 'authorization_code' });
  const token = await getJson(`${cfg.apiBase}/sns/oauth2/access_token?${q.toString()}`);
  if (token.errcode) throw new Error(`WeChat access_token errcode ${String(token.errcode)}`);
  const accessToken = token.access_token;
  const openid = token.openid;
  if (typeof accessToken !== 'string' || typeof openid !== 'string')
    throw new Error('WeChat access_token answer lacks access_token/openid');
  let unionid = typeof token.unionid === 'string' ? token.unionid : undefined;
  let nickname = '';
  if (app.scope !== 'snsapi_base') {
    const info = await getJson(
      `${cfg.apiBase}/sns/userinfo?${new URLSearchParams({ access_token: accessToken, openid, lang: 'zh_CN' }).toString()}`,
    );
    if (info.errcode) throw new Error(`WeChat userinfo errcode ${String(info.errcode)}`);
    if (info.openid !== openid) throw new Error('WeChat userinfo is of another openid');
    if (typeof info.unionid === 'string') unionid = info.unionid;
    if (typeof info.nickname === 'string') nickname = info.nickname;
  }
  return { subject: unionid ? `union:${unionid}` : `${app.appid}:${openid}`, displayName: nickname || 'WeChat' };
}

interface OidcEndpoints {
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
}

const discovered = new Map<string, { at: number; endpoints: OidcEndpoints }>();

/** The provider's endpoints from its discovery document (cached 10 minutes). */
export async function oidcEndpoints(cfg: OidcConfig): Promise<OidcEndpoints> {
  const hit = discovered.get(cfg.issuer);
  if (hit && Date.now() - hit.at < 600_000) return hit.endpoints;
  const doc = await getJson(`${cfg.issuer}/.well-known/openid-configuration`);
  const pick = (k: keyof OidcEndpoints): string => {
    const v = doc[k];
    if (typeof v !== 'string' || !/^https?:\/\//.test(v)) throw new Error(`OIDC discovery lacks ${k}`);
    return v;
  };
  if (doc.issuer !== cfg.issuer) throw new Error('OIDC discovery issuer differs from SSO_OIDC_ISSUER');
  const endpoints = {
    authorization_endpoint: pick('authorization_endpoint'),
    token_endpoint: pick('token_endpoint'),
    userinfo_endpoint: pick('userinfo_endpoint'),
  };
  discovered.set(cfg.issuer, { at: Date.now(), endpoints });
  return endpoints;
}

/** Authorization request of the code flow with state and PKCE S256. */
export async function oidcAuthorizeUrl(
  cfg: OidcConfig,
  redirectUri: string,
  state: string,
  verifier: string,
): Promise<string> {
  const { authorization_endpoint } = await oidcEndpoints(cfg);
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: cfg.clientId,
    redirect_uri: redirectUri,
    scope: cfg.scope,
    state,
    code_challenge: pkceChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return `${authorization_endpoint}?${q.toString()}`;
}

/**
 * Exchanges the code at the token endpoint (client_secret_basic, the PKCE verifier), then reads
 * the userinfo endpoint with the access token: its `sub` is the subject.
 * @throws Error when the provider refuses (wrong verifier, used code…) or answers malformed.
 */
export async function oidcIdentity(
  cfg: OidcConfig,
  redirectUri: string,
  code: string,
  verifier: string,
): Promise<ThirdIdentity> {
  const { token_endpoint, userinfo_endpoint } = await oidcEndpoints(cfg);
  const basic = Buffer.from(`${encodeURIComponent(cfg.clientId)}:${encodeURIComponent(cfg.clientSecret)}`).toString(
    'base64',
  );
  const token = await getJson(token_endpoint, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  if (typeof token.access_token !== 'string') throw new Error('OIDC token answer lacks access_token');
  const info = await getJson(userinfo_endpoint, {
    headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json' },
  });
  if (typeof info.sub !== 'string' || !info.sub) throw new Error('OIDC userinfo lacks sub');
  const name = [info.name, info.preferred_username, info.email].find(
    (v): v is string => typeof v === 'string' && v.length > 0,
  );
  return { subject: info.sub, displayName: name ?? info.sub };
}
