import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LanguageLinks } from '../../layouts/LanguageLinks';
import { APP_CONFIG, HOME_PATH, LOGIN_PATH } from '../../platform/settings/appConfig';
import { getToken } from '../../platform/session/sessionStore';
import styles from './Help.module.css';

/**
 * Frame of the public help pages (SPEC §2 /user/help, /user/help4video): the product's name, links
 * between the two pages and back to the console (or the sign-in page), the language switch.
 */
export function HelpLayout({ children, testId }: { children: ReactNode; testId: string }): ReactNode {
  const { t } = useTranslation('help');
  const signedIn = Boolean(getToken());
  const linkClass = ({ isActive }: { isActive: boolean }): string =>
    isActive ? `${styles.navLink} ${styles.active}` : styles.navLink;
  return (
    <div className={styles.page} data-testid={testId}>
      <header className={styles.header}>
        <NavLink to={signedIn ? HOME_PATH : LOGIN_PATH} className={styles.brand}>
          <img src="./logo.svg" alt="" className={styles.logo} />
          <span>{APP_CONFIG.productTitle}</span>
        </NavLink>
        <nav className={styles.nav} aria-label={t('nav.label')}>
          <NavLink to="/user/help" className={linkClass} end data-testid="help-nav-help">
            {t('nav.help')}
          </NavLink>
          <NavLink to="/user/help4video" className={linkClass} data-testid="help-nav-video">
            {t('nav.video')}
          </NavLink>
          <NavLink to={signedIn ? HOME_PATH : LOGIN_PATH} className={styles.navLink} data-testid="help-nav-back">
            {signedIn ? t('nav.console') : t('nav.signIn')}
          </NavLink>
        </nav>
        <LanguageLinks />
      </header>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
