import type { Fleet } from '@ztj/simulator';
import type { Db } from '../../../platform/db/db';
import { DEMO_ROUTE_NAMES } from '../places/demo-places';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { prepareRoute } from '../../../platform/geo/route-progress';
import { readRoute } from './route-source';
import { routePoints } from './waybills.read';
import { insertWaybill } from './waybills.service';

/**
 * Demo waybills on the real replayed Twizy drives: vehicle `…-VH-00n`
 * replays track n, which is demo route `DEMO_ROUTE_NAMES[n-1]` (places/demo-places.ts). Seeded
 * once, when the demo tenant has no waybill yet:
 * - ongoing: VH-002 on "T2 West yard to hub", started at seed time by hand (no AI), so it runs
 *   with the looping replay and shows its live position, ETA and timing outcome;
 * - completed by the AI: VH-003 on "T3 City store to hub", AI start/stop on, planned from a minute
 *   after the seed: the tracker starts it when the replay leaves the city store fence and
 *   completes it when the truck has dwelt at the hub (the replay's first run, under a minute of
 *   wall time at the default demo speed);
 * - un-started: VH-001 on the "T1 Hub loop", planned for tomorrow 08:00-12:00 UTC.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const SEED_BY = 'system';

/** The fleet's vehicles in track order (`…-VH-001` replays track 1). */
const vehiclesOf = (fleet: Fleet): string[] =>
  fleet.devices
    .map((d) => d.deviceId)
    .filter((id) => /-VH-\d+$/.test(id))
    .sort();

/**
 * Seeds the three demo waybills (see the module comment); `now` ms epoch.
 * @returns true when it seeded, false when the tenant already had waybills or a demo route or
 *   vehicle is missing.
 */
export async function seedDemoWaybills(db: Db, fleet: Fleet, now = Date.now()): Promise<boolean> {
  const vehicles = vehiclesOf(fleet);
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(90101003)');
    const [has] = await q.query('SELECT 1 FROM waybill WHERE tenant_id = $1 LIMIT 1', [DEMO_TENANT_ID]);
    if (has || vehicles.length < 3) return false;
    const ids = await q.query<{ id: string; name: string }>(
      'SELECT id, name FROM logistics_route WHERE tenant_id = $1 AND name = ANY($2::text[])',
      [DEMO_TENANT_ID, [...DEMO_ROUTE_NAMES]],
    );
    const routes = await Promise.all(
      DEMO_ROUTE_NAMES.map(async (name) => {
        const id = ids.find((r) => r.name === name)?.id;
        return id ? readRoute(q, DEMO_TENANT_ID, id) : undefined;
      }),
    );
    if (routes.some((r) => !r)) return false;
    const tomorrow = Math.floor(now / (24 * HOUR)) * 24 * HOUR + 24 * HOUR + 8 * HOUR;
    const plan = [
      {
        i: 1,
        name: '冷链配送 西区→枢纽 Reefer run West yard to hub',
        start: now - 10 * MIN,
        end: now + 6 * HOUR,
        ai: false,
      },
      { i: 2, name: '门店回程 市区→枢纽 Store return City to hub', start: now + MIN, end: now + 3 * HOUR, ai: true },
      { i: 0, name: '枢纽环线 Hub loop round', start: tomorrow, end: tomorrow + 4 * HOUR, ai: false },
    ];
    for (const p of plan) {
      const vehicle = vehicles[p.i]!;
      const id = await insertWaybill(
        q,
        DEMO_TENANT_ID,
        SEED_BY,
        {
          name: p.name,
          number: '',
          innerNumber: `DEMO-${p.i + 1}`,
          vehicle: `Twizy ${vehicle.replace(/^.*-(VH-\d+)$/, '$1')}`,
          driverPhone: `1380000000${p.i + 1}`,
          company: '演示冷链物流有限公司',
          mileageKm: Math.round(prepareRoute(routePoints(routes[p.i]!)).totalM / 100) / 10,
          plannedStart: p.start,
          plannedEnd: p.end,
          deviceIds: [vehicle],
          routeId: routes[p.i]!.id,
          aiStartStop: p.ai,
          monitorUserIds: [],
        },
        routes[p.i]!,
        now,
      );
      if (p.i === 1)
        await q.query(
          `UPDATE waybill SET status = 'ongoing', actual_start = to_timestamp($2::float8 / 1000) WHERE id = $1`,
          [id, now],
        );
    }
    return true;
  });
}
