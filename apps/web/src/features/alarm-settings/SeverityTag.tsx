import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_SEVERITIES, type AlarmSeverity } from '@ztj/contracts';

/** A severity L/M/H as a tag in its announcement colour (SPEC §3: blue, orange, red). */
export function SeverityTag({ severity }: { severity: AlarmSeverity }): ReactNode {
  const { t } = useTranslation('alarmSettings');
  const def = ALARM_SEVERITIES.find((s) => s.code === severity);
  return <Tag color={def?.colour}>{t(`severity.${severity}`)}</Tag>;
}

/** Severity select options in the console language. */
export function severityOptions(t: (key: string) => string): { value: AlarmSeverity; label: string }[] {
  return ALARM_SEVERITIES.map((s) => ({ value: s.code, label: t(`severity.${s.code}`) }));
}
