import { z } from 'zod';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { INVALID_TEXT } from '../validation';
import { IdQuerySchema, IdsQuerySchema, ListQuerySchema } from './list';

/**
 * Data sources (SPEC §2 system → data sources, §7 `dataSource`; JeecgBoot's
 * `/sys/dataSource/*`): connection settings of external PostgreSQL and MySQL/MariaDB databases,
 * per tenant. The password goes in (add, edit, test) but never comes out: records carry
 * `hasPassword` only, and an edit without a password keeps the stored one.
 */

/** Database types a data source may be (MySQL covers MariaDB: same protocol). */
export const DATA_SOURCE_TYPES = ['postgresql', 'mysql'] as const;
export type DataSourceType = (typeof DATA_SOURCE_TYPES)[number];

/** Default port of each type (the form sets it when the type changes). */
export const DATA_SOURCE_DEFAULT_PORT: Record<DataSourceType, number> = { postgresql: 5432, mysql: 3306 };

/** Code: a letter, then letters, digits, `_`, `-` (64 at most). */
export const DATA_SOURCE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** Host: a DNS name, an IPv4 or an IPv6 address (no scheme, path, user or port). */
export const DATA_SOURCE_HOST_PATTERN = /^[A-Za-z0-9]([A-Za-z0-9.-]{0,252}[A-Za-z0-9])?$|^[0-9A-Fa-f:.]{2,45}$/;

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong')
    .refine((v) => !INVALID_TEXT.test(v), 'validation.invalidText');

/** The fields a connection needs (add, edit and test connection share them). */
const ConnectionSchema = z.object({
  dbType: z.enum(DATA_SOURCE_TYPES, { message: 'validation.dataSourceType' }),
  host: z.string().trim().min(1, 'validation.required').regex(DATA_SOURCE_HOST_PATTERN, 'validation.dataSourceHost'),
  port: z
    .number({ message: 'validation.dataSourcePort' })
    .int('validation.dataSourcePort')
    .min(1, 'validation.dataSourcePort')
    .max(65535, 'validation.dataSourcePort'),
  dbName: text(128),
  dbUsername: text(128),
  /** Empty or absent on edit / test of a stored source: the stored password. */
  dbPassword: z.string().max(256, 'validation.tooLong').optional(),
});

/** `POST /sys/dataSource/add` body. */
export const DataSourceCreateSchema = ConnectionSchema.extend({
  code: z.string().trim().min(1, 'validation.required').regex(DATA_SOURCE_CODE_PATTERN, 'validation.dataSourceCode'),
  name: text(64),
  remark: z.string().max(500, 'validation.tooLong').nullish(),
});
export type DataSourceCreate = z.infer<typeof DataSourceCreateSchema>;

/** `PUT /sys/dataSource/edit` body; an empty or absent `dbPassword` keeps the stored password. */
export const DataSourceEditSchema = DataSourceCreateSchema.extend({ id: z.string().min(1).max(64) });
export type DataSourceEdit = z.infer<typeof DataSourceEditSchema>;

/**
 * `POST /sys/dataSource/testConnection` body: the connection as the form holds it; with `id` (a
 * source of the caller's tenant) an empty password means the stored one.
 */
export const DataSourceTestSchema = ConnectionSchema.extend({ id: z.string().min(1).max(64).optional() });
export type DataSourceTest = z.infer<typeof DataSourceTestSchema>;

/** Answer of a connection test: reached or not, a message (the driver's reason on failure), time taken. */
export const DataSourceTestResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  elapsedMs: z.number().int(),
});
export type DataSourceTestResult = z.infer<typeof DataSourceTestResultSchema>;

/** One data source as lists and queryById answer it: never the password, only whether one is stored. */
export const DataSourceRecordSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  dbType: z.enum(DATA_SOURCE_TYPES),
  host: z.string(),
  port: z.number().int(),
  dbName: z.string(),
  dbUsername: z.string(),
  hasPassword: z.boolean(),
  remark: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type DataSourceRecord = z.infer<typeof DataSourceRecordSchema>;

const tag = 'system-data-source';
const ok = z.null();

/** Route table of data sources (JeecgBoot `/sys/dataSource/*`); every call is for administrators. */
export const DataSourceRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/sys/dataSource/list',
    access: 'datasource:list',
    tag,
    summary: 'Data sources of the current tenant (generic list; no passwords)',
    query: ListQuerySchema,
    result: pageResultOf(DataSourceRecordSchema),
  }),
  queryById: defineRoute({
    method: 'GET',
    path: '/sys/dataSource/queryById',
    access: 'datasource:list',
    tag,
    summary: 'One data source (no password)',
    query: IdQuerySchema,
    result: DataSourceRecordSchema,
  }),
  add: defineRoute({
    method: 'POST',
    path: '/sys/dataSource/add',
    access: 'datasource:add',
    tag,
    summary: 'Create a data source (password stored encrypted)',
    body: DataSourceCreateSchema,
    result: z.object({ id: z.string() }),
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/sys/dataSource/edit',
    access: 'datasource:edit',
    tag,
    summary: 'Edit a data source (empty password keeps the stored one)',
    body: DataSourceEditSchema,
    result: ok,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/sys/dataSource/delete',
    access: 'datasource:delete',
    tag,
    summary: 'Delete a data source',
    query: IdQuerySchema,
    result: ok,
  }),
  deleteBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/dataSource/deleteBatch',
    access: 'datasource:batch_delete',
    tag,
    summary: 'Delete data sources',
    query: IdsQuerySchema,
    result: ok,
  }),
  exportXls: defineRoute({
    method: 'GET',
    path: '/sys/dataSource/exportXls',
    access: 'datasource:export',
    tag,
    summary: 'Export data sources as .xls (no passwords)',
    query: ListQuerySchema,
    result: z.unknown(),
  }),
  testConnection: defineRoute({
    method: 'POST',
    path: '/sys/dataSource/testConnection',
    access: 'datasource:test',
    tag,
    summary: 'Connect to the database given (5 s timeout), run SELECT 1, and answer whether it worked; logged',
    body: DataSourceTestSchema,
    result: DataSourceTestResultSchema,
  }),
} as const;
