import { LogRoutes, splitIds, type LogRecord } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';
import { AppError } from '../../platform/http/app-error';
import { listPage, requireAllVisible } from '../../platform/list/list-runner';
import { callerOf, isoOrNull, textOrNull, type ListCaller, type ListSpec } from '../../platform/list/list-spec';
import { LogType } from './logs.repo';

/** Texts of the `log_type` dictionary (SPEC §2 system logs): 1 login, 2 operation. */
const LOG_TYPE_TEXT = {
  '1': { 'zh-CN': '登录日志', 'en-US': 'Login' },
  '2': { 'zh-CN': '操作日志', 'en-US': 'Operation' },
};
/** Texts of the `operate_type` dictionary (OperateType of the contracts). */
const OPERATE_TYPE_TEXT = {
  '1': { 'zh-CN': '查询', 'en-US': 'Query' },
  '2': { 'zh-CN': '添加', 'en-US': 'Add' },
  '3': { 'zh-CN': '更新', 'en-US': 'Update' },
  '4': { 'zh-CN': '删除', 'en-US': 'Delete' },
  '5': { 'zh-CN': '导入', 'en-US': 'Import' },
  '6': { 'zh-CN': '导出', 'en-US': 'Export' },
};

/** System logs of the caller's tenant (SPEC §2 logs): login (1) and operation (2). */
export const LOG_LIST: ListSpec<LogRecord> = {
  name: 'logs',
  from: 'sys_log l',
  select: 'l.*',
  tenantScope: 'l.tenant_id = $tenant',
  idSql: 'l.id',
  fields: {
    logType: {
      sql: 'l.log_type',
      type: 'number',
      label: { 'zh-CN': '日志类型', 'en-US': 'Log type' },
      multi: true,
      options: LOG_TYPE_TEXT,
    },
    logContent: { sql: 'l.log_content', type: 'string', label: { 'zh-CN': '日志内容', 'en-US': 'Content' } },
    operateType: {
      sql: 'l.operate_type',
      type: 'number',
      label: { 'zh-CN': '操作类型', 'en-US': 'Operate type' },
      multi: true,
      options: OPERATE_TYPE_TEXT,
    },
    username: { sql: 'l.username', type: 'string', label: { 'zh-CN': '操作人', 'en-US': 'User' } },
    ip: { sql: 'l.ip', type: 'string', label: { 'zh-CN': 'IP', 'en-US': 'IP' } },
    method: { sql: 'l.method', type: 'string', label: { 'zh-CN': '请求方法', 'en-US': 'Method' } },
    requestUrl: { sql: 'l.request_url', type: 'string', label: { 'zh-CN': '请求路径', 'en-US': 'URL' } },
    createTime: { sql: 'l.create_time', type: 'datetime', label: { 'zh-CN': '创建时间', 'en-US': 'Time' } },
  },
  map: (r) => ({
    id: String(r.id),
    logType: Number(r.log_type),
    logContent: String(r.log_content),
    operateType: r.operate_type === null ? null : Number(r.operate_type),
    userid: textOrNull(r.userid),
    username: textOrNull(r.username),
    ip: textOrNull(r.ip),
    method: textOrNull(r.method),
    requestUrl: textOrNull(r.request_url),
    costTime: r.cost_time === null ? null : Number(r.cost_time),
    createTime: isoOrNull(r.create_time),
  }),
};

/**
 * Deletes logs of the caller's tenant (JeecgBoot's log delete / deleteBatch): login logs only.
 * Operation logs are links of the tenant's record-integrity chain, so deleting
 * one would break verification: they are refused, and leave only by retention.
 * @throws AppError notFound for an id outside the tenant; badRequest logChained for an operation log.
 */
export async function deleteLogs(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  const seen = await requireAllVisible(db, LOG_LIST, ids, caller);
  const chained = await db.query('SELECT 1 FROM sys_log WHERE id::text = ANY($1::text[]) AND log_type <> $2 LIMIT 1', [
    seen,
    LogType.LOGIN,
  ]);
  if (chained.length) throw new AppError('badRequest', 'logChained');
  await db.query('DELETE FROM sys_log WHERE id::text = ANY($1::text[]) AND log_type = $2', [seen, LogType.LOGIN]);
}

export function logRoutes(app: FastifyInstance, db: Db): void {
  registerRoute(app, db, LogRoutes.list, ({ auth, query }) =>
    listPage(db, LOG_LIST, query, callerOf(auth, LogRoutes.list.access)),
  );
  registerRoute(app, db, LogRoutes.delete, async ({ auth, query }) => {
    await deleteLogs(db, [query.id], callerOf(auth, LogRoutes.delete.access));
    return null;
  });
  registerRoute(app, db, LogRoutes.deleteBatch, async ({ auth, query }) => {
    await deleteLogs(db, splitIds(query.ids), callerOf(auth, LogRoutes.deleteBatch.access));
    return null;
  });
}
