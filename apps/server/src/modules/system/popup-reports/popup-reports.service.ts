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
import type { Db } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { requireAllVisible, requireVisible } from '../../../platform/list/list-runner';
import { AUDIT_LABELS, isoOrNull, textOrNull, type ListCaller, type ListSpec } from '../../../platform/list/list-spec';
import { PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';

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

/** A stored report with its version (the cache key changes when the definition does). */
export interface StoredReport extends PopupReportRecord {
  tenantId: number;
  version: string;
}

/** One definition of the caller's tenant. @throws AppError notFound (other tenants' too) */
export async function oneReport(db: Db, id: string, caller: ListCaller): Promise<PopupReportRecord> {
  return findReport(db, caller.tenantId, id, 'id');
}

/**
 * The report of the tenant with this id (or, by `by: 'code'` or 'either', this code).
 * @throws AppError notFound — also for another tenant's report
 */
export async function findReport(
  db: Db,
  tenantId: number,
  key: string,
  by: 'id' | 'code' | 'either',
): Promise<StoredReport> {
  const where = by === 'id' ? 'h.id = $1' : by === 'code' ? 'h.code = $1' : '(h.id = $1 OR h.code = $1)';
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT ${POPUP_REPORT_LIST.select}, h.tenant_id, COALESCE(h.update_time, h.create_time) AS version FROM onl_cgreport_head h WHERE ${where} AND h.tenant_id = $2 ORDER BY (h.id = $1) DESC LIMIT 1`,
    [key, tenantId],
  );
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
  db: Db,
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
    const [src] = await db.query('SELECT 1 FROM sys_data_source WHERE tenant_id = $1 AND code = $2', [
      tenantId,
      body.dbSource,
    ]);
    if (!src)
      errors.push({
        field: 'dbSource',
        message: formatMessage('popupReportSourceUnknown', lang, { code: body.dbSource }),
      });
  }
  const [taken] = await db.query(
    'SELECT 1 FROM onl_cgreport_head WHERE tenant_id = $1 AND code = $2 AND ($3::text IS NULL OR id <> $3)',
    [tenantId, body.code, exceptId],
  );
  if (taken) errors.push({ field: 'code', message: MESSAGES.popupReportExists[lang] });
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
  db: Db,
  body: PopupReportCreateParsed,
  caller: ListCaller,
  lang: Language,
): Promise<string> {
  await validate(db, body, caller.tenantId, null, lang);
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO onl_cgreport_head (tenant_id, code, name, db_source, query_sql, columns_json, params_json, remark, create_by)
     VALUES ($1,$2,$3,$4,$5,$6::jsonb,$7::jsonb,$8,$9) RETURNING id`,
    [
      caller.tenantId,
      body.code,
      body.name,
      body.dbSource,
      body.querySql,
      JSON.stringify(body.columns),
      JSON.stringify(body.params),
      body.remark ?? null,
      caller.username,
    ],
  );
  return row!.id;
}

/** Edits a report of the caller's tenant. @throws AppError notFound (other tenants' too), badRequest */
export async function editReport(
  db: Db,
  body: PopupReportEditParsed,
  caller: ListCaller,
  lang: Language,
): Promise<void> {
  await requireVisible(db, POPUP_REPORT_LIST, body.id, caller);
  await validate(db, body, caller.tenantId, body.id, lang);
  await db.query(
    `UPDATE onl_cgreport_head SET code = $2, name = $3, db_source = $4, query_sql = $5, columns_json = $6::jsonb, params_json = $7::jsonb,
            remark = $8, update_by = $9, update_time = clock_timestamp() WHERE id = $1`,
    [
      body.id,
      body.code,
      body.name,
      body.dbSource,
      body.querySql,
      JSON.stringify(body.columns),
      JSON.stringify(body.params),
      body.remark ?? null,
      caller.username,
    ],
  );
}

/** Deletes reports of the caller's tenant (all or none). */
export async function deleteReports(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  const visible = await requireAllVisible(db, POPUP_REPORT_LIST, ids, caller);
  await db.query('DELETE FROM onl_cgreport_head WHERE id = ANY($1::text[])', [visible]);
}
