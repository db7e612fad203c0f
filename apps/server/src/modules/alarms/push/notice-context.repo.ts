import { RuleTemplateSchema, type RuleCondition } from '@ztj/contracts';
import type { Queryable } from '../../../platform/db/db';

/**
 * What alarm notices read besides the alarm (SPEC §2 alarms and push): the tenant's time zone
 * (`sys_tenant.time_zone`, migration 0098; none → Asia/Shanghai), the name of the location or route of
 * a position condition, and — for a push re-queued after a restart — the rule condition that raised
 * the alarm, read from the stored template or scene.
 */

/** How long a tenant's time zone is reused, ms. */
export const ZONE_TTL_MS = 60_000;

/** Cached zones per database handle (an app's own), then per tenant: another app's database is read for itself. */
const zonesOf = new WeakMap<Queryable, Map<number, { at: number; zone: Promise<string | null> }>>();

/**
 * The IANA time zone of `tenantId` (cached {@link ZONE_TTL_MS} per database handle `db`); null when
 * unset or unreadable (the caller's default applies, at last `NOTICE_DEFAULT_TIME_ZONE` Asia/Shanghai).
 */
export function tenantTimeZone(db: Queryable, tenantId: number, now = Date.now()): Promise<string | null> {
  let zones = zonesOf.get(db);
  if (!zones) zonesOf.set(db, (zones = new Map()));
  const hit = zones.get(tenantId);
  if (hit && now - hit.at < ZONE_TTL_MS) return hit.zone;
  const zone = Promise.resolve()
    .then(() => db.query<{ time_zone: string | null }>('SELECT time_zone FROM sys_tenant WHERE id = $1', [tenantId]))
    .then(([r]) => r?.time_zone?.trim() || null)
    .catch(() => {
      zones.delete(tenantId);
      return null;
    });
  zones.set(tenantId, { at: now, zone });
  return zone;
}

/** Name of the location (geofence, dwell) or route (route deviation) of `condition`; null for other kinds or a deleted place. */
export async function placeNameOf(
  db: Queryable,
  tenantId: number,
  condition: RuleCondition | null | undefined,
): Promise<string | null> {
  let table: string;
  let id: string;
  if (condition?.type === 'geofence' || condition?.type === 'dwell') {
    table = 'logistics_location';
    id = condition.locationId;
  } else if (condition?.type === 'routeDeviation') {
    table = 'logistics_route';
    id = condition.routeId;
  } else return null;
  const [r] = await db.query<{ name: string }>(`SELECT name FROM ${table} WHERE id = $1 AND tenant_id = $2`, [
    id,
    tenantId,
  ]);
  return r?.name ?? null;
}

/** How long the parsed conditions of a rule are reused, ms. */
export const CONDITIONS_TTL_MS = 10_000;

const conditions = new Map<string, { at: number; list: Promise<readonly RuleCondition[] | null> }>();

/**
 * The condition number `index` of a stored template (`content`) or scene (`rule`), parsed as the
 * alarm runtime parses it (a rule's conditions are reused {@link CONDITIONS_TTL_MS}); null when the
 * rule is gone, no longer parses or cannot be read.
 */
export async function storedCondition(
  db: Queryable,
  source: 'template' | 'scene',
  ruleId: string,
  index: number,
  now = Date.now(),
): Promise<RuleCondition | null> {
  const key = `${source}:${ruleId}`;
  let hit = conditions.get(key);
  if (!hit || now - hit.at >= CONDITIONS_TTL_MS) {
    const list = readConditions(db, source, ruleId).catch(() => {
      conditions.delete(key);
      return null;
    });
    hit = { at: now, list };
    conditions.set(key, hit);
    if (conditions.size > 1000) conditions.delete(conditions.keys().next().value as string);
  }
  return (await hit.list)?.[index] ?? null;
}

async function readConditions(
  db: Queryable,
  source: 'template' | 'scene',
  ruleId: string,
): Promise<readonly RuleCondition[] | null> {
  const [r] = await db.query<{ content: unknown }>(
    source === 'scene'
      ? 'SELECT rule AS content FROM alarm_scene WHERE id = $1'
      : 'SELECT content FROM alarm_rule_template WHERE id = $1',
    [ruleId],
  );
  if (!r) return null;
  const parsed = RuleTemplateSchema.safeParse({
    category: 'environment',
    ...((r.content ?? {}) as Record<string, unknown>),
    name: 'rule',
  });
  return parsed.success ? parsed.data.conditions : null;
}
