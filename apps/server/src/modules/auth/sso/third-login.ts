import type { Language, LoginResult, ThirdBindRequest, ThirdLoginResult, ThirdType } from '@ztj/contracts';
import { hashToken } from '../../../platform/auth/tokens';
import type { Db } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { login, startSession, type UserRow } from '../auth.service';
import { phoneLogin } from '../phone-login';
import type { SmsCodeService } from '../sms-code.service';
import { boundUserId, readHandoff, spendHandoff } from './oauth-flow';

/** Request facts the sign-in needs. */
export interface SignInRequest {
  ip: string;
  tenantHeader?: string;
  lang: Language;
}

/**
 * SPEC §7 `thirdLogin/{token}/{thirdType}` (getLoginUser): the hand-over token of a callback signs
 * in the account bound to its identity (the token is spent first, so it works once); an identity
 * bound to nobody answers `bind` and keeps the token for `bindThirdIdentity`.
 * @throws AppError business thirdLoginExpired (unknown, spent or expired token: one answer for all),
 *   accountFrozen, tenantExpired.
 */
export async function thirdLoginUser(
  db: Db,
  token: string,
  type: ThirdType,
  req: SignInRequest,
): Promise<ThirdLoginResult> {
  const handoff = await readHandoff(db, token, type);
  if (!handoff) throw new AppError('business', 'thirdLoginExpired');
  const userId = await boundUserId(db, type, handoff.subject);
  if (!userId) return { status: 'bind', displayName: handoff.displayName };
  const user = await db.one<UserRow>('SELECT * FROM sys_user WHERE id = $1 AND del_flag = 0', [userId]);
  if (!user || !(await spendHandoff(db, handoff.tokenHash))) throw new AppError('business', 'thirdLoginExpired');
  if (user.status !== 1) throw new AppError('business', 'accountFrozen');
  const result = await startSession(db, user, { ip: req.ip, tenantHeader: req.tenantHeader });
  await db.query('UPDATE sso_identity SET last_used_at = now() WHERE provider_type = $1 AND subject = $2', [
    type,
    handoff.subject,
  ]);
  return { status: 'signedIn', ...result };
}

/**
 * Binds the identity of an unspent hand-over token to the account proven by a password (the
 * password login with its throttling and captcha rules) or an SMS login code (the phone login's
 * rules), and answers that sign-in's login result. A failed check answers exactly as the login
 * would (nothing tells whether an account exists); the token stays usable until it expires.
 * @throws AppError business thirdLoginExpired, thirdAlreadyBound; whatever the login throws.
 */
export async function bindThirdIdentity(
  db: Db,
  sms: SmsCodeService,
  body: ThirdBindRequest,
  req: SignInRequest & { captchaEnabled: boolean },
): Promise<LoginResult> {
  const type = Number(body.thirdType) as ThirdType;
  const handoff = await readHandoff(db, body.token, type);
  if (!handoff) throw new AppError('business', 'thirdLoginExpired');
  const result =
    body.method === 'password'
      ? await login(db, {
          request: { username: body.username, password: body.password, captcha: body.captcha, checkKey: body.checkKey },
          captchaEnabled: req.captchaEnabled,
          tenantHeader: req.tenantHeader,
          ip: req.ip,
          lang: req.lang,
        })
      : await phoneLogin(db, sms, {
          request: { mobile: body.mobile, captcha: body.captcha },
          ip: req.ip,
          tenantHeader: req.tenantHeader,
        });
  const bound = await db.tx(async (q) => {
    const spent = await q.query(
      'UPDATE sso_handoff SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING token_hash',
      [handoff.tokenHash],
    );
    if (spent.length !== 1) return 'thirdLoginExpired' as const;
    const rows = await q.query(
      `INSERT INTO sso_identity (provider_type, subject, user_id, display_name, last_used_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT DO NOTHING RETURNING subject`,
      [type, handoff.subject, result.userInfo.id, handoff.displayName],
    );
    return rows.length === 1 ? ('ok' as const) : ('thirdAlreadyBound' as const);
  });
  if (bound !== 'ok') {
    await db.query('UPDATE sys_session SET revoked_at = now() WHERE token_hash = $1', [hashToken(result.token)]);
    throw new AppError('business', bound);
  }
  return result;
}
