import crypto from 'node:crypto';
import type { ThirdType } from '@ztj/contracts';
import { hashToken, newToken } from '../../../platform/auth/tokens';
import type { Db } from '../../../platform/db/db';
import {
  oidcAuthorizeUrl,
  oidcIdentity,
  wechatAuthorizeUrl,
  wechatIdentity,
  type ThirdIdentity,
} from './oauth-clients';
import type { SsoConfig, WeChatApp } from './sso-config';

/** Lifetime of an authorization request (state + PKCE verifier), ms. */
export const STATE_TTL_MS = 600_000;
/** Lifetime of the callback's hand-over token, ms. */
export const HANDOFF_TTL_MS = 300_000;

/** In-app paths a third-party sign-in may return to: a path of the console, never another site. */
export function safeReturnPath(value: unknown): string {
  if (
    typeof value !== 'string' ||
    !/^\/[A-Za-z0-9/_-]{0,120}$/.test(value) ||
    value.startsWith('//') ||
    value.startsWith('/user/')
  )
    return '';
  return value;
}

/** The provider types configured on this server. */
export function configuredTypes(cfg: SsoConfig): ThirdType[] {
  return [...(cfg.wechat ? [1 as const] : []), ...(cfg.oidc ? [2 as const] : [])];
}

/** The callback URL registered at the provider: `<SSO_PUBLIC_URL><base>/sys/thirdLogin/callback/<type>`. */
export function callbackUrl(cfg: SsoConfig, basePath: string, type: ThirdType): string {
  return `${cfg.publicUrl}${basePath}/sys/thirdLogin/callback/${type}`;
}

/** The WeChat application for a browser: the Official Account inside WeChat when configured, else the website QR login. */
function wechatApp(cfg: SsoConfig, inWeChat: boolean): { variant: 'web' | 'mp'; app: WeChatApp } | undefined {
  const w = cfg.wechat;
  if (!w) return undefined;
  if (inWeChat && w.mp) return { variant: 'mp', app: w.mp };
  if (w.web) return { variant: 'web', app: w.web };
  return w.mp ? { variant: 'mp', app: w.mp } : undefined;
}

/**
 * Starts an authorization request: a random state (stored as its SHA-256) and PKCE verifier,
 * kept 10 minutes with the in-app return path; answers the provider's authorization URL.
 * @returns undefined when the type is not configured.
 */
export async function startAuthorization(
  db: Db,
  cfg: SsoConfig,
  basePath: string,
  type: ThirdType,
  opts: { returnTo: string; inWeChat: boolean },
): Promise<string | undefined> {
  const state = newToken();
  const verifier = crypto.randomBytes(48).toString('base64url');
  const redirectUri = callbackUrl(cfg, basePath, type);
  let url: string;
  let variant = '';
  if (type === 1) {
    const pick = wechatApp(cfg, opts.inWeChat);
    if (!pick || !cfg.wechat) return undefined;
    variant = pick.variant;
    url = wechatAuthorizeUrl(cfg.wechat, pick.app, redirectUri, state);
  } else {
    if (!cfg.oidc) return undefined;
    url = await oidcAuthorizeUrl(cfg.oidc, redirectUri, state, verifier);
  }
  await db.query('DELETE FROM sso_oauth_state WHERE expires_at < now()');
  await db.query(
    `INSERT INTO sso_oauth_state (state_hash, provider_type, client_variant, code_verifier, return_to, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [hashToken(state), type, variant, verifier, opts.returnTo, STATE_TTL_MS / 1000],
  );
  return url;
}

/**
 * Finishes an authorization request at the callback: the state must be one this server issued
 * for this type, unexpired and unused (it is deleted here, so a replay fails); the code is
 * exchanged (with the PKCE verifier for type 2) and the identity kept under a one-time hand-over
 * token for the console.
 * @returns the hand-over token and the return path.
 * @throws Error on an unknown, used or expired state or when the provider refuses.
 */
export async function finishAuthorization(
  db: Db,
  cfg: SsoConfig,
  basePath: string,
  type: ThirdType,
  code: string,
  state: string,
): Promise<{ token: string; returnTo: string }> {
  const [row] = await db.query<{
    provider_type: number;
    client_variant: string;
    code_verifier: string;
    return_to: string;
  }>(
    'DELETE FROM sso_oauth_state WHERE state_hash = $1 AND expires_at > now() RETURNING provider_type, client_variant, code_verifier, return_to',
    [hashToken(state)],
  );
  if (!row || row.provider_type !== type) throw new Error('unknown, used or expired state');
  const redirectUri = callbackUrl(cfg, basePath, type);
  let identity: ThirdIdentity;
  if (type === 1) {
    const app = row.client_variant === 'mp' ? cfg.wechat?.mp : cfg.wechat?.web;
    if (!cfg.wechat || !app) throw new Error('WeChat is not configured');
    identity = await wechatIdentity(cfg.wechat, app, code);
  } else {
    if (!cfg.oidc) throw new Error('OIDC is not configured');
    identity = await oidcIdentity(cfg.oidc, redirectUri, code, row.code_verifier);
  }
  const token = newToken();
  await db.query("DELETE FROM sso_handoff WHERE expires_at < now() - interval '1 day'");
  await db.query(
    `INSERT INTO sso_handoff (token_hash, provider_type, subject, display_name, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [hashToken(token), type, identity.subject, identity.displayName.slice(0, 100), HANDOFF_TTL_MS / 1000],
  );
  return { token, returnTo: row.return_to };
}

/** An unspent, unexpired hand-over. */
export interface Handoff {
  tokenHash: string;
  type: ThirdType;
  subject: string;
  displayName: string;
}

/** Reads an unspent, unexpired hand-over token of `type` (looked up by its SHA-256). */
export async function readHandoff(db: Db, token: string, type: ThirdType): Promise<Handoff | undefined> {
  const row = await db.one<{ token_hash: string; subject: string; display_name: string }>(
    'SELECT token_hash, subject, display_name FROM sso_handoff WHERE token_hash = $1 AND provider_type = $2 AND used_at IS NULL AND expires_at > now()',
    [hashToken(token), type],
  );
  return row ? { tokenHash: row.token_hash, type, subject: row.subject, displayName: row.display_name } : undefined;
}

/** Spends a hand-over token; false when another request spent it first. */
export async function spendHandoff(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db.query(
    'UPDATE sso_handoff SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING token_hash',
    [tokenHash],
  );
  return rows.length === 1;
}

/** The account bound to an identity, if any. */
export async function boundUserId(db: Db, type: ThirdType, subject: string): Promise<string | undefined> {
  const row = await db.one<{ user_id: string }>(
    'SELECT user_id FROM sso_identity WHERE provider_type = $1 AND subject = $2',
    [type, subject],
  );
  return row?.user_id;
}
