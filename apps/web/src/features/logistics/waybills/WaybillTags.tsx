import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WaybillStatus, WaybillTiming } from '@ztj/contracts';

/** Tag colours of the waybill states (SPEC §4). */
export const STATUS_COLORS: Readonly<Record<WaybillStatus, string>> = {
  unstarted: 'default',
  ongoing: 'processing',
  completed: 'success',
};

/** Tag colours of the timing outcomes (SPEC §4): late ones red/orange, on time green/blue. */
export const TIMING_COLORS: Readonly<Record<WaybillTiming, string>> = {
  normalEnd: 'green',
  normalInTransit: 'blue',
  underway: 'cyan',
  alreadyLate: 'red',
  estimatedDelay: 'orange',
  delay: 'red',
  punctual: 'green',
};

/** The status of a waybill as a coloured tag. */
export function WaybillStatusTag({ status }: { status: WaybillStatus }): ReactNode {
  const { t } = useTranslation('waybills');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="waybill-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

/** The timing outcome of a waybill as a coloured tag; nothing when there is none. */
export function WaybillTimingTag({ timing }: { timing: WaybillTiming | null }): ReactNode {
  const { t } = useTranslation('waybills');
  if (!timing) return null;
  return (
    <Tag color={TIMING_COLORS[timing]} data-testid="waybill-timing">
      {t(`timing.${timing}`)}
    </Tag>
  );
}
