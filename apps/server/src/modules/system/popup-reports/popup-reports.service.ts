import {
  formatMessage,
  MESSAGES,
  parseReportSql,
  VALIDATION_MESSAGES,
  type FieldError,
  type Language,
  type PopupReportCreateParsed,
  type PopupReportEditParsed,
  type PopupReportRecord,
  type ReportColumn,
  type ReportParam,
} from '@ztj/contracts';
import {
  addRow,
  isTaken,
  takenField,
  updateRow,
  type ColumnValues,
  type CrudSpec,
} from '../../../platform/crud/tenant-crud';
import type { Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { requireVisible } from '../../../platform/list/list-runner';
import { AUDIT_LABELS, isoOrNull, textOrNull, type ListCaller, type ListSpec } from '../../../platform/list/list-spec';
import { PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { dataSourceExists, reportRow } from './popup-reports.repo';

const asArray = <T>(v: unknown): T[] =>
  Array.isArray(v) ? (v as T[]) : typeof v === 'string' ? (JSON.parse(v) as T[]) : [];

/** Popup report definitions of the caller's tenant (generic list machinery). */
export const POPUP_REPORT_LIST: ListSpec<PopupReportRecord> = {
  name: 'popupReports',
  from: 'onl_cgreport_head h',
  select:
    'h.id, h.code, h.name, h.db_source, h.query_sql, h.columns_json, h.params_json, h.remark, h.create_by, h.create_time, h.update_time',
  tenantScope: 'h.tenant_id = $tenant',
  idSql: 'h.id',
  fields: {
    code: { sql: 'h.code', type: 'string', label: { 'zh-CN': '报表编码', 'en-US': 'Code' } },
    name: { sql: 'h.name', type: 'string', label: { 'zh-CN': '报表名称', 'en-US': 'Name' } },
    dbSource: { sql: 'h.db_source', type: 'string', label: { 'zh-CN': '数据源', 'en-US': 'Data source' } },
    remark: { sql: 'h.remark', type: 'string', label: { 'zh-CN': '备注', 'en-US': 'Remark' }, sortable: false },
    createTime: { sql: 'h.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
  },
  map: (r) => ({
    id: String(r.id),
    code: String(r.code),
    name: String(r.name),
    dbSource: textOrNull(r.db_source),
    querySql: String(r.query_sql),
    columns: asArray<ReportColumn>(r.columns_json),
    params: asArray<ReportParam>(r.params_json),
    remark: textOrNull(r.remark),
    createBy: textOrNull(r.create_by),
    createTime: isoOrNull(r.create_time),
    updateTime: isoOrNull(r.update_time),
  }),
};

const columns = (b: PopupReportCreateParsed): ColumnValues => ({
  code: b.code,
  name: b.name,
  db_source: b.dbSource,
  query_sql: b.querySql,
  columns_json: JSON.stringify(b.columns),
  params_json: JSON.stringify(b.params),
  remark: b.remark ?? null,
});

/**
 * Report definitions as a generic CRUD entity of the caller's tenant; a code is the tenant's once.
 * Add and edit check more ({@link createReport}, {@link editReport}).
 */
export const POPUP_REPORT_CRUD: CrudSpec<PopupReportRecord, PopupReportCreateParsed, PopupReportEditParsed> = {
  list: POPUP_REPORT_LIST,
  table: 'onl_cgreport_head',
  add: columns,
  edit: columns,
  jsonb: ['columns_json', 'params_json'],
  unique: { column: 'code', value: (b) => b.code, refuse: takenField('popupReportExists', 'code') },
};

/** A stored report with its version (the cache key changes when the definition does). */
export interface StoredReport extends PopupReportRecord {
  tenantId: number;
  version: string;
}

/** One definition of the caller's tenant. @throws AppError notFound (other tenants' too) */
export async function oneReport(db: Queryable, id: string, caller: ListCaller): Promise<PopupReportRecord> {
  return findReport(db, caller.tenantId, id, 'id');
}

/**
 * The report of the tenant with this id (or, by `by: 'code'` or 'either', this code).
 * @throws AppError notFound — also for another tenant's report
 */
export async function findReport(
  db: Queryable,
  tenantId: number,
  key: string,
  by: 'id' | 'code' | 'either',
): Promise<StoredReport> {
  const row = await reportRow(db, POPUP_REPORT_LIST.select, tenantId, key, by);
  if (!row) throw new AppError('notFound', 'notFound');
  return { ...POPUP_REPORT_LIST.map(row), tenantId: Number(row.tenant_id), version: isoOrNull(row.version) ?? '' };
}

const fieldError = (
  field: string,
  key: keyof typeof VALIDATION_MESSAGES,
  lang: Language,
  params: Record<string, string> = {},
): FieldError => ({
  field,
  message: Object.entries(params).reduce<string>(
    (s, [k, v]) => s.split(`{${k}}`).join(v),
    VALIDATION_MESSAGES[key][lang],
  ),
});

/**
 * Checks what the schema cannot: unique column and parameter names, every `${name}` declared, the
 * data source a source of the tenant, the own database for the platform tenant only, the code free.
 * @throws AppError badRequest with field errors
 */
async function validate(
  db: Queryable,
  body: PopupReportCreateParsed,
  tenantId: number,
  exceptId: string | null,
  lang: Language,
): Promise<void> {
  const errors: FieldError[] = [];
  const dup = <T>(items: T[], key: (x: T) => string, path: string, prop: string): void => {
    const seen = new Set<string>();
    items.forEach((x, i) => {
      const k = key(x).toLowerCase();
      if (seen.has(k)) errors.push(fieldError(`${path}.${i}.${prop}`, 'validation.reportDuplicate', lang));
      seen.add(k);
    });
  };
  dup(body.columns, (c) => c.field, 'columns', 'field');
  dup(body.params, (p) => p.name, 'params', 'name');
  const parsed = parseReportSql(body.querySql);
  if (!('problem' in parsed)) {
    const declared = new Set(body.params.map((p) => p.name));
    const missing = [...new Set(parsed.order.filter((n) => !declared.has(n)))];
    if (missing.length)
      errors.push(fieldError('querySql', 'validation.reportParamUndeclared', lang, { names: missing.join(', ') }));
  }
  if (body.dbSource === null) {
    if (tenantId !== PLATFORM_TENANT_ID)
      errors.push({ field: 'dbSource', message: MESSAGES.popupReportOwnDbPlatformOnly[lang] });
  } else {
    if (!(await dataSourceExists(db, tenantId, body.dbSource)))
      errors.push({
        field: 'dbSource',
        message: formatMessage('popupReportSourceUnknown', lang, { code: body.dbSource }),
      });
  }
  if (await isTaken(db, POPUP_REPORT_CRUD, body, tenantId, exceptId))
    errors.push({ field: 'code', message: MESSAGES.popupReportExists[lang] });
  if (errors.length)
    throw new AppError(
      'badRequest',
      errors[0]!.field === 'code' ? 'popupReportExists' : 'validationFailed',
      {},
      errors,
    );
}

/** Creates a report of the caller's tenant. @throws AppError badRequest with field errors */
export async function createReport(
  q: Queryable,
  body: PopupReportCreateParsed,
  caller: ListCaller,
  lang: Language,
): Promise<string> {
  await validate(q, body, caller.tenantId, null, lang);
  return addRow(q, POPUP_REPORT_CRUD, body, caller, lang);
}

/** Edits a report of the caller's tenant. @throws AppError notFound (other tenants' too), badRequest */
export async function editReport(
  q: Queryable,
  body: PopupReportEditParsed,
  caller: ListCaller,
  lang: Language,
): Promise<void> {
  await requireVisible(q, POPUP_REPORT_LIST, body.id, caller);
  await validate(q, body, caller.tenantId, body.id, lang);
  await updateRow(q, POPUP_REPORT_CRUD, body.id, POPUP_REPORT_CRUD.edit(body), caller);
}
