import type { AlarmRecord, WsAlarmMessage } from '@ztj/contracts';

/**
 * Pure rules of the live alarm screens: how a `WsAlarmMessage` changes the
 * rows of an alarm list, the notice bell's count and newest list, and how often a toast may show.
 */

/** Where a raised alarm may be put on top of a list: only on page 1 of a newest-first list. */
export interface MergeContext {
  /** Current page number of the list (1-based). */
  pageNo: number;
  pageSize: number;
  /** The list's wire filters (`deviceId`, `severity`, `startTs_begin`…), see {@link matchesAlarmFilters}. */
  filters: Record<string, string>;
  /** Sort column and order of the list. */
  sort: { column: string; order: 'asc' | 'desc' };
}

const NEWEST_FIRST = new Set(['startTs', 'raisedTs', 'createdAt', 'createTime']);

function eqFilter(filter: string | undefined, value: string): boolean {
  if (filter === undefined || filter === '') return true;
  // text filters may carry the list's operator wildcards (`*abc*`): compare without them
  const plain = filter.replace(/\*/g, '');
  return filter.includes('*') ? value.includes(plain) : filter.split(',').includes(value);
}

/**
 * True when `alarm` passes the list's simple filters (device, gateway, type, severity, status,
 * flag, processed, `startTs_begin`/`_end` in ms). Unknown filter fields count as passing: the
 * next refetch settles them.
 */
export function matchesAlarmFilters(alarm: AlarmRecord, filters: Record<string, string>): boolean {
  const begin = filters.startTs_begin ? Number(filters.startTs_begin) : undefined;
  const end = filters.startTs_end ? Number(filters.startTs_end) : undefined;
  if (begin !== undefined && alarm.startTs < begin) return false;
  if (end !== undefined && alarm.startTs > end) return false;
  return (
    eqFilter(filters.deviceId, alarm.deviceId) &&
    eqFilter(filters.gatewayId, alarm.gatewayId ?? '') &&
    eqFilter(filters.alarmType, alarm.alarmType) &&
    eqFilter(filters.severity, alarm.severity) &&
    eqFilter(filters.status, alarm.status) &&
    eqFilter(filters.flag, String(alarm.flag)) &&
    eqFilter(filters.processed, String(alarm.processed))
  );
}

/**
 * The rows of a list after a live notice: a known alarm is replaced in place (cleared, processed,
 * or raised again); a new `raised` alarm goes on top — only on page 1 of a newest-first list and
 * when it passes the filters — and the page keeps `pageSize` rows. Others leave the rows as they are
 * (the same array, so nothing re-renders).
 */
export function mergeAlarmRows(
  rows: readonly AlarmRecord[],
  message: WsAlarmMessage,
  ctx: MergeContext,
): readonly AlarmRecord[] {
  const { alarm } = message;
  const at = rows.findIndex((r) => r.id === alarm.id);
  if (at >= 0) return rows.map((r, i) => (i === at ? alarm : r));
  if (message.event !== 'raised') return rows;
  if (ctx.pageNo !== 1 || ctx.sort.order !== 'desc' || !NEWEST_FIRST.has(ctx.sort.column)) return rows;
  if (!matchesAlarmFilters(alarm, ctx.filters)) return rows;
  return [alarm, ...rows].slice(0, ctx.pageSize);
}

/** What the notice bell shows: the number of alarms wanting attention and the newest of them. */
export interface NoticeState {
  total: number;
  newest: readonly AlarmRecord[];
}

/**
 * True while an alarm belongs on the bell, as `commonAlarmList` selects them: active or not yet
 * processed, ignored ones (flag 3) excepted.
 */
export function isOpenAlarm(alarm: AlarmRecord): boolean {
  return (alarm.status === 'active' || !alarm.processed) && alarm.flag !== 3;
}

/**
 * The bell after a live notice: a new open alarm counts +1 and goes on top of the newest `limit`;
 * an alarm that was listed and is no longer open (cleared and processed, or ignored) counts −1 and
 * leaves the list. An alarm that left the page of `limit` is not known here: a refetch follows every notice.
 */
export function applyNotice(state: NoticeState, message: WsAlarmMessage, limit = 5): NoticeState {
  const { alarm } = message;
  const listed = state.newest.some((a) => a.id === alarm.id);
  if (isOpenAlarm(alarm)) {
    if (listed) return { total: state.total, newest: state.newest.map((a) => (a.id === alarm.id ? alarm : a)) };
    if (message.event !== 'raised') return state;
    return { total: state.total + 1, newest: [alarm, ...state.newest].slice(0, limit) };
  }
  if (!listed) return state;
  return { total: Math.max(0, state.total - 1), newest: state.newest.filter((a) => a.id !== alarm.id) };
}

/**
 * A gate letting at most one toast through per `intervalMs` (alarm toasts: one per second).
 * @returns `allow(now)`: true when a toast may show at `now` (ms), which then starts a new interval.
 */
export function createToastGate(intervalMs = 1000): (now: number) => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return (now) => {
    if (now - last < intervalMs) return false;
    last = now;
    return true;
  };
}
