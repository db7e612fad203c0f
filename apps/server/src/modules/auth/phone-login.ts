import type { LoginResult, PhoneLoginRequest } from '@ztj/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { LoginOperation, LogType, writeLog } from '../logs/logs.repo';
import { accountById } from './auth.repo';
import { startSession } from './auth.service';
import { accountIdOfPhone, maskPhone, type SmsCodeService } from './sms-code.service';
import { accountDelayMs, clearPairFailures, readThrottle, recordFailure } from './sign-in-throttle';

export interface PhoneLoginInput {
  request: PhoneLoginRequest;
  /** `tenant-id` header of the request: a remembered tenant choice. */
  tenantHeader?: string;
  /** Client address (behind the trusted proxy). */
  ip: string;
}

/**
 * The sign-in counters' name of a number: `phone:<number>`. Account names never hold a colon, so
 * phone failures never count on a password account (and the reverse): a stranger guessing codes
 * cannot slow down or raise the bar for the owner's password sign-in.
 */
export function phoneThrottleName(phone: string): string {
  return `phone:${phone}`;
}

/**
 * Signs in with a mobile number and its SMS login code (SPEC §7 phoneLogin).
 * The rules of the password login apply (`sign-in-throttle.ts`): a client that failed
 * `pairCooldownAfter` times on this number waits its cool-down (429); a failure counts for the
 * client+number pair and the number and is held back on a much-attacked number; nothing locks the
 * account. No image captcha is asked: each code allows 5 attempts and a number gets at most
 * 10 codes a day. An unknown number, a number of several accounts, and a wrong, expired, used or
 * void code all answer `smsCodeWrong`. The session is the password login's (`startSession`).
 * @throws AppError tooManyRequests (429, `{seconds}`); business smsCodeWrong / accountFrozen / tenantExpired.
 */
export async function phoneLogin(db: Db, sms: SmsCodeService, input: PhoneLoginInput): Promise<LoginResult> {
  const { request, ip } = input;
  const phone = request.mobile;
  const name = phoneThrottleName(phone);
  const throttle = await readThrottle(db, ip, name);
  if (throttle.pairWaitMs > 0)
    throw new AppError('tooManyRequests', 'tooManyRequests', { seconds: Math.ceil(throttle.pairWaitMs / 1000) });

  const right = await sms.verify(phone, 'login', request.captcha);
  const id = await accountIdOfPhone(db, phone);
  const user = right && id ? await accountById(db, id) : undefined;
  if (!user) {
    const counts = await recordFailure(db, ip, name);
    await writeLog(db, {
      logType: LogType.LOGIN,
      content: `phone login failed: ${maskPhone(phone)}`,
      operateType: LoginOperation.FAILED,
      username: maskPhone(phone),
      ip,
    });
    const delay = accountDelayMs(counts.account);
    if (delay > 0) await sleep(delay);
    throw new AppError('business', 'smsCodeWrong');
  }
  if (user.status !== 1) throw new AppError('business', 'accountFrozen');
  return startSession(db, user, { ip, tenantHeader: input.tenantHeader }, () => clearPairFailures(db, ip, name));
}
