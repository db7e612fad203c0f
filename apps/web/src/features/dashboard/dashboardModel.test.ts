import { describe, expect, it } from 'vitest';
import type { BigScreenData, DashboardTrend } from '@ztj/contracts';
import { alarmOf } from '../alarms/alarmFixtures';
import {
  applyReadings,
  countText,
  formatRate,
  mergeAlarmNotice,
  failedPushes,
  lateWaybills,
  onlineRate,
  percentFigure,
  tickerSeconds,
  trendIsEmpty,
  trendSeries,
} from './dashboardModel';
import { gaugeOption, trendOption } from './chartOptions';

type MapDevice = NonNullable<BigScreenData['devices']>[number];
const dev = (over: Partial<MapDevice> = {}): MapDevice => ({
  id: 'D1',
  name: 'Truck 1',
  kind: 'vehicleGateway',
  online: false,
  lat: 30,
  lng: 120,
  ts: 1_000,
  ...over,
});

describe('mergeAlarmNotice (scroll info bar)', () => {
  const list = [alarmOf({ id: 'b', startTs: 2_000 }), alarmOf({ id: 'a', startTs: 1_000 })];
  it('puts a raised alarm first and keeps at most the limit', () => {
    const merged = mergeAlarmNotice(
      list,
      { cmd: 'alarm', event: 'raised', alarm: alarmOf({ id: 'c', startTs: 3_000 }) },
      2,
    );
    expect(merged.map((a) => a.id)).toEqual(['c', 'b']);
  });
  it('replaces a cleared or processed alarm in place and ignores one it does not show', () => {
    const cleared = mergeAlarmNotice(list, {
      cmd: 'alarm',
      event: 'cleared',
      alarm: alarmOf({ id: 'a', startTs: 1_000, status: 'cleared' }),
    });
    expect(cleared.map((a) => [a.id, a.status])).toEqual([
      ['b', 'active'],
      ['a', 'cleared'],
    ]);
    expect(
      mergeAlarmNotice(list, { cmd: 'alarm', event: 'processed', alarm: alarmOf({ id: 'z' }) }).map((a) => a.id),
    ).toEqual(['b', 'a']);
  });
  it('does not duplicate an alarm raised twice (resent notice)', () => {
    const twice = mergeAlarmNotice(list, {
      cmd: 'alarm',
      event: 'raised',
      alarm: alarmOf({ id: 'b', startTs: 2_000 }),
    });
    expect(twice.map((a) => a.id)).toEqual(['b', 'a']);
  });
});

describe('applyReadings (big screen map)', () => {
  it('moves a device to its new fix and marks it online', () => {
    const [d] = applyReadings([dev()], [{ deviceId: 'D1', ts: 2_000, values: {}, lat: 31, lng: 121 }]);
    expect(d).toEqual(dev({ online: true, ts: 2_000, lat: 31, lng: 121 }));
  });
  it('keeps the position of a reading without a fix and ignores older readings', () => {
    expect(applyReadings([dev()], [{ deviceId: 'D1', ts: 2_000, values: {}, lat: null, lng: null }])[0]).toMatchObject({
      lat: 30,
      online: true,
      ts: 2_000,
    });
    expect(applyReadings([dev({ ts: 5_000 })], [{ deviceId: 'D1', ts: 2_000, values: {}, lat: 1, lng: 1 }])[0]).toEqual(
      dev({ ts: 5_000 }),
    );
  });
  it('adds a device first seen with a fix, not one without', () => {
    const out = applyReadings(
      [],
      [
        { deviceId: 'N', ts: 1, values: {}, lat: 1, lng: 2 },
        { deviceId: 'M', ts: 1, values: {}, lat: null, lng: null },
      ],
      new Map([['N', 'New one']]),
    );
    expect(out).toEqual([{ id: 'N', name: 'New one', kind: 'terminal', online: true, lat: 1, lng: 2, ts: 1 }]);
  });
});

