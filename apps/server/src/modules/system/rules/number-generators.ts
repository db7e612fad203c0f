import type { FillDateFormat, FillRuleGenerator, FillRuleParams } from '@ztj/contracts';
import type { Queryable } from '../../../platform/db/db';

/** Time zone of the date part of generated numbers (as service-order numbers have it). */
const ZONE = 'Asia/Shanghai';

/** The date part of a number for `format` at `now` (ms), in {@link ZONE}; '' for `none`. */
export function periodOf(format: FillDateFormat, now: number): string {
  if (format === 'none') return '';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(now));
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  const [y, m, d] = [get('year'), get('month'), get('day')];
  switch (format) {
    case 'yyyyMMdd':
      return `${y}${m}${d}`;
    case 'yyMMdd':
      return `${y.slice(2)}${m}${d}`;
    case 'yyyyMM':
      return `${y}${m}`;
  }
}

/** prefix + date part + sequence padded to `digits` (more digits once the sequence outgrows them). */
export function composeNumber(params: FillRuleParams, period: string, sequence: number): string {
  return `${params.prefix}${period}${String(sequence).padStart(params.digits, '0')}`;
}

/** A number generator of the product: whether a candidate is already used, so it is skipped. */
interface NumberGenerator {
  taken(q: Queryable, tenantId: number, candidate: string): Promise<boolean>;
}

const exists = async (q: Queryable, sql: string, params: unknown[]): Promise<boolean> =>
  (await q.query(sql, params)).length > 0;

/**
 * The product's number generators a fill rule may name: waybill numbers (free among the tenant's
 * waybills, as the waybill service's own `WB` + date + sequence), warehouse numbers (unique per
 * tenant) and service-order numbers (unique platform-wide).
 */
export const NUMBER_GENERATORS: Record<FillRuleGenerator, NumberGenerator> = {
  waybillNumber: {
    taken: (q, tenantId, c) => exists(q, 'SELECT 1 FROM waybill WHERE tenant_id = $1 AND number = $2', [tenantId, c]),
  },
  warehouseNumber: {
    taken: (q, tenantId, c) => exists(q, 'SELECT 1 FROM warehouse WHERE tenant_id = $1 AND number = $2', [tenantId, c]),
  },
  serviceOrderNumber: { taken: (q, _tenantId, c) => exists(q, 'SELECT 1 FROM service_order WHERE order_no = $1', [c]) },
};

/** Most sequence values one call skips over numbers already in use. */
const MAX_SKIPS = 1000;

/**
 * The next number of a fill rule: advances the rule's sequence of the current period atomically
 * (`INSERT … ON CONFLICT DO UPDATE … RETURNING`, so concurrent calls never get the same value) and
 * skips values whose number the generator's records already use.
 */
export async function nextRuleNumber(
  q: Queryable,
  rule: { id: string; tenantId: number; generator: FillRuleGenerator; params: FillRuleParams },
  now = Date.now(),
): Promise<string> {
  const period = periodOf(rule.params.dateFormat, now);
  const generator = NUMBER_GENERATORS[rule.generator];
  let candidate = '';
  for (let i = 0; i < MAX_SKIPS; i++) {
    const [row] = await q.query<{ value: string }>(
      `INSERT INTO sys_fill_rule_sequence (rule_id, tenant_id, period, value) VALUES ($1, $2, $3, 1)
       ON CONFLICT (rule_id, period) DO UPDATE SET value = sys_fill_rule_sequence.value + 1 RETURNING value`,
      [rule.id, rule.tenantId, period],
    );
    candidate = composeNumber(rule.params, period, Number(row!.value));
    if (!(await generator.taken(q, rule.tenantId, candidate))) return candidate;
  }
  return candidate;
}
