import { z } from 'zod';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { DictTextSchema, IdQuerySchema, IdsQuerySchema, ListQuerySchema, UploadResultSchema } from './list';

/** A login (logType 1) or operation (logType 2) log row (SPEC §2 system logs). */
export const LogRecordSchema = z.object({
  id: z.string(),
  logType: z.number().int(),
  logContent: z.string(),
  operateType: z.number().int().nullable(),
  userid: z.string().nullable(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  method: z.string().nullable(),
  requestUrl: z.string().nullable(),
  costTime: z.number().int().nullable(),
  createTime: z.string().nullable(),
  logType_dictText: DictTextSchema,
  operateType_dictText: DictTextSchema,
});
export type LogRecord = z.infer<typeof LogRecordSchema>;
export const LOG_LIST_FIELDS = [
  'logType',
  'logContent',
  'operateType',
  'username',
  'ip',
  'method',
  'requestUrl',
  'createTime',
] as const;
/** Operate types of operation logs: 2 add, 3 edit, 4 delete, 5 import, 6 export. */
export const OperateType = { ADD: 2, EDIT: 3, DELETE: 4, IMPORT: 5, EXPORT: 6 } as const;

/** Upload business folders (SPEC §7 upload `biz`, default temp); avatars accept images only. */
export const UPLOAD_BIZ = ['temp', 'avatar', 'image', 'file'] as const;

export const LogRoutes = {
  delete: defineRoute({
    method: 'DELETE',
    path: '/sys/log/delete',
    access: 'log:delete',
    tag: 'system-log',
    summary: 'Delete a login log of the current tenant (operation logs are chained for record integrity and refused)',
    query: IdQuerySchema,
    result: z.null(),
  }),
  deleteBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/log/deleteBatch',
    access: 'log:batch_delete',
    tag: 'system-log',
    summary: 'Delete login logs of the current tenant (comma-joined ids; any operation log refuses the batch)',
    query: IdsQuerySchema,
    result: z.null(),
  }),
  list: defineRoute({
    method: 'GET',
    path: '/sys/log/list',
    access: 'log:list',
    tag: 'system-log',
    summary: 'Login and operation logs of the current tenant (generic list; logType 1 or 2)',
    query: ListQuerySchema,
    result: pageResultOf(LogRecordSchema),
  }),
} as const;

/** Upload and static files (SPEC §7 "common upload/static"). */
export const CommonRoutes = {
  upload: defineRoute({
    method: 'POST',
    path: '/sys/common/upload',
    access: 'session',
    tag: 'common',
    summary: 'Multipart upload (file, biz); avatars/images accept images only',
    result: UploadResultSchema,
  }),
  static: defineRoute({
    method: 'GET',
    path: '/sys/common/static/*',
    access: 'session',
    tag: 'common',
    summary:
      'A stored file by relative path, for signed-in members of the owning tenant (X-Access-Token); images inline, other files as attachments',
    result: z.unknown(),
  }),
} as const;
