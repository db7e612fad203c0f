import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CORE_VALIDATION_MESSAGES, DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@ztj/contracts';
import { readStored, writeStored } from '../storage/localStore';
import { STORAGE_KEYS } from '../storage/storageKeys';
import { BUNDLED_NAMESPACES, bundledResources, lazyLocaleBackend } from './localeResources';
import { addValidationTexts } from './validationTexts';

/** Narrows any string to one of the two languages (anything not English is Chinese). */
export function toLanguage(value: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

/** The stored interface language, zh-CN by default (SPEC §1). */
export function storedLanguage(): Language {
  return toLanguage(readStored<string | null>(STORAGE_KEYS.language, null));
}

function applyDocumentLanguage(lang: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * Starts i18next with the stored language: the common and login namespaces are bundled, the
 * others (one JSON file per feature and language under `src/locales/<lang>/`) load on first use.
 * Safe to call more than once (tests); returns the shared instance.
 */
export function initI18n(lang: Language = storedLanguage()): I18n {
  if (!i18next.isInitialized) {
    void i18next
      .use(initReactI18next)
      .use(lazyLocaleBackend)
      .init({
        resources: bundledResources(),
        partialBundledLanguages: true,
        lng: lang,
        // Both languages have every key (locales.test.ts), so no fallback namespaces are fetched.
        fallbackLng: false,
        supportedLngs: [...LANGUAGES],
        ns: [...BUNDLED_NAMESPACES],
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
        initAsync: false,
      });
    addValidationTexts(i18next, CORE_VALIDATION_MESSAGES);
    // the domain forms' texts (routes, waybills, cron…) in a chunk of their own, right after start
    void import('./domainValidation').then((m) => m.addDomainValidationTexts(i18next));
  }
  applyDocumentLanguage(toLanguage(i18next.language));
  return i18next;
}

/** Switches the interface language, keeps the choice, updates `<html lang>` (dayjs follows, see `dayjsLocale.ts`). */
export async function changeLanguage(lang: Language): Promise<void> {
  writeStored(STORAGE_KEYS.language, lang);
  await i18next.changeLanguage(lang);
  applyDocumentLanguage(lang);
}

/** The current language of the shared i18next instance. */
export function currentLanguage(): Language {
  return toLanguage(i18next.language);
}
