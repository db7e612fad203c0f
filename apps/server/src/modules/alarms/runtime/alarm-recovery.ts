import type { Db } from '../../../platform/db/db';
import { nextDeadline } from '../engine';
import type { QueuedReading } from './alarm-batch';
import { decodeEngineState } from './engine-state-codec';
import type { DeviceRules } from './rule-cache';

/**
 * What the alarm runtime reads back at start: the
 * engine states themselves are read with each batch, so only two things are needed here — which
 * devices hold a timer and when it falls due (the clock's deadlines), and readings that were
 * committed but never evaluated (the process stopped between the ingest's commit and the alarm
 * batch): telemetry rows received after the device's `evaluated_received_at`, within
 * {@link CATCH_UP_WINDOW_MS}. Evaluating them again is harmless: the engine treats readings at or
 * before its last seen time as back-fill, and its episode memory plus the alarm table's unique
 * episode key refuse raising anything twice.
 */

/** How far back the start-up catch-up looks (device time and receive time), ms: 24 h. */
export const CATCH_UP_WINDOW_MS = 24 * 3600_000;
/** Most readings the catch-up reads at one start. */
export const CATCH_UP_MAX_ROWS = 200_000;

/**
 * The clock's deadlines at start (engine `nextDeadline` of each stored state, null when none) of
 * the devices whose stored engine state holds a timer — an active alarm (reminders, escalation,
 * clear delay) or a pending condition (alarm delay, duration) — and of `offlineIds` (devices with
 * an offline condition: their silence is timed from their last reading). The stored form leaves
 * empty fields out (engine-state-codec.ts), so a timer is a field present with its non-null type.
 * One statement; devices that carry no rules any more are left out.
 */
export async function deadlinesAtStart(
  db: Db,
  offlineIds: readonly string[],
  rulesOf: (deviceId: string) => DeviceRules | undefined,
): Promise<Map<string, number | null>> {
  const rows = await db.query<{ device_id: string; state: unknown }>(
    `SELECT device_id, state FROM alarm_engine_state s
      WHERE device_id = ANY($1::text[])
         OR EXISTS (SELECT 1 FROM json_each(s.state->'conditions') c
                     WHERE json_typeof(c.value->'active') = 'object' OR json_typeof(c.value->'pendingSince') = 'number')`,
    [offlineIds],
  );
  const deadlines = new Map<string, number | null>();
  for (const r of rows) {
    const d = rulesOf(r.device_id);
    if (d) deadlines.set(r.device_id, nextDeadline(decodeEngineState(r.state), d.rules));
  }
  return deadlines;
}

/**
 * Readings of `deviceIds` committed but not evaluated (see the module comment), in device and
 * device-time order. Devices without a stored state are not caught up: their readings arrived
 * before they carried rules, or before their first evaluation, which the ingest then did not owe.
 */
export async function unevaluatedReadings(
  db: Db,
  deviceIds: readonly string[],
  now = Date.now(),
): Promise<{ deviceId: string; reading: QueuedReading }[]> {
  if (!deviceIds.length) return [];
  const since = now - CATCH_UP_WINDOW_MS;
  const rows = await db.query<{
    device_id: string;
    ts: string | number;
    received_at: string | number;
    lat: number | null;
    lng: number | null;
    values: Record<string, number | boolean | string> | string;
  }>(
    `SELECT t.device_id, t.ts, t.received_at, t.lat, t.lng, t."values"
       FROM alarm_engine_state s
       JOIN telemetry t ON t.device_id = s.device_id AND t.ts >= $2 AND t.received_at >= $2
      WHERE s.device_id = ANY($1::text[]) AND t.received_at > COALESCE(s.evaluated_received_at, 0)
      ORDER BY t.device_id, t.ts
      LIMIT ${CATCH_UP_MAX_ROWS}`,
    [deviceIds, since],
  );
  return rows.map((r) => ({
    deviceId: r.device_id,
    reading: {
      ts: Number(r.ts),
      receivedAt: Number(r.received_at),
      lat: r.lat,
      lng: r.lng,
      values:
        typeof r.values === 'string' ? (JSON.parse(r.values) as Record<string, number | boolean | string>) : r.values,
    },
  }));
}
