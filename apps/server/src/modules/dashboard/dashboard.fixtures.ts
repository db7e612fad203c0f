import type { TestApp } from '../../../test/test-app';

/** Rows of the dashboard tests, inserted straight into the tables (no ingest, no engine). */

let seq = 0;
const next = (): number => ++seq;

/** A device of `tenantId`; `lastTs` ms epoch (null = never reported); position optional. */
export async function insertDevice(
  app: TestApp,
  tenantId: number,
  d: { id?: string; lastTs: number | null; lat?: number; lng?: number; kind?: string },
): Promise<string> {
  const id = d.id ?? `DSH-${tenantId}-${next()}-${Date.now()}`;
  await app.db.query(
    `INSERT INTO device (dev_no, tenant_id, name, model, kind, secret_hash, last_ts, last_lat, last_lng)
     VALUES ($1, $2, $1, 'CC-L-4000D', $3, 'x', $4, $5, $6)`,
    [id, tenantId, d.kind ?? 'vehicleGateway', d.lastTs, d.lat ?? null, d.lng ?? null],
  );
  return id;
}

/** An alarm of a device; `startTs` ms epoch. */
export async function insertAlarm(
  app: TestApp,
  tenantId: number,
  deviceId: string,
  a: {
    startTs: number;
    endTs?: number | null;
    severity?: 'L' | 'M' | 'H';
    status?: 'active' | 'cleared';
    alarmType?: string;
    conditionType?: string;
    processed?: boolean;
    flag?: number;
  },
): Promise<string> {
  const [r] = await app.db.query<{ id: string }>(
    `INSERT INTO alarm (tenant_id, device_id, rule_source, rule_id, rule_name, condition_index, condition_type, alarm_type, severity,
                        start_ts, raised_ts, end_ts, status, processed, flag, created_at)
     VALUES ($1, $2, 'template', $3, 'Dashboard rule', 0, $4, $5, $6, $7, $7, $8, $9, $10, $11, $7) RETURNING id`,
    [
      tenantId,
      deviceId,
      `rule-${next()}`,
      a.conditionType ?? 'threshold',
      a.alarmType ?? 'P003',
      a.severity ?? 'H',
      a.startTs,
      a.endTs ?? null,
      a.status ?? 'active',
      a.processed ?? false,
      a.flag ?? 1,
    ],
  );
  return r!.id;
}

/** A push record; `createdAt` server ms. */
export async function insertPush(
  app: TestApp,
  tenantId: number,
  p: { channel: string; status: string; createdAt: number },
): Promise<void> {
  await app.db.query(
    `INSERT INTO alarm_push (tenant_id, event, channel, push_type, recipient, status, created_at) VALUES ($1, 'raised', $2, 4, 'someone', $3, $4)`,
    [tenantId, p.channel, p.status, p.createdAt],
  );
}

/** Readings of a device at `times` (ms epoch), each with a temperature. */
export async function insertReadings(app: TestApp, deviceId: string, times: number[], value = 4): Promise<void> {
  for (const ts of times) {
    await app.db.query(`INSERT INTO telemetry (device_id, ts, received_at, "values") VALUES ($1, $2, $2, $3::jsonb)`, [
      deviceId,
      ts,
      JSON.stringify({ P003: value }),
    ]);
  }
}

/** Inputs of one waybill row (ms epoch). */
export interface WaybillTimes {
  status: 'unstarted' | 'ongoing' | 'completed';
  plannedStart: number;
  plannedEnd: number;
  actualStart?: number | null;
  actualEnd?: number | null;
  etaMs?: number | null;
}

/** A waybill of `tenantId` with the given status and times. */
export async function insertWaybill(app: TestApp, tenantId: number, w: WaybillTimes): Promise<void> {
  const ts = (ms: number | null | undefined): string | null =>
    ms === null || ms === undefined ? null : new Date(ms).toISOString();
  await app.db.query(
    `INSERT INTO waybill (tenant_id, name, number, planned_start, planned_end, actual_start, actual_end, status, route_id, route, eta_ms)
     VALUES ($1, 'Dashboard trip', $2, $3, $4, $5, $6, $7, 'route', $8::jsonb, $9)`,
    [
      tenantId,
      `DSH-${next()}-${Date.now()}`,
      ts(w.plannedStart),
      ts(w.plannedEnd),
      ts(w.actualStart),
      ts(w.actualEnd),
      w.status,
      JSON.stringify({
        name: 'R',
        origin: { lat: 0, lng: 0 },
        waypoints: [],
        destination: { lat: 1, lng: 1 },
        fenceRadiusM: 300,
      }),
      w.etaMs ?? null,
    ],
  );
}

/** A new empty tenant (no users), for figures at a fixed clock. */
export async function insertTenant(app: TestApp, id: number): Promise<number> {
  await app.db.query(`INSERT INTO sys_tenant (id, name, name_en) VALUES ($1, $2, $2) ON CONFLICT (id) DO NOTHING`, [
    id,
    `Dashboard ${id}`,
  ]);
  return id;
}
