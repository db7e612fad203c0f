import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toLanguage } from '../../platform/i18n/i18n';
import { HelpLayout } from './HelpLayout';
import { VIDEO_STEPS, VIDEO_STEP_SECONDS, clock, helpMediaUrl } from './helpMedia';
import styles from './Help.module.css';

/**
 * Help video (/user/help4video, public): the walk-through recorded from the
 * product (WebM/VP9 with captions and a poster, shipped with the console) and its steps as text;
 * a step's time plays the video from there.
 */
export function HelpVideoPage(): ReactNode {
  const { t, i18n } = useTranslation('help');
  const lang = toLanguage(i18n.language);
  const video = useRef<HTMLVideoElement>(null);
  const playFrom = (seconds: number): void => {
    const el = video.current;
    if (!el) return;
    el.currentTime = seconds;
    void el.play().catch(() => undefined);
    el.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };
  return (
    <HelpLayout testId="help-video-page">
      <h1 className={styles.title}>{t('video.title')}</h1>
      <p className={styles.intro}>{t('video.intro')}</p>
      {/* key: another language loads its own video and captions */}
      <video
        key={lang}
        ref={video}
        className={styles.video}
        controls
        preload="metadata"
        playsInline
        poster={helpMediaUrl(lang, 'poster.webp')}
        data-testid="help-video"
      >
        <source src={helpMediaUrl(lang, 'walkthrough.webm')} type="video/webm" />
        <track
          kind="captions"
          src={helpMediaUrl(lang, 'walkthrough.vtt')}
          srcLang={lang}
          label={t('video.captions')}
          default
        />
        {t('video.unsupported')}
      </video>
      <h2 className={styles.topicTitle}>{t('video.stepsTitle')}</h2>
      <ol className={styles.videoSteps} data-testid="help-video-steps">
        {VIDEO_STEPS.map((key, i) => (
          <li key={key}>
            <button
              type="button"
              className={styles.time}
              title={t('video.jump')}
              onClick={() => playFrom(i * VIDEO_STEP_SECONDS)}
              data-testid={`help-video-step-${key}`}
            >
              {clock(i * VIDEO_STEP_SECONDS)}
            </button>
            <span>
              <strong>{t(`video.steps.${key}.title`)}</strong> — {t(`video.steps.${key}.text`)}
            </span>
          </li>
        ))}
      </ol>
      <p>
        <Link to="/user/help" data-testid="help-page-link">
          {t('video.helpLink')}
        </Link>
      </p>
    </HelpLayout>
  );
}
