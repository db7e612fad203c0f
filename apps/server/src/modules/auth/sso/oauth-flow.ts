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
import * as repo from './sso.repo';

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
  await repo.saveOAuthState(db, {
    stateHash: hashToken(state),
    type,
    variant,
    verifier,
    returnTo: opts.returnTo,
    ttlSeconds: STATE_TTL_MS / 1000,
  });
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
  const row = await repo.takeOAuthState(db, hashToken(state));
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
  await repo.saveHandoff(db, {
    tokenHash: hashToken(token),
    type,
    subject: identity.subject,
    displayName: identity.displayName.slice(0, 100),
    ttlSeconds: HANDOFF_TTL_MS / 1000,
  });
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
  const row = await repo.liveHandoff(db, hashToken(token), type);
  return row ? { tokenHash: row.token_hash, type, subject: row.subject, displayName: row.display_name } : undefined;
}
