import { z } from 'zod';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { INVALID_TEXT } from '../validation';
import { IdQuerySchema, IdsQuerySchema, ListQuerySchema } from './list';
import { parseReportSql, REPORT_NAME_PATTERN } from './popup-report-sql';

/**
 * Popup reports (online reports; SPEC §3 popup report, §5 popup report confirm and popup input,
 * §7 `/online/cgreport/api/*`): an administrator defines a read-only query over
 * the product's own database (platform tenant only) or one of the tenant's data sources, with
 * named `${name}` parameters, its columns and its parameters. The query text stays on the server;
 * callers send values only, bound as parameters.
 */

/** Code of a report: a letter, then letters, digits, `_`, `-` (64 at most). */
export const REPORT_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
/** Column types of a report (display and query-field matching). */
export const REPORT_COLUMN_TYPES = ['string', 'number', 'date', 'datetime'] as const;
export type ReportColumnType = (typeof REPORT_COLUMN_TYPES)[number];
/** Page size of the popup report picker (SPEC §9: 10 with quick jumper). */
export const POPUP_REPORT_PAGE_SIZE = 10;
/** Width of the popup report picker (SPEC §9). */
export const POPUP_REPORT_MODAL_WIDTH = 1200;
/** How long a result asked for with a group id is cached (SPEC §7, §9: 30000 ms). */
export const POPUP_REPORT_CACHE_MS = 30_000;
/** Prefix of dynamic parameters in a getData query (SPEC §7 `self_`). */
export const REPORT_PARAM_PREFIX = 'self_';

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong')
    .refine((v) => !INVALID_TEXT.test(v), 'validation.invalidText');
const name = z.string().trim().regex(REPORT_NAME_PATTERN, 'validation.reportName');

/** One column of a report (SPEC §3: field, title, type, dictionary, hidden, query mode single). */
export const ReportColumnSchema = z.object({
  field: name,
  title: text(64),
  type: z.enum(REPORT_COLUMN_TYPES).default('string'),
  dictCode: z
    .string()
    .trim()
    .max(64, 'validation.tooLong')
    .nullish()
    .transform((v) => v || null),
  hidden: z.boolean().default(false),
  /** 'single': a query field of the picker; null: not queried. */
  queryMode: z
    .enum(['single'])
    .nullish()
    .transform((v) => v ?? null),
});
export type ReportColumn = z.output<typeof ReportColumnSchema>;

/** One named parameter of a report (`${name}` in the query, `self_name` in getData). */
export const ReportParamSchema = z.object({
  name,
  title: text(64),
  defaultValue: z
    .string()
    .max(500, 'validation.tooLong')
    .nullish()
    .transform((v) => (v === undefined || v === '' ? null : v)),
});
export type ReportParam = z.output<typeof ReportParamSchema>;

/** `POST /online/cgreport/head/add` body. */
export const PopupReportCreateSchema = z.object({
  code: z.string().trim().regex(REPORT_CODE_PATTERN, 'validation.reportCode'),
  name: text(100),
  /** Code of a data source of the tenant; null or '' = the product's own database. */
  dbSource: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v || null),
  // abort: a text over the bound is not parsed (1 MiB of SQL held the server 0.2 s)
  querySql: z
    .string()
    .max(20_000, { message: 'validation.tooLong', abort: true })
    .superRefine((v, ctx) => {
      const parsed = parseReportSql(v);
      if ('problem' in parsed) ctx.addIssue({ code: 'custom', message: parsed.problem });
    }),
  columns: z.array(ReportColumnSchema).min(1, 'validation.reportNoColumns').max(100),
  params: z.array(ReportParamSchema).max(50).default([]),
  remark: z.string().max(500, 'validation.tooLong').nullish(),
});
export type PopupReportCreate = z.input<typeof PopupReportCreateSchema>;
export type PopupReportCreateParsed = z.output<typeof PopupReportCreateSchema>;

/** `PUT /online/cgreport/head/edit` body. */
export const PopupReportEditSchema = PopupReportCreateSchema.extend({ id: z.string().min(1).max(64) });
export type PopupReportEdit = z.input<typeof PopupReportEditSchema>;
export type PopupReportEditParsed = z.output<typeof PopupReportEditSchema>;

/** One report definition as administrators see it. */
export const PopupReportRecordSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  dbSource: z.string().nullable(),
  querySql: z.string(),
  columns: z.array(
    z.object({
      field: z.string(),
      title: z.string(),
      type: z.enum(REPORT_COLUMN_TYPES),
      dictCode: z.string().nullable(),
      hidden: z.boolean(),
      queryMode: z.enum(['single']).nullable(),
    }),
  ),
  params: z.array(z.object({ name: z.string(), title: z.string(), defaultValue: z.string().nullable() })),
  remark: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type PopupReportRecord = z.infer<typeof PopupReportRecordSchema>;

/** A dictionary option of a column (SPEC §3 `dictOptions`). */
const DictOptionSchema = z.object({
  value: z.string(),
  text: z.string(),
  label: z.string().optional(),
  title: z.string().optional(),
});

