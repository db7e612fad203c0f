import type { i18n as I18n } from 'i18next';
import { VALIDATION_MESSAGES } from '@ztj/contracts';
import { addValidationTexts } from './validationTexts';

/**
 * Every validation text of the contracts (the domain ones too): loaded as its own chunk right
 * after start (see `initI18n`), so the login page's first load carries only the core texts.
 */
export function addDomainValidationTexts(i18n: I18n): void {
  addValidationTexts(i18n, VALIDATION_MESSAGES);
}
