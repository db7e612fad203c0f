import { formatMessage, type Language, type RegisterRequest, type RegisterResult } from '@ztj/contracts';
import type { Db, Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { LogType, writeLog } from '../logs/logs.repo';
import { requireUsernameFree } from '../users/account-scope';
import { createUser } from '../users/users.service';
import { consumeTicket } from './auth-ticket';
import { phoneTaken, roleIdByCode, rootDepartId, tenantState, type TenantState } from './register.repo';
import type { SmsCodeService } from './sms-code.service';
import { lockForTransaction } from './sms-code.repo';

/**
 * The platform's registration policy (docs/security.md "Registration"): a **self-service
 * tenant configured by environment**. `REGISTER_TENANT_ID` names the tenant new accounts join;
 * without it (the default) registration is closed and the page says so. `REGISTER_ROLE_CODE`
 * (default `viewer`, the seeded role with menus only and no buttons) is the one role the account
 * gets in that tenant — when the tenant has no role of that code the account gets none. The
 * account joins the tenant's root department, with user identity 1 (normal).
 */
export interface RegisterPolicy {
  /** The self-service tenant, or null when registration is closed. */
  tenantId: number | null;
  /** Role code of the least role given to new accounts. */
  roleCode: string;
}

/** Reads the policy from `REGISTER_TENANT_ID` / `REGISTER_ROLE_CODE`. */
export function registerPolicyFromEnv(env: NodeJS.ProcessEnv): RegisterPolicy {
  const id = Number(env.REGISTER_TENANT_ID?.trim());
  return { tenantId: Number.isInteger(id) && id > 0 ? id : null, roleCode: env.REGISTER_ROLE_CODE?.trim() || 'viewer' };
}

/** The self-service tenant when registration is open (tenant configured and existing), else undefined. */
export async function registerTenant(q: Queryable, policy: RegisterPolicy): Promise<TenantState | undefined> {
  if (policy.tenantId === null) return undefined;
  return tenantState(q, policy.tenantId);
}

/**
 * Registers an account. Checks, in this order: registration open; the tenant
 * usable (SPEC §6 tenantExpired); the verified slider token, used up here (`slider-captcha.service.ts`);
 * the user name free (the one existence answer a registration form needs, SPEC §5 "user name
 * already exists" — asked only after a verified slider, and limited per address); the SMS code of
 * purpose register, used up here. A number that already has an account never receives a register
 * code (sms-code.service.ts), so it fails as a wrong code does: the form never says a phone is taken.
 * @throws AppError business registerClosed / tenantExpired / sliderInvalid / smsCodeWrong; conflict userExists.
 */
export async function register(
  db: Db,
  sms: SmsCodeService,
  policy: RegisterPolicy,
  input: { body: RegisterRequest; ip: string; lang: Language },
): Promise<RegisterResult> {
  const { body, ip, lang } = input;
  const tenant = await registerTenant(db, policy);
  if (!tenant) throw new AppError('business', 'registerClosed');
  if (tenant.expired || tenant.status !== 1) throw new AppError('business', 'tenantExpired');
  if ((await consumeTicket(db, 'slider', body.sliderToken, true)) === undefined)
    throw new AppError('business', 'sliderInvalid');
  const username = body.username.trim();
  await usernameFree(db, username, tenant.id, lang);
  if (!(await sms.verify(body.mobile, 'register', body.smsCode))) throw new AppError('business', 'smsCodeWrong');
  await db.tx(async (q) => {
    await lockForTransaction(q, `register:${body.mobile}`);
    if (await phoneTaken(q, body.mobile)) throw new AppError('business', 'smsCodeWrong');
    await usernameFree(q, username, tenant.id, lang);
    const roleId = await roleIdByCode(q, tenant.id, policy.roleCode);
    const departId = await rootDepartId(q, tenant.id);
    const caller = { tenantId: tenant.id, userId: '', username: 'register', orgCode: null };
    const userId = await createUser(
      q,
      {
        username,
        realname: username,
        password: body.password,
        phone: body.mobile,
        userIdentity: 1,
        onlyMultiLevelAlarm: false,
        alarmPushMode: [],
        selectedroles: roleId ?? '',
        selecteddeparts: departId ?? '',
      },
      caller,
    );
    await writeLog(q, {
      logType: LogType.OPERATION,
      content: `registered: ${username}`,
      tenantId: tenant.id,
      userId,
      username,
      ip,
    });
  });
  return { username };
}

/** The name check of registration: both "taken here" and "taken elsewhere" answer userExists (SPEC §5), with a field error. */
async function usernameFree(q: Queryable, username: string, tenantId: number, lang: Language): Promise<void> {
  try {
    await requireUsernameFree(q, username, tenantId);
  } catch (err) {
    if (err instanceof AppError && (err.messageKey === 'userExists' || err.messageKey === 'usernameUnavailable')) {
      throw new AppError('conflict', 'userExists', {}, [
        { field: 'username', message: formatMessage('userExists', lang) },
      ]);
    }
    throw err;
  }
}
