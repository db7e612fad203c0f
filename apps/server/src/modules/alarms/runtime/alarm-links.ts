import type { Queryable } from '../../../platform/db/db';
import type { AlarmEvent } from '../engine';
import type { DeviceRules, RuleMeta } from './rule-cache';

/** What a link needs of an event to write (alarm-writes.ts `EventToWrite`). */
interface LinkedWrite {
  e: AlarmEvent;
  d: DeviceRules;
  meta: RuleMeta;
}

/**
 * Links of a silence between alarm rows: an offline alarm and the alarm of another condition of the
 * same device that was active when it was raised, or that the clock raised while it was active
 * (engine `RaisedEvent.linked`). Each row of a pair gets the other's id in `linked_alarm_id`
 * (migration 0095), unless it names one already (the first link stays). One statement per batch,
 * run after the raises are inserted, only when a raise carries links (a silence: rare).
 */
export async function writeSilenceLinks(q: Queryable, raised: readonly LinkedWrite[]): Promise<Map<string, string>> {
  const cols: unknown[][] = Array.from({ length: 9 }, () => []);
  for (const w of raised) {
    if (w.e.kind !== 'raised' || !w.e.linked) continue;
    for (const ref of w.e.linked) {
      const other = w.d.meta.get(ref.ruleId);
      if (!other) continue;
      const row = [
        w.e.deviceId,
        w.meta.source,
        w.meta.plainId,
        w.e.conditionIndex,
        w.e.startTs,
        other.source,
        other.plainId,
        ref.conditionIndex,
        ref.startTs,
      ];
      row.forEach((v, i) => cols[i]!.push(v));
    }
  }
  if (cols[0]!.length === 0) return new Map();
  const rows = await q.query<{ id: string; linked_alarm_id: string }>(
    `WITH p AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::bigint[], $6::text[], $7::text[], $8::int[], $9::bigint[])
         AS p(dev, s1, r1, i1, t1, s2, r2, i2, t2)),
     ids AS (
       SELECT x.id AS a, y.id AS b FROM p
         JOIN alarm x ON x.device_id = p.dev AND x.rule_source = p.s1 AND x.rule_id = p.r1 AND x.condition_index = p.i1 AND x.start_ts = p.t1
         JOIN alarm y ON y.device_id = p.dev AND y.rule_source = p.s2 AND y.rule_id = p.r2 AND y.condition_index = p.i2 AND y.start_ts = p.t2),
     pair AS (
       SELECT DISTINCT ON (id) id, other FROM (SELECT a AS id, b AS other FROM ids UNION ALL SELECT b, a FROM ids) u ORDER BY id, other)
     UPDATE alarm SET linked_alarm_id = pair.other FROM pair
      WHERE alarm.id = pair.id AND alarm.linked_alarm_id IS NULL
     RETURNING alarm.id, alarm.linked_alarm_id`,
    cols,
  );
  return new Map(rows.map((r) => [r.id, r.linked_alarm_id]));
}
