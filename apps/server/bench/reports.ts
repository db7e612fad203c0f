/**
 * Report benchmark: seeds one device with ≥ 80,000 readings over 30
 * days (one every 30 s, temperature with daily excursions and humidity, a 2-hour gap, a cold-chain
 * rule template bound), then builds its 30-day device report as PDF and as Excel the way the export
 * job does (paged reads → typed columns → stats → render) and prints one line per figure:
 *
 *   report_readings            readings in the report
 *   report_device30d_ms        PDF report build time (wall clock)
 *   report_device30d_cpu_ms    CPU time of this process for it (user + system; the database's CPU not included)
 *   report_device30d_xlsx_ms   Excel report build time (data sheet with every reading)
 *   report_zip10_ms            waybill ZIP of 10 devices × 30 days at a 5-minute interval (one PDF each)
 *   report_peak_rss_mb         peak RSS growth above the RSS before generation (all of the above), MB (sampled every 10 ms)
 *
 * Default: embedded PGlite in a temporary DATA_DIR; with `DATABASE_URL` a fresh schema on that
 * PostgreSQL, dropped afterwards. Run: `npm run bench:reports`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { RuleTemplateSchema } from '@ztj/contracts';
import { provisionDevice } from '../src/modules/devices/device-provision';
import { buildDeviceReport, type StoredReportQuery } from '../src/modules/reports/device-report';
import { WAYBILL_ZIP_EXPORTER } from '../src/modules/reports/waybill-zip';
import { DEMO_TENANT_ID } from '../src/platform/tenancy/tenant-ids';
import { openScratchDb } from './scratch-db';

const DAY = 86_400_000;
const STEP = 30_000;

async function main(): Promise<void> {
  // the data dir stays: the PDF and Excel files are written there to look at
  const scratch = await openScratchDb('reports', { keepDataDir: true });
  const { db, dataDir } = scratch;
  try {
    const deviceId = `BENCH-REP-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
    await provisionDevice(db, { id: deviceId, tenantId: DEMO_TENANT_ID, model: 'P23-2IN1' });
    const tpl = RuleTemplateSchema.parse({
      name: 'Bench 2-8',
      category: 'environment',
      severity: 'H',
      conditions: [
        { type: 'threshold', param: 'P003', comparison: 0, value: 8 },
        { type: 'threshold', param: 'P003', comparison: 1, value: 2 },
      ],
    });
    const [t] = await db.query<{ id: string }>(
      'INSERT INTO alarm_rule_template (tenant_id, name, category, severity, content) VALUES ($1,$2,$3,$4,$5) RETURNING id',
      [DEMO_TENANT_ID, tpl.name, tpl.category, tpl.severity, JSON.stringify(tpl)],
    );
    await db.query(
      `INSERT INTO alarm_rule_binding (template_id, tenant_id, target_type, target_id) VALUES ($1,$2,'device',$3)`,
      [t!.id, DEMO_TENANT_ID, deviceId],
    );

    const end = Date.UTC(2026, 0, 31);
    const start = end - 30 * DAY;
    const gap = [start + 12 * DAY, start + 12 * DAY + 2 * 3_600_000];
    const seeded = performance.now();
    let n = 0;
    let batch: { ts: number[]; v: string[] } = { ts: [], v: [] };
    const flush = async (): Promise<void> => {
      if (!batch.ts.length) return;
      await db.query(
        `INSERT INTO telemetry (device_id, ts, received_at, "values") SELECT $1, r.ts, r.ts, r.v FROM unnest($2::bigint[], $3::jsonb[]) AS r(ts, v)`,
        [deviceId, batch.ts, batch.v],
      );
      batch = { ts: [], v: [] };
    };
    for (let ts = start; ts <= end; ts += STEP) {
      if (ts >= gap[0]! && ts < gap[1]!) continue;
      const h = ((ts - start) % DAY) / 3_600_000;
      const temp = 5 + 2.5 * Math.sin((h / 24) * 2 * Math.PI) + (h > 14 && h < 14.5 ? 4 : 0) + ((n * 7919) % 100) / 200;
      batch.ts.push(ts);
      batch.v.push(
        JSON.stringify({
          P003: Math.round(temp * 100) / 100,
          P004: Math.round((60 + 10 * Math.cos(ts / 7_200_000)) * 10) / 10,
          P005: 90,
        }),
      );
      n++;
      if (batch.ts.length === 5_000) await flush();
    }
    await flush();
    process.stderr.write(
      `bench reports: seeded ${n} readings in ${((performance.now() - seeded) / 1000).toFixed(1)} s on ${db.kind}\n`,
    );

    const [u] = await db.query<{ id: string }>(`SELECT id FROM sys_user WHERE username = 'admin'`);
    const query: StoredReportQuery = { deviceIds: deviceId, startTime: start, endTime: end, format: 'pdf' };
    const auth = { tenantId: DEMO_TENANT_ID, userId: u!.id, username: 'admin', tokenHash: '' } as never;
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const run = async (format: 'pdf' | 'xlsx'): Promise<{ ms: number; cpuMs: number; bytes: number }> => {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const body = await buildDeviceReport(
        { db, auth, query: { ...query, format }, lang: 'zh-CN', progress: async () => undefined },
        format,
      );
      if (!body) throw new Error('no report');
      fs.writeFileSync(path.join(dataDir, `bench-report.${format}`), body);
      const c = process.cpuUsage(c0);
      return { ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000, bytes: body.length };
    };
    const pdf = await run('pdf');
    const xlsx = await run('xlsx');

    // waybill ZIP of 10 devices, 30 days each at a 5-minute logging interval (8,640 readings per device)
    const zipDevices: string[] = [];
    for (let d = 0; d < 10; d++) {
      const id = `${deviceId}-Z${d}`;
      zipDevices.push(id);
      await provisionDevice(db, { id, tenantId: DEMO_TENANT_ID, model: 'P23-2IN1' });
      const ts: number[] = [];
      const v: string[] = [];
      for (let t = start; t <= end; t += 300_000) {
        ts.push(t);
        v.push(JSON.stringify({ P003: Math.round((4 + 3 * Math.sin(t / 5_400_000 + d)) * 100) / 100, P004: 55 }));
      }
      await db.query(
        `INSERT INTO telemetry (device_id, ts, received_at, "values") SELECT $1, r.ts, r.ts, r.v FROM unnest($2::bigint[], $3::jsonb[]) AS r(ts, v)`,
        [id, ts, v],
      );
    }
    const [w] = await db.query<{ id: string }>(
      `INSERT INTO waybill (tenant_id, name, number, planned_start, planned_end, actual_start, actual_end, status, route_id, route)
       VALUES ($1, 'bench', 'WB-BENCH', to_timestamp($2 / 1000.0), to_timestamp($3 / 1000.0), to_timestamp($2 / 1000.0), to_timestamp($3 / 1000.0), 'completed', 'r', '{}') RETURNING id`,
      [DEMO_TENANT_ID, start, end],
    );
    for (const id of zipDevices)
      await db.query('INSERT INTO waybill_device (waybill_id, dev_no) VALUES ($1, $2)', [w!.id, id]);
    const z0 = performance.now();
    const zip = await WAYBILL_ZIP_EXPORTER.build({
      db,
      auth,
      query: { id: w!.id },
      lang: 'zh-CN',
      progress: async () => undefined,
    });
    const zipMs = performance.now() - z0;
    if (!zip) throw new Error('no zip');
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    process.stderr.write(`bench reports: pdf ${pdf.bytes} bytes, xlsx ${xlsx.bytes} bytes in ${dataDir}\n`);
    console.log(`report_readings ${n}`);
    console.log(`report_device30d_ms ${Math.round(pdf.ms)}`);
    console.log(`report_device30d_cpu_ms ${Math.round(pdf.cpuMs)}`);
    console.log(`report_device30d_xlsx_ms ${Math.round(xlsx.ms)}`);
    console.log(`report_zip10_ms ${Math.round(zipMs)}`);
    console.log(`report_peak_rss_mb ${Math.round((peak - base) / 1_048_576)}`);
  } finally {
    await scratch.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
