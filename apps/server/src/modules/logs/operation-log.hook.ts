import { HEADER_TENANT, HEADER_TOKEN, OperateType } from '@ztj/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashToken } from '../../platform/auth/tokens';
import type { Db } from '../../platform/db/db';
import { LogType, writeLog } from './logs.repo';
import { captureBefore, changeOf } from '../ledger/audit-snapshot';

/** Last path segments of add / edit / delete / import operations, with their operate type. */
const OPERATIONS: [RegExp, number][] = [
  [/^importExcel$/i, OperateType.IMPORT],
  [/^(delete\w*|del)$/i, OperateType.DELETE],
  [/^(add\w*)$/i, OperateType.ADD],
  [/^(edit\w*|update|frozenBatch|putRecycleBin|changePassword|save\w*|datarule|settings)$/i, OperateType.EDIT],
];
/** Sign-in family routes write their own login logs. */
const SKIP = /\/sys\/(login|logout|selectDepart|selectTenant|user\/updatePassword|common\/upload)$/;
const SECRET_KEYS = /password|token|secret/i;

/** The operate type of a mutating route path; undefined when it is not one. */
export function operationOf(method: string, routeUrl: string): number | undefined {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || SKIP.test(routeUrl)) return undefined;
  const last =
    routeUrl
      .split('/')
      .filter((s) => s && !s.startsWith(':'))
      .pop() ?? '';
  return OPERATIONS.find(([re]) => re.test(last))?.[1];
}

function redactedBody(req: FastifyRequest): string | null {
  if (!req.body || typeof req.body !== 'object') return null;
  const clean = JSON.stringify(req.body, (k, v: unknown) => (SECRET_KEYS.test(k) ? '***' : v));
  return clean.length > 2000 ? `${clean.slice(0, 2000)}…` : clean;
}

function isSuccess(payload: unknown): boolean {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return false;
  try {
    return (JSON.parse(payload) as { success?: unknown }).success === true;
  } catch {
    return false;
  }
}

/**
 * The one operation-log hook: every successful add / edit / delete / import answered
 * under the API writes a `sys_log` row of type 2 with the caller, tenant, route, redacted body and
 * time taken — no route writes its own. A logging failure never fails the request. Edits and
 * deletes of administered entities also record the entity before and after (ledger/audit-snapshot.ts).
 */
export function installOperationLog(app: FastifyInstance, db: Db, basePath: string): void {
  const routeOf = (req: FastifyRequest): string => {
    const full = req.routeOptions.url ?? '';
    return full.startsWith(basePath) ? full.slice(basePath.length) : full;
  };
  app.addHook('preHandler', async (req) => {
    const url = routeOf(req);
    await captureBefore(db, req, url, operationOf(req.method, url)).catch((err: Error) =>
      req.log.warn({ err }, 'audit snapshot not taken'),
    );
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const full = req.routeOptions.url ?? '';
    const url = full.startsWith(basePath) ? full.slice(basePath.length) : full;
    const operateType = operationOf(req.method, url);
    if (operateType === undefined || reply.statusCode !== 200 || !isSuccess(payload)) return payload;
    const token = req.headers[HEADER_TOKEN.toLowerCase()];
    if (typeof token !== 'string' || !token) return payload;
    try {
      const session = await db.one<{ user_id: string; tenant_id: number; username: string }>(
        `SELECT s.user_id, s.tenant_id, u.username FROM sys_session s JOIN sys_user u ON u.id = s.user_id WHERE s.token_hash = $1`,
        [hashToken(token)],
      );
      if (!session) return payload;
      const header = Number(req.headers[HEADER_TENANT]);
      const tenantId = Number.isInteger(header) && header > 0 ? header : session.tenant_id;
      const change = await changeOf(db, req, tenantId);
      await writeLog(db, {
        logType: LogType.OPERATION,
        content: `${req.method} ${url}`,
        operateType,
        tenantId,
        userId: session.user_id,
        username: session.username,
        ip: req.ip,
        method: req.method,
        url,
        costMs: Math.round(reply.elapsedTime),
        requestParam: redactedBody(req),
        dataBefore: change.before,
        dataAfter: change.after,
      });
    } catch (err) {
      req.log.warn({ err }, 'operation log not written');
    }
    return payload;
  });
}
