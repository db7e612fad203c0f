import { RuleTemplateSchema } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { uid } from '../../telemetry/ingest.fixtures';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { EngineStateCache, runBatch, type QueuedReading, type WorkItem } from './alarm-batch';
import type { DeviceRules } from './rule-cache';

/**
 * The engine-state cache of the alarm batches (migration 0084): a process reuses the state it
 * saved while the stored version is still its own, and reads the stored state again once another
 * process saved one (or the row is gone) — two caches on one database stand for two processes.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

function rulesFor(deviceId: string): DeviceRules {
  const template = RuleTemplateSchema.parse({
    name: 'Cache',
    category: 'environment',
    severity: 'H',
    conditions: [{ type: 'threshold', param: 'P003', comparison: 0, value: 8 }],
  });
  return {
    deviceId,
    tenantId: DEMO_TENANT_ID,
    deviceName: deviceId,
    gatewayId: null,
    hasOffline: false,
    rules: [{ id: 'template:cache', template }],
    signature: '',
    meta: new Map([
      [
        'template:cache',
        {
          source: 'template',
          plainId: 'cache',
          name: 'Cache',
          notify: { groupIds: [], escalateGroupIds: [], robots: false },
          pushUsers: true,
          raise: true,
          command: null,
        },
      ],
    ]),
  };
}

const reading = (ts: number, p003: number): QueuedReading => ({ ts, values: { P003: p003 }, receivedAt: ts });
const item = (deviceId: string, ...readings: QueuedReading[]): WorkItem => ({ deviceId, readings, marks: [] });

describe('alarm batch engine-state cache', () => {
  it('reads the stored state again once another process saved it, and forgets a state whose row is gone', async () => {
    const id = uid('EC');
    const d = rulesFor(id);
    const rulesOf = (x: string): DeviceRules | undefined => (x === id ? d : undefined);
    const [a, b] = [new EngineStateCache(), new EngineStateCache()];
    const t0 = Date.UTC(2026, 10, 2, 8);

    const first = await runBatch(app.db, [item(id, reading(t0, 5))], rulesOf, a);
    expect(first.lastSeen.get(id)).toBe(t0);
    expect(a.size).toBe(1);
    // "process B" evaluates a later reading and raises
    const second = await runBatch(app.db, [item(id, reading(t0 + 120_000, 9))], rulesOf, b);
    expect(second.changes.map((c) => c.event.kind)).toEqual(['raised']);
    // A's cached state (nothing active) is stale now: only from the stored one does the alarm B
    // raised clear (from its cache A would see two quiet readings and nothing to clear)
    const third = await runBatch(app.db, [item(id, reading(t0 + 60_000, 5), reading(t0 + 180_000, 3))], rulesOf, a);
    expect(third.lastSeen.get(id)).toBe(t0 + 180_000);
    expect(third.changes.map((c) => c.event.kind)).toEqual(['cleared']);
    const [row] = await app.db.query<{ version: string | number }>(
      'SELECT version FROM alarm_engine_state WHERE device_id = $1',
      [id],
    );
    expect(Number(row!.version)).toBe(3);

    // the row is deleted (a reset): A must not resurrect its cached state
    await app.db.query('DELETE FROM alarm_engine_state WHERE device_id = $1', [id]);
    const fourth = await runBatch(app.db, [item(id, reading(t0 + 30_000, 4))], rulesOf, a);
    expect(fourth.lastSeen.get(id)).toBe(t0 + 30_000);
  });
});

describe('alarm batch time slicing', () => {
  it('gives the event loop a turn between devices once a slice is used up, and evaluates every device', async () => {
    const ids = [uid('TS'), uid('TS'), uid('TS')];
    const rules = new Map(ids.map((id) => [id, rulesFor(id)]));
    const log: string[] = [];
    let running = true;
    const turn = (): void => {
      if (!running) return;
      log.push('turn');
      setImmediate(turn);
    };
    const t0 = Date.UTC(2026, 10, 2, 9);
    const batch = runBatch(
      app.db,
      ids.map((id) => item(id, reading(t0, 9), reading(t0 + 60_000, 10))),
      (id) => {
        log.push(`device ${id}`);
        return rules.get(id);
      },
      new EngineStateCache(),
      0,
    );
    setImmediate(turn);
    const outcome = await batch.finally(() => (running = false));
    expect(outcome.changes.map((c) => `${c.event.kind} ${c.event.deviceId}`).sort()).toEqual(
      ids.map((id) => `raised ${id}`).sort(),
    );
    const at = ids.map((id) => log.indexOf(`device ${id}`));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(log.slice(at[0]! + 1, at[1]!)).toContain('turn');
    expect(log.slice(at[1]! + 1, at[2]!)).toContain('turn');
  });
});
