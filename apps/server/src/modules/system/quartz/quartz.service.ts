import {
  QUARTZ_STATUS,
  QuartzJobCreateSchema,
  VALIDATION_MESSAGES,
  type Language,
  type QuartzJobCreate,
  type QuartzJobEdit,
  type QuartzJobRecord,
} from '@ztj/contracts';
import { addRow, updateRow, type ColumnValues, type CrudSpec } from '../../../platform/crud/tenant-crud';
import type { Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import type { ImportSpec } from '../../../platform/list/import-runner';
import { requireVisible } from '../../../platform/list/list-runner';
import { AUDIT_LABELS, isoOrNull, textOrNull, type ListCaller, type ListSpec } from '../../../platform/list/list-spec';
import { firesAgain, nextFireTimes } from './fire-times';
import { jobClassOf } from '../../../platform/jobs/job-classes';

const STATUS_TEXT = { '0': { 'zh-CN': '正常', 'en-US': 'Running' }, '-1': { 'zh-CN': '停止', 'en-US': 'Stopped' } };

function nextFire(row: Record<string, unknown>): string | null {
  if (Number(row.status) !== QUARTZ_STATUS.running) return null;
  try {
    const [next] = nextFireTimes(String(row.cron_expression), Date.now(), 1);
    return next === undefined ? null : new Date(next).toISOString();
  } catch {
    return null;
  }
}

/** Scheduled jobs of the caller's tenant (SPEC §7 quartzJob list; generic list machinery). */
export const QUARTZ_LIST: ListSpec<QuartzJobRecord> = {
  name: 'quartzJobs',
  from: 'quartz_job q',
  select: 'q.*',
  tenantScope: 'q.tenant_id = $tenant',
  idSql: 'q.id',
  fields: {
    jobClassName: { sql: 'q.job_class_name', type: 'string', label: { 'zh-CN': '任务类名', 'en-US': 'Job class' } },
    cronExpression: {
      sql: 'q.cron_expression',
      type: 'string',
      label: { 'zh-CN': 'Cron表达式', 'en-US': 'Cron expression' },
    },
    parameter: { sql: 'q.parameter', type: 'string', label: { 'zh-CN': '参数', 'en-US': 'Parameter' } },
    description: { sql: 'q.description', type: 'string', label: { 'zh-CN': '描述', 'en-US': 'Description' } },
    status: { sql: 'q.status', type: 'number', label: { 'zh-CN': '状态', 'en-US': 'Status' }, options: STATUS_TEXT },
    lastRunTime: {
      sql: 'q.last_run_time',
      type: 'number',
      label: { 'zh-CN': '上次执行', 'en-US': 'Last run' },
      epochMs: true,
    },
    createTime: { sql: 'q.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
  },
  map: (r) => ({
    id: String(r.id),
    jobClassName: String(r.job_class_name),
    cronExpression: String(r.cron_expression),
    parameter: textOrNull(r.parameter),
    description: textOrNull(r.description),
    status: Number(r.status),
    lastRunTime:
      r.last_run_time === null || r.last_run_time === undefined
        ? null
        : new Date(Number(r.last_run_time)).toISOString(),
    lastRunStatus: textOrNull(r.last_run_status),
    lastRunMessage: textOrNull(r.last_run_message),
    nextFireTime: nextFire(r),
    createBy: textOrNull(r.create_by),
    createTime: isoOrNull(r.create_time),
    updateTime: isoOrNull(r.update_time),
  }),
};

/**
 * Checks what the schema cannot: the job class is registered and the expression fires again.
 * @throws AppError badRequest validationFailed with a field error on `jobClassName` / `cronExpression`
 */
export function checkJob(body: Pick<QuartzJobCreate, 'jobClassName' | 'cronExpression'>, lang: Language): void {
  const errors = [];
  if (!jobClassOf(body.jobClassName))
    errors.push({ field: 'jobClassName', message: VALIDATION_MESSAGES['validation.quartzJobClass'][lang] });
  if (!firesAgain(body.cronExpression, Date.now()))
    errors.push({ field: 'cronExpression', message: VALIDATION_MESSAGES['validation.cronNever'][lang] });
  if (errors.length) throw new AppError('badRequest', 'validationFailed', {}, errors);
}

const columns = (b: QuartzJobCreate): ColumnValues => ({
  job_class_name: b.jobClassName,
  cron_expression: b.cronExpression,
  parameter: b.parameter ?? null,
  description: b.description ?? null,
  // a new expression or status fires from now on
  schedule_from: Date.now(),
});

/**
 * Scheduled jobs as a generic CRUD entity of the caller's tenant: a new job runs unless its
 * `status` is -1; an edit without a status keeps the stored one. Add and edit check the job first
 * ({@link createJob}, {@link editJob}).
 */
export const QUARTZ_CRUD: CrudSpec<QuartzJobRecord, QuartzJobCreate, QuartzJobEdit> = {
  list: QUARTZ_LIST,
  table: 'quartz_job',
  add: (b) => ({ ...columns(b), status: b.status ?? QUARTZ_STATUS.running }),
  edit: (b) => ({ ...columns(b), status: b.status ?? null }),
  keepWhenNull: ['status'],
};

/** Creates a job (running unless `status` -1: it fires from now on). @returns its id */
export async function createJob(
  q: Queryable,
  body: QuartzJobCreate,
  caller: ListCaller,
  lang: Language,
): Promise<string> {
  checkJob(body, lang);
  return addRow(q, QUARTZ_CRUD, body, caller, lang);
}

/** Edits a job of the caller's tenant; a new expression or status fires from now on. */
export async function editJob(q: Queryable, body: QuartzJobEdit, caller: ListCaller, lang: Language): Promise<void> {
  await requireVisible(q, QUARTZ_LIST, body.id, caller);
  checkJob(body, lang);
  await updateRow(q, QUARTZ_CRUD, body.id, QUARTZ_CRUD.edit(body), caller);
}

/** Sets a job's status: running (fires from now on) or stopped. */
export async function setStatus(q: Queryable, id: string, status: 0 | -1, caller: ListCaller): Promise<void> {
  await requireVisible(q, QUARTZ_LIST, id, caller);
  await updateRow(q, QUARTZ_CRUD, id, { status, schedule_from: Date.now() }, caller);
}

/**
 * Job import (SPEC §7 importExcel): job class, cron expression, parameter, description; imported
 * jobs are stopped (started from the list after review). Status and last run columns of an
 * export are skipped, so an exported file imports again.
 */
export const QUARTZ_IMPORT: ImportSpec = {
  name: 'quartzJobs',
  columns: {
    jobClassName: QUARTZ_LIST.fields.jobClassName!.label,
    cronExpression: QUARTZ_LIST.fields.cronExpression!.label,
    parameter: QUARTZ_LIST.fields.parameter!.label,
    description: QUARTZ_LIST.fields.description!.label,
  },
  readOnly: { status: QUARTZ_LIST.fields.status!.label, lastRunTime: QUARTZ_LIST.fields.lastRunTime!.label },
  async importRow(q, row, caller) {
    const body = QuartzJobCreateSchema.parse({
      jobClassName: row.jobClassName ?? '',
      cronExpression: row.cronExpression ?? '',
      parameter: row.parameter || null,
      description: row.description || null,
      status: -1,
    });
    if (!jobClassOf(body.jobClassName)) throw new AppError('badRequest', 'quartzJobClassUnknown');
    if (!firesAgain(body.cronExpression, Date.now())) throw new AppError('badRequest', 'quartzCronNever');
    await createJob(q, body, caller, 'zh-CN');
  },
};
