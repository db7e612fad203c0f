import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toLanguage } from '../../platform/i18n/i18n';
import { HelpLayout } from './HelpLayout';
import { HELP_TOPICS, SHOT_SIZE, helpMediaUrl } from './helpMedia';
import styles from './Help.module.css';

/**
 * Help (/user/help, public): the operator's main tasks, each with a short text,
 * its steps and screenshots of the product in the reader's language.
 */
export function HelpPage(): ReactNode {
  const { t, i18n } = useTranslation('help');
  const lang = toLanguage(i18n.language);
  const scrollTo = (key: string): void =>
    document.getElementById(`help-${key}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  return (
    <HelpLayout testId="help-page">
      <h1 className={styles.title}>{t('page.title')}</h1>
      <p className={styles.intro}>{t('page.intro')}</p>
      <nav className={styles.contents} aria-label={t('page.contents')}>
        <h2 className={styles.contentsTitle}>{t('page.contents')}</h2>
        <ol>
          {HELP_TOPICS.map(({ key }) => (
            <li key={key}>
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => scrollTo(key)}
                data-testid={`help-toc-${key}`}
              >
                {t(`topics.${key}.title`)}
              </button>
            </li>
          ))}
        </ol>
        <p>
          <Link to="/user/help4video" data-testid="help-video-link">
            {t('page.videoLink')}
          </Link>
        </p>
      </nav>
      {HELP_TOPICS.map(({ key, images }, index) => (
        <section key={key} id={`help-${key}`} className={styles.topic} data-testid={`help-topic-${key}`}>
          <h2 className={styles.topicTitle}>
            {index + 1}. {t(`topics.${key}.title`)}
          </h2>
          <p>{t(`topics.${key}.text`)}</p>
          <ol className={styles.steps}>
            {(t(`topics.${key}.steps`, { returnObjects: true }) as string[]).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          {images.map(({ file, altKey }) => (
            <figure key={file} className={styles.figure}>
              <img
                src={helpMediaUrl(lang, `${file}.webp`)}
                alt={t(`topics.${key}.${altKey}`)}
                width={SHOT_SIZE.width}
                height={SHOT_SIZE.height}
                loading="lazy"
                decoding="async"
                className={styles.shot}
                data-testid={`help-image-${file}`}
              />
              <figcaption>{t(`topics.${key}.${altKey}`)}</figcaption>
            </figure>
          ))}
        </section>
      ))}
    </HelpLayout>
  );
}
