import {
  POPUP_REPORT_CACHE_MS,
  REPORT_PARAM_PREFIX,
  type DataSourceType,
  type Language,
  type ReportColumnsResult,
  type ReportDataResult,
  type ReportQueryInfo,
} from '@ztj/contracts';
import type { Db } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { dictItems } from '../../dict/dict.repo';
import { decryptPassword } from '../datasources/datasource-secret';
import type { StoredReport } from './popup-reports.service';
import {
  REPORT_ROW_LIMIT,
  REPORT_TIMEOUT_MS,
  runReport,
  type ReportFilter,
  type ReportTarget,
  type RunLimits,
} from './report-runner';

/** `getRpColumns` answer of a report: its columns, the options of their dictionaries, its parameters. */
export async function reportColumns(db: Db, report: StoredReport, lang: Language): Promise<ReportColumnsResult> {
  const dictOptions: ReportColumnsResult['dictOptions'] = {};
  for (const c of report.columns) {
    if (!c.dictCode) continue;
    dictOptions[c.field] = (await dictItems(db, c.dictCode)).map((o) => {
      const text = lang === 'en-US' && o.textEn ? o.textEn : o.text;
      return { value: o.value, text, label: text, title: text };
    });
  }
  return {
    cgRpConfigId: report.id,
    cgRpConfigName: report.name,
    columns: report.columns.map((c) => ({
      dataIndex: c.field,
      title: c.title,
      type: c.type,
      dictCode: c.dictCode,
      hidden: c.hidden,
    })),
    dictOptions,
    params: report.params,
  };
}

/** `getQueryInfo` answer: the 'single' query fields of a report. */
export function reportQueryInfo(report: StoredReport): ReportQueryInfo {
  return report.columns
    .filter((c) => c.queryMode === 'single')
    .map((c) => ({
      field: c.field,
      label: c.title,
      mode: 'single' as const,
      type: c.type,
      dictCode: c.dictCode,
      hidden: c.hidden ? ('1' as const) : ('0' as const),
    }));
}

/** Where a report of this tenant runs: the own database, or its data source with the decrypted password. */
async function targetOf(db: Db, key: () => Buffer, report: StoredReport): Promise<ReportTarget> {
  if (report.dbSource === null) return { kind: 'own', db };
  const [src] = await db.query<{
    db_type: DataSourceType;
    host: string;
    port: number;
    db_name: string;
    db_username: string;
    c: string | null;
  }>(
    'SELECT db_type, host, port, db_name, db_username, db_password_cipher AS c FROM sys_data_source WHERE tenant_id = $1 AND code = $2',
    [report.tenantId, report.dbSource],
  );
  if (!src) throw new AppError('business', 'popupReportSourceUnknown', { code: report.dbSource });
  let password = '';
  try {
    password = src.c ? decryptPassword(key(), src.c) : '';
  } catch {
    throw new AppError('business', 'dataSourcePasswordUnreadable');
  }
  return {
    kind: 'external',
    connection: {
      dbType: src.db_type,
      host: src.host,
      port: Number(src.port),
      dbName: src.db_name,
      dbUsername: src.db_username,
      password,
    },
  };
}

/** Results asked for with a group id, kept 30 s (SPEC §7, §9), keyed by tenant, report version and query. */
export class ReportCache {
  private readonly entries = new Map<string, { until: number; value: ReportDataResult }>();

  constructor(
    private readonly ttlMs = POPUP_REPORT_CACHE_MS,
    private readonly max = 500,
    private readonly now = (): number => Date.now(),
  ) {}

  get(key: string): ReportDataResult | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: ReportDataResult): void {
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { until: this.now() + this.ttlMs, value });
  }
}

/** What a getData call carries besides its report. */
export interface DataCall {
  pageNo: number;
  pageSize: number;
  groupId?: string;
  /** Every other query key: `self_<param>` values and `<field>` query-field values. */
  rest: Record<string, string>;
}

/**
 * `getData`: binds `self_<name>` values (else the parameter's default, else null) and the values of
 * 'single' query fields, runs the report within its limits, and with a group id answers from (or
 * fills) the 30 s cache. `column`/`order` sort by a defined column. Other keys are refused, so a
 * misspelt parameter is not silently ignored.
 * @throws AppError badRequest listFieldUnknown / listValueInvalid; the runner's errors
 */
export async function reportData(
  db: Db,
  key: () => Buffer,
  cache: ReportCache,
  report: StoredReport,
  call: DataCall,
  limits: RunLimits = { timeoutMs: REPORT_TIMEOUT_MS, rowLimit: REPORT_ROW_LIMIT },
): Promise<ReportDataResult> {
  const values: Record<string, string | null> = Object.fromEntries(report.params.map((p) => [p.name, p.defaultValue]));
  const filters: ReportFilter[] = [];
  const queryable = new Map(report.columns.filter((c) => c.queryMode === 'single').map((c) => [c.field, c]));
  const params = new Set(report.params.map((p) => p.name));
  // JeecgBoot's list clients send `column`/`order` (createTime desc by default): a defined column sorts, anything else keeps the query's order
  const { column, order, ...rest } = call.rest;
  const sortColumn = report.columns.find((c) => c.field === column);
  const sort = sortColumn ? { field: sortColumn.field, desc: order === 'desc' } : undefined;
  for (const [k, v] of Object.entries(rest)) {
    if (k.startsWith(REPORT_PARAM_PREFIX) && params.has(k.slice(REPORT_PARAM_PREFIX.length))) {
      values[k.slice(REPORT_PARAM_PREFIX.length)] = v;
      continue;
    }
    const col = queryable.get(k);
    if (!col) throw new AppError('badRequest', 'listFieldUnknown', { field: k });
    if (v === '') continue;
    if (col.type === 'number' && !Number.isFinite(Number(v)))
      throw new AppError('badRequest', 'listValueInvalid', { field: k });
    filters.push({ field: col.field, type: col.type, value: v });
  }
  const cacheKey = call.groupId
    ? JSON.stringify([
        report.tenantId,
        report.id,
        report.version,
        call.groupId,
        call.pageNo,
        call.pageSize,
        Object.entries(call.rest).sort(),
      ])
    : null;
  const cached = cacheKey ? cache.get(cacheKey) : undefined;
  if (cached) return cached;
  const page = await runReport(
    await targetOf(db, key, report),
    { querySql: report.querySql, values, filters, pageNo: call.pageNo, pageSize: call.pageSize, sort },
    limits,
  );
  if (cacheKey) cache.set(cacheKey, page);
  return page;
}
