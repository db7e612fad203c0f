/**
 * Validation rules of SPEC §5, written once and used by forms (web) and request schemas (server).
 * Messages are i18n keys under `validation.*` on the web; the server translates them too.
 */
export const PATTERNS = {
  /** 11 digits starting 1, second digit 3,4,5,7,8 (forms). */
  mobile: /^1[34578]\d{9}$/,
  /** Table cells accept second digit 3-9. */
  mobileCell: /^1[3-9]\d{9}$/,
  /** Letters, digits, underscore; 4-18 long (the message says 6 to 18, SPEC §5). */
  username: /^[A-Za-z0-9_]{4,18}$/,
  /** 2-20 Chinese/English/digits/_-#. */
  realname: /^[\u4e00-\u9fa5A-Za-z0-9_\-#]{2,20}$/,
  /** Eight or more characters mixing digits, upper and lower case letters and special symbols. */
  password: /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[^A-Za-z0-9]).{8,}$/,
  /** Role code: no Chinese characters. */
  noChinese: /^[^\u4e00-\u9fa5]*$/,
  /** No slash or backslash. */
  noSlash: /^[^/\\]*$/,
} as const;

/**
 * Text the server refuses at its input boundary: C0 control characters other than tab,
 * LF and CR (NUL above all: PostgreSQL cannot store it) and UTF-16 surrogates that are not part
 * of a pair (they cannot be encoded as UTF-8 and would be silently replaced). Message key
 * `validation.invalidText`.
 */