describe('figures as text', () => {
  it('formats rates and counts, with a dash for unavailable figures', () => {
    expect(formatRate(0.6)).toBe('60.0%');
    expect(formatRate(0.97549)).toBe('97.5%');
    expect(formatRate(1)).toBe('100.0%');
    expect(formatRate(null)).toBe('—');
    expect(percentFigure(0.75)).toEqual({ percent: 75, text: '75.0%' });
    expect(percentFigure(0.97549)).toEqual({ percent: 97.5, text: '97.5%' });
    expect(percentFigure(undefined)).toEqual({ percent: null, text: '—' });
    expect(
      failedPushes({
        byStatus: [
          { status: 'sent', count: 4 },
          { status: 'pending', count: 1 },
          { status: 'failed', count: 2 },
          { status: 'noAddress', count: 1 },
        ],
      }),
    ).toBe(3);
    expect(lateWaybills({ byTiming: { alreadyLate: 1, estimatedDelay: 2, delay: 3 } })).toBe(6);
    expect(countText(0)).toBe('0');
    expect(countText(null)).toBe('—');
    expect(onlineRate({ total: 4, online: 1 })).toBe(0.25);
    expect(onlineRate({ total: 0, online: 0 })).toBeNull();
    expect(onlineRate(null)).toBeNull();
  });
  it('scrolls the ticker at a steady speed, never faster than 8 s a pass', () => {
    expect(tickerSeconds(1200)).toBe(20);
    expect(tickerSeconds(100)).toBe(8);
    expect(tickerSeconds(300, 30)).toBe(10);
  });
});

describe('trend series', () => {
  const trend: DashboardTrend = {
    days: 7,
    timeZone: 'Asia/Shanghai',
    points: [
      { day: '2026-03-09', alarms: 1, readings: 100, pushes: null },
      { day: '2026-03-10', alarms: 0, readings: 50, pushes: null },
    ],
  };
  it('labels days MM-DD and leaves out a source the caller may not see', () => {
    expect(trendSeries(trend)).toEqual({
      labels: ['03-09', '03-10'],
      series: [
        { key: 'alarms', values: [1, 0] },
        { key: 'readings', values: [100, 50] },
      ],
    });
    expect(trendIsEmpty(trend)).toBe(false);
    expect(trendIsEmpty({ ...trend, points: trend.points.map((p) => ({ ...p, alarms: 0, readings: 0 })) })).toBe(true);
  });
  it('draws readings as a line on their own axis and the counts as bars', () => {
    const { labels, series } = trendSeries(trend);
    const option = trendOption(labels, series, { alarms: 'A', pushes: 'P', readings: 'R' });
    expect(option.series).toEqual([
      expect.objectContaining({ type: 'bar', name: 'A', data: [1, 0], yAxisIndex: 0 }),
      expect.objectContaining({ type: 'line', name: 'R', data: [100, 50], yAxisIndex: 1 }),
    ]);
    expect(option.yAxis).toHaveLength(2);
  });
  it('colours the compliance gauge by the rate', () => {
    const colour = (rate: number | null): unknown =>
      (gaugeOption(percentFigure(rate), 'x').series as { itemStyle: { color: string } }[])[0]!.itemStyle.color;
    expect([colour(0.99), colour(0.9), colour(0.5)]).toEqual(['#52c41a', '#faad14', '#f5222d']);
  });
  it("writes the figure's own text in the gauge, also for any value an animation passes through", () => {
    const detail = (rate: number | null): { formatter: (v: number) => string; valueAnimation: boolean } =>
      (gaugeOption(percentFigure(rate), 'x').series as { detail: never }[])[0]!.detail;
    expect([0, 2, 75, 100].map((v) => detail(0.75).formatter(v))).toEqual(['75.0%', '75.0%', '75.0%', '75.0%']);
    expect(detail(0.75).valueAnimation).toBe(false);
    expect(detail(null).formatter(0)).toBe('—');
    const arc = (gaugeOption(percentFigure(0.75), 'x').series as { data: { value: number }[] }[])[0]!.data[0]!.value;
    expect(arc).toBe(75);
  });
});
