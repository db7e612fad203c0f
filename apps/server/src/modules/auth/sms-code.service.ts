import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_CODE_TTL_MS, SMS_RESEND_MS, type SmsPurpose, type SmsSendResult } from '@ztj/contracts';
import { normalizeIP } from '@fastify/rate-limit';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import type { SmsCodeSender } from './sms-code-sender';
import * as repo from './sms-code.repo';

/**
 * The SMS code policy (docs/security.md "Phone sign-in"). Request-rate limits per client
 * address and per number are in `sign-in-limits.ts`; these are the code's own rules, kept in
 * `sys_sms_code` so every server process shares them.
 */
export const SMS_CODE_POLICY = {
  /** A code is valid this long after it was issued (ms): 5 minutes. */
  ttlMs: SMS_CODE_TTL_MS,
  /** At most one code per number in this time, whatever the purpose (ms): 60 s. */
  resendMs: SMS_RESEND_MS,
  /** Wrong attempts after which a code is void (a new one must be asked for). */
  maxAttempts: 5,
  /** Codes per number in any 24 hours. */
  perPhonePerDay: 10,
  /** Codes asked for by one client address (IPv6: its /64) in any 24 hours. */
  perAddressPerDay: 30,
  /** Rows are deleted this long after they were issued (ms): 2 days. */
  keepMs: 2 * 86_400_000,
} as const;

const DAY_MS = 86_400_000;

/** How codes leave the server: a provider, the server log (DEMO only), or not at all. */
export type SmsCodeMode = 'provider' | 'demoLog' | 'off';

/** The few logger calls the service makes (fastify's logger fits). */
export interface SmsCodeLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SmsCodeServiceOptions {
  /** The SMS provider (`smsCodeSenderFromEnv`); null when none is configured. */
  sender: SmsCodeSender | null;
  /** DEMO mode: without a provider the code is written to the server log (never otherwise). */
  demo: boolean;
  log: SmsCodeLog;
  /** Clock (ms since the epoch); tests inject one to pass the 5 minutes. */
  now?: () => number;
}

/** Salted SHA-256 of a code as hex; the salt is random per code and stored beside it. */
export function hashSmsCode(salt: string, phone: string, purpose: SmsPurpose, code: string): string {
  return createHash('sha256').update(`${salt}\n${phone}\n${purpose}\n${code}`).digest('hex');
}

/** Compares two hex hashes of equal length in constant time (crypto.timingSafeEqual). */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Masks a number for logs: 138****0000. */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '***';
}

export { accountIdOfPhone } from './sms-code.repo';

/**
 * Issues and checks 6-digit SMS codes per number and purpose: hashed at rest,
 * valid 5 minutes, single use, void after 5 wrong attempts, the newest code of a number and
 * purpose replacing older ones; one send per 60 s per number and daily caps per number and per
 * client address. Answers never depend on whether an account has the number: a code row is
 * written either way, and only the SMS itself is skipped when the number cannot use it (login and
 * recovery: no single account has it; register and changePhone: an account already has it).
 * Sending happens after the answer (so its timing says nothing either); `idle()` waits for it.
 */
