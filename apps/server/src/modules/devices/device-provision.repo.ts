import type { DeviceKind } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';

/**
 * Device registration queries (CONVENTIONS §1 repo): `device` and `gateway` rows written by the
 * system (`create_by` 'system'), keyed by device id.
 */

/**
 * Inserts a device with its secret hash and periods (JSON text); an existing device keeps its data
 * but gets the new secret hash.
 */
export async function upsertDeviceRow(
  q: Queryable,
  d: {
    id: string;
    tenantId: number;
    orgCode: string | null;
    name: string;
    model: string;
    kind: DeviceKind;
    gatewayId: string | null;
    secretHash: string;
    periods: string;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO device (dev_no, tenant_id, org_code, name, model, kind, gateway_id, secret_hash, periods, create_by)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,'system')
     ON CONFLICT (dev_no) DO UPDATE SET secret_hash = excluded.secret_hash`,
    [d.id, d.tenantId, d.orgCode, d.name, d.model, d.kind, d.gatewayId, d.secretHash, d.periods],
  );
}

/** Inserts the gateway row of gateway device `id` (kept when it exists). */
export async function insertGatewayRow(
  q: Queryable,
  g: { id: string; tenantId: number; name: string; note: string | null; address: string | null },
): Promise<void> {
  await q.query(
    `INSERT INTO gateway (id, tenant_id, name, note, address, create_by) VALUES ($1,$2,$3,$4,$5,'system') ON CONFLICT (id) DO NOTHING`,
    [g.id, g.tenantId, g.name, g.note, g.address],
  );
}

/** Deletes device `id` (its gateway row cascades); whether it existed. */
export async function deleteDeviceRow(q: Queryable, id: string): Promise<boolean> {
  const rows = await q.query<{ dev_no: string }>('DELETE FROM device WHERE dev_no = $1 RETURNING dev_no', [id]);
  return rows.length > 0;
}
