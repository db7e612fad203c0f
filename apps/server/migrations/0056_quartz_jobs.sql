-- Scheduled jobs (issue 11 item 4; SPEC §2 system → quartz jobs, §3 cron expression). A job is a
-- job class of the product (registered by the server, modules/system/quartz/job-classes.ts), a
-- Quartz cron expression (7 fields, year optional), a parameter and a description, per tenant.
-- status: 0 running, -1 stopped (dictionary quartz_status). `schedule_from` (ms epoch) is when the
-- job was last started, resumed or rescheduled: only fire times after it are fired (no catch-up of
-- times missed while stopped).
CREATE TABLE quartz_job (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  job_class_name text NOT NULL,
  cron_expression text NOT NULL,
  parameter text,
  description text,
  status smallint NOT NULL DEFAULT 0,
  schedule_from bigint NOT NULL DEFAULT 0,
  last_run_time bigint,                          -- ms epoch of the last run's start
  last_run_status text,                          -- running | success | failure
  last_run_message text,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  CHECK (status IN (0, -1))
);
CREATE INDEX quartz_job_tenant_idx ON quartz_job (tenant_id, create_time DESC);
CREATE INDEX quartz_job_running_idx ON quartz_job (status) WHERE status = 0;

-- Runs of jobs: one row per fire (claimed by exactly one process: the unique key on the job, the
-- trigger and the fire time) or per "execute once". Kept 7 days.
CREATE TABLE quartz_job_run (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  job_id text NOT NULL REFERENCES quartz_job(id) ON DELETE CASCADE,
  tenant_id integer NOT NULL,
  trigger text NOT NULL,                         -- cron | manual
  fire_time bigint NOT NULL,                     -- ms epoch: the cron time, or the request time
  status text NOT NULL DEFAULT 'queued',         -- queued | running | success | failure
  message text,
  start_time bigint,
  finish_time bigint,
  UNIQUE (job_id, trigger, fire_time)
);
CREATE INDEX quartz_job_run_fire_idx ON quartz_job_run (fire_time);
