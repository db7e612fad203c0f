import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { BigScreenData } from '@ztj/contracts';
import { dayjs } from '../../platform/i18n/dayjsLocale';
import { useTelemetrySocket, type LiveReading } from '../../platform/websocket/telemetrySocket';
import { applyReadings } from './dashboardModel';
import styles from './bigscreen.module.css';

/** Building blocks of the big-data screen (SPEC §2): panels, figures, the clock and the live map devices. */

/** A panel of the big screen: title bar and content. */
export function Panel({
  title,
  children,
  className,
  testId,
}: {
  title: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}): ReactNode {
  return (
    <section className={`${styles.panel} ${className ?? ''}`} data-testid={testId}>
      <h2 className={styles.panelTitle}>{title}</h2>
      <div className={styles.panelBody}>{children}</div>
    </section>
  );
}

/** One big figure with its label. */
export function Kpi({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: string;
  tone?: 'good' | 'bad' | 'warn';
  testId: string;
}): ReactNode {
  return (
    <div className={styles.kpi}>
      <div className={`${styles.kpiValue} ${tone ? styles[tone] : ''}`} data-testid={testId}>
        {value}
      </div>
      <div className={styles.kpiLabel}>{label}</div>
    </div>
  );
}

/** Rows of label / value pairs. */
export function Figures({ rows }: { rows: [string, string, string?][] }): ReactNode {
  return (
    <dl className={styles.figures}>
      {rows.map(([label, value, tone]) => (
        <div key={label} className={styles.figure}>
          <dt>{label}</dt>
          <dd className={tone ? styles[tone as 'bad'] : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The wall clock of the header, `YYYY-MM-DD HH:mm:ss`, ticking every second. */
export function useClock(): string {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now.format('YYYY-MM-DD HH:mm:ss');
}

/** Devices of the map with the live telemetry frames applied since the last load. */
export function useLiveDevices(data: BigScreenData | undefined): NonNullable<BigScreenData['devices']> {
  const [live, setLive] = useState<{ base: BigScreenData['devices']; devices: NonNullable<BigScreenData['devices']> }>({
    base: null,
    devices: [],
  });
  const base = data?.devices ?? null;
  const current = live.base === base ? live.devices : (base ?? []);
  const onReadings = useCallback(
    (readings: LiveReading[]) =>
      setLive((prev) => {
        const from = prev.base === base ? prev.devices : (base ?? []);
        return { base, devices: base ? applyReadings(from, readings) : from };
      }),
    [base],
  );
  useTelemetrySocket(onReadings);
  return current;
}
