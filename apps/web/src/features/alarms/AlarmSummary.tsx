import type { ReactNode } from 'react';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmRecord } from '@ztj/contracts';
import { toLanguage } from '../../platform/i18n/i18n';
import { ProcessedTag, SeverityTag, StatusTag } from './AlarmTags';
import { alarmTypeName, formatAlarmDuration, formatAlarmTime, formatAlarmValue } from './alarmText';

/** The facts of one alarm (process drawer, view drawer): device, rule, type, severity, values, times, state. */
export function AlarmSummary({ alarm }: { alarm: AlarmRecord }): ReactNode {
  const { t, i18n } = useTranslation('alarms');
  const lang = toLanguage(i18n.language);
  const item = (key: string, children: ReactNode): { key: string; label: string; children: ReactNode } => ({
    key,
    label: t(`columns.${key}`),
    children,
  });
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2 }}
      data-testid="alarm-summary"
      items={[
        item('device', `${alarm.deviceName || alarm.deviceId} (${alarm.deviceId})`),
        item('rule', alarm.ruleName),
        item('type', alarmTypeName(alarm.alarmType, lang, t)),
        item('severity', <SeverityTag severity={alarm.severity} />),
        item('value', `${formatAlarmValue(alarm, alarm.value, lang)} / ${formatAlarmValue(alarm, alarm.peak, lang)}`),
        item('duration', formatAlarmDuration(alarm.startTs, alarm.endTs, Date.now(), t)),
        item('start', formatAlarmTime(alarm.startTs)),
        item('end', formatAlarmTime(alarm.endTs)),
        item('status', <StatusTag status={alarm.status} />),
        item('flag', t(`flag.${alarm.flag}`)),
        item('processed', <ProcessedTag processed={alarm.processed} />),
        item('processedBy', alarm.processedBy ? `${alarm.processedBy} · ${formatAlarmTime(alarm.processedAt)}` : '—'),
        item(
          'raisedBy',
          `${t(`raisedBy.${alarm.raisedBySilence ? 'silence' : 'reading'}`)} · ${formatAlarmTime(alarm.raisedTs)}`,
        ),
        ...(alarm.linkedAlarmId ? [item('linkedAlarm', alarm.linkedAlarmId)] : []),
      ]}
    />
  );
}
