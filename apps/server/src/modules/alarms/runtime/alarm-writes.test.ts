import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { uid } from '../../telemetry/ingest.fixtures';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import type { AlarmEvent } from '../engine';
import { alarmRecordOf, type AlarmRow } from './alarm-row';
import { writeEvents, type EventToWrite } from './alarm-writes';
import type { DeviceRules, RuleMeta } from './rule-cache';

/**
 * The batch writes of the alarm runtime: an episode raised and cleared in one
 * batch is stored once, already cleared, while both notices keep their meaning (the raise as it
 * stood, the clear as stored); an episode stored before clears through the UPDATE.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

const meta: RuleMeta = {
  source: 'template',
  plainId: 'tpl-w',
  name: 'Writes',
  notify: { groupIds: [], escalateGroupIds: [], robots: false },
  pushUsers: true,
  raise: true,
  command: null,
};

function device(id: string): DeviceRules {
  return {
    deviceId: id,
    tenantId: DEMO_TENANT_ID,
    deviceName: id,
    gatewayId: null,
    signature: '',
    rules: [],
    meta: new Map([['template:tpl-w', meta]]),
    hasOffline: false,
  };
}

const base = {
  ruleId: 'template:tpl-w',
  conditionIndex: 0,
  conditionType: 'threshold',
  alarmType: 'P003',
  severity: 'H',
} as const;
const raise = (deviceId: string, startTs: number, value: number, backfill = false): AlarmEvent => ({
  ...base,
  deviceId,
  kind: 'raised',
  startTs,
  ts: startTs,
  value,
  backfill,
  bySilence: false,
});
const clear = (deviceId: string, startTs: number, ts: number, peak: number): AlarmEvent => ({
  ...base,
  deviceId,
  kind: 'cleared',
  startTs,
  ts,
  peak,
});
const toWrite = (d: DeviceRules, e: AlarmEvent, peak: number | null = null): EventToWrite => ({ e, d, meta, peak });

describe('alarm writes of one batch', () => {
  it('stores an episode raised and cleared in the same batch once, already cleared, and answers both notices', async () => {
    const d = device(uid('AW'));
    const t0 = Date.UTC(2026, 10, 1, 8);
    const rows = await app.db.tx((q) =>
      writeEvents(
        q,
        [toWrite(d, raise(d.deviceId, t0, 16.2), 16.2), toWrite(d, clear(d.deviceId, t0, t0 + 60_000, 18.4))],
        Date.now(),
      ),
    );
    const [raisedRow, clearedRow] = rows;
    expect(raisedRow).toMatchObject({ status: 'active', end_ts: null, value: 16.2, peak: 16.2 });
    expect(clearedRow).toMatchObject({ status: 'cleared', peak: 18.4 });
    expect(Number(clearedRow!.end_ts)).toBe(t0 + 60_000);
    expect(raisedRow!.id).toBe(clearedRow!.id);
    const stored = await app.db.query<{ status: string; end_ts: string; peak: number }>(
      'SELECT status, end_ts, peak FROM alarm WHERE device_id = $1',
      [d.deviceId],
    );
    expect(stored).toEqual([{ status: 'cleared', end_ts: expect.anything(), peak: 18.4 }]);
    expect(Number(stored[0]!.end_ts)).toBe(t0 + 60_000);
  });

  it('sends a clear of an episode stored before through the update, and a repeated raise answers nothing', async () => {
    const d = device(uid('AW'));
    const t0 = Date.UTC(2026, 10, 1, 9);
    const [first] = await app.db.tx((q) => writeEvents(q, [toWrite(d, raise(d.deviceId, t0, 20))], Date.now()));
    expect(first).toMatchObject({ status: 'active' });
    // the same episode again (a redelivered batch) with its clear: no second raise, the clear lands
    const rows = await app.db.tx((q) =>
      writeEvents(
        q,
        [toWrite(d, raise(d.deviceId, t0, 20)), toWrite(d, clear(d.deviceId, t0, t0 + 120_000, 21))],
        Date.now(),
      ),
    );
    expect(rows[0]).toBeUndefined();
    expect(rows[1]).toMatchObject({ id: first!.id, status: 'cleared', peak: 21 });
    // and a clear of an episode already cleared answers nothing
    const again = await app.db.tx((q) =>
      writeEvents(q, [toWrite(d, clear(d.deviceId, t0, t0 + 180_000, 22))], Date.now()),
    );
    expect(again).toEqual([undefined]);
    const stored = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM alarm WHERE device_id = $1', [
      d.deviceId,
    ]);
    expect(stored[0]!.n).toBe(1);
  });

  it('answers for each raise the record that is stored (the row is built by the runtime, not read back)', async () => {
    const a = device(uid('AW'));
    const b = { ...device(uid('AW')), gatewayId: 'GW-AW-1' };
    const t0 = Date.UTC(2026, 10, 1, 10);
    const rows = await app.db.tx((q) =>
      writeEvents(
        q,
        [
          toWrite(a, raise(a.deviceId, t0, -3.5), -4),
          toWrite(b, raise(b.deviceId, t0, 12, true)),
          toWrite(b, clear(b.deviceId, t0, t0 + 30_000, 13)),
        ],
        Date.now(),
      ),
    );
    const stored = async (id: string): Promise<AlarmRow> =>
      (await app.db.query<AlarmRow>('SELECT * FROM alarm WHERE id = $1', [id]))[0]!;
    // the still-active raise: exactly the stored row
    expect(alarmRecordOf(rows[0]!, a.deviceName)).toEqual(alarmRecordOf(await stored(rows[0]!.id), a.deviceName));
    // the folded clear: exactly the stored row; its raise as it stood (active, no end), otherwise the same
    const cleared = alarmRecordOf(await stored(rows[2]!.id), b.deviceName);
    expect(alarmRecordOf(rows[2]!, b.deviceName)).toEqual(cleared);
    expect(alarmRecordOf(rows[1]!, b.deviceName)).toEqual({ ...cleared, status: 'active', endTs: null, peak: 12 });
  });
});
