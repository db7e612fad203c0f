import type { AlarmRecord, BigScreenData, DashboardTrend, WsAlarmMessage } from '@ztj/contracts';
import { DASHBOARD_LATEST_ALARMS } from '@ztj/contracts';
import type { LiveReading } from '../../platform/websocket/telemetrySocket';

/**
 * Pure helpers of the dashboard and the big screen (no React, no chart library): live merging of
 * alarm notices and telemetry frames, ticker timing, figures as text, trend series.
 */

/**
 * The scroll info bar's alarms after a live notice: a raised alarm goes first, a cleared or
 * processed one replaces its row where it is; newest first, at most `limit` (10).
 */
export function mergeAlarmNotice(
  list: readonly AlarmRecord[],
  message: WsAlarmMessage,
  limit = DASHBOARD_LATEST_ALARMS,
): AlarmRecord[] {
  const { alarm, event } = message;
  const index = list.findIndex((a) => a.id === alarm.id);
  if (index >= 0) return list.map((a, i) => (i === index ? alarm : a));
  if (event !== 'raised') return [...list];
  return [alarm, ...list].sort((a, b) => b.startTs - a.startTs).slice(0, limit);
}

/**
 * Seconds one pass of the ticker takes: a steady reading speed of `pxPerSecond` over the track's
 * width (px), at least 8 s. Used as the CSS animation duration.
 */
export function tickerSeconds(trackWidthPx: number, pxPerSecond = 60): number {
  return Math.max(8, Math.round(trackWidthPx / pxPerSecond));
}

/**
 * A share as the screens show it: `percent` is the share 0..1 as a percentage rounded to one
 * decimal (0..100, for a gauge or a bar), `text` that same number written with one decimal and a
 * percent sign (`97.5%`); '—' and null for a missing share. Every percentage of the dashboard and
 * the big screen goes through here, so a gauge and its text never disagree.
 */
export interface PercentFigure {
  percent: number | null;
  text: string;
}

/** The {@link PercentFigure} of a share 0..1 (null or undefined: not available). */
export function percentFigure(rate: number | null | undefined): PercentFigure {
  if (rate === null || rate === undefined) return { percent: null, text: '—' };
  const percent = Math.round(rate * 1000) / 10;
  return { percent, text: `${percent.toFixed(1)}%` };
}

/** A share 0..1 as a percentage with one decimal (`97.5%`); '—' for null. */
export function formatRate(rate: number | null | undefined): string {
  return percentFigure(rate).text;
}

/** A count or '—' when the figure is not available (null: no permission or no such data). */
export function countText(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : String(value);
}

/** Share of online devices (0..1), null without devices. */
export function onlineRate(devices: { total: number; online: number } | null | undefined): number | null {
  return devices && devices.total > 0 ? devices.online / devices.total : null;
}

/** Pushes that did not reach their recipient (failed, channel not configured, no address). */
export function failedPushes(p: { byStatus: readonly { status: string; count: number }[] }): number {
  return p.byStatus.filter((x) => x.status !== 'sent' && x.status !== 'pending').reduce((n, x) => n + x.count, 0);
}

/** Waybills late or heading for it: already late, estimated delay and delay (`waybill-timing`). */
export function lateWaybills(w: { byTiming: Record<'alreadyLate' | 'estimatedDelay' | 'delay', number> }): number {
  return w.byTiming.alreadyLate + w.byTiming.estimatedDelay + w.byTiming.delay;
}

type MapDevice = NonNullable<BigScreenData['devices']>[number];

/**
 * Devices of the big screen's map after a live telemetry frame: a device of the list with a new
 * position moves there; a device reporting now is online with its newest device time. Devices not
 * on the list (no position yet or another page's) are added when the frame carries a position.
 * Older readings than the one shown change nothing.
 */
export function applyReadings(
  devices: readonly MapDevice[],
  readings: readonly LiveReading[],
  names: ReadonlyMap<string, string> = new Map(),
): MapDevice[] {
  const byId = new Map(devices.map((d) => [d.id, d]));
  for (const r of readings) {
    const current = byId.get(r.deviceId);
    if (current && current.ts !== null && r.ts < current.ts) continue;
    const hasFix = typeof r.lat === 'number' && typeof r.lng === 'number';
    if (current) {
      byId.set(r.deviceId, { ...current, online: true, ts: r.ts, ...(hasFix ? { lat: r.lat!, lng: r.lng! } : {}) });
    } else if (hasFix) {
      byId.set(r.deviceId, {
        id: r.deviceId,
        name: names.get(r.deviceId) ?? r.deviceId,
        kind: 'terminal',
        online: true,
        lat: r.lat!,
        lng: r.lng!,
        ts: r.ts,
      });
    }
  }
  return [...byId.values()];
}

/** One series of the trend chart: its key and its values per day (null when the caller may not see it). */
export interface TrendSeries {
  key: 'alarms' | 'readings' | 'pushes';
  values: number[];
}

/**
 * The series of a trend the caller may see (a source null on every day is left out) and the day
 * labels (`MM-DD`). Readings are usually orders of magnitude above alarms and pushes, so the chart
 * draws them on their own axis.
 */
export function trendSeries(trend: DashboardTrend): { labels: string[]; series: TrendSeries[] } {
  const labels = trend.points.map((p) => p.day.slice(5));
  const series: TrendSeries[] = [];
  for (const key of ['alarms', 'pushes', 'readings'] as const) {
    if (trend.points.length > 0 && trend.points.every((p) => p[key] === null)) continue;
    series.push({ key, values: trend.points.map((p) => p[key] ?? 0) });
  }
  return { labels, series };
}

/** True when a trend has no row at all in its range (the chart shows its empty state). */
export function trendIsEmpty(trend: DashboardTrend): boolean {
  return trend.points.every((p) => !p.alarms && !p.readings && !p.pushes);
}
