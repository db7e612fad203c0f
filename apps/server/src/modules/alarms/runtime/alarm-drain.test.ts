import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { RealtimeHub } from '../../../platform/realtime/hub';
import type { TelemetryRow } from '../../telemetry/telemetry-store';
import { addDevice, uid } from '../../telemetry/ingest.fixtures';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { bind, insertTemplate } from './alarm.fixtures';
import { AlarmRuntime } from './alarm-runtime';

/**
 * How the alarm runtime paces its batches (alarm-runtime-types `batchPeriodMs`): between two
 * batches it gathers readings for the period, unless a full batch already waits — full by
 * readings or by devices. Many devices with a reading or two each (a large fleet) are worked off
 * batch after batch, not one `maxDevicesPerBatch` slice per period. And with the default bounds
 * one commit of a loaded ingest (about 20,000 readings at 30,000 msg/s) is one batch, not several
 * whose later devices wait for the earlier ones (`maxReadingsPerBatch`).
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

const row = (deviceId: string, ts: number, p003: number): TelemetryRow => ({
  deviceId,
  tenantId: DEMO_TENANT_ID,
  ts,
  receivedAt: Date.now(),
  lat: null,
  lng: null,
  values: { P003: p003 },
  valuesJson: JSON.stringify({ P003: p003 }),
});

/** `n` new devices of the demo tenant bound to one new template "P003 above 8 °C"; their ids. */
async function devicesAbove8(n: number, kind: string): Promise<string[]> {
  const ids = Array.from({ length: n }, () => uid(kind));
  const templateId = await insertTemplate(app, DEMO_TENANT_ID, {
    conditions: [{ type: 'threshold', param: 'P003', comparison: 0, value: 8 }],
  });
  for (const id of ids) {
    await addDevice(app, { id });
    await bind(app, DEMO_TENANT_ID, templateId, id);
  }
  return ids;
}

describe('alarm runtime batch pacing', () => {
  it('works off a backlog of devices without waiting a period between full batches', async () => {
    const ids = await devicesAbove8(6, 'DRN');
    // a period far longer than the test may take: any wait for it would time the test out
    const runtime = new AlarmRuntime(app.db, new RealtimeHub(), {
      batchDelayMs: 0,
      batchPeriodMs: 600_000,
      maxDevicesPerBatch: 2,
      onError: (e) => {
        throw e;
      },
    });
    await runtime.start();
    try {
      const t0 = Date.UTC(2026, 10, 28, 6);
      runtime.onCommitted(ids.map((id, i) => row(id, t0, i % 2 ? 12 : 3)));
      const idle = await Promise.race([
        runtime.whenIdle().then(() => 'idle'),
        new Promise((r) => setTimeout(() => r('waited'), 20_000)),
      ]);
      expect(idle).toBe('idle');
      expect(runtime.stats.batches).toBe(3);
      expect(runtime.stats.evaluated).toBe(6);
      expect(runtime.stats.changes).toBe(3);
    } finally {
      await runtime.stop();
    }
  }, 40_000);

  it('evaluates one large ingest commit in one batch with the default bounds', async () => {
    const ids = await devicesAbove8(4, 'BIG');
    const runtime = new AlarmRuntime(app.db, new RealtimeHub(), {
      batchDelayMs: 0,
      onError: (e) => {
        throw e;
      },
    });
    await runtime.start();
    try {
      const t0 = Date.UTC(2026, 10, 28, 6);
      // 5,000 readings a device, one per second, each device above 8 °C for its last 1,000
      const rows = ids.flatMap((id) =>
        Array.from({ length: 5000 }, (_, k) => row(id, t0 + k * 1000, k >= 4000 ? 12 : 3)),
      );
      runtime.onCommitted(rows);
      await runtime.whenIdle();
      expect(runtime.stats.evaluated).toBe(20_000);
      expect(runtime.stats.batches).toBe(1);
      expect(runtime.stats.changes).toBe(4);
    } finally {
      await runtime.stop();
    }
  }, 60_000);
});
