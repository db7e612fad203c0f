import type { Language } from '@ztj/contracts';
import type { TestApp } from '../../../test/test-app';
import { bind, insertTemplate } from '../alarms/runtime/alarm.fixtures';
import { deviceSection, type ReportModel } from './report-model';

/** Test helpers of the reports: readings, limits and alarms written with SQL. */

const MIN = 60_000;

/** Inserts readings `{ts, values}` of a device (one statement per 1,000). */
export async function insertReadings(
  app: TestApp,
  deviceId: string,
  readings: { ts: number; values: Record<string, number> }[],
): Promise<void> {
  for (let i = 0; i < readings.length; i += 1_000) {
    const part = readings.slice(i, i + 1_000);
    await app.db.query(
      `INSERT INTO telemetry (device_id, ts, received_at, "values")
       SELECT $1, r.ts, r.ts, r.v FROM unnest($2::bigint[], $3::jsonb[]) AS r(ts, v)`,
      [deviceId, part.map((r) => r.ts), part.map((r) => JSON.stringify(r.values))],
    );
  }
}

/**
 * The worked example of `stats.test.ts` as temperatures from `t0` (minutes 0, 10, 15, 25, 35,
 * gap, 155, 165; 4, 6, 10, 9, 9, 1, 4 °C) with humidity 50…62 %RH: MKT 6.745 °C, max 10 at
 * minute 15, min 1 at 155, excursions above 8 (30 min) and below 2 (10 min).
 */
export function workedExample(t0: number): { ts: number; values: Record<string, number> }[] {
  const minutes = [0, 10, 15, 25, 35, 155, 165];
  const temps = [4, 6, 10, 9, 9, 1, 4];
  return minutes.map((m, i) => ({ ts: t0 + m * MIN, values: { P003: temps[i]!, P004: 50 + 2 * i } }));
}

/** Binds a template "Cold 2-8" (temperature above 8 / below 2 °C) to the device; returns its id. */
export async function bindColdChainLimits(
  app: TestApp,
  tenantId: number,
  deviceId: string,
  name = 'Cold 2-8',
): Promise<string> {
  const id = await insertTemplate(app, tenantId, {
    name,
    conditions: [
      { type: 'threshold', param: 'P003', comparison: 0, value: 8 },
      { type: 'duration', minutes: 5, condition: { type: 'threshold', param: 'P003', comparison: 1, value: 2 } },
    ],
  } as never);
  await bind(app, tenantId, id, deviceId);
  return id;
}

/** A processed, cleared alarm of the device with one process record; returns its id. */
export async function processedAlarm(
  app: TestApp,
  tenantId: number,
  deviceId: string,
  templateId: string,
  startTs: number,
  endTs: number,
  peak: number,
  record: string,
): Promise<string> {
  const [a] = await app.db.query<{ id: string }>(
    `INSERT INTO alarm (tenant_id, device_id, rule_source, rule_id, rule_name, condition_index, condition_type, alarm_type, severity, start_ts, raised_ts, end_ts, value, peak, status, processed, processed_by, processed_at, created_at)
     VALUES ($1,$2,'template',$3,'Cold 2-8',0,'threshold','P003','H',$4,$4,$5,$6,$6,'cleared',true,'qa-lead',$5,$5) RETURNING id`,
    [tenantId, deviceId, templateId, startTs, endTs, peak],
  );
  await app.db.query(
    `INSERT INTO alarm_process_record (tenant_id, alarm_id, content, flag, create_by, create_time) VALUES ($1,$2,$3,1,'qa-lead',$4)`,
    [tenantId, a!.id, record, endTs],
  );
  return a!.id;
}

/** The route snapshot the fixture's waybills carry (Shanghai depot → Suzhou, 500 m fences). */
const ROUTE = {
  id: 'r',
  name: 'Shanghai → Suzhou',
  origin: { lat: 31.2, lng: 121.4, name: 'Shanghai depot' },
  waypoints: [],
  destination: { lat: 31.3, lng: 120.6, name: 'Suzhou' },
  fenceRadiusM: 500,
};

