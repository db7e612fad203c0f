import type { openConfiguredDb } from '../src/platform/db/configured-db';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../src/platform/tenancy/tenant-ids';

/** The realistic tenant of `npm run bench:api` (knobs BENCH_USERS, BENCH_DEVICES, BENCH_OTHER_DEVICES, BENCH_WAYBILLS). */
const env = process.env;
const DAY = 86_400_000;

/** Seeds users, devices and telemetry with set-based SQL (what matters here is the shape and volume of the rows). */
export async function seedData(
  db: Awaited<ReturnType<typeof openConfiguredDb>>,
  now: number,
  chartDevice: string,
): Promise<void> {
  const users = Number(env.BENCH_USERS ?? 1000);
  const devices = Number(env.BENCH_DEVICES ?? 1000);
  const others = Number(env.BENCH_OTHER_DEVICES ?? 100);
  const waybills = Number(env.BENCH_WAYBILLS ?? 1000);
  for (const [tenant, org] of [
    [DEMO_TENANT_ID, 'B01'],
    [PLATFORM_TENANT_ID, 'A01'],
  ] as const) {
    // Users: a tenant member each, in a department, with a role; a password hash of the real format is not needed (nobody signs in as them).
    await db.query(
      `INSERT INTO sys_user (username, realname, password_hash, org_code, login_tenant_id, status, sex, phone, email, work_no, post, create_by, create_time)
       SELECT 'bench' || $1::int || '_' || i, 'Bench user ' || i, 'x', $2::text, $1::int, 1 + (i % 7 = 0)::int, 1 + i % 2,
              '138' || lpad(i::text, 8, '0'), 'u' || i || '@bench.example', 'W' || i, 'operator', 'admin',
              now() - i * interval '1 minute'
         FROM generate_series(1, $3::int) i`,
      [tenant, org, users],
    );
    await db.query(
      `INSERT INTO sys_user_tenant (user_id, tenant_id) SELECT id, $1::int FROM sys_user WHERE username LIKE 'bench' || $1::int || '\\_%'`,
      [tenant],
    );
    await db.query(
      `INSERT INTO sys_user_depart (user_id, dep_id) SELECT u.id, d.id FROM sys_user u, sys_depart d
        WHERE u.username LIKE 'bench' || $1::int || '\\_%' AND d.tenant_id = $1::int AND d.org_code = $2::text`,
      [tenant, org],
    );
    await db.query(
      `INSERT INTO sys_user_role (user_id, role_id) SELECT u.id, r.id FROM sys_user u, sys_role r
        WHERE u.username LIKE 'bench' || $1::int || '\\_%' AND r.tenant_id = $1::int AND r.role_code = 'admin'`,
      [tenant],
    );
    // Devices: half online (recent last_ts), each with latest values; one group per 100.
    await db.query(
      `INSERT INTO device_group (tenant_id, name) SELECT $1::int, 'Bench group ' || g FROM generate_series(0, ($2::int - 1) / 100) g`,
      [tenant, devices],
    );
    await db.query(
      `INSERT INTO device (dev_no, tenant_id, name, model, kind, group_id, secret_hash, power, signal, last_ts, last_received_at, last_lat, last_lng,
                           periods, create_time)
       SELECT 'BENCH-' || $1::int || '-' || i, $1::int, 'Cold truck ' || i, 'P23-2IN1', 'terminal',
              (SELECT id FROM device_group WHERE tenant_id = $1::int AND name = 'Bench group ' || (i / 100)), 'x', 80, -70,
              $3::bigint - (i % 2) * 86400000, $3::bigint - (i % 2) * 86400000, 41.8 + i * 0.001, 123.4 + i * 0.001,
              '{"workReportCycle": 1}', now() - i * interval '1 minute'
         FROM generate_series(0, $2::int - 1) i`,
      [tenant, devices, now],
    );
    await db.query(
      `INSERT INTO device_latest (device_id, ts, received_at, lat, lng, "values")
       SELECT dev_no, last_ts, last_received_at, last_lat, last_lng, '{"P003": -18.2, "P004": 65, "P005": 80, "P012": -70, "P013": 42}'
         FROM device WHERE tenant_id = $1::int AND dev_no LIKE 'BENCH-%'`,
      [tenant],
    );
    await seedWaybills(db, tenant, waybills, devices);
  }
  await db.query(
    `INSERT INTO device (dev_no, tenant_id, name, model, kind, secret_hash) VALUES ($1, $2, 'Charted truck', 'P23-2IN1', 'terminal', 'x')`,
    [chartDevice, DEMO_TENANT_ID],
  );
  // Telemetry, time-ordered across devices like the ingest's batches: the charted device every 30 s
  // for 7 days (+1 h, so the whole window is covered), other devices every 5 minutes.
  const begin = now - 7 * DAY - 3_600_000;
  const values = (dev: string, k: string): string =>
    `jsonb_build_object('P003', round((-18 + 3 * sin(${k} / 3600000.0) + random())::numeric, 1), 'P004', round((60 + 10 * cos(${k} / 7200000.0))::numeric, 1),
       'P005', 100 - (${k} - $1::bigint) / 60480000, 'P012', -60 - (abs(hashtext(${dev} || ${k})) % 40), 'P013', round((40 + 30 * sin(${k} / 600000.0))::numeric, 1))`;
  await db.query(
    `INSERT INTO telemetry (device_id, ts, received_at, lat, lng, "values")
     SELECT device_id, ts, ts + 150, 41.8 + (ts - $1::bigint) / 1e10, 123.4 + (ts - $1::bigint) / 1e10, v FROM (
       SELECT $3::text AS device_id, t AS ts, ${values('$3::text', 't')} AS v FROM generate_series($1::bigint, $2::bigint, 30000) t
       UNION ALL
       SELECT 'BENCH-' || ${DEMO_TENANT_ID} || '-' || d, t + d * 1000, ${values(`'BENCH-' || d`, 't')}
         FROM generate_series($1::bigint, $2::bigint, 300000) t, generate_series(0, $4::int - 1) d
     ) s ORDER BY ts`,
    [begin, now, chartDevice, others],
  );
  await db.query('ANALYZE');
}

