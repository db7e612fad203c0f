import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@ztj/contracts';
import { changeLanguage, toLanguage } from '../platform/i18n/i18n';
import { LoginButton } from '../platform/plain-ui/LoginControls';
import { LANGUAGE_NAMES } from './languageNames';

/**
 * Language switch of the login page: one link per language (lighter than the top bar's dropdown,
 * which keeps the login bundle small). The choice is stored (SPEC §1).
 */
export function LanguageLinks(): ReactNode {
  const { t, i18n } = useTranslation('auth');
  const current = toLanguage(i18n.language);
  return (
    <nav aria-label={t('layout.language')} data-testid="language-switch">
      {LANGUAGES.map((lang) => (
        <LoginButton
          key={lang}
          variant="link"
          small
          disabled={lang === current}
          onClick={() => void changeLanguage(lang)}
          data-testid={`lang-${lang}`}
        >
          {LANGUAGE_NAMES[lang]}
        </LoginButton>
      ))}
    </nav>
  );
}
