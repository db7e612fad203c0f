import { getDeviceModel, isGatewayKind } from '@ztj/contracts';
import type { Db, Queryable } from '../../platform/db/db';
import { DEMO_TENANT_ID } from '../system/seed/seed';
import { demoSecretKey, deriveDeviceSecret, generateDeviceSecret, hashDeviceSecret } from '../telemetry/device-secrets';

/** What is needed to register a device (terminal, gateway or a gateway's sub-device). */
export interface NewDevice {
  id: string;
  tenantId: number;
  model: string;
  name?: string;
  orgCode?: string | null;
  /** Relaying gateway of a sub-device. */
  gatewayId?: string | null;
  /** Secret to set; a random one when absent. */
  secret?: string;
  periods?: Record<string, number | boolean>;
  /** Gateway fields (SPEC §3: note, address), used when the model is a gateway. */
  note?: string;
  address?: string;
}

/**
 * Registers a device with its secret (stored as a hash) and, for gateway models, its gateway row.
 * Idempotent on the id: an existing device keeps its data but gets the given secret.
 * @returns the secret (give it to the device; it is not stored in clear).
 */
export async function provisionDevice(q: Queryable, d: NewDevice): Promise<string> {
  const model = getDeviceModel(d.model);
  if (!model) throw new Error(`unknown device model ${d.model}`);
  const secret = d.secret ?? generateDeviceSecret();
  await q.query(
    `INSERT INTO device (dev_no, tenant_id, org_code, name, model, kind, gateway_id, secret_hash, periods, create_by)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,'system')
     ON CONFLICT (dev_no) DO UPDATE SET secret_hash = excluded.secret_hash`,
    [d.id, d.tenantId, d.orgCode ?? null, d.name ?? d.id, d.model, model.kind, d.gatewayId ?? null, hashDeviceSecret(secret), JSON.stringify(d.periods ?? {})],
  );
  if (isGatewayKind(model.kind)) {
    await q.query(
      `INSERT INTO gateway (id, tenant_id, name, note, address, create_by) VALUES ($1,$2,$3,$4,$5,'system') ON CONFLICT (id) DO NOTHING`,
      [d.id, d.tenantId, d.name ?? d.id, d.note ?? null, d.address ?? null],
    );
  }
  return secret;
}

/** The demo fleet as the server registers it (ids of `apps/simulator`'s default fleet). */
export interface DemoFleetDevice {
  id: string;
  model: string;
  name: string;
  gatewayId?: string;
}

/**
 * Registers the simulator's devices for the demo tenant (issue #3 Seed), with secrets derived
 * from the installation's random key ({@link demoCredentials}), and returns a function giving each
 * device's credentials so the in-process simulator can connect. Nothing secret is in the repository.
 */
export async function seedDemoFleet(db: Db, fleet: readonly DemoFleetDevice[]): Promise<(id: string) => { username: string; password: string }> {
  const key = await demoSecretKey(db);
  await db.tx(async (q) => {
    // Gateways first: sub-devices reference them.
    const ordered = [...fleet].sort((a, b) => Number(!!a.gatewayId) - Number(!!b.gatewayId));
    for (const d of ordered) {
      await provisionDevice(q, {
        id: d.id, tenantId: DEMO_TENANT_ID, model: d.model, name: d.name, orgCode: 'B01',
        gatewayId: d.gatewayId ?? null, secret: deriveDeviceSecret(key, d.id),
      });
    }
  });
  return (id) => ({ username: id, password: deriveDeviceSecret(key, id) });
}
