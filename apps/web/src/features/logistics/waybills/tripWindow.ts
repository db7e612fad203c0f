import type { WaybillRecord } from '@ztj/contracts';

/**
 * The time window of a trip, ms epoch: from the actual start (else the planned start) to the actual
 * end, now while ongoing, else the planned end; at least one minute long.
 */
export function tripWindow(
  w: Pick<WaybillRecord, 'status' | 'plannedStart' | 'plannedEnd' | 'actualStart' | 'actualEnd'>,
  now: number,
): { beginTime: number; endTime: number } {
  const beginTime = w.actualStart ?? w.plannedStart;
  const end = w.actualEnd ?? (w.status === 'ongoing' ? now : w.plannedEnd);
  return { beginTime, endTime: Math.max(end, beginTime + 60_000) };
}
