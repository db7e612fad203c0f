import { COMPLIANCE_WINDOW_HOURS, DEVICE_MAP_LIMIT, DEVICE_PERMS, type BigScreenData } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import { onlineSql } from '../devices/devices.repo';
import { dashboardStats } from './dashboard.figures';
import { warehousePositions } from './dashboard.warehouses';

/**
 * Data of the big-data screen (SPEC §2): the dashboard figures, devices with a
 * position, warehouses and the temperature compliance rate. Live changes reach the screen over the
 * console WebSocket (telemetry frames, alarm notices); this is its initial load and periodic refresh.
 */

/** Devices of the tenant with a last position (WGS-84), newest report first, at most DEVICE_MAP_LIMIT. */
async function devicePositions(
  q: Queryable,
  tenantId: number,
  now: number,
): Promise<NonNullable<BigScreenData['devices']>> {
  const rows = await q.query<{
    id: string;
    name: string;
    kind: string;
    online: boolean;
    lat: number;
    lng: number;
    ts: string | number | null;
  }>(
    `SELECT d.dev_no AS id, coalesce(nullif(d.alias, ''), d.name) AS name, d.kind, ${onlineSql('$2')} AS online,
            d.last_lat AS lat, d.last_lng AS lng, d.last_ts AS ts
       FROM device d WHERE d.tenant_id = $1 AND d.last_lat IS NOT NULL AND d.last_lng IS NOT NULL
      ORDER BY d.last_ts DESC NULLS LAST, d.dev_no LIMIT ${DEVICE_MAP_LIMIT}`,
    [tenantId, now],
  );
  return rows.map((r) => ({ ...r, ts: r.ts === null ? null : Number(r.ts) }));
}

/**
 * An alarm `a` on the temperature: its type is P003, or it is a duration (T001, "sustained
 * excursion") whose inner threshold/range watches P003 in the template's or scene's conditions.
 */
const TEMPERATURE_ALARM = `(a.alarm_type = 'P003' OR (a.alarm_type = 'T001' AND 'P003' = COALESCE(
    (SELECT r.content #>> ARRAY['conditions', a.condition_index::text, 'condition', 'param'] FROM alarm_rule_template r WHERE a.rule_source = 'template' AND r.id = a.rule_id),
    (SELECT r.rule #>> ARRAY['conditions', a.condition_index::text, 'condition', 'param'] FROM alarm_scene r WHERE a.rule_source = 'scene' AND r.id = a.rule_id))))`;

/**
 * Temperature compliance rate (definition in the contracts' `ComplianceSchema`): readings of the
 * last {@link COMPLIANCE_WINDOW_HOURS} hours carrying P003, and how many of them lie outside every
 * temperature alarm episode (P003, or a sustained excursion over P003) of their device (false alarms, flag 0, excepted). The episode lookup uses
 * `alarm_device_time_idx (device_id, start_ts)`.
 */
export async function temperatureCompliance(
  q: Queryable,
  tenantId: number,
  now: number,
): Promise<NonNullable<BigScreenData['compliance']>> {
  const since = now - COMPLIANCE_WINDOW_HOURS * 3_600_000;
  const [r] = await q.query<{ total: number; in_limits: number }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE NOT EXISTS (
              SELECT 1 FROM alarm a
               WHERE a.device_id = t.device_id AND a.tenant_id = $1 AND ${TEMPERATURE_ALARM} AND a.flag <> 0
                 AND a.start_ts <= t.ts AND (a.end_ts IS NULL OR a.end_ts >= t.ts)))::int AS in_limits
       FROM device d JOIN telemetry t ON t.device_id = d.dev_no
      WHERE d.tenant_id = $1 AND t.ts >= $2 AND t.ts <= $3 AND t."values" ? 'P003'`,
    [tenantId, since, now],
  );
  const total = r?.total ?? 0;
  const inLimits = r?.in_limits ?? 0;
  return { windowHours: COMPLIANCE_WINDOW_HOURS, total, inLimits, rate: total > 0 ? inLimits / total : null };
}

/** Everything the big screen shows for a caller holding `codes`; `now` ms epoch. */
export async function bigScreenData(
  q: Queryable,
  tenantId: number,
  codes: ReadonlySet<string>,
  now = Date.now(),
): Promise<BigScreenData> {
  const devicesAllowed = codes.has(DEVICE_PERMS.list);
  const [stats, devices, warehouses, compliance] = await Promise.all([
    dashboardStats(q, tenantId, codes, now),
    devicesAllowed ? devicePositions(q, tenantId, now) : null,
    warehousePositions(q, tenantId),
    devicesAllowed ? temperatureCompliance(q, tenantId, now) : null,
  ]);
  return { stats, devices, warehouses, compliance, now };
}
