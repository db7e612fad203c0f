import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_CONFIG } from '../platform/settings/appConfig';
import { LanguageLinks } from './LanguageLinks';
import styles from './UserLoginLayout.module.css';

/**
 * Generic login layout (SPEC §1, §2): logo, title, description, the form, footer links (help,
 * privacy, terms), copyright and registration number; language switch at the top right.
 */
export function UserLoginLayout({ children }: { children: ReactNode }): ReactNode {
  const { t } = useTranslation('auth');
  const year = new Date().getFullYear();
  const links = [
    { href: APP_CONFIG.helpUrl, label: t('layout.help'), testId: 'login-help' },
    { href: APP_CONFIG.privacyUrl, label: t('layout.privacy'), testId: 'login-privacy' },
    { href: APP_CONFIG.termsUrl, label: t('layout.terms'), testId: 'login-terms' },
  ].filter((l) => l.href);
  return (
    <div className={styles.page}>
      <div className={styles.lang}>
        <LanguageLinks />
      </div>
      <main className={styles.content}>
        <header className={styles.top}>
          <a href="#/" className={styles.brand}>
            <img src="./logo.svg" alt="" className={styles.logo} />
            <span className={styles.title}>{APP_CONFIG.productTitle}</span>
          </a>
          <p className={styles.desc}>{t('layout.description')}</p>
        </header>
        <div className={styles.form}>{children}</div>
      </main>
      <footer className={styles.footer}>
        <div className={styles.links}>
          {links.map((l) => (
            <a key={l.label} href={l.href} data-testid={l.testId}>
              {l.label}
            </a>
          ))}
        </div>
        <div className={styles.copyright}>
          {t('layout.copyright', { year, holder: APP_CONFIG.copyrightHolder })}
          <span className={styles.icp}>{APP_CONFIG.icpNumber}</span>
        </div>
      </footer>
    </div>
  );
}
