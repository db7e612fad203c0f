/**
 * Branding and footer configuration, overridable at build time with `VITE_*` variables.
 * Defaults follow SPEC §9 (product title 'ZTJ IOT').
 */
export interface AppConfig {
  /** Product title: login page, header logo, document title. */
  productTitle: string;
  /** Short product code shown in the header on mobile. */
  productCode: string;
  /** Registration number shown under the login form footer. */
  icpNumber: string;
  /** Copyright holder after the © sign. */
  copyrightHolder: string;
  /** Footer links of the login layout; empty string hides a link. */
  helpUrl: string;
  privacyUrl: string;
  termsUrl: string;
}

const env = import.meta.env;

function pick(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

export const APP_CONFIG: AppConfig = {
  productTitle: pick(env.VITE_PRODUCT_TITLE, 'ZTJ IOT'),
  productCode: pick(env.VITE_PRODUCT_CODE, 'ZTJ'),
  icpNumber: pick(env.VITE_ICP_NUMBER, '京ICP备00000000号'),
  copyrightHolder: pick(env.VITE_COPYRIGHT_HOLDER, 'ZTJ IOT'),
  helpUrl: pick(env.VITE_HELP_URL, '#/user/help'),
  privacyUrl: pick(env.VITE_PRIVACY_URL, '#/user/privacy'),
  termsUrl: pick(env.VITE_TERMS_URL, '#/user/terms'),
};

/** The default home and landing path (SPEC §2). */
export const HOME_PATH = '/dashboard/analysis';
/** The login path (SPEC §2). */
export const LOGIN_PATH = '/user/login';
