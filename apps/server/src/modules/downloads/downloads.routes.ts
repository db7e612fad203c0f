import { DownloadCenterRoutes as R, type ExportFile, type ExportFileType, type ExportStatus } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';
import { exportsOf } from '../../platform/exports/export-route';
import { callerOf, type ListSpec } from '../../platform/list/list-spec';
import { listPage } from '../../platform/list/list-runner';
import { registerRawRoute } from '../../platform/list/raw-route';

/** The API record of an `export_file` row. */
function exportFileOf(r: Record<string, unknown>): ExportFile {
  const status = r.status as ExportStatus;
  return {
    id: String(r.id),
    number: Number(r.number),
    fileType: r.file_type as ExportFileType,
    fileName: String(r.file_name),
    description: String(r.description),
    status,
    progress: status === 'success' ? 100 : Number(r.progress),
    result: r.result === null || r.result === undefined ? null : String(r.result),
    size: r.size === null || r.size === undefined ? null : Number(r.size),
    createTime: Number(r.create_time),
    finishTime: r.finish_time === null || r.finish_time === undefined ? null : Number(r.finish_time),
    expiresAt: Number(r.expires_at),
  };
}

/** The caller's export files (`userId` is set by the route from the session, never by the client). */
export const DOWNLOAD_LIST: ListSpec<ExportFile> = {
  name: 'downloadCenter',
  from: 'export_file f',
  select: 'f.*',
  tenantScope: 'f.tenant_id = $tenant',
  idSql: 'f.id',
  defaultSort: { field: 'createTime', order: 'desc' },
  params: { ownerId: 'f.user_id = ?' },
  fields: {
    fileType: { sql: 'f.file_type', type: 'string', label: { 'zh-CN': '文件类型', 'en-US': 'File type' }, multi: true },
    fileName: { sql: 'f.file_name', type: 'string', label: { 'zh-CN': '文件名', 'en-US': 'File name' } },
    status: { sql: 'f.status', type: 'string', label: { 'zh-CN': '状态', 'en-US': 'Status' }, multi: true },
    createTime: {
      sql: 'f.create_time',
      type: 'number',
      label: { 'zh-CN': '申请时间', 'en-US': 'Requested' },
      epochMs: true,
    },
  },
  map: exportFileOf,
};

/**
 * Download center calls (SPEC §2 account → download center): list, one file's
 * state, the file itself (attachment) and delete — each only for the caller's own files.
 */
export function downloadCenterRoutes(app: FastifyInstance, db: Db): void {
  registerRoute(app, db, R.list, ({ auth, query }) =>
    listPage(db, DOWNLOAD_LIST, { ...query, ownerId: auth.userId }, callerOf(auth)),
  );
  registerRoute(app, db, R.view, async ({ auth, query, req }) =>
    exportFileOf(await exportsOf(req).rowOf(auth, query.id)),
  );
  registerRawRoute(app, db, R.download, async ({ auth, query, req }) => {
    const file = await exportsOf(req).fileOf(auth, query.id);
    return { kind: 'file', fileName: file.fileName, body: file.body };
  });
  registerRoute(app, db, R.delete, async ({ auth, query, req }) => {
    await exportsOf(req).delete(
      auth,
      query.ids
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );
    return null;
  });
}
