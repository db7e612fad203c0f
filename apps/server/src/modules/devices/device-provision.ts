import { equipmentFamilyOf, getDeviceModel, isGatewayKind, type DeviceKind } from '@ztj/contracts';
import type { Db, Queryable } from '../../platform/db/db';
import { DEMO_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { deleteDeviceRow, insertGatewayRow, upsertDeviceRow } from './device-provision.repo';
import { demoSecretKey, deriveDeviceSecret, generateDeviceSecret, hashDeviceSecret } from './device-secrets';

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
 * The device accounts of an external broker (Mosquitto's dynamic-security plugin with
 * `MQTT_DYNSEC=on`, docs/external-broker.md); implemented by
 * `DeviceBrokerAccounts`. The broker password is the device secret, which exists in clear only when
 * it is issued, so it is handed over here at that moment.
 */
export interface DeviceBrokerAccess {
  /** Creates or updates the device's broker client and own-topic role; sets the password when given. */
  upsertDevice(d: { id: string; kind: DeviceKind; secret?: string }): Promise<void>;
  /** Deletes the device's broker client (its open sessions are disconnected) and role. */
  removeDevice(id: string): Promise<void>;
}

/**
 * Registers a device with its secret (stored as a hash) and, for gateway models, its gateway row.
 * Idempotent on the id: an existing device keeps its data but gets the given secret. With `broker`
 * the broker account gets the same secret as password, after the rows are written: run it in a
 * transaction (`db.tx`) so a broker failure leaves the database unchanged.
 * @returns the secret (give it to the device; it is not stored in clear).
 * @throws Error for an unknown model; the broker's error when it refuses the account.
 */
export async function provisionDevice(q: Queryable, d: NewDevice, broker?: DeviceBrokerAccess): Promise<string> {
  const model = getDeviceModel(d.model);
  if (!model) throw new Error(`unknown device model ${d.model}`);
  const secret = d.secret ?? generateDeviceSecret();
  await upsertDeviceRow(q, {
    id: d.id,
    tenantId: d.tenantId,
    orgCode: d.orgCode ?? null,
    name: d.name ?? d.id,
    model: d.model,
    kind: model.kind,
    gatewayId: d.gatewayId ?? null,
    secretHash: hashDeviceSecret(secret),
    periods: JSON.stringify(d.periods ?? {}),
  });
  if (isGatewayKind(model.kind)) {
    await insertGatewayRow(q, {
      id: d.id,
      tenantId: d.tenantId,
      name: d.name ?? d.id,
      note: d.note ?? null,
      address: d.address ?? null,
    });
  }
  await broker?.upsertDevice({ id: d.id, kind: model.kind, secret });
  return secret;
}

/**
 * Deletes a device (its gateway row goes with it; its sub-devices lose their gateway; readings
 * already stored stay) and, with `broker`, its broker account, which also disconnects it. The
 * running server's device cache must be told (`registry.invalidate`).
 * @returns whether the device existed.
 */
export async function deprovisionDevice(q: Queryable, id: string, broker?: DeviceBrokerAccess): Promise<boolean> {
  const existed = await deleteDeviceRow(q, id);
  await broker?.removeDevice(id);
  return existed;
}

/** The demo fleet as the server registers it (ids of `apps/simulator`'s default fleet). */
export interface DemoFleetDevice {
  id: string;
  model: string;
  name: string;
  gatewayId?: string;
}

/**
 * Registers the simulator's devices for the demo tenant, with secrets derived
 * from the installation's random key ({@link demoCredentials}), and returns a function giving each
 * device's credentials so the in-process simulator can connect. Nothing secret is in the repository.
 */
export async function seedDemoFleet(
  db: Db,
  fleet: readonly DemoFleetDevice[],
  broker?: DeviceBrokerAccess,
): Promise<(id: string) => { username: string; password: string }> {
  const key = await demoSecretKey(db);
  // The store equipment first, in a transaction of its own, so the cold-chain fleet is
  // the newest and leads the device list (newest first) as it did before the equipment came; tags
  // relayed by a gateway stay with their gateway.
  const isEquipment = (d: DemoFleetDevice): boolean => equipmentFamilyOf(d.model) !== undefined && !d.gatewayId;
  for (const part of [fleet.filter(isEquipment), fleet.filter((d) => !isEquipment(d))]) {
    await db.tx(async (q) => {
      // Gateways first: sub-devices reference them.
      const ordered = [...part].sort((a, b) => Number(!!a.gatewayId) - Number(!!b.gatewayId));
      for (const d of ordered) {
        await provisionDevice(
          q,
          {
            id: d.id,
            tenantId: DEMO_TENANT_ID,
            model: d.model,
            name: d.name,
            orgCode: 'B01',
            gatewayId: d.gatewayId ?? null,
            secret: deriveDeviceSecret(key, d.id),
          },
          broker,
        );
      }
    });
  }
  return (id) => ({ username: id, password: deriveDeviceSecret(key, id) });
}
