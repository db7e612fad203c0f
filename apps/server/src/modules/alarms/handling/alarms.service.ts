import type { AlarmRecord, AlarmStats, CommentRecord, ProcessAdd, ProcessRecord } from '@ztj/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db, Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { ALARM_COLUMNS, alarmRecordOf, type AlarmRow } from '../runtime/alarm-row';
import type { AlarmRuntime } from '../runtime/alarm-runtime';
import { processRecordOf } from './alarms.list';

/**
 * Alarm handling (SPEC §2 alarm list, process and comment drawers; §5 process
 * record 1-500 characters; §7 comments, alarm statistics, process records add). Every query is
 * scoped to the caller's tenant: another tenant's alarm is simply "not found".
 */

const DAY_MS = 24 * 3600_000;

/** One alarm of the caller's tenant (row-locked inside a transaction when `lock`). @throws AppError notFound */
async function alarmRow(q: Queryable, tenantId: number, id: string, lock = false): Promise<AlarmRow> {
  const [row] = await q.query<AlarmRow>(
    `SELECT ${ALARM_COLUMNS} FROM alarm a LEFT JOIN device d ON d.dev_no = a.device_id WHERE a.id = $1 AND a.tenant_id = $2${lock ? ' FOR UPDATE OF a' : ''}`,
    [id, tenantId],
  );
  if (!row) throw new AppError('notFound', 'notFound');
  return row;
}

/** `queryById`. @throws AppError notFound */
export async function viewAlarm(db: Db, auth: AuthContext, id: string): Promise<AlarmRecord> {
  return alarmRecordOf(await alarmRow(db, auth.tenantId, id));
}

/** Comments of an alarm, oldest first. @throws AppError notFound (alarm of another tenant or missing) */
export async function listComments(db: Db, auth: AuthContext, alarmId: string): Promise<CommentRecord[]> {
  await alarmRow(db, auth.tenantId, alarmId);
  const rows = await db.query<{
    id: string;
    alarm_id: string;
    content: string;
    create_by: string;
    create_time: string | number;
  }>(
    'SELECT id, alarm_id, content, create_by, create_time FROM alarm_comment WHERE alarm_id = $1 AND tenant_id = $2 ORDER BY create_time, id',
    [alarmId, auth.tenantId],
  );
  return rows.map((r) => ({
    id: r.id,
    alarmId: r.alarm_id,
    content: r.content,
    createBy: r.create_by,
    createTime: Number(r.create_time),
  }));
}

/** Adds a comment (1-500 characters, checked by the contract). @throws AppError notFound */
export async function addComment(db: Db, auth: AuthContext, alarmId: string, content: string): Promise<CommentRecord> {
  await alarmRow(db, auth.tenantId, alarmId);
  const now = Date.now();
  const [r] = await db.query<{ id: string }>(
    'INSERT INTO alarm_comment (tenant_id, alarm_id, content, create_by, create_time) VALUES ($1,$2,$3,$4,$5) RETURNING id',
    [auth.tenantId, alarmId, content, auth.username, now],
  );
  return { id: r!.id, alarmId, content, createBy: auth.username, createTime: now };
}

/**
 * `process/add`: in one transaction, the record and the alarm's processed / flag / processed_by /
 * processed_at (a second process of the same alarm adds another record and updates the flag);
 * then the engine state is marked processed (reminders stop) and the console is told
 * (`processed`). @throws AppError notFound
 */
