import type { ReactNode } from 'react';
import { Badge, Card, Popover, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Language, WarehouseLimit, WarehouseSensor } from '@ztj/contracts';
import { formatParameterValue, formatReportTime, parameterName, parameterUnit } from '../../devices/parameterFormat';
import { StatusTag } from '../../devices/StatusTag';
import styles from './warehouses.module.css';

/** The readings a sensor card shows large: temperature and humidity (ARCHITECTURE §4 P003, P004). */
const MAIN = ['P003', 'P004'] as const;

/** "≤ 20 °C", "≥ 2 °C", "30 – 70 %RH" of one limit. */
export function limitText(l: WarehouseLimit): string {
  const unit = parameterUnit(l.param);
  if (l.min !== null && l.max !== null) return `${l.min} – ${l.max} ${unit}`.trim();
  return l.max !== null ? `≤ ${l.max} ${unit}`.trim() : `≥ ${l.min} ${unit}`.trim();
}

/**
 * One sensor of the warehouse view: temperature and humidity large (red when out of the limits of
 * its rule templates) with those limits, other latest values small, online status, last report
 * time, active alarm count, and a link to the device detail.
 */
export function SensorCard({ sensor, lang }: { sensor: WarehouseSensor; lang: Language }): ReactNode {
  const { t } = useTranslation('warehouses');
  const out = new Set(sensor.outOfLimits);
  const main = MAIN.map((code) => ({
    code,
    reading: sensor.values.find((v) => v.code === code),
    limits: sensor.limits.filter((l) => l.param === code),
  })).filter((m) => m.reading || m.limits.length);
  const others = sensor.values.filter((v) => !(MAIN as readonly string[]).includes(v.code));
  const alarms = sensor.activeAlarms.length;
  return (
    <Card
      size="small"
      className={`${styles.sensor} ${out.size ? styles.sensorOut : ''}`}
      data-testid="warehouse-sensor"
      data-out={out.size > 0 ? 'true' : 'false'}
      title={
        <span className={styles.sensorTitle}>
          <Link to={`/device/detail/${encodeURIComponent(sensor.id)}`}>{sensor.name}</Link>
        </span>
      }
      extra={<StatusTag status={sensor.status} />}
    >
      <Typography.Text type="secondary" className={styles.sensorId}>
        {sensor.id} · {sensor.model}
      </Typography.Text>
      <div className={styles.readings}>
        {main.length === 0 && <Typography.Text type="secondary">{t('view.noReadings')}</Typography.Text>}
        {main.map((m) => (
          <div key={m.code} className={styles.reading} data-code={m.code} data-out={out.has(m.code) ? 'true' : 'false'}>
            <span className={styles.readingName}>{parameterName(m.code, lang)}</span>
            <span
              className={`${styles.readingValue} ${out.has(m.code) ? styles.readingOut : m.limits.length ? styles.readingOk : ''}`}
            >
              {m.reading ? formatParameterValue(m.code, m.reading.value, lang) : '—'}
            </span>
            <span className={styles.readingLimit}>
              {m.limits.length ? m.limits.map(limitText).join(' · ') : t('view.noLimits')}
            </span>
          </div>
        ))}
      </div>
      {others.length > 0 && (
        <div className={styles.others}>
          {others.slice(0, 6).map((v) => (
            <Tag key={v.code} bordered={false}>
              {parameterName(v.code, lang)} {formatParameterValue(v.code, v.value, lang)}
            </Tag>
          ))}
        </div>
      )}
      <div className={styles.sensorFoot}>
        <span>
          {t('view.lastReport')}: {formatReportTime(sensor.lastReportTime)}
        </span>
        <Popover
          trigger="click"
          title={t('view.activeAlarms')}
          content={
            alarms === 0 ? (
              t('view.noAlarms')
            ) : (
              <ul className={styles.alarmList}>
                {sensor.activeAlarms.slice(0, 10).map((a) => (
                  <li key={a.id}>
                    <Link to={`/alarm/list?alarmId=${encodeURIComponent(a.id)}`}>{a.ruleName}</Link> ·{' '}
                    {formatReportTime(a.raisedTs)}
                  </li>
                ))}
              </ul>
            )
          }
        >
          <Badge count={alarms} showZero color={alarms ? 'red' : 'green'} overflowCount={99}>
            <a className={styles.alarmLink} data-testid="warehouse-sensor-alarms">
              {t('view.activeAlarms')}
            </a>
          </Badge>
        </Popover>
      </div>
    </Card>
  );
}
