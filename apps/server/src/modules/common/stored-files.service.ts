import fs from 'node:fs/promises';
import path from 'node:path';
import type { StoredFileRecord } from '@ztj/contracts';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { resolveStored } from '../../platform/list/files';
import { requireAllVisible } from '../../platform/list/list-runner';
import { AUDIT_LABELS, isoOrNull, textOrNull, type ListCaller, type ListSpec } from '../../platform/list/list-spec';

/**
 * Uploaded files of the caller's tenant (SPEC §2 modules → file storage; table `sys_file`,
 * migrations 0032 and 0076). The uploader is the user recorded at upload (`create_by` holds the
 * user id); newest first.
 */
export const STORED_FILE_LIST: ListSpec<StoredFileRecord> = {
  name: 'storedFiles',
  from: 'sys_file f LEFT JOIN sys_user u ON u.id = f.create_by',
  select: 'f.*, u.username AS uploader_username, u.realname AS uploader_realname',
  tenantScope: 'f.tenant_id = $tenant',
  idSql: 'f.id',
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: {
    fileName: { sql: 'f.file_name', type: 'string', label: { 'zh-CN': '文件名称', 'en-US': 'File name' } },
    filePath: { sql: 'f.path', type: 'string', label: { 'zh-CN': '文件路径', 'en-US': 'File path' } },
    biz: { sql: 'f.biz', type: 'string', label: { 'zh-CN': '目录', 'en-US': 'Folder' } },
    fileType: {
      sql: "lower(substring(f.path from '\\.([A-Za-z0-9]+)$'))",
      type: 'string',
      label: { 'zh-CN': '文件类型', 'en-US': 'Type' },
    },
    fileSize: { sql: 'f.file_size', type: 'number', label: { 'zh-CN': '文件大小', 'en-US': 'Size' } },
    createBy: { sql: 'u.username', type: 'string', label: { 'zh-CN': '上传人', 'en-US': 'Uploaded by' } },
    createTime: { sql: 'f.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
  },
  map: (r) => {
    const filePath = String(r.path);
    return {
      id: String(r.id),
      fileName: textOrNull(r.file_name),
      filePath,
      biz: textOrNull(r.biz) ?? filePath.split('/')[0] ?? '',
      fileType: path.extname(filePath).slice(1).toLowerCase(),
      contentType: textOrNull(r.content_type),
      fileSize: r.file_size === null || r.file_size === undefined ? null : Number(r.file_size),
      createBy: textOrNull(r.uploader_username),
      createByName: textOrNull(r.uploader_realname),
      createTime: isoOrNull(r.create_time),
    };
  },
};

/**
 * The stored file `id` of the caller's tenant: its record and full path.
 * @throws AppError notFound for a missing id, another tenant's file, or bytes gone from disk
 */
export async function fileOf(
  db: Db,
  dataDir: string,
  id: string,
  caller: ListCaller,
): Promise<{ record: StoredFileRecord; full: string }> {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT ${STORED_FILE_LIST.select} FROM ${STORED_FILE_LIST.from} WHERE f.id = $1 AND f.tenant_id = $2`,
    [id, caller.tenantId],
  );
  const full = row ? resolveStored(dataDir, String(row.path)) : undefined;
  if (!row || !full) throw new AppError('notFound', 'storedFileNotFound');
  return { record: STORED_FILE_LIST.map(row), full };
}

/** Deletes files of the caller's tenant (all or none): their records, then their bytes. */
export async function deleteFiles(db: Db, dataDir: string, ids: string[], caller: ListCaller): Promise<void> {
  const visible = await requireAllVisible(db, STORED_FILE_LIST, ids, caller);
  const rows = await db.query<{ path: string }>(
    'DELETE FROM sys_file WHERE id = ANY($1::text[]) AND tenant_id = $2 RETURNING path',
    [visible, caller.tenantId],
  );
  for (const r of rows) {
    const full = resolveStored(dataDir, r.path);
    if (full) await fs.rm(full, { force: true });
  }
}

/** Records what the list shows of a file just stored by the upload call (migration 0076). */
export async function describeUpload(
  db: Db,
  rel: string,
  info: { fileName: string; size: number; contentType: string | undefined; biz: string },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    'UPDATE sys_file SET file_name = $2, file_size = $3, content_type = $4, biz = $5 WHERE path = $1 RETURNING id',
    [rel, info.fileName.slice(0, 255), info.size, info.contentType ?? null, info.biz],
  );
  return row?.id ?? '';
}
