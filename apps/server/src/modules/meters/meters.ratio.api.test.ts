import {
  HEADER_DEVICE_SECRET,
  PARAM,
  type EnergyQuality,
  type EnergyResult,
  type EquipmentRecord,
  type PageResult,
  type PowerResult,
} from '@ztj/contracts';
import { buildFleet, loadFleetData, messagesBetween } from '@ztj/simulator';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { exportAndWait } from '../../platform/exports/exports.fixtures';
import { userOf } from '../alarms/runtime/alarm.fixtures';
import { DEMO_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { addDevice, uid } from '../telemetry/ingest.fixtures';
import { METER_CONFIGS } from './demo-equipment';
import { dayOf, dayText } from './energy';
import { grantEquipmentButtons } from './meters.fixtures';

/**
 * CT/PT applied once (ratio.ts): the ammeter list, the power chart and the meter report show the
 * same primary-side power for a CT-connected meter. The demo's CT meter replayed from the simulator
 * through a restart and a third-party post gives a store's daily energy, the anomalies listed
 * (data quality) and not counted.
 */

let app: TestApp;
let admin: { userId: string; token: string };
const EN = { 'accept-language': 'en-US' };
const MIN = 60_000;

beforeAll(async () => {
  app = await createTestApp();
  await grantEquipmentButtons(app.db);
  admin = await userOf(app, DEMO_TENANT_ID, 'eqratio1', 'admin');
});
afterAll(async () => {
  await app?.close();
});

const ingest = (id: string, secret: string, ts: number, values: Record<string, number | boolean>) =>
  app.fastify.inject({
    method: 'POST',
    url: `/ztj-iot/ingest/devices/${id}/telemetry`,
    headers: { [HEADER_DEVICE_SECRET]: secret, 'content-type': 'application/json' },
    payload: JSON.stringify({ ts, values }),
  });

describe('CT-scaled meter', () => {
  it('shows the same primary power in the list, the chart and the meter report', async () => {
    const id = uid('AM');
    const secret = await addDevice(app, { id, model: 'AM-3P' });
    const now = Date.now();
    // secondary side of a 200/5 CT: 167.5 W × 40 = 6.7 kW, 0.42 A × 40 = 16.8 A
    const readings: [number, number, number][] = [
      [now - 30 * MIN, 120, 1000],
      [now - 20 * MIN, 150, 1000.025],
      [now - 10 * MIN, 167.5, 1000.05],
    ];
    for (const [ts, w, kwh] of readings)
      expect((await ingest(id, secret, ts, { P053: w, P054: kwh, P052: 0.42, P051: 229.5 })).json()).toMatchObject({
        success: true,
      });
    await app.call('PUT', '/wlx/meter/config', { token: admin.token, body: { id, ctRatio: 40, ptRatio: 1 } });

    const list = await app.call<PageResult<EquipmentRecord>>('GET', `/wlx/equipment/list?id=${id}`, {
      token: admin.token,
    });
    const row = list.body.result.records[0]!;
    expect(row).toMatchObject({ id, ratio: 40 });
    expect(row.values).toMatchObject({ P053: 6700, P054: 40_002, P052: 16.8, P051: 229.5 });

    const chart = await app.call<PowerResult>(
      'GET',
      `/wlx/meter/power?id=${id}&beginTime=${now - 60 * MIN}&endTime=${now}`,
      { token: admin.token },
    );
    expect(chart.body.result.ratio).toBe(40);
    const points = chart.body.result.series.points;
    expect(points.at(-1)).toEqual([now - 10 * MIN, row.values.P053]);
    const chartPeak = Math.max(...points.map(([, w]) => w));
    expect(chartPeak).toBe(6700);

    const day = dayText(dayOf(now));
    const x = await exportAndWait(
      app,
      admin.token,
      `/wlx/meter/energy/exportXls?ids=${id}&beginDate=${day}&endDate=${day}`,
      EN,
    );
    const book = XLSX.read(x.body!);
    const peakSheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[1]!]!, { header: 1 });
    expect(peakSheet[0]).toEqual(['Device ID', 'Name', 'Ratio (CT×PT)', 'Peak active power (kW)']);
    expect(peakSheet[1]).toEqual([id, id, 40, chartPeak / 1000]);
    // energy on the same ratio: 0.05 kWh on the secondary → 2 kWh
    const energy = await app.call<EnergyResult>(
      'GET',
      `/wlx/meter/energy/daily?ids=${id}&beginDate=${day}&endDate=${day}`,
      {
        token: admin.token,
      },
    );
    expect(energy.body.result.meters[0]).toMatchObject({ ratio: 40, totalKWh: 2 });
  });
});

