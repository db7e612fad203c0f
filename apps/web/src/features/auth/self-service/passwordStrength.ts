import { PATTERNS } from '@ztj/contracts';

/** Strength of a password for the meter: 0 empty, 1 weak, 2 medium, 3 strong (meets SPEC §5). */
export type StrengthLevel = 0 | 1 | 2 | 3;

/**
 * The meter's level: strong only when the SPEC §5 rule holds (8+ characters mixing digits, upper
 * and lower case and symbols); otherwise medium with at least three of the four kinds and 8+
 * characters, else weak.
 */
export function passwordStrength(password: string): StrengthLevel {
  if (!password) return 0;
  if (PATTERNS.password.test(password)) return 3;
  const kinds = [/\d/, /[a-z]/, /[A-Z]/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  return password.length >= 8 && kinds >= 3 ? 2 : 1;
}
