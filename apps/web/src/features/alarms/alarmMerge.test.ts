import type { WsAlarmMessage } from '@ztj/contracts';
import { describe, expect, it } from 'vitest';
import { alarmOf } from './alarmFixtures';
import {
  applyNotice,
  createToastGate,
  matchesAlarmFilters,
  mergeAlarmRows,
  type MergeContext,
  type NoticeState,
} from './alarmMerge';

const ctx: MergeContext = { pageNo: 1, pageSize: 3, filters: {}, sort: { column: 'startTs', order: 'desc' } };
const msg = (event: WsAlarmMessage['event'], over: Parameters<typeof alarmOf>[0] = {}): WsAlarmMessage => ({
  cmd: 'alarm',
  event,
  alarm: alarmOf(over),
});

describe('live merge of alarm notices into a list', () => {
  const rows = [alarmOf({ id: 'b' }), alarmOf({ id: 'c' }), alarmOf({ id: 'd' })];
  it('puts a raised alarm on top of page 1 and keeps the page size', () => {
    const out = mergeAlarmRows(rows, msg('raised', { id: 'new' }), ctx);
    expect(out.map((r) => r.id)).toEqual(['new', 'b', 'c']);
  });
  it('updates a listed alarm in place on cleared and processed', () => {
    const cleared = mergeAlarmRows(rows, msg('cleared', { id: 'c', status: 'cleared', endTs: 2_000_000 }), ctx);
    expect(cleared.map((r) => r.id)).toEqual(['b', 'c', 'd']);
    expect(cleared[1]!.status).toBe('cleared');
    const processed = mergeAlarmRows(cleared, msg('processed', { id: 'd', processed: true, flag: 0 }), ctx);
    expect(processed[2]!.processed).toBe(true);
  });
  it('leaves the rows alone for an unknown cleared alarm, another page, an old-first sort or a filter miss', () => {
    expect(mergeAlarmRows(rows, msg('cleared', { id: 'x' }), ctx)).toBe(rows);
    expect(mergeAlarmRows(rows, msg('raised', { id: 'x' }), { ...ctx, pageNo: 2 })).toBe(rows);
    expect(
      mergeAlarmRows(rows, msg('raised', { id: 'x' }), { ...ctx, sort: { column: 'startTs', order: 'asc' } }),
    ).toBe(rows);
    expect(mergeAlarmRows(rows, msg('raised', { id: 'x' }), { ...ctx, filters: { severity: 'L' } })).toBe(rows);
  });
});

describe('alarm filters', () => {
  it('checks device, severity, status, flag, processed and the start range', () => {
    const a = alarmOf({ startTs: 5000 });
    expect(
      matchesAlarmFilters(a, {
        deviceId: 'SIM-TAG-001',
        severity: 'H',
        status: 'active',
        flag: '1',
        processed: 'false',
      }),
    ).toBe(true);
    expect(matchesAlarmFilters(a, { deviceId: '*TAG*' })).toBe(true);
    expect(matchesAlarmFilters(a, { deviceId: 'OTHER' })).toBe(false);
    expect(matchesAlarmFilters(a, { processed: 'true' })).toBe(false);
    expect(matchesAlarmFilters(a, { startTs_begin: '6000' })).toBe(false);
    expect(matchesAlarmFilters(a, { startTs_begin: '1000', startTs_end: '9000' })).toBe(true);
  });
});

describe('notice bell', () => {
  it('counts a raised alarm and shows the newest five', () => {
    let state: NoticeState = { total: 5, newest: ['1', '2', '3', '4', '5'].map((id) => alarmOf({ id })) };
    state = applyNotice(state, msg('raised', { id: 'n' }));
    expect(state.total).toBe(6);
    expect(state.newest.map((a) => a.id)).toEqual(['n', '1', '2', '3', '4']);
  });
  it('keeps an alarm while active or unprocessed (commonAlarmList), drops it once both are over or it is ignored', () => {
    const start = { total: 2, newest: [alarmOf({ id: 'x' }), alarmOf({ id: 'y' })] };
    const processed = applyNotice(start, msg('processed', { id: 'x', processed: true }));
    expect(processed.total).toBe(2);
    expect(processed.newest[0]!.processed).toBe(true);
    const done = applyNotice(processed, msg('cleared', { id: 'x', processed: true, status: 'cleared' }));
    expect(done).toEqual({ total: 1, newest: [start.newest[1]] });
    const ignored = applyNotice(done, msg('processed', { id: 'y', processed: true, flag: 3 }));
    expect(ignored.total).toBe(0);
    expect(applyNotice(ignored, msg('cleared', { id: 'z', status: 'cleared', processed: true }))).toBe(ignored);
  });
});

describe('toast gate', () => {
  it('lets at most one toast through per second', () => {
    const allow = createToastGate(1000);
    expect(allow(10_000)).toBe(true);
    expect(allow(10_400)).toBe(false);
    expect(allow(10_999)).toBe(false);
    expect(allow(11_000)).toBe(true);
  });
});