export class SmsCodeService {
  private readonly now: () => number;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly opts: SmsCodeServiceOptions,
  ) {
    this.now = opts.now ?? ((): number => Date.now());
  }

  /** provider when a sender is configured; else demoLog in DEMO mode; else off. */
  get mode(): SmsCodeMode {
    if (this.opts.sender) return 'provider';
    return this.opts.demo ? 'demoLog' : 'off';
  }

  /**
   * Issues a code for `phone` and `purpose`, asked by client address `ip`, and sends it.
   * @throws AppError business smsNotConfigured (no provider, DEMO off), smsResendWait
   *   (`{seconds}` until 60 s after the number's last code), smsDailyLimit (number or address cap).
   */
  async issue(phone: string, purpose: SmsPurpose, ip: string): Promise<SmsSendResult> {
    const mode = this.mode;
    if (mode === 'off') throw new AppError('business', 'smsNotConfigured');
    const now = this.now();
    const address = normalizeIP(ip);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const deliver = await this.db.tx(async (q) => {
      // one issuer per number at a time, so two parallel asks cannot both pass the 60 s rule
      await repo.lockForTransaction(q, `sms:${phone}`);
      const byPhone = await repo.codesToPhoneSince(q, phone, new Date(now - DAY_MS));
      const last = byPhone.last ? new Date(byPhone.last).getTime() : undefined;
      if (last !== undefined && now - last < SMS_CODE_POLICY.resendMs) {
        throw new AppError('business', 'smsResendWait', {
          seconds: Math.max(1, Math.ceil((last + SMS_CODE_POLICY.resendMs - now) / 1000)),
        });
      }
      if (byPhone.n >= SMS_CODE_POLICY.perPhonePerDay) throw new AppError('business', 'smsDailyLimit');
      const byAddress = await repo.codesFromAddressSince(q, address, new Date(now - DAY_MS));
      if (byAddress >= SMS_CODE_POLICY.perAddressPerDay) throw new AppError('business', 'smsDailyLimit');
      const salt = randomBytes(16).toString('hex');
      await repo.insertCode(
        q,
        {
          phone,
          purpose,
          salt,
          hash: hashSmsCode(salt, phone, purpose, code),
          expiresAt: new Date(now + SMS_CODE_POLICY.ttlMs),
          createdAt: new Date(now),
          address,
        },
        new Date(now - SMS_CODE_POLICY.keepMs),
      );
      const account = await repo.accountIdOfPhone(q, phone);
      return purpose === 'login' || purpose === 'recovery' ? account !== undefined : account === undefined;
    });
    if (deliver) this.deliver(phone, code, purpose);
    return { demoCodeInLog: mode === 'demoLog', resendSeconds: SMS_CODE_POLICY.resendMs / 1000 };
  }

  /**
   * Checks `code` against the newest code of `phone` and `purpose`, using it up when right.
   * False when it is wrong, expired, used, void (5 wrong attempts) or there is none; a wrong
   * code counts one attempt. Hashes are compared in constant time.
   */
  async verify(phone: string, purpose: SmsPurpose, code: string): Promise<boolean> {
    const now = new Date(this.now());
    return this.db.tx(async (q) => {
      const row = await repo.newestCodeForUpdate(q, phone, purpose);
      const live =
        row !== undefined &&
        row.used_at === null &&
        row.attempts < SMS_CODE_POLICY.maxAttempts &&
        new Date(row.expires_at) > now;
      // the same hashing and comparison happen whether or not a live code exists
      const salt = row?.code_salt ?? '00';
      const given = hashSmsCode(salt, phone, purpose, code);
      const right = sameHash(given, row?.code_hash ?? '00'.repeat(32)) && live;
      if (!row || !live) return false;
      if (right) await repo.markCodeUsed(q, row.id, now);
      else await repo.countWrongAttempt(q, row.id);
      return right;
    });
  }

  /** Resolves when every send started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  private deliver(phone: string, code: string, purpose: SmsPurpose): void {
    const sender = this.opts.sender;
    if (!sender) {
      this.opts.log.warn(
        { phone: maskPhone(phone), purpose },
        `DEMO mode, no SMS provider: SMS code for ${maskPhone(phone)} (${purpose}) is ${code} (not sent; valid 5 minutes)`,
      );
      return;
    }
    const job = sender
      .send(phone, code, purpose)
      .then((r) => {
        if (!r.ok) this.opts.log.error({ phone: maskPhone(phone), purpose, answer: r.answer }, 'SMS code not sent');
      })
      .catch((err: unknown) => this.opts.log.error({ err, phone: maskPhone(phone), purpose }, 'SMS code not sent'))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }
}