/** A completed waybill of `tenantId` over `start`…`end` (ms) carrying `deviceIds`; returns its id. */
export async function waybillWith(
  app: TestApp,
  tenantId: number,
  number: string,
  start: number,
  end: number,
  deviceIds: string[],
): Promise<string> {
  const [w] = await app.db.query<{ id: string }>(
    `INSERT INTO waybill (tenant_id, name, number, planned_start, planned_end, actual_start, actual_end, status, route_id, route)
     VALUES ($1, $2, $2, to_timestamp($3 / 1000.0), to_timestamp($4 / 1000.0), to_timestamp($3 / 1000.0), to_timestamp($4 / 1000.0), 'completed', 'r', $5) RETURNING id`,
    [tenantId, number, start, end, JSON.stringify(ROUTE)],
  );
  for (const d of deviceIds)
    await app.db.query('INSERT INTO waybill_device (waybill_id, dev_no) VALUES ($1, $2)', [w!.id, d]);
  return w!.id;
}

/**
 * A report model (no database) whose tables cross pages: a 40-row track table before the device,
 * 600 readings at 5 min with a 40 min gap every hour (many gaps), temperature swinging 0…11 °C
 * across the 2-8 °C limits (many excursions), humidity limits 48-62 %RH and 60 alarms.
 */
export function longReportModel(lang: Language): ReportModel {
  const t0 = Date.UTC(2026, 0, 10);
  const ts: number[] = [];
  const temp: number[] = [];
  const hum: number[] = [];
  let x = t0;
  for (let i = 0; i < 600; i++) {
    x += (i % 12 === 11 ? 40 : 5) * MIN;
    ts.push(x);
    temp.push(5.5 + 5.5 * Math.sin(i / 6));
    hum.push(55 + 10 * Math.cos(i / 9));
  }
  const data = {
    ts: Float64Array.from(ts),
    cols: new Map([
      ['P003', Float64Array.from(temp)],
      ['P004', Float64Array.from(hum)],
    ]),
    count: ts.length,
  };
  const limits = new Map([
    ['P003', { high: 8, low: 2, sources: ['Cold 2-8'] }],
    ['P004', { high: 62, low: 48, sources: ['Humid'] }],
  ]);
  const alarms = Array.from({ length: 60 }, (_, i) => ({
    id: String(i),
    alarmType: 'P003',
    ruleName: 'Cold 2-8',
    severity: 'H',
    startTs: t0 + i * 40 * MIN,
    endTs: t0 + i * 40 * MIN + 20 * MIN,
    value: 9,
    peak: 10.5,
    status: 'cleared',
    processed: i % 2 === 0,
    processedBy: 'qa',
    processedAt: null,
    lastRecord: i % 3 ? 'Door closed, goods checked' : null,
  }));
  const en = lang === 'en-US';
  return {
    lang,
    product: 'ZTJ IOT',
    tenant: 'Demo tenant',
    requester: 'admin',
    timeZone: 'Asia/Shanghai',
    generatedAt: t0,
    start: t0,
    end: x,
    sha256: 'a'.repeat(64),
    title: en ? 'Waybill report · WB-LONG' : '运单报告 · WB-LONG',
    preface: [
      {
        heading: en ? 'Track' : '轨迹',
        table: {
          header: en ? ['Time', 'Latitude', 'Longitude'] : ['时间', '纬度', '经度'],
          rows: Array.from({ length: 40 }, (_, i) => [
            `T${String(i).padStart(2, '0')}`,
            (31.2 + i / 1000).toFixed(5),
            '121.40000',
          ]),
        },
      },
    ],
    devices: [
      deviceSection(
        { id: 'DEV-LONG', name: 'Truck probe', alias: '', model: 'P23-2IN1', groupName: 'Fleet' },
        data,
        limits,
        { total: alarms.length, alarms },
        lang,
        false,
      ),
    ],
  };
}
