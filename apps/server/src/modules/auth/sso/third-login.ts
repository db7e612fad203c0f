import type { Language, LoginResult, ThirdBindRequest, ThirdLoginResult, ThirdType } from '@ztj/contracts';
import { hashToken } from '../../../platform/auth/tokens';
import type { Db } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { liveAccountById, revokeSession } from '../auth.repo';
import { login, startSession } from '../auth.service';
import { phoneLogin } from '../phone-login';
import type { SmsCodeService } from '../sms-code.service';
import { readHandoff } from './oauth-flow';
import { bindIdentity, boundUserId, spendHandoff, touchIdentity } from './sso.repo';

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
  const user = await liveAccountById(db, userId);
  if (!user || !(await spendHandoff(db, handoff.tokenHash))) throw new AppError('business', 'thirdLoginExpired');
  if (user.status !== 1) throw new AppError('business', 'accountFrozen');
  const result = await startSession(db, user, { ip: req.ip, tenantHeader: req.tenantHeader });
  await touchIdentity(db, type, handoff.subject);
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
    if (!(await spendHandoff(q, handoff.tokenHash))) return 'thirdLoginExpired' as const;
    const fresh = await bindIdentity(q, {
      type,
      subject: handoff.subject,
      userId: result.userInfo.id,
      displayName: handoff.displayName,
    });
    return fresh ? ('ok' as const) : ('thirdAlreadyBound' as const);
  });
  if (bound !== 'ok') {
    await revokeSession(db, hashToken(result.token));
    throw new AppError('business', bound);
  }
  return result;
}
