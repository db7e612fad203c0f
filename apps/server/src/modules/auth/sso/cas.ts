import { SaxesParser } from 'saxes';
import type { LoginResult } from '@ztj/contracts';
import type { Db } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { liveAccountByAnyCaseName } from '../auth.repo';
import { startSession } from '../auth.service';
import type { CasConfig } from './sso-config';

/** The CAS protocol's XML namespace. */
const CAS_NS = 'http://www.yale.edu/tp/cas';
/** Largest serviceValidate answer read, bytes. */
const MAX_CAS_RESPONSE = 64 * 1024;

/** What a serviceValidate answer says: the user on success, the failure code otherwise. */
export type CasAnswer = { ok: true; user: string } | { ok: false; code: string };

/**
 * Parses a CAS 2.0/3.0 `serviceResponse` with a namespace-aware XML parser (saxes; no DTDs, no
 * entities beyond XML's own): success needs `cas:authenticationSuccess/cas:user` directly under
 * `cas:serviceResponse`; anything else is a failure (`cas:authenticationFailure@code`, or
 * `MALFORMED`).
 */
export function parseServiceResponse(xml: string): CasAnswer {
  const parser = new SaxesParser({ xmlns: true });
  const stack: string[] = [];
  let user = '';
  let failure: string | undefined;
  let inUser = false;
  parser.on('opentag', (tag) => {
    const name = tag.uri === CAS_NS ? `cas:${tag.local}` : `?:${tag.local}`;
    stack.push(name);
    const path = stack.join('/');
    if (path === 'cas:serviceResponse/cas:authenticationSuccess/cas:user') inUser = true;
    if (path === 'cas:serviceResponse/cas:authenticationFailure') {
      const code = tag.attributes.code;
      failure = typeof code === 'object' ? code.value : 'UNKNOWN';
    }
  });
  parser.on('text', (text) => {
    if (inUser) user += text;
  });
  parser.on('closetag', () => {
    stack.pop();
    inUser = false;
  });
  try {
    parser.write(xml).close();
  } catch {
    return { ok: false, code: 'MALFORMED' };
  }
  if (failure) return { ok: false, code: failure };
  const name = user.trim();
  return name ? { ok: true, user: name } : { ok: false, code: 'MALFORMED' };
}

/** Asks the CAS server to validate `ticket` for `service` (`/p3/serviceValidate` for CAS 3.0, `/serviceValidate` for 2.0). */
export async function serviceValidate(cfg: CasConfig, ticket: string, service: string): Promise<CasAnswer> {
  const url = `${cfg.url}${cfg.version === 3 ? '/p3/serviceValidate' : '/serviceValidate'}?${new URLSearchParams({ service, ticket }).toString()}`;
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
  const text = await res.text();
  if (!res.ok || text.length > MAX_CAS_RESPONSE) return { ok: false, code: `HTTP_${res.status}` };
  return parseServiceResponse(text);
}

/**
 * SPEC §7 cas validateLogin: the service must be one of `SSO_CAS_SERVICES` (exact match), the
 * ticket valid at the CAS server, and the CAS user an existing, undeleted account of the same
 * user name (case-insensitive). Every failure answers the same `casFailed`.
 * @throws AppError business casOff, casFailed, accountFrozen, tenantExpired.
 */
export async function casValidateLogin(
  db: Db,
  cfg: CasConfig | undefined,
  body: { ticket: string; service: string },
  req: { ip: string; tenantHeader?: string; log: { warn: (o: object, m: string) => void } },
): Promise<LoginResult> {
  if (!cfg) throw new AppError('business', 'casOff');
  if (!cfg.services.includes(body.service)) throw new AppError('business', 'casFailed');
  let answer: CasAnswer;
  try {
    answer = await serviceValidate(cfg, body.ticket, body.service);
  } catch (error) {
    req.log.warn({ err: error }, 'CAS serviceValidate failed');
    throw new AppError('business', 'casFailed');
  }
  if (!answer.ok) throw new AppError('business', 'casFailed');
  const user = await liveAccountByAnyCaseName(db, answer.user);
  if (!user) throw new AppError('business', 'casFailed');
  if (user.status !== 1) throw new AppError('business', 'accountFrozen');
  return startSession(db, user, { ip: req.ip, tenantHeader: req.tenantHeader });
}
