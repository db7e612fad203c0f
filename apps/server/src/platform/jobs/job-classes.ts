import { FIELD_JSON_LIMITS, type BilingualText, type Language } from '@ztj/contracts';
import { parseBoundedJson } from '../json/bounded-json';
import type { Db } from '../db/db';

/**
 * Services a job class may use, wired by the app when it builds the scheduler. Modules that need
 * more add members by declaration merging (`declare module '…/job-classes' { interface
 * QuartzServices { … } }`) and pass them in `createQuartzScheduler({ services })`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface QuartzServices {}

/** What a job class's handler is given for one run. */
export interface JobClassContext {
  db: Db;
  /** Tenant of the job: every query of the handler is scoped to it. */
  tenantId: number;
  /** The job's parameter as typed in the form (free text; JSON by convention), or null. */
  parameter: string | null;
  /** When the run was due (cron time) or requested (execute once), ms epoch. */
  fireTime: number;
  trigger: 'cron' | 'manual';
  /** Language of texts the run writes (the parameter's `lang`, else zh-CN). */
  lang: Language;
  services: Partial<QuartzServices>;
}

/**
 * A job class: one real task of the product that scheduled jobs can run (SPEC §2 system → quartz
 * jobs, "job class from a list of the product's real jobs"). `name` is what a job stores
 * (JeecgBoot's `jobClassName`); the handler's return value becomes the run's message (string, or
 * JSON), what it throws fails the run.
 */
export interface JobClass {
  name: string;
  label: BilingualText;
  /** Example parameter shown under the form field, or null when the class takes none. */
  parameterHint: string | null;
  handler(ctx: JobClassContext): Promise<unknown>;
}

const registry = new Map<string, JobClass>();

/**
 * Registers (or replaces: each app of a process registers the same) a job class; returns it.
 * Modules register their own classes with it (e.g. `warehouseDailyReport` in
 * modules/reports/warehouse-daily.ts, `deviceServiceExpiryReminder` in
 * modules/logistics/subscriptions/expiry-reminder.ts); the console lists every registered class.
 */
export function defineJobClass(jobClass: JobClass): JobClass {
  registry.set(jobClass.name, jobClass);
  return jobClass;
}

/** The job class registered under `name`, if any. */
export function jobClassOf(name: string): JobClass | undefined {
  return registry.get(name);
}

/** Every registered job class, by name. */
export function jobClasses(): JobClass[] {
  return [...registry.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The `lang` of a JSON parameter (`{"lang":"en-US"}`), else zh-CN. */
export function langOfParameter(parameter: string | null): Language {
  const p = parseParameter(parameter);
  return p.lang === 'en-US' ? 'en-US' : 'zh-CN';
}

/** A parameter read as a JSON object; {} when empty or not an object. */
export function parseParameter(parameter: string | null): Record<string, unknown> {
  if (!parameter || !parameter.trim()) return {};
  // bounded like every client JSON
  const read = parseBoundedJson(parameter, FIELD_JSON_LIMITS);
  const v = read.ok ? read.value : null;
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
