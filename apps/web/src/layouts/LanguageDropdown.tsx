import type { CSSProperties, ReactNode } from 'react';
import { Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@ztj/contracts';
import { changeLanguage, toLanguage } from '../platform/i18n/i18n';
import { LANGUAGE_NAMES } from './languageNames';

/** Language switch of the top bar; the choice is stored (SPEC §1). */
export function LanguageDropdown({ style }: { style?: CSSProperties }): ReactNode {
  const { t, i18n } = useTranslation('layout');
  const current = toLanguage(i18n.language);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((lang) => ({
          key: lang,
          label: <span data-testid={`lang-${lang}`}>{LANGUAGE_NAMES[lang]}</span>,
        })),
        onClick: ({ key }) => void changeLanguage(toLanguage(key)),
      }}
    >
      <span
        role="button"
        tabIndex={0}
        aria-label={t('header.language')}
        title={t('header.language')}
        data-testid="language-switch"
        style={{ cursor: 'pointer', padding: '0 12px', ...style }}
      >
        <GlobalOutlined />
      </span>
    </Dropdown>
  );
}
