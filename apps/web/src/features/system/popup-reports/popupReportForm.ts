import type { TFunction } from 'i18next';
import {
  PopupReportCreateSchema,
  reportSqlParams,
  type PopupReportCreate,
  type PopupReportRecord,
  type ReportColumnType,
} from '@ztj/contracts';
import { issuesToFields, type FieldEntry } from '../../../platform/forms/formIssues';

/** Value of the data-source select meaning the product's own database. */
export const OWN_DATABASE = '';

/** One column row of the form. */
export interface ColumnFormRow {
  field: string;
  title: string;
  type: ReportColumnType;
  dictCode: string;
  hidden: boolean;
  /** Query field (mode 'single'). */
  query: boolean;
}

/** One parameter row of the form. */
export interface ParamFormRow {
  name: string;
  title: string;
  defaultValue: string;
}

/** Values of the report form. */
export interface PopupReportFormValues {
  code: string;
  name: string;
  dbSource: string;
  querySql: string;
  columns: ColumnFormRow[];
  params: ParamFormRow[];
  remark: string;
}

/** A new column row. */
export const emptyColumn = (): ColumnFormRow => ({
  field: '',
  title: '',
  type: 'string',
  dictCode: '',
  hidden: false,
  query: false,
});

/** Starting values: a new report, or the record being edited. */
export function initialReportValues(record?: PopupReportRecord): PopupReportFormValues {
  if (!record)
    return {
      code: '',
      name: '',
      dbSource: OWN_DATABASE,
      querySql: '',
      columns: [emptyColumn()],
      params: [],
      remark: '',
    };
  return {
    code: record.code,
    name: record.name,
    dbSource: record.dbSource ?? OWN_DATABASE,
    querySql: record.querySql,
    columns: record.columns.map((c) => ({
      field: c.field,
      title: c.title,
      type: c.type,
      dictCode: c.dictCode ?? '',
      hidden: c.hidden,
      query: c.queryMode === 'single',
    })),
    params: record.params.map((p) => ({ name: p.name, title: p.title, defaultValue: p.defaultValue ?? '' })),
    remark: record.remark ?? '',
  };
}

/** The form's values as the add/edit body. */
export function reportBody(v: PopupReportFormValues): PopupReportCreate {
  return {
    code: v.code,
    name: v.name,
    dbSource: v.dbSource || null,
    querySql: v.querySql,
    columns: (v.columns ?? []).map((c) => ({
      field: c.field ?? '',
      title: c.title ?? '',
      type: c.type,
      dictCode: c.dictCode || null,
      hidden: !!c.hidden,
      queryMode: c.query ? 'single' : null,
    })),
    params: (v.params ?? []).map((p) => ({
      name: p.name ?? '',
      title: p.title ?? '',
      defaultValue: p.defaultValue || null,
    })),
    remark: v.remark || null,
  };
}

/**
 * The body checked with the contract's schema (the query text's rules included), plus what only
 * the form can tell early: every `${name}` of the query declared as a parameter.
 */
export function validateReport(
  values: PopupReportFormValues,
  t: TFunction,
): { body: PopupReportCreate } | { errors: FieldEntry[] } {
  const body = reportBody(values);
  const parsed = PopupReportCreateSchema.safeParse(body);
  const errors = parsed.success ? [] : issuesToFields(parsed.error.issues, t);
  const declared = new Set(body.params?.map((p) => p.name));
  const missing = reportSqlParams(body.querySql).filter((n) => !declared.has(n));
  if (missing.length && !errors.some((e) => e.name[0] === 'querySql')) {
    errors.push({
      name: ['querySql'],
      errors: [t('common:validation.reportParamUndeclared').replace('{names}', missing.join(', '))],
    });
  }
  return errors.length ? { errors } : { body };
}

/** Parameter rows for the names the query uses that the form lacks (titles default to the names). */
export function missingParamRows(values: PopupReportFormValues): ParamFormRow[] {
  const have = new Set((values.params ?? []).map((p) => p.name));
  return reportSqlParams(values.querySql ?? '')
    .filter((n) => !have.has(n))
    .map((name) => ({ name, title: name, defaultValue: '' }));
}
