import { z } from 'zod';
import { pageResultOf } from '../envelope';
import type { BilingualText } from '../i18n';
import { defineRoute } from '../route';
import { INVALID_TEXT } from '../validation';
import { IdQuerySchema, IdsQuerySchema, ImportResultSchema, ListQuerySchema } from './list';
import { quartzCronIssues } from './quartz-cron';

export * from './quartz-cron';
export * from './quartz-messages';

/**
 * Scheduled jobs (SPEC §2 system → quartz jobs; JeecgBoot's `/sys/quartzJob/*`).
 * A job is a job class of the product (a registered server task), a Quartz cron expression, an
 * optional parameter and a description; status 0 running, -1 stopped.
 */

/** Status of a job: 0 running (normal), -1 stopped (dictionary `quartz_status`). */
export const QUARTZ_STATUS = { running: 0, stopped: -1 } as const;
export type QuartzStatus = (typeof QUARTZ_STATUS)[keyof typeof QUARTZ_STATUS];

/** Outcome of a job's last run. */
export const QUARTZ_RUN_STATUSES = ['running', 'success', 'failure'] as const;
export type QuartzRunStatus = (typeof QUARTZ_RUN_STATUSES)[number];

/** Cron expression field: grammar and SPEC §5 bounds, each problem a field error naming the cron field. */
export const CronExpressionSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(120, 'validation.tooLong')
  .superRefine((v, ctx) => {
    for (const issue of quartzCronIssues(v)) ctx.addIssue({ code: 'custom', message: issue.key, input: v });
  });

const textField = (max: number) =>
  z
    .string()
    .max(max, 'validation.tooLong')
    .refine((v) => !INVALID_TEXT.test(v), 'validation.invalidText');

/** `POST /sys/quartzJob/add` body. `status` defaults to 0 (running: scheduled at once). */
export const QuartzJobCreateSchema = z.object({
  jobClassName: z.string().trim().min(1, 'validation.required').max(120, 'validation.tooLong'),
  cronExpression: CronExpressionSchema,
  parameter: textField(2000).nullish(),
  description: textField(500).nullish(),
  status: z.union([z.literal(0), z.literal(-1)]).optional(),
});
export type QuartzJobCreate = z.infer<typeof QuartzJobCreateSchema>;

/** `PUT /sys/quartzJob/edit` body. */
export const QuartzJobEditSchema = QuartzJobCreateSchema.extend({ id: z.string().min(1).max(64) });
export type QuartzJobEdit = z.infer<typeof QuartzJobEditSchema>;

/** One job as lists and queryById answer it; times ISO, `nextFireTime` null when stopped or never again. */
export const QuartzJobRecordSchema = z.object({
  id: z.string(),
  jobClassName: z.string(),
  cronExpression: z.string(),
  parameter: z.string().nullable(),
  description: z.string().nullable(),
  status: z.number().int(),
  lastRunTime: z.string().nullable(),
  lastRunStatus: z.string().nullable(),
  lastRunMessage: z.string().nullable(),
  nextFireTime: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type QuartzJobRecord = z.infer<typeof QuartzJobRecordSchema>;

/** A job class the product offers (select options of the job form). */
export const QuartzJobClassSchema = z.object({
  name: z.string(),
  label: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
  parameterHint: z.string().nullable(),
});
export type QuartzJobClass = { name: string; label: BilingualText; parameterHint: string | null };

/** Answer of execute: the run queued. */
export const QuartzExecuteResultSchema = z.object({ runId: z.string() });

/** Sortable/filterable fields of the job list. */
export const QUARTZ_LIST_FIELDS = [
  'jobClassName',
  'cronExpression',
  'parameter',
  'description',
  'status',
  'lastRunTime',
  'createTime',
] as const;

const tag = 'system-quartz';
const ok = z.null();

/** Route table of scheduled jobs (SPEC §7 system admin; JeecgBoot `/sys/quartzJob/*`). */
export const QuartzRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/sys/quartzJob/list',
    access: 'quartz:list',
    tag,
    summary: 'Scheduled jobs of the current tenant (generic list)',
    query: ListQuerySchema,
    result: pageResultOf(QuartzJobRecordSchema),
  }),
  queryById: defineRoute({
    method: 'GET',
    path: '/sys/quartzJob/queryById',
    access: 'quartz:list',
    tag,
    summary: 'One scheduled job',
    query: IdQuerySchema,
    result: QuartzJobRecordSchema,
  }),
  jobClasses: defineRoute({
    method: 'GET',
    path: '/sys/quartzJob/jobClasses',
    access: 'quartz:list',
    tag,
    summary: 'Job classes of the product',
    result: z.array(QuartzJobClassSchema),
  }),
  add: defineRoute({
    method: 'POST',
    path: '/sys/quartzJob/add',
    access: 'quartz:add',
    tag,
    summary: 'Create a scheduled job (running unless status -1)',
    body: QuartzJobCreateSchema,
    result: z.object({ id: z.string() }),
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/sys/quartzJob/edit',
    access: 'quartz:edit',
    tag,
    summary: 'Edit a scheduled job',
    body: QuartzJobEditSchema,
    result: ok,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/sys/quartzJob/delete',
    access: 'quartz:delete',
    tag,
    summary: 'Delete a scheduled job',
    query: IdQuerySchema,
    result: ok,
  }),
  deleteBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/quartzJob/deleteBatch',
    access: 'quartz:batch_delete',
    tag,
    summary: 'Delete scheduled jobs',
    query: IdsQuerySchema,
    result: ok,
  }),
  pause: defineRoute({
    method: 'GET',
    path: '/sys/quartzJob/pause',
    access: 'quartz:pause',
    tag,
    summary: 'Stop a job (status -1)',
    query: IdQuerySchema,
    result: ok,
  }),
  resume: defineRoute({
    method: 'GET',
    path: '/sys/quartzJob/resume',
    access: 'quartz:resume',
    tag,
    summary: 'Start or resume a job (status 0); fires from now on',
    query: IdQuerySchema,
    result: ok,
  }),
  execute: defineRoute({
    method: 'GET',
    path: '/sys/quartzJob/execute',
    access: 'quartz:execute',
    tag,
    summary: 'Run a job once now',
    query: IdQuerySchema,
    result: QuartzExecuteResultSchema,
  }),
  exportXls: defineRoute({
    method: 'GET',
    path: '/sys/quartzJob/exportXls',
    access: 'quartz:export',
    tag,
    summary: 'Export scheduled jobs (download center)',
    query: ListQuerySchema,
    result: z.unknown(),
  }),
  importExcel: defineRoute({
    method: 'POST',
    path: '/sys/quartzJob/importExcel',
    access: 'quartz:import',
    tag,
    summary: 'Import scheduled jobs from .xls/.xlsx (imported stopped)',
    result: ImportResultSchema,
  }),
} as const;
