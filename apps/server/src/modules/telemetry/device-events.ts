import {
  CommandAckPayloadSchema,
  DeviceEventPayloadSchema,
  FORBIDDEN_KEY_MESSAGE,
  checkDeviceTime,
  type DeviceEventType,
} from '@ztj/contracts';
import type { Db } from '../../platform/db/db';
import type { RegisteredDevice } from './device-registry';
import type { StoredDeviceEvent } from './ingest-types';
import { causeOfIssues, type RefusalCause } from './refusal-cause';

/** Why an event or ack was refused (dead-letter reason and detail; `cause` for the device log). */
export interface Refusal {
  reason: string;
  detail: string | null;
  cause?: RefusalCause;
}

/** The refusal of a payload the schema refused: `forbiddenKey` or `invalid`, with the issues. */
function refusalOf(issues: readonly { path: PropertyKey[]; message: string; code?: string }[]): Refusal {
  const reason = issues.some((i) => i.message === FORBIDDEN_KEY_MESSAGE) ? 'forbiddenKey' : 'invalid';
  return {
    reason,
    cause: causeOfIssues(issues, reason),
    detail: issues
      .slice(0, 3)
      .map((i) => `${i.path.map(String).join('.')}: ${i.message}`)
      .join('; '),
  };
}

/** Device column and value an event sets (SPEC §4 device events). */
const EFFECT: Record<
  DeviceEventType,
  [column: 'powered_on' | 'flight_mode' | 'low_power' | 'charging', value: boolean]
> = {
  power_on: ['powered_on', true],
  power_off: ['powered_on', false],
  flight_on: ['flight_mode', true],
  flight_off: ['flight_mode', false],
  low_power_on: ['low_power', true],
  low_power_off: ['low_power', false],
  charging_on: ['charging', true],
  charging_off: ['charging', false],
};
const PAIR: Record<string, string[]> = {
  powered_on: ['power_on', 'power_off'],
  flight_mode: ['flight_on', 'flight_off'],
  low_power: ['low_power_on', 'low_power_off'],
  charging: ['charging_on', 'charging_off'],
};

/**
 * Stores a `ztj/devices/{id}/events` message in `device_event` (idempotent on device, ts, type) and
 * applies it to the device state (power, flight mode, low power, charging) unless a newer event of
 * the same pair is already stored (late events do not move the state back). `onStored` is told of
 * the event once its transaction committed (the alarm engine's hook).
 */
export async function recordEvent(
  db: Db,
  device: RegisteredDevice,
  body: unknown,
  receivedAt: number,
  onStored?: (e: StoredDeviceEvent) => void,
): Promise<Refusal | null> {
  const parsed = DeviceEventPayloadSchema.safeParse(body);
  if (!parsed.success) return refusalOf(parsed.error.issues);
  const { ts, type } = parsed.data;
  const time = checkDeviceTime(ts, receivedAt);
  if (time !== 'ok') return { reason: time, detail: `ts ${ts}` };
  const [column, value] = EFFECT[type];
  await db.tx(async (q) => {
    // Events of one device are applied one at a time: without the row lock, two concurrent
    // transactions each miss the other's uncommitted event and a late one can win.
    await q.query('SELECT 1 FROM device WHERE dev_no = $1 FOR UPDATE', [device.id]);
    await q.query(
      `INSERT INTO device_event (device_id, tenant_id, type, ts, received_at) VALUES ($1,$2,$3,$4,$5) ON CONFLICT DO NOTHING`,
      [device.id, device.tenantId, type, ts, receivedAt],
    );
    await q.query(
      `UPDATE device SET ${column} = $2 WHERE dev_no = $1
         AND NOT EXISTS (SELECT 1 FROM device_event WHERE device_id = $1 AND type = ANY($3::text[]) AND ts > $4)`,
      [device.id, value, PAIR[column], ts],
    );
  });
  onStored?.({ deviceId: device.id, tenantId: device.tenantId, type, ts, receivedAt });
  return null;
}

/** Stores a `ztj/devices/{id}/acks` message in the device log (kind `ack`). */
export async function recordAck(db: Db, device: RegisteredDevice, body: unknown): Promise<Refusal | null> {
  const parsed = CommandAckPayloadSchema.safeParse(body);
  if (!parsed.success) return refusalOf(parsed.error.issues);
  const a = parsed.data;
  await db.query(
    `INSERT INTO device_log (device_id, tenant_id, kind, cmd_id, content, ok) VALUES ($1,$2,'ack',$3,$4,$5)`,
    [device.id, device.tenantId, a.cmdId, JSON.stringify(a), a.ok],
  );
  return null;
}
