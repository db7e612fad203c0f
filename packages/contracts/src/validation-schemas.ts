import { z } from 'zod';
import { PATTERNS } from './patterns';

/**
 * Zod schemas of the shared field rules (SPEC §5), apart from `validation.ts` so that the console's
 * login bundle, which needs the patterns and texts only, stays without zod.
 */

/**
 * A required reference to a row by its id: 1-64 characters; `''` is refused as required.
 */
export const RefIdSchema = z.string().min(1, 'validation.required').max(64, 'validation.tooLong');

/**
 * An optional reference to another row (parent department, parent menu, device group…): up to
 * 64 characters. `''` and `null` both mean "none" and come out as `null` (a cleared select sends
 * `''`), so an empty id never reaches the database as a foreign key; absent stays `undefined`.
 */
export const OptionalRefIdSchema = z
  .string()
  .max(64, 'validation.tooLong')
  .nullable()
  .transform((v): string | null => (v === '' ? null : v))
  .optional();

/** Password strength rule (SPEC §5) as a zod string, message key `validation.password`. */
export const PasswordSchema = z.string().regex(PATTERNS.password, 'validation.password').max(64);

/** Mobile number of SPEC §5 (11 digits, 1 then 3/4/5/7/8), trimmed; message key `validation.mobile`. */
export const MobileSchema = z.string().trim().regex(PATTERNS.mobile, 'validation.mobile');
