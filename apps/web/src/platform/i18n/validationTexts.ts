import type { i18n as I18n } from 'i18next';
import { LANGUAGES, type BilingualText } from '@ztj/contracts';

/**
 * Adds contracts validation texts (`{'validation.password': {zh-CN, en-US}}`) to the common
 * namespace as `{validation: {password: …}}`, so schema message keys such as
 * `validation.password` translate with `t()`.
 */
export function addValidationTexts(i18n: I18n, messages: Readonly<Record<string, BilingualText>>): void {
  for (const lang of LANGUAGES) {
    const nested: Record<string, string> = {};
    for (const [key, texts] of Object.entries(messages)) nested[key.replace(/^validation\./, '')] = texts[lang];
    i18n.addResourceBundle(lang, 'common', { validation: nested }, true, false);
  }
}
