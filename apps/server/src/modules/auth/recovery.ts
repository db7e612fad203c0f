import { PATTERNS, RECOVERY_TICKET_TTL_MS, SMS_RESEND_MS, type RecoveryResetRequest } from '@ztj/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { hashPassword } from '../../platform/auth/tokens';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { LogType, writeLog } from '../logs/logs.repo';
import { consumeTicket, issueTicket } from './auth-ticket';
import { liveAccountByName, resetOwnPasswordHash, revokeAllSessions } from './auth.repo';
import { accountIdOfPhone, type SmsCodeService } from './sms-code.service';

/**
 * Password recovery (/user/alteration steps 1-4). Nothing tells a stranger
 * whether an account or a phone exists:
 * - step 1 answers the same `{resendSeconds}` for any account; the code is only sent when the
 *   account exists and has a phone (a number given directly goes through the SMS code service,
 *   which writes its row either way and sends only to a number of one account; for a user name the
 *   service's resend wait and daily caps are hidden too, else they would say the name exists);
 * - step 2 answers `smsCodeWrong` for an unknown account as for a wrong code;
 * - every answer of steps 1-2 takes at least `RECOVERY_MIN_MS`, so the database work of a known
 *   account does not show in the timing.
 * Request limits per address, per number and per account are in `self-service-limits.ts`.
 */
export const RECOVERY_MIN_MS = 400;

/** An account as recovery finds it: by user name, or by mobile number (the one account of that number). */
interface Found {
  id: string;
  phone: string | null;
}

/** Waits until `RECOVERY_MIN_MS` have passed since `start` (ms epoch). */
async function padFrom(start: number): Promise<void> {
  const left = RECOVERY_MIN_MS - (Date.now() - start);
  if (left > 0) await sleep(left);
}

function isMobile(account: string): boolean {
  return PATTERNS.mobile.test(account);
}

async function findAccount(db: Db, account: string): Promise<Found | undefined> {
  if (isMobile(account)) {
    const id = await accountIdOfPhone(db, account);
    return id ? { id, phone: account } : undefined;
  }
  return liveAccountByName(db, account);
}

/**
 * Step 1: sends a recovery code (purpose `recovery`) to the account's phone, when there is one.
 * A mobile number given as the account gets the SMS service's own answers (the same for known and
 * unknown numbers, including its 60 s wait); a user name always gets `{resendSeconds: 60}`.
 * @throws AppError business smsNotConfigured / smsResendWait / smsDailyLimit (numbers only).
 */
export async function recoveryCode(
  db: Db,
  sms: SmsCodeService,
  account: string,
  ip: string,
): Promise<{ resendSeconds: number }> {
  const start = Date.now();
  try {
    if (isMobile(account)) {
      await sms.issue(account, 'recovery', ip);
    } else {
      if (sms.mode === 'off') throw new AppError('business', 'smsNotConfigured');
      const found = await findAccount(db, account);
      if (found?.phone && isMobile(found.phone)) {
        await sms.issue(found.phone, 'recovery', ip).catch((err: unknown) => {
          if (!(err instanceof AppError && (err.messageKey === 'smsResendWait' || err.messageKey === 'smsDailyLimit')))
            throw err;
        });
      }
    }
    return { resendSeconds: SMS_RESEND_MS / 1000 };
  } finally {
    await padFrom(start);
  }
}

/**
 * Step 2: checks the code sent to the account's phone (used up when right) and answers a
 * single-use recovery ticket for step 3, valid 10 minutes.
 * @throws AppError business smsCodeWrong (also for an unknown account or one without a phone).
 */
export async function recoveryVerify(
  db: Db,
  sms: SmsCodeService,
  account: string,
  code: string,
  ip: string,
): Promise<{ ticket: string }> {
  const start = Date.now();
  try {
    const found = await findAccount(db, account);
    // the code check runs for unknown accounts too (on the given text), so both take the same work
    const right = await sms.verify(found?.phone ?? account, 'recovery', code);
    if (!found || !right) throw new AppError('business', 'smsCodeWrong');
    return { ticket: await issueTicket(db, 'recovery', RECOVERY_TICKET_TTL_MS, { subject: found.id, ip }) };
  } finally {
    await padFrom(start);
  }
}

/**
 * Step 3: uses the ticket up and sets the new password (SPEC §5, checked by the contract). Every
 * session of the account is revoked and its failed sign-in counters cleared.
 * @throws AppError business recoveryTicketInvalid (unknown, used or expired ticket).
 */
export async function recoveryReset(db: Db, body: RecoveryResetRequest, ip: string): Promise<void> {
  const userId = await consumeTicket(db, 'recovery', body.ticket);
  if (!userId) throw new AppError('business', 'recoveryTicketInvalid');
  const hash = await hashPassword(body.password);
  await db.tx(async (q) => {
    const username = await resetOwnPasswordHash(q, userId, hash);
    if (username === undefined) throw new AppError('business', 'recoveryTicketInvalid');
    await revokeAllSessions(q, userId);
    await writeLog(q, {
      logType: LogType.OPERATION,
      content: 'password reset by SMS recovery',
      userId,
      username,
      ip,
    });
  });
}
