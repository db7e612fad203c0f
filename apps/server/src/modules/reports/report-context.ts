import { RuleTemplateSchema, type RuleCondition } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import type { Limits } from './stats/excursions';

/** Limits of one parameter with the rule templates they come from. */
export interface ParamLimits extends Limits {
  /** Names of the templates that set a limit on this parameter. */
  sources: string[];
}

/**
 * The limits the device's rule templates set per parameter code: enabled templates
 * bound to the device or to its group; `threshold` conditions (also inside `duration`): comparison
 * 0 greater / 2 greater-equal give the high limit, 1 less / 3 less-equal the low limit; a `range`
 * condition with effect 2 (outside) gives both. "Between" / "inside" conditions alarm within a band
 * and set no limit. Several templates: the tightest limit wins (lowest high, highest low).
 */
export async function deviceLimits(
  q: Queryable,
  tenantId: number,
  deviceId: string,
): Promise<Map<string, ParamLimits>> {
  const rows = await q.query<{ name: string; content: unknown }>(
    `SELECT DISTINCT t.id, t.name, t.content FROM alarm_rule_template t
       JOIN alarm_rule_binding b ON b.template_id = t.id
       JOIN device d ON d.tenant_id = t.tenant_id AND d.dev_no = $2
      WHERE t.tenant_id = $1 AND t.enabled
        AND ((b.target_type = 'device' AND b.target_id = d.dev_no) OR (b.target_type = 'group' AND b.target_id = d.group_id))
      ORDER BY t.name`,
    [tenantId, deviceId],
  );
  const out = new Map<string, ParamLimits>();
  const set = (param: string, side: 'high' | 'low', value: number, inclusive: boolean, source: string): void => {
    const l = out.get(param) ?? out.set(param, { sources: [] }).get(param)!;
    const tighter =
      side === 'high'
        ? l.high === undefined || value < l.high || (value === l.high && inclusive)
        : l.low === undefined || value > l.low || (value === l.low && inclusive);
    if (tighter) {
      if (side === 'high') [l.high, l.highInclusive] = [value, inclusive];
      else [l.low, l.lowInclusive] = [value, inclusive];
    }
    if (!l.sources.includes(source)) l.sources.push(source);
  };
  const walk = (c: RuleCondition, source: string): void => {
    if (c.type === 'duration') return walk(c.condition, source);
    if (c.type === 'threshold') {
      if (c.comparison === 0 || c.comparison === 2) set(c.param, 'high', c.value, c.comparison === 2, source);
      else if (c.comparison === 1 || c.comparison === 3) set(c.param, 'low', c.value, c.comparison === 3, source);
    } else if (c.type === 'range' && c.effect === 2) {
      set(c.param, 'low', c.min, false, source);
      set(c.param, 'high', c.max, false, source);
    }
  };
  for (const r of rows) {
    const parsed = RuleTemplateSchema.safeParse(r.content);
    if (parsed.success) for (const c of parsed.data.conditions) walk(c, r.name);
  }
  return out;
}

/** One alarm of the report's alarm summary. Times ms. */
export interface ReportAlarm {
  id: string;
  alarmType: string;
  ruleName: string;
  severity: string;
  startTs: number;
  endTs: number | null;
  value: number | null;
  peak: number | null;
  status: string;
  processed: boolean;
  processedBy: string | null;
  processedAt: number | null;
  /** Latest process record, if any. */
  lastRecord: string | null;
}

/** Most alarms listed per device (the count is always complete). */
export const REPORT_ALARMS_MAX = 200;

/** Alarms of the device overlapping `start`…`end` (oldest first, at most {@link REPORT_ALARMS_MAX}) and their total. */
export async function deviceAlarms(
  q: Queryable,
  tenantId: number,
  deviceId: string,
  start: number,
  end: number,
): Promise<{ total: number; alarms: ReportAlarm[] }> {
  const where = 'a.tenant_id = $1 AND a.device_id = $2 AND a.start_ts <= $4 AND coalesce(a.end_ts, $4) >= $3';
  const [c] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM alarm a WHERE ${where}`, [
    tenantId,
    deviceId,
    start,
    end,
  ]);
  const rows = await q.query<Record<string, unknown>>(
    `SELECT a.id, a.alarm_type, a.rule_name, a.severity, a.start_ts, a.end_ts, a.value, a.peak, a.status, a.processed, a.processed_by, a.processed_at,
            (SELECT r.content FROM alarm_process_record r WHERE r.alarm_id = a.id ORDER BY r.create_time DESC LIMIT 1) AS last_record
       FROM alarm a WHERE ${where} ORDER BY a.start_ts, a.id LIMIT ${REPORT_ALARMS_MAX}`,
    [tenantId, deviceId, start, end],
  );
  const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  return {
    total: c?.n ?? 0,
    alarms: rows.map((r) => ({
      id: String(r.id),
      alarmType: String(r.alarm_type),
      ruleName: String(r.rule_name),
      severity: String(r.severity),
      startTs: Number(r.start_ts),
      endTs: num(r.end_ts),
      value: num(r.value),
      peak: num(r.peak),
      status: String(r.status),
      processed: Boolean(r.processed),
      processedBy: (r.processed_by as string | null) ?? null,
      processedAt: num(r.processed_at),
      lastRecord: (r.last_record as string | null) ?? null,
    })),
  };
}

/** Tenant name in `lang` (English name when set) and the requester's real name. */
export async function reportParties(
  q: Queryable,
  tenantId: number,
  userId: string,
  lang: 'zh-CN' | 'en-US',
): Promise<{ tenant: string; requester: string }> {
  const [t] = await q.query<{ name: string; name_en: string | null }>(
    'SELECT name, name_en FROM sys_tenant WHERE id = $1',
    [tenantId],
  );
  const [u] = await q.query<{ realname: string | null; username: string }>(
    'SELECT realname, username FROM sys_user WHERE id = $1',
    [userId],
  );
  return {
    tenant: (lang === 'en-US' && t?.name_en) || t?.name || String(tenantId),
    requester: u?.realname || u?.username || '',
  };
}
