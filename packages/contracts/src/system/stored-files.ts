import { z } from 'zod';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { IdQuerySchema, IdsQuerySchema, ListQuerySchema } from './list';

/**
 * File storage list (SPEC §2 modules → file storage; §3 uploaded file): the files
 * the tenant's users uploaded through `/sys/common/upload` (table `sys_file`). Upload itself is
 * the §7 upload call (`CommonRoutes.upload`, file + biz, default folder temp).
 */
export const StoredFileRecordSchema = z.object({
  id: z.string(),
  /** Original file name as uploaded (null for files stored before names were recorded). */
  fileName: z.string().nullable(),
  /** Path relative to the static route, e.g. `temp/3f…9a.pdf`. */
  filePath: z.string(),
  /** Upload folder (`biz`). */
  biz: z.string(),
  /** Extension without the dot, lower case (`pdf`, `png`). */
  fileType: z.string(),
  contentType: z.string().nullable(),
  /** Bytes; null when unknown (files stored before sizes were recorded). */
  fileSize: z.number().nullable(),
  createBy: z.string().nullable(),
  createByName: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type StoredFileRecord = z.infer<typeof StoredFileRecordSchema>;

const tag = 'system-files';
const ok = z.null();

/** Route table of the file storage list. Download answers the bytes (a file, not an envelope). */
export const StoredFileRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/sys/files/list',
    access: 'file:list',
    tag,
    summary: 'Uploaded files of the current tenant (generic list)',
    query: ListQuerySchema,
    result: pageResultOf(StoredFileRecordSchema),
  }),
  download: defineRoute({
    method: 'GET',
    path: '/sys/files/download',
    access: 'file:download',
    tag,
    summary: 'The bytes of an uploaded file, as an attachment under its original name',
    query: IdQuerySchema,
    result: z.unknown(),
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/sys/files/delete',
    access: 'file:delete',
    tag,
    summary: 'Delete an uploaded file (record and bytes)',
    query: IdQuerySchema,
    result: ok,
  }),
  deleteBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/files/deleteBatch',
    access: 'file:batch_delete',
    tag,
    summary: 'Delete uploaded files',
    query: IdsQuerySchema,
    result: ok,
  }),
} as const;