/** `getRpColumns/{code}` answer (SPEC §3: columns, dictOptions, cgRpConfigId, cgRpConfigName). */
export const ReportColumnsResultSchema = z.object({
  cgRpConfigId: z.string(),
  cgRpConfigName: z.string(),
  columns: z.array(
    z.object({
      dataIndex: z.string(),
      title: z.string(),
      type: z.enum(REPORT_COLUMN_TYPES),
      dictCode: z.string().nullable(),
      hidden: z.boolean(),
    }),
  ),
  dictOptions: z.record(z.string(), z.array(DictOptionSchema)),
  params: z.array(z.object({ name: z.string(), title: z.string(), defaultValue: z.string().nullable() })),
});
export type ReportColumnsResult = z.infer<typeof ReportColumnsResultSchema>;

/** `getQueryInfo/{configId}` answer: the query fields (SPEC §3: field, mode 'single', hidden '1'). */
export const ReportQueryInfoSchema = z.array(
  z.object({
    field: z.string(),
    label: z.string(),
    mode: z.literal('single'),
    type: z.enum(REPORT_COLUMN_TYPES),
    dictCode: z.string().nullable(),
    hidden: z.enum(['0', '1']),
  }),
);
export type ReportQueryInfo = z.infer<typeof ReportQueryInfoSchema>;

/**
 * `getData/{configId}` query: `pageNo`, `pageSize` (at most 100), `groupId` (caches the answer
 * 30 s), `self_<name>` parameter values, `<field>` query-field values of 'single' columns, and
 * `column`/`order` (a defined column sorts; any other column keeps the query's order).
 */
export const ReportDataQuerySchema = z
  .object({
    pageNo: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(POPUP_REPORT_PAGE_SIZE),
    groupId: z.string().max(100).optional(),
    _t: z.string().optional(),
  })
  .catchall(z.string().max(500));
export type ReportDataQuery = z.input<typeof ReportDataQuerySchema>;

/** `getData` answer: one page of rows (values as the database answered them) and the total (capped by the row limit). */
export const ReportDataResultSchema = z.object({
  records: z.array(z.record(z.string(), z.unknown())),
  total: z.number().int(),
  /** True when the query has more rows than the row limit a report may page through. */
  truncated: z.boolean(),
});
export type ReportDataResult = z.infer<typeof ReportDataResultSchema>;

const tag = 'online-cgreport';
const ok = z.null();
const CodeParams = z.object({ code: z.string().min(1).max(64) });
const IdParams = z.object({ id: z.string().min(1).max(64) });

/** Route table of popup reports: definitions for administrators, the §7 calls for any session of the tenant. */
export const PopupReportRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/online/cgreport/head/list',
    access: 'onlreport:list',
    tag,
    summary: 'Popup report definitions of the current tenant (generic list)',
    query: ListQuerySchema,
    result: pageResultOf(PopupReportRecordSchema),
  }),
  queryById: defineRoute({
    method: 'GET',
    path: '/online/cgreport/head/queryById',
    access: 'onlreport:list',
    tag,
    summary: 'One popup report definition',
    query: IdQuerySchema,
    result: PopupReportRecordSchema,
  }),
  add: defineRoute({
    method: 'POST',
    path: '/online/cgreport/head/add',
    access: 'onlreport:add',
    tag,
    summary: 'Define a popup report (one read-only SELECT with ${name} parameters)',
    body: PopupReportCreateSchema,
    result: z.object({ id: z.string() }),
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/online/cgreport/head/edit',
    access: 'onlreport:edit',
    tag,
    summary: 'Edit a popup report definition',
    body: PopupReportEditSchema,
    result: ok,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/online/cgreport/head/delete',
    access: 'onlreport:delete',
    tag,
    summary: 'Delete a popup report',
    query: IdQuerySchema,
    result: ok,
  }),
  deleteBatch: defineRoute({
    method: 'DELETE',
    path: '/online/cgreport/head/deleteBatch',
    access: 'onlreport:batch_delete',
    tag,
    summary: 'Delete popup reports',
    query: IdsQuerySchema,
    result: ok,
  }),
  getRpColumns: defineRoute({
    method: 'GET',
    path: '/online/cgreport/api/getRpColumns/:code',
    access: 'session',
    tag,
    summary: 'Columns, dictionary options and id of the report with this code (or id)',
    params: CodeParams,
    result: ReportColumnsResultSchema,
  }),
  getQueryInfo: defineRoute({
    method: 'GET',
    path: '/online/cgreport/api/getQueryInfo/:id',
    access: 'session',
    tag,
    summary: 'Query fields (mode single) of a report',
    params: IdParams,
    result: ReportQueryInfoSchema,
  }),
  getData: defineRoute({
    method: 'GET',
    path: '/online/cgreport/api/getData/:id',
    access: 'session',
    tag,
    summary:
      'One page of a report: read-only transaction, statement timeout, row limit; self_ parameters bound; cached 30 s with groupId',
    params: IdParams,
    query: ReportDataQuerySchema,
    result: ReportDataResultSchema,
  }),
} as const;
