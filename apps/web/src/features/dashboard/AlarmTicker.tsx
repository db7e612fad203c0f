import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AlarmRecord } from '@ztj/contracts';
import { toLanguage } from '../../platform/i18n/i18n';
import { alarmTypeName, formatAlarmTime, severityMeta } from '../alarms/alarmText';
import { tickerSeconds } from './dashboardModel';
import styles from './dashboard.module.css';

interface AlarmTickerProps {
  alarms: readonly AlarmRecord[];
  /** `horizontal`: one scrolling line (analysis page); `vertical`: a scrolling column (big screen). */
  direction?: 'horizontal' | 'vertical';
  /** Dark colours of the big screen. */
  dark?: boolean;
  testId?: string;
}

/** One alarm of the ticker: severity, device, type, value and start time; opens the alarm list on it. */
function TickerItem({
  alarm,
  hidden,
  onOpen,
}: {
  alarm: AlarmRecord;
  hidden?: boolean;
  onOpen: (id: string) => void;
}): ReactNode {
  const { t, i18n } = useTranslation('alarms');
  const lang = toLanguage(i18n.language);
  const meta = severityMeta(alarm.severity);
  return (
    <button
      type="button"
      className={styles.tickerItem}
      onClick={() => onOpen(alarm.id)}
      tabIndex={hidden ? -1 : 0}
      aria-hidden={hidden || undefined}
      data-testid={hidden ? undefined : 'ticker-item'}
      data-alarm-id={alarm.id}
    >
      <span className={`${styles.tickerTag} ${styles[`severity${alarm.severity}`]}`}>{t(`severity.${meta.key}`)}</span>
      <span className={styles.tickerDevice}>{alarm.deviceName}</span>
      <span>
        {alarmTypeName(alarm.alarmType, lang, t)}
        {alarm.value !== null ? ` ${alarm.value}` : ''}
      </span>
      <span className={styles.tickerTime}>{formatAlarmTime(alarm.startTs)}</span>
      {alarm.status === 'active' && <span className={styles.tickerActive}>{t('status.active')}</span>}
    </button>
  );
}

/**
 * Scroll info bar of the latest alarms (SPEC §2 dashboard): scrolls on its own when the alarms do
 * not fit (doubled for a seamless loop), pauses while the
 * pointer is over it (or a keyboard focus is in it), and a click opens the alarm list on that alarm
 * (`/alarm/list?alarmId=`). Motion is left out for users who ask for reduced motion.
 */
export default function AlarmTicker({
  alarms,
  direction = 'horizontal',
  dark = false,
  testId = 'alarm-ticker',
}: AlarmTickerProps): ReactNode {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const track = useRef<HTMLDivElement>(null);
  const [seconds, setSeconds] = useState(20);
  /** Scrolls only when the items do not fit; then they are doubled for a seamless loop. */
  const [moving, setMoving] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const vertical = direction === 'vertical';

  useLayoutEffect(() => {
    const el = track.current;
    const box = viewport.current;
    if (!el || !box) return;
    // one copy of the items: the whole track when still, half of it while doubled for the loop
    const size = (vertical ? el.scrollHeight : el.scrollWidth) / (moving ? 2 : 1);
    const room = vertical ? box.clientHeight : box.clientWidth;
    const overflows = size > room + 1;
    if (overflows !== moving) setMoving(overflows);
    setSeconds(tickerSeconds(size, vertical ? 30 : 60));
  }, [alarms, vertical, moving]);

  const open = (id: string): void => void navigate(`/alarm/list?alarmId=${encodeURIComponent(id)}`);
  const boxClass = [
    styles.ticker,
    vertical ? styles.tickerVertical : styles.tickerHorizontal,
    dark ? styles.tickerDark : '',
  ].join(' ');

  if (alarms.length === 0) {
    return (
      <div className={boxClass} data-testid={testId} data-empty="true">
        <SoundOutlined className={styles.tickerIcon} /> <span className={styles.tickerEmpty}>{t('ticker.empty')}</span>
      </div>
    );
  }
  return (
    <div className={boxClass} data-testid={testId} role="marquee" aria-label={t('ticker.label')}>
      {!vertical && <SoundOutlined className={styles.tickerIcon} />}
      <div ref={viewport} className={styles.tickerViewport}>
        <div
          ref={track}
          className={`${styles.tickerTrack} ${moving ? styles.tickerMoving : ''}`}
          style={moving ? { animationDuration: `${seconds}s` } : undefined}
          data-testid={`${testId}-track`}
          data-moving={moving}
        >
          {alarms.map((a) => (
            <TickerItem key={a.id} alarm={a} onOpen={open} />
          ))}
          {moving && alarms.map((a) => <TickerItem key={`copy-${a.id}`} alarm={a} hidden onOpen={open} />)}
        </div>
      </div>
    </div>
  );
}
