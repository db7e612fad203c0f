import { CAPTCHA_TTL_MS } from '@ztj/contracts';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';

/**
 * Issues an image captcha for `checkKey` (issue #2: single use, expires in 60 s). A new request
 * for the same key replaces the previous code.
 * @returns the image as a `data:image/svg+xml;base64,…` URL.
 */
export async function issueCaptcha(db: Db, checkKey: string): Promise<string> {
  const captcha = svgCaptcha.create({ size: 4, noise: 3, ignoreChars: '0oO1ilI', color: true, background: '#f5f7fa', width: 105, height: 35 });
  await db.query(
    `INSERT INTO sys_captcha (check_key, code, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
     ON CONFLICT (check_key) DO UPDATE SET code = EXCLUDED.code, expires_at = EXCLUDED.expires_at`,
    [checkKey, captcha.text.toLowerCase(), CAPTCHA_TTL_MS / 1000],
  );
  // Expired codes are purged opportunistically so the table stays small.
  await db.query('DELETE FROM sys_captcha WHERE expires_at < now()');
  return `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`;
}

/**
 * Consumes the captcha of `checkKey`: any attempt invalidates it, right or wrong.
 * @throws AppError business `captchaExpired` when no live code exists, `captchaError` when wrong.
 */
export async function consumeCaptcha(db: Db, checkKey: string | undefined, answer: string | undefined): Promise<void> {
  if (!checkKey || !answer) throw new AppError('business', 'captchaError');
  const row = await db.one<{ code: string; expired: boolean }>(
    'DELETE FROM sys_captcha WHERE check_key = $1 RETURNING code, expires_at < now() AS expired',
    [checkKey],
  );
  if (!row || row.expired) throw new AppError('business', 'captchaExpired');
  if (row.code !== answer.trim().toLowerCase()) throw new AppError('business', 'captchaError');
}