describe('demo CT meter replayed from the simulator', () => {
  it('gives a store’s energy through a restart and a third-party post, both listed and not counted', async () => {
    const sim = buildFleet(loadFleetData()).devices.find((d) => d.deviceId === 'SIM-AM3-001')!;
    const cfg = METER_CONFIGS.find((c) => c.id === 'SIM-AM3-001')!;
    const id = uid('AM');
    await addDevice(app, { id, model: 'AM-3P' });
    await app.call('PUT', '/wlx/meter/config', { token: admin.token, body: { id, ctRatio: cfg.ct } });
    // a fixed local morning (08:00 Asia/Shanghai); two runs of 40 wall minutes, restarted at once
    const start = Date.UTC(2026, 10, 27, 0, 0, 0);
    const run = (from: number) =>
      messagesBetween(
        { devices: [sim], gateways: [] },
        { startWallMs: from, speed: 60 },
        from,
        from + 40 * MIN,
      ).flatMap((m) => (m.channel === 'telemetry' ? [{ ts: m.payload.ts, values: m.payload.values }] : []));
    const rows = [...run(start), ...run(start + 40 * MIN)];
    // the README's third-party example posting another register value to the meter
    const post = { ts: start + 50 * MIN + 500, values: { [PARAM.energy]: 12_345.6, [PARAM.activePower]: 0 } };
    rows.push(post);
    await app.db.query(
      `INSERT INTO telemetry (device_id, ts, received_at, "values") SELECT $1, u.ts, u.ts, u.v::jsonb
         FROM unnest($2::bigint[], $3::text[]) AS u(ts, v) ON CONFLICT DO NOTHING`,
      [id, rows.map((r) => r.ts), rows.map((r) => JSON.stringify(r.values))],
    );
    // what the load drew over wall time (secondary W × CT integrated), kWh
    const sorted = rows.filter((r) => r !== post).sort((a, b) => a.ts - b.ts);
    let drawn = 0;
    for (let i = 1; i < sorted.length; i++)
      drawn +=
        (Number(sorted[i - 1]!.values[PARAM.activePower]) * cfg.ct * (sorted[i]!.ts - sorted[i - 1]!.ts)) / 3.6e9;

    const day = dayText(dayOf(start));
    const e = await app.call<EnergyResult>('GET', `/wlx/meter/energy/daily?ids=${id}&beginDate=${day}&endDate=${day}`, {
      token: admin.token,
    });
    const total = e.body.result.totalKWh;
    // 80 minutes of a store: a few kWh, as drawn (the restart's forward step and the post are not counted)
    expect(total).toBeGreaterThan(1);
    expect(total).toBeLessThan(30);
    expect(Math.abs(total - drawn) / drawn).toBeLessThan(0.05);

    const q = await app.call<EnergyQuality>(
      'GET',
      `/wlx/meter/energy/quality?id=${id}&beginDate=${day}&endDate=${day}`,
      {
        token: admin.token,
      },
    );
    expect(q.body.success, q.body.message).toBe(true);
    const kinds = q.body.result.events.map((ev) => ev.kind).sort();
    expect(kinds).toEqual(['drop', 'spike', 'spike']); // the restart, the post and the climb back from it
    expect(q.body.result.events.every((ev) => ev.countedKWh === 0)).toBe(true);
  });
});
