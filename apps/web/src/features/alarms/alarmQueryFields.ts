import { ALARM_FLAGS, ALARM_SEVERITIES, ALARM_STATUSES, type Language } from '@ztj/contracts';
import type { QueryField } from '../../platform/list/QueryForm';
import { ALARM_TYPE_FILTER_VALUES, alarmTypeName, type AlarmT } from './alarmText';

/**
 * Query fields of the alarm lists: device, alarm type, severity, start time range,
 * status, flag, data (back-filled or live), processed; `gateway` adds the gateway id first; `withoutDevice` leaves the device
 * out (the device's own alarms tab).
 */
export function alarmQueryFields(
  t: AlarmT,
  lang: Language,
  options: { gateway?: boolean; withoutDevice?: boolean } = {},
): QueryField[] {
  const fields: QueryField[] = [
    { name: 'deviceId', label: t('filters.device'), kind: 'text' },
    {
      name: 'alarmType',
      label: t('filters.type'),
      kind: 'select',
      options: ALARM_TYPE_FILTER_VALUES.map((v) => ({ value: v, label: alarmTypeName(v, lang, t) })),
    },
    {
      name: 'severity',
      label: t('filters.severity'),
      kind: 'select',
      options: ALARM_SEVERITIES.map((s) => ({ value: s.code, label: t(`severity.${s.key}`) })),
    },
    { name: 'startTime', label: t('filters.time'), kind: 'datetimeRange' },
    {
      name: 'status',
      label: t('filters.status'),
      kind: 'select',
      options: ALARM_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
    },
    {
      name: 'flag',
      label: t('filters.flag'),
      kind: 'select',
      options: ALARM_FLAGS.map((f) => ({ value: String(f), label: t(`flag.${f}`) })),
    },
    {
      name: 'backfill',
      label: t('filters.backfill'),
      kind: 'select',
      options: [
        { value: 'true', label: t('backfill.yes') },
        { value: 'false', label: t('backfill.no') },
      ],
    },
    {
      name: 'processed',
      label: t('filters.processed'),
      kind: 'select',
      options: [
        { value: 'false', label: t('processed.no') },
        { value: 'true', label: t('processed.yes') },
      ],
    },
  ];
  const shown = options.withoutDevice ? fields.filter((f) => f.name !== 'deviceId') : fields;
  return options.gateway ? [{ name: 'gatewayId', label: t('filters.gateway'), kind: 'text' }, ...shown] : shown;
}
