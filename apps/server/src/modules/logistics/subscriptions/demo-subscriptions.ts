import type { Db, Queryable } from '../../../platform/db/db';
import { DEMO_TAGS } from '../../alarms/demo/demo-rules';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { unitPriceFen } from './subscriptions.service';

/**
 * Demo service orders, seeded once when the demo tenant has no order:
 * - a paid 12-month order covering every simulator device but {@link DEMO_EXPIRING_DEVICE}, paid 30 days ago;
 * - a paid 12-month order of {@link DEMO_EXPIRING_DEVICE} whose service ends in 5 days (the expiry
 *   reminder and the "expiring" state have something to show);
 * - an unpaid 12-month renewal of that device waiting for the platform's payment confirmation.
 * No device is seeded expired: every simulator device takes part in the alarm demos, and an
 * expired device is not monitored. (A long-running demo sees the mote expire after 5 days,
 * unless the renewal is confirmed.)
 */

/** The mote whose service ends soon (a DEMO_TAGS device, not in waybills or the warehouse). */
export const DEMO_EXPIRING_DEVICE = DEMO_TAGS[DEMO_TAGS.length - 1];
const DAY = "interval '1 day'";

async function order(
  q: Queryable,
  o: { devices: string[]; status: 'paid' | 'unpaid'; price: number; start?: string; end?: string; paid?: string },
): Promise<void> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO service_order (tenant_id, order_no, status, months, device_count, unit_price, amount, create_by, create_time, pay_time, pay_by, period_start, period_end)
     VALUES ($1, 'SO' || to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('service_order_no_seq')::text, 6, '0'),
             $2, 12, $3::int, $4::bigint, $3::int * 12 * $4::bigint, 'admin', ${o.paid ?? 'now()'}, ${o.status === 'paid' ? o.paid : 'NULL'}, ${o.status === 'paid' ? "'admin'" : 'NULL'},
             ${o.start ?? 'NULL'}, ${o.end ?? 'NULL'}) RETURNING id`,
    [DEMO_TENANT_ID, o.status, o.devices.length, o.price],
  );
  await q.query(
    `INSERT INTO service_order_item (order_id, dev_no, period_start, period_end) SELECT $1, unnest($2::text[]), ${o.start ?? 'NULL'}, ${o.end ?? 'NULL'}`,
    [row!.id, o.devices],
  );
  if (o.status === 'paid') {
    await q.query(
      `INSERT INTO device_service (dev_no, tenant_id, service_end) SELECT unnest($2::text[]), $1, ${o.end!} ON CONFLICT (dev_no) DO NOTHING`,
      [DEMO_TENANT_ID, o.devices],
    );
  }
}

/** @returns true when it seeded, false when the tenant already had orders or has no simulator device. */
export async function seedDemoSubscriptions(db: Db): Promise<boolean> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(90101006)');
    const [has] = await q.query('SELECT 1 FROM service_order WHERE tenant_id = $1 LIMIT 1', [DEMO_TENANT_ID]);
    if (has) return false;
    const all = (
      await q.query<{ dev_no: string }>(
        "SELECT dev_no FROM device WHERE tenant_id = $1 AND dev_no LIKE 'SIM-%' ORDER BY dev_no",
        [DEMO_TENANT_ID],
      )
    ).map((d) => d.dev_no);
    if (!all.length) return false;
    const price = await unitPriceFen(q);
    const year = `(now() - 30 * ${DAY})`;
    const most = all.filter((d) => d !== DEMO_EXPIRING_DEVICE);
    if (most.length)
      await order(q, {
        devices: most,
        status: 'paid',
        price,
        paid: year,
        start: year,
        end: `(${year} + interval '12 months')`,
      });
    if (all.includes(DEMO_EXPIRING_DEVICE)) {
      const end = `(now() + 5 * ${DAY})`;
      const start = `(${end} - interval '12 months')`;
      await order(q, { devices: [DEMO_EXPIRING_DEVICE], status: 'paid', price, paid: start, start, end });
      await order(q, { devices: [DEMO_EXPIRING_DEVICE], status: 'unpaid', price });
    }
    return true;
  });
}