export async function processAlarm(
  db: Db,
  alarms: AlarmRuntime,
  auth: AuthContext,
  body: ProcessAdd,
): Promise<ProcessRecord> {
  const now = Date.now();
  const { row, recordId } = await db.tx(async (q) => {
    await alarmRow(q, auth.tenantId, body.alarmId, true);
    const [rec] = await q.query<{ id: string }>(
      'INSERT INTO alarm_process_record (tenant_id, alarm_id, content, flag, create_by, create_time) VALUES ($1,$2,$3,$4,$5,$6) RETURNING id',
      [auth.tenantId, body.alarmId, body.content, body.flag, auth.username, now],
    );
    await q.query(
      'UPDATE alarm SET processed = true, flag = $3, processed_by = $4, processed_at = $5 WHERE id = $1 AND tenant_id = $2',
      [body.alarmId, auth.tenantId, body.flag, auth.username, now],
    );
    return { row: await alarmRow(q, auth.tenantId, body.alarmId), recordId: rec!.id };
  });
  await alarms.markProcessed(
    row.device_id,
    `${row.rule_source}:${row.rule_id}`,
    Number(row.condition_index),
    Number(row.start_ts),
  );
  alarms.announceProcessed(auth.tenantId, alarmRecordOf(row));
  return processRecordOf({
    id: recordId,
    alarm_id: row.id,
    device_id: row.device_id,
    alarm_type: row.alarm_type,
    severity: row.severity,
    start_ts: row.start_ts,
    content: body.content,
    flag: body.flag,
    create_by: auth.username,
    create_time: now,
  });
}

/**
 * Batch flag without a record (SPEC §4: 0 non-alarm, 1 alarm, 3 ignore), all or nothing. Flag 0
 * or 3 also stops the repeat reminders and escalation of each alarm in the engine (the alarm stays
 * unprocessed and queryable); flag 1 leaves the engine as it is.
 * @throws AppError notFound when any id is not the tenant's (nothing is changed then)
 */
export async function flagAlarms(
  db: Db,
  alarms: AlarmRuntime,
  auth: AuthContext,
  ids: string[],
  flag: 0 | 1 | 3,
): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await db.tx(async (q) => {
    const updated = await q.query<{
      device_id: string;
      rule_source: string;
      rule_id: string;
      condition_index: number;
      start_ts: string | number;
    }>(
      'UPDATE alarm SET flag = $3 WHERE id = ANY($1::text[]) AND tenant_id = $2 RETURNING device_id, rule_source, rule_id, condition_index, start_ts',
      [unique, auth.tenantId, flag],
    );
    if (updated.length !== unique.length) throw new AppError('notFound', 'notFound');
    return updated;
  });
  if (flag === 1) return;
  await Promise.all(
    rows.map((r) =>
      alarms.markProcessed(r.device_id, `${r.rule_source}:${r.rule_id}`, Number(r.condition_index), Number(r.start_ts)),
    ),
  );
}

/**
 * Statistics (SPEC §7): counts by alarm type, severity and day (`YYYY-MM-DD` in the database's
 * time zone) of the alarms that started within [beginTime, endTime] (device ms; default the last
 * 7 days), optionally of one device.
 */
export async function alarmStatistics(
  db: Db,
  auth: AuthContext,
  query: { beginTime?: number; endTime?: number; deviceId?: string },
): Promise<AlarmStats> {
  const end = query.endTime ?? Date.now();
  const begin = query.beginTime ?? end - 7 * DAY_MS;
  const where = 'tenant_id = $1 AND start_ts >= $2 AND start_ts <= $3 AND ($4::text IS NULL OR device_id = $4)';
  const params = [auth.tenantId, begin, end, query.deviceId ?? null];
  const [totals] = await db.query<{ total: number; active: number; unprocessed: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'active')::int AS active,
            count(*) FILTER (WHERE NOT processed AND flag <> 3)::int AS unprocessed FROM alarm WHERE ${where}`,
    params,
  );
  const byType = await db.query<{ alarmType: string; count: number }>(
    `SELECT alarm_type AS "alarmType", count(*)::int AS count FROM alarm WHERE ${where} GROUP BY alarm_type ORDER BY count DESC, alarm_type`,
    params,
  );
  const bySeverity = await db.query<{ severity: AlarmStats['bySeverity'][number]['severity']; count: number }>(
    `SELECT severity, count(*)::int AS count FROM alarm WHERE ${where} GROUP BY severity ORDER BY severity`,
    params,
  );
  const byDay = await db.query<{ day: string; count: number }>(
    `SELECT to_char(to_timestamp(start_ts / 1000.0), 'YYYY-MM-DD') AS day, count(*)::int AS count FROM alarm WHERE ${where} GROUP BY 1 ORDER BY 1`,
    params,
  );
  return {
    total: totals?.total ?? 0,
    active: totals?.active ?? 0,
    unprocessed: totals?.unprocessed ?? 0,
    byType,
    bySeverity,
    byDay,
  };
}
