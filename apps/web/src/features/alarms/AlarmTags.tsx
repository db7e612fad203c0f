import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmRecord, AlarmSeverity } from '@ztj/contracts';
import { formatAlarmTime, severityMeta } from './alarmText';

/** A severity as a tag in its announcement colour (L blue, M orange, H red; SPEC §3). */
export function SeverityTag({ severity }: { severity: AlarmSeverity }): ReactNode {
  const { t } = useTranslation('alarms');
  const meta = severityMeta(severity);
  return (
    <Tag color={meta.colour} data-testid={`severity-${severity}`}>
      {t(`severity.${meta.key}`)}
    </Tag>
  );
}

/** Active (red) or cleared (green). */
export function StatusTag({ status }: { status: AlarmRecord['status'] }): ReactNode {
  const { t } = useTranslation('alarms');
  return <Tag color={status === 'active' ? 'error' : 'success'}>{t(`status.${status}`)}</Tag>;
}

/** Processed or not (the result flag is its own column). */
export function ProcessedTag({ processed }: { processed: boolean }): ReactNode {
  const { t } = useTranslation('alarms');
  return <Tag color={processed ? 'green' : 'gold'}>{processed ? t('processed.yes') : t('processed.no')}</Tag>;
}

/**
 * Where the episode was learned from (SPEC §2 alarms): back-filled data (orange tag; the tooltip
 * says when the server learned of it, `createdAt`) or live data (plain text).
 */
export function BackfillTag({ alarm }: { alarm: Pick<AlarmRecord, 'id' | 'backfill' | 'createdAt'> }): ReactNode {
  const { t } = useTranslation('alarms');
  return alarm.backfill ? (
    <Tag
      color="orange"
      title={t('backfill.learnedAt', { time: formatAlarmTime(alarm.createdAt) })}
      data-testid={`alarm-backfill-${alarm.id}`}
    >
      {t('backfill.yes')}
    </Tag>
  ) : (
    <span style={{ whiteSpace: 'nowrap' }} data-testid={`alarm-backfill-${alarm.id}`}>
      {t('backfill.no')}
    </span>
  );
}
