import type { Db } from '../src/platform/db/db';
import type { RealtimeHub } from '../src/platform/realtime/hub';
import type { TelemetryRow } from '../src/modules/telemetry/telemetry-store';

/**
 * Raise-to-WebSocket latency of the ingest bench: a console user of the bench
 * tenant with `alarm:list` holds an open socket on the bench's hub; for every `raised` message it
 * receives, the time from the commit of the reading that raised the alarm to the send is taken
 * (matched once the run is over).
 */
export interface AlarmWsProbe {
  /** Remembers the commit time of each committed reading (call from the ingest's onCommitted). */
  committed(rows: readonly Pick<TelemetryRow, 'deviceId' | 'ts'>[], at: number): void;
  /** Forgets the raises seen so far (after the bench's warm-up). */
  reset(): void;
  /** p99 and count of the raise-to-WebSocket latencies seen, ms. */
  result(): { p99: number; count: number };
}

/** Adds the console user and its socket for `tenantId`; returns the probe. */
export async function startAlarmWsProbe(
  db: Db,
  hub: RealtimeHub,
  tenantId: number,
  run: string,
): Promise<AlarmWsProbe> {
  const [perm] = await db.query<{ id: string }>(
    `INSERT INTO sys_permission (id, name, name_en, menu_type, perms) VALUES ($1, 'bench alarm list', 'bench alarm list', 2, 'alarm:list') RETURNING id`,
    [`bench-alarm-list-${run}`],
  );
  const [role] = await db.query<{ id: string }>(
    `INSERT INTO sys_role (tenant_id, role_name, role_code) VALUES ($1, 'bench', $2) RETURNING id`,
    [tenantId, `bench${run}`],
  );
  await db.query('INSERT INTO sys_role_permission (role_id, permission_id) VALUES ($1, $2)', [role!.id, perm!.id]);
  const [user] = await db.query<{ id: string }>(
    `INSERT INTO sys_user (username, realname, password_hash) VALUES ($1, $1, 'x') RETURNING id`,
    [`bench-${run}`],
  );
  await db.query('INSERT INTO sys_user_tenant (user_id, tenant_id) VALUES ($1, $2)', [user!.id, tenantId]);
  await db.query('INSERT INTO sys_user_role (user_id, role_id) VALUES ($1, $2)', [user!.id, role!.id]);

  // per device, the device time and commit time of each committed reading, in typed arrays that
  // grow by doubling: no object per row or per batch (the probe runs in the measured ingest).
  // Exact times, not a range: readings of one device reach the ingest over several connections,
  // so a batch's range may hold a reading the next batch committed
  const seen = new Map<string, { ts: Float64Array; at: Float64Array; n: number }>();
  const commitOf = (deviceId: string, ts: number): number | undefined => {
    const s = seen.get(deviceId);
    if (s) for (let i = 0; i < s.n; i++) if (s.ts[i] === ts) return s.at[i];
    return undefined;
  };
  // the raises as sent, with their send time: parsed and matched in result(), after the run, so
  // the probe's own work stays out of the measured ingest (only raises are kept)
  const raises: { sent: number; text: string }[] = [];
  hub.add(
    user!.id,
    {
      readyState: 1,
      close: () => undefined,
      send(text: string) {
        if (text.startsWith('{"cmd":"alarm","event":"raised"')) raises.push({ sent: Date.now(), text });
      },
    },
    tenantId,
    `bench-${run}`,
  );
  return {
    committed(rows, at) {
      for (const r of rows) {
        let s = seen.get(r.deviceId);
        if (!s) seen.set(r.deviceId, (s = { ts: new Float64Array(64), at: new Float64Array(64), n: 0 }));
        if (s.n === s.ts.length) {
          const grow = (a: Float64Array): Float64Array => {
            const b = new Float64Array(a.length * 2);
            b.set(a);
            return b;
          };
          s.ts = grow(s.ts);
          s.at = grow(s.at);
        }
        s.ts[s.n] = r.ts;
        s.at[s.n] = at;
        s.n++;
      }
    },
    reset() {
      raises.length = 0;
    },
    result() {
      const latencies: number[] = [];
      for (const { sent, text } of raises) {
        const m = JSON.parse(text) as { alarm?: { deviceId: string; raisedTs: number } };
        const at = m.alarm ? commitOf(m.alarm.deviceId, m.alarm.raisedTs) : undefined;
        if (at !== undefined) latencies.push(sent - at);
      }
      const sorted = latencies.sort((a, b) => a - b);
      return {
        p99: sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]! : NaN,
        count: sorted.length,
      };
    },
  };
}
