import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordStrength } from './passwordStrength';
import styles from './SelfService.module.css';

const LEVELS = ['', 'weak', 'medium', 'strong'] as const;
const COLOURS = ['#d9d9d9', '#ff4d4f', '#faad14', '#52c41a'];

/** Strength meter under a new password (SPEC §5 rule): three bars, the level and the rule. */
export function PasswordStrength({ password }: { password: string }): ReactNode {
  const { t } = useTranslation('register');
  const level = passwordStrength(password);
  return (
    <div className={styles.strength} data-testid="password-strength" data-level={LEVELS[level] || 'none'}>
      <div className={styles.bars} aria-hidden>
        {[1, 2, 3].map((i) => (
          <span key={i} className={styles.bar} style={{ background: level >= i ? COLOURS[level] : COLOURS[0] }} />
        ))}
      </div>
      <div className={styles.strengthText}>
        {level > 0 && (
          <span style={{ color: COLOURS[level] }}>
            {t('strength.label')}: {t(`strength.${LEVELS[level]}`)}
          </span>
        )}
        <span className={styles.rule}>{t('strength.rule')}</span>
      </div>
    </div>
  );
}
