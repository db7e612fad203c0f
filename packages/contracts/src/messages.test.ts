import { describe, expect, it } from 'vitest';
import { languageFromHeader } from './i18n';
import { MESSAGES, formatMessage } from './messages';
import { VALIDATION_MESSAGES } from './validation';

describe('server message catalogue', () => {
  it('has a non-empty text in both languages for every key', () => {
    for (const catalogue of [MESSAGES, VALIDATION_MESSAGES]) {
      for (const [key, text] of Object.entries(catalogue)) {
        expect(text['zh-CN'], key).toBeTruthy();
        expect(text['en-US'], key).toBeTruthy();
      }
    }
  });

  it('fills parameters', () => {
    expect(formatMessage('accountLocked', 'en-US', { minutes: 10 })).toBe(
      'Too many failed attempts, try again in 10 minutes',
    );
  });

  it('reads the language from Accept-Language, Chinese by default', () => {
    expect(languageFromHeader(undefined)).toBe('zh-CN');
    expect(languageFromHeader('en-US,en;q=0.9')).toBe('en-US');
    expect(languageFromHeader('fr-FR')).toBe('zh-CN');
  });
});
