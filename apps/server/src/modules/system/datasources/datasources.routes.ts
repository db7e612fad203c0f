import {
  DataSourceRoutes,
  formatMessage,
  type DataSourceTest,
  type DataSourceTestResult,
  type Language,
} from '@ztj/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Config } from '../../../platform/config/config';
import { crudOperations, registerCrudRoutes } from '../../../platform/crud/crud-routes';
import type { Db } from '../../../platform/db/db';
import { registerExportRoute } from '../../../platform/exports/export-route';
import { listExporter } from '../../../platform/exports/export-registry';
import { registerRoute } from '../../../platform/http/register-route';
import { callerOf } from '../../../platform/list/list-spec';
import { LogType, writeLog } from '../../logs/logs.repo';
import { probeConnection } from './datasource-connect';
import { dataSourceKey } from './datasource-secret';
import * as sources from './datasources.service';

/**
 * Data sources (SPEC §2 system → data sources, §7 `dataSource`; JeecgBoot
 * `/sys/dataSource/*`): list, one, add, edit, delete, batch delete, export and test connection —
 * each tenant-scoped and under its own permission code, which only administrator roles hold.
 * Passwords are stored encrypted ({@link dataSourceKey}) and no answer, log or export carries one.
 */
export function dataSourceRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
  env: Record<string, string | undefined> = process.env,
): void {
  const R = DataSourceRoutes;
  let cached: Buffer | undefined;
  const key = (): Buffer => (cached ??= dataSourceKey(env, config.dataDir));
  registerCrudRoutes(app, db, R, crudOperations(sources.dataSourceCrud(key)));
  registerExportRoute(
    app,
    db,
    R.exportXls,
    listExporter({
      key: R.exportXls.path,
      list: sources.DATA_SOURCE_LIST,
      permission: R.list.access,
      title: { 'zh-CN': '数据源', 'en-US': 'Data sources' },
      fileBase: { 'zh-CN': '数据源', 'en-US': 'data-sources' },
    }),
  );
  registerRoute(app, db, R.testConnection, ({ auth, body, lang, req }) =>
    testConnection(db, key, auth, body, lang, req),
  );
}

/**
 * Test connection: the password is the one submitted, else (with `id`) the stored one; connects to
 * the host given, answers whether it worked, and writes one operation-log row (without password).
 */
async function testConnection(
  db: Db,
  key: () => Buffer,
  auth: AuthContext,
  body: DataSourceTest,
  lang: Language,
  req: FastifyRequest,
): Promise<DataSourceTestResult> {
  const caller = callerOf(auth, DataSourceRoutes.list.access);
  const password = body.dbPassword || (body.id ? await sources.storedPassword(db, key(), body.id, caller) : '');
  const started = Date.now();
  const outcome = await probeConnection({
    dbType: body.dbType,
    host: body.host,
    port: body.port,
    dbName: body.dbName,
    dbUsername: body.dbUsername,
    password,
  });
  const elapsedMs = Date.now() - started;
  const target = `${body.dbType}://${body.dbUsername}@${body.host}:${body.port}/${body.dbName}`;
  await writeLog(db, {
    logType: LogType.OPERATION,
    content: `data source connection test ${target}${body.id ? ` (id ${body.id})` : ''}: ${outcome.ok ? 'ok' : `failed: ${outcome.reason}`}`,
    tenantId: auth.tenantId,
    userId: auth.userId,
    username: auth.username,
    ip: req.ip,
    method: req.method,
    url: DataSourceRoutes.testConnection.path,
    costMs: elapsedMs,
  });
  return outcome.ok
    ? { ok: true, message: formatMessage('dataSourceConnected', lang), elapsedMs }
    : { ok: false, message: formatMessage('dataSourceConnectFailed', lang, { reason: outcome.reason }), elapsedMs };
}