/**
 * `count` waybills of `tenant` on one route (snapshot as the service stores it), statuses in turn
 * un-started / ongoing / completed, planned hourly back in time over 6 h, each with bench device
 * `i % devices` (so no device is on two ongoing waybills); ongoing ones with a tracked position and ETA.
 */
async function seedWaybills(
  db: Awaited<ReturnType<typeof openConfiguredDb>>,
  tenant: number,
  count: number,
  devices: number,
): Promise<void> {
  const route = {
    name: 'Bench route',
    origin: { lat: 41.8, lng: 123.4, name: 'Depot' },
    waypoints: [{ lat: 41.85, lng: 123.45 }],
    destination: { lat: 41.9, lng: 123.5, name: 'Store' },
  };
  const [r] = await db.query<{ id: string }>(
    `INSERT INTO logistics_route (tenant_id, name, origin, waypoints, destination, fence_radius_m) VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, 300) RETURNING id`,
    [
      tenant,
      route.name,
      JSON.stringify(route.origin),
      JSON.stringify(route.waypoints),
      JSON.stringify(route.destination),
    ],
  );
  const snapshot = JSON.stringify({ id: r!.id, ...route, fenceRadiusM: 300 });
  await db.query(
    `INSERT INTO waybill (tenant_id, name, number, vehicle, driver_phone, company, mileage_km, planned_start, planned_end, actual_start, actual_end, status,
                          route_id, route, last_lat, last_lng, last_ts, remaining_m, eta_ms, create_by, create_time)
     SELECT $1::int, 'Bench waybill ' || i, 'WB-BENCH-' || i, '辽A' || lpad(i::text, 5, '0'), '13800000000', 'Bench Cold Chain', 120,
            now() - i * interval '1 hour', now() - i * interval '1 hour' + interval '6 hours',
            CASE WHEN i % 3 > 0 THEN now() - i * interval '1 hour' END,
            CASE WHEN i % 3 = 2 THEN now() - i * interval '1 hour' + interval '5 hours' END,
            (ARRAY['unstarted', 'ongoing', 'completed'])[i % 3 + 1], $2::text, $3::jsonb,
            CASE WHEN i % 3 = 1 THEN 41.85 END, CASE WHEN i % 3 = 1 THEN 123.45 END,
            CASE WHEN i % 3 = 1 THEN (extract(epoch FROM now()) * 1000)::bigint END, CASE WHEN i % 3 = 1 THEN 7000 END,
            CASE WHEN i % 3 = 1 THEN (extract(epoch FROM now()) * 1000)::bigint + 1800000 END,
            'admin', now() - i * interval '1 minute'
       FROM generate_series(0, $4::int - 1) i`,
    [tenant, r!.id, snapshot, count],
  );
  await db.query(
    `INSERT INTO waybill_device (waybill_id, dev_no)
     SELECT w.id, 'BENCH-' || $1::int || '-' || (substring(w.number FROM 10)::int % $2::int) FROM waybill w WHERE w.tenant_id = $1::int AND w.number LIKE 'WB-BENCH-%'`,
    [tenant, Math.max(1, devices)],
  );
}
