import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { use as registerEchartsParts } from 'echarts/core';
import { MarkAreaComponent } from 'echarts/components';
import type { LineSeriesOption } from 'echarts/charts';
import { ALARM_PERMS } from '@ztj/contracts';
import { toLanguage } from '../../platform/i18n/i18n';
import { usePermission } from '../../platform/permissions/usePermission';
import { useDeviceAlarmsInRange } from './api';
import { buildAlarmMarkAreas } from './alarmMarkArea';
import { alarmTypeName, severityMeta } from './alarmText';

registerEchartsParts([MarkAreaComponent]);

/** What {@link useAlarmMarks} gives the history chart. */
export interface AlarmMarks {
  /** `markArea` of the line series (undefined while there is none). */
  markArea: LineSeriesOption['markArea'];
  /** Number of alarms shaded. */
  count: number;
  isError: boolean;
}

/**
 * Shaded alarm periods for a device's history chart over `[beginTime, endTime]` (device ms):
 * one markArea per alarm over `[startTs, endTs ?? now]` in its severity colour,
 * named "type · severity" for the tooltip. Needs `alarm:list`; without it no areas are fetched.
 */
export function useAlarmMarks(deviceId: string, beginTime: number, endTime: number): AlarmMarks {
  const { t, i18n } = useTranslation('alarms', { useSuspense: false });
  const lang = toLanguage(i18n.language);
  const { can } = usePermission();
  const alarms = useDeviceAlarmsInRange(deviceId, beginTime, endTime, can(ALARM_PERMS.list));
  return useMemo(() => {
    const data = buildAlarmMarkAreas(alarms.data ?? [], beginTime, endTime, Date.now(), (a) =>
      t('chart.markTooltip', {
        type: alarmTypeName(a.alarmType, lang, t),
        severity: t(`severity.${severityMeta(a.severity).key}`),
      }),
    );
    const markArea: LineSeriesOption['markArea'] =
      data.length === 0
        ? undefined
        : {
            silent: false,
            label: { show: false },
            emphasis: { label: { show: true, position: 'insideTop', fontSize: 11 } },
            tooltip: { trigger: 'item', formatter: '{b}' },
            data: data as NonNullable<LineSeriesOption['markArea']>['data'],
          };
    return { markArea, count: data.length, isError: alarms.isError };
  }, [alarms.data, alarms.isError, beginTime, endTime, t, lang]);
}
