import { CORE_VALIDATION_MESSAGES, VALIDATION_MESSAGES } from '@ztj/contracts';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from './i18n';

/**
 * Validation texts: the core ones (login form) translate as soon as i18next starts; the domain
 * forms' ones (a chunk of their own) follow right after, in both languages.
 */
describe('validation texts', () => {
  it('translates the core texts at once and every contracts text once the domain chunk loaded', async () => {
    const i18n = initI18n('en-US');
    expect(i18n.t('validation.password')).toBe(CORE_VALIDATION_MESSAGES['validation.password']['en-US']);
    await vi.waitFor(() =>
      expect(i18n.t('validation.fenceRadius')).toBe(VALIDATION_MESSAGES['validation.fenceRadius']['en-US']),
    );
    for (const [key, texts] of Object.entries(VALIDATION_MESSAGES)) {
      expect(i18n.t(key, { lng: 'zh-CN' })).toBe(texts['zh-CN']);
      expect(i18n.t(key, { lng: 'en-US' })).toBe(texts['en-US']);
    }
  });
});
