import type { ReactNode } from 'react';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import type { ShareStatus } from '@ztj/contracts';

/** Date-time format of the share screens (SPEC §9). */
export const SHARE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A ms-epoch time as `YYYY-MM-DD HH:mm:ss`, or `fallback` when absent. */
export function formatShareTime(ms: number | null | undefined, fallback = '—'): string {
  return ms === null || ms === undefined ? fallback : dayjs(ms).format(SHARE_TIME_FORMAT);
}

const STATUS_COLOURS: Record<ShareStatus, string> = { active: 'green', expired: 'orange', ended: 'default' };

/** The share state as a coloured tag. */
export function ShareStatusTag({ status, t }: { status: ShareStatus; t: TFunction }): ReactNode {
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="share-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
