import { CAPTCHA_TTL_MS, formatMessage, type Language } from '@ztj/contracts';
import svgCaptcha from 'svg-captcha';
import { AppError } from '../../platform/http/app-error';

/** Captchas kept at most by one process (about 100 bytes each). */
export const CAPTCHA_CAPACITY = 10_000;

/**
 * Live captcha codes of this process (no database row per image). A bounded
 * map in insertion order: with a constant lifetime the oldest entry expires first, so expired
 * codes are dropped from the front as new ones arrive, and past `capacity` the oldest live code
 * is dropped too (its answer then reads as expired). Several server processes therefore need a
 * client's captcha request and sign-in to reach the same process (docs/security.md "Sessions and sign-in").
 */
export class CaptchaStore {
  private readonly codes = new Map<string, { code: string; expiresAt: number }>();

  constructor(
    readonly capacity = CAPTCHA_CAPACITY,
    readonly ttlMs = CAPTCHA_TTL_MS,
  ) {}

  /** Keeps `code` for `key` (replacing an earlier one) until `ttlMs` from now. */
  put(key: string, code: string): void {
    const now = Date.now();
    this.codes.delete(key);
    this.codes.set(key, { code, expiresAt: now + this.ttlMs });
    for (const [k, v] of this.codes) {
      if (v.expiresAt > now && this.codes.size <= this.capacity) break;
      this.codes.delete(k);
    }
  }

  /** Removes the code of `key` and returns it, or undefined when none or expired. */
  take(key: string): string | undefined {
    const entry = this.codes.get(key);
    this.codes.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry.code : undefined;
  }

  /** The live code of `key` without consuming it (tests read the answer here). */
  peek(key: string): string | undefined {
    const entry = this.codes.get(key);
    return entry && entry.expiresAt > Date.now() ? entry.code : undefined;
  }

  /** Codes held, live or not yet dropped. */
  get size(): number {
    return this.codes.size;
  }
}

/**
 * The image (at 105×35 with the library's 56 px glyphs their bottoms were cut
 * off, and random pale colours on a light background were hard to read): 120×40 px like the
 * login form's image button (drawn there 1:1), 44 px glyphs that stay inside it, dark grey glyphs
 * (#111–#444, at least 9:1 against the white button), two noise lines, no look-alike characters.
 */
export const CAPTCHA_IMAGE = {
  size: 4,
  noise: 2,
  ignoreChars: '0oO1ilI',
  color: false,
  width: 120,
  height: 40,
  fontSize: 44,
} as const;

/**
 * The library centres glyphs on the font's ascender and descender, so they sit low (over 2,000
 * images at 44 px: y 10.2–42.8 of 40). The image shows the band from this y down (`viewBox`),
 * which holds them with about 4 px to spare above and 3 px below.
 */
export const CAPTCHA_VIEW_TOP = 6;

/** The captchas of this process. */
export const captchaStore = new CaptchaStore();

/**
 * Issues an image captcha for `checkKey` (single use, expires in 60 s). A new request for the
 * same key replaces the previous code. Requests per client are limited by the route (see
 * `sign-in-limits.ts`).
 * @returns the image as a `data:image/svg+xml;base64,…` URL.
 */
export function issueCaptcha(checkKey: string, store: CaptchaStore = captchaStore): string {
  const captcha = svgCaptcha.create(CAPTCHA_IMAGE);
  store.put(checkKey, captcha.text.toLowerCase());
  const { width, height } = CAPTCHA_IMAGE;
  const svg = captcha.data.replace(
    `viewBox="0,0,${width},${height}"`,
    `viewBox="0,${CAPTCHA_VIEW_TOP},${width},${height}"`,
  );
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * Consumes the captcha of `checkKey`: any attempt invalidates it, right or wrong. The error
 * carries a field error on `captcha` so the login form shows (and renews) the captcha.
 * @throws AppError business `captchaExpired` when no live code exists, `captchaError` when wrong.
 */
export function consumeCaptcha(
  checkKey: string | undefined,
  answer: string | undefined,
  lang: Language,
  store: CaptchaStore = captchaStore,
): void {
  const code = checkKey ? store.take(checkKey) : undefined;
  if (!checkKey || !answer) throw captchaFailure('captchaError', lang);
  if (code === undefined) throw captchaFailure('captchaExpired', lang);
  if (code !== answer.trim().toLowerCase()) throw captchaFailure('captchaError', lang);
}

/** A business error on the captcha field: `key` is the message and the field's text. */
export function captchaFailure(key: 'captchaError' | 'captchaExpired' | 'captchaRequired', lang: Language): AppError {
  return new AppError('business', key, {}, [{ field: 'captcha', message: formatMessage(key, lang) }]);
}
