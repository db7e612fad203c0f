// @module-tag embedded: the SQL telemetry store, the one the embedded stack uses (the COPY store is PostgreSQL only)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { CopyTelemetryStore, SqlTelemetryStore, type TelemetryRow, type TelemetryStore } from './telemetry-store';

/**
 * The devices' latest state written with each batch (telemetry-store.ts `insertChained`):
 * `device_latest` and the device row's `last_*`, battery P005, signal P012 and charging P039 follow
 * the newest stored reading of each device in device time. Checked for both stores: SQL (PGlite and
 * PostgreSQL) and COPY (PostgreSQL only).
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

interface DeviceState {
  last_ts: string | null;
  last_received_at: string | null;
  last_lat: number | null;
  last_lng: number | null;
  power: number | null;
  signal: number | null;
  charging: boolean | null;
}
interface LatestState {
  ts: string;
  received_at: string;
  lat: number | null;
  lng: number | null;
  values: Record<string, unknown>;
}

const stores: [string, () => TelemetryStore][] = [
  ['SQL store', () => new SqlTelemetryStore(app.db)],
  ...(process.env.DATABASE_URL
    ? [
        ['COPY store', () => new CopyTelemetryStore(app.config.databaseUrl!, app.config.databaseSchema)] as [
          string,
          () => TelemetryStore,
        ],
      ]
    : []),
];

describe.each(stores)('latest state of a device (%s)', (name, makeStore) => {
  const row = (
    deviceId: string,
    ts: number,
    values: TelemetryRow['values'],
    pos: [number, number] | null = null,
  ): TelemetryRow => ({
    deviceId,
    tenantId: DEMO_TENANT_ID,
    ts,
    receivedAt: ts + 500,
    lat: pos?.[0] ?? null,
    lng: pos?.[1] ?? null,
    values,
    valuesJson: JSON.stringify(values),
  });

  async function state(id: string): Promise<{ device: DeviceState; latest: LatestState | undefined }> {
    const [device] = await app.db.query<DeviceState>(
      'SELECT last_ts::text, last_received_at::text, last_lat, last_lng, power, signal, charging FROM device WHERE dev_no = $1',
      [id],
    );
    const [latest] = await app.db.query<LatestState>(
      'SELECT ts::text, received_at::text, lat, lng, "values" FROM device_latest WHERE device_id = $1',
      [id],
    );
    return { device: device!, latest };
  }

  it('follows the newest stored reading, keeps what a newer reading lacks, ignores older ones and duplicates', async () => {
    const id = `LATEST-${name.split(' ')[0]}-${Date.now()}`;
    await app.db.query(
      `INSERT INTO device (dev_no, tenant_id, name, model, kind, secret_hash) VALUES ($1, $2, $1, 'P23-2IN1', 'terminal', repeat('0', 64))`,
      [id, DEMO_TENANT_ID],
    );
    const store = makeStore();
    try {
      const t = Date.now() - 3_600_000;
      // one batch with two readings of the device: the newer one (second in the batch) wins
      await store.write(
        [
          row(id, t, { P003: 4, P005: 90 }, [41.1, 123.1]),
          row(id, t + 60_000, { P003: 5, P005: 80, P012: -70, P039: true }, [41.2, 123.2]),
        ],
        [],
      );
      expect(await state(id)).toEqual({
        device: {
          last_ts: String(t + 60_000),
          last_received_at: String(t + 60_500),
          last_lat: 41.2,
          last_lng: 123.2,
          power: 80,
          signal: -70,
          charging: true,
        },
        latest: {
          ts: String(t + 60_000),
          received_at: String(t + 60_500),
          lat: 41.2,
          lng: 123.2,
          values: { P003: 5, P005: 80, P012: -70, P039: true },
        },
      });

      // a newer reading without position, battery, signal or charging: those stay as they were
      await store.write([row(id, t + 120_000, { P003: 6 })], []);
      const after = await state(id);
      expect(after.device).toEqual({
        last_ts: String(t + 120_000),
        last_received_at: String(t + 120_500),
        last_lat: 41.2,
        last_lng: 123.2,
        power: 80,
        signal: -70,
        charging: true,
      });
      expect(after.latest).toEqual({
        ts: String(t + 120_000),
        received_at: String(t + 120_500),
        lat: 41.2,
        lng: 123.2,
        values: { P003: 6 },
      });

      // a value of the wrong type is not taken as battery, signal or charging
      await store.write([row(id, t + 180_000, { P005: 'low', P012: true, P039: 1 })], []);
      expect((await state(id)).device).toMatchObject({
        last_ts: String(t + 180_000),
        power: 80,
        signal: -70,
        charging: true,
      });

      // a back-filled older reading and a duplicate of the newest one (other values) change nothing
      const before = await state(id);
      const out = await store.write(
        [row(id, t - 60_000, { P003: -1, P005: 10 }, [1, 1]), row(id, t + 180_000, { P003: 99, P005: 5 }, [2, 2])],
        [],
      );
      expect(out).toEqual({ stored: 1, duplicates: 1 });
      expect(await state(id)).toEqual(before);
    } finally {
      await store.close();
    }
  });
});
