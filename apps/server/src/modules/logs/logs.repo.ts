import type { Queryable } from '../../platform/db/db';

/** Log types of `sys_log` (SPEC §2 system logs): 1 login, 2 operation. */
export const LogType = { LOGIN: 1, OPERATION: 2 } as const;
/** Operate types of login logs: sign-in, sign-out, failed sign-in. */
export const LoginOperation = { LOGIN: 1, LOGOUT: 2, FAILED: 3 } as const;

export interface LogEntry {
  logType: (typeof LogType)[keyof typeof LogType];
  content: string;
  operateType?: number | null;
  tenantId?: number | null;
  userId?: string | null;
  username?: string | null;
  ip?: string | null;
  method?: string | null;
  url?: string | null;
  costMs?: number | null;
  /** Request body with secrets redacted (operation logs). */
  requestParam?: string | null;
  /** Administered entity before / after the change (JSON), null when not captured. */
  dataBefore?: unknown;
  dataAfter?: unknown;
}

/** Appends one login or operation log row. */
export async function writeLog(q: Queryable, e: LogEntry): Promise<void> {
  await q.query(
    `INSERT INTO sys_log (tenant_id, log_type, log_content, operate_type, userid, username, ip, method, request_url, cost_time, request_param, data_before, data_after)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12::jsonb,$13::jsonb)`,
    [
      e.tenantId ?? null,
      e.logType,
      e.content,
      e.operateType ?? null,
      e.userId ?? null,
      e.username ?? null,
      e.ip ?? null,
      e.method ?? null,
      e.url ?? null,
      e.costMs ?? null,
      e.requestParam ?? null,
      e.dataBefore == null ? null : JSON.stringify(e.dataBefore),
      e.dataAfter == null ? null : JSON.stringify(e.dataAfter),
    ],
  );
}
