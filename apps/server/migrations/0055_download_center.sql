-- Download center (issue 11 item 2; SPEC §1 export is asynchronous, §3 download-center file, §4
-- export file status). One row per export request; the file lives under DATA_DIR/exports until
-- expires_at. Times are ms epoch.
CREATE TABLE export_file (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  user_id text NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
  number bigint NOT NULL,                        -- request order within the tenant (shown as "number")
  exporter text NOT NULL,                        -- key of the registered exporter that builds it
  file_type text NOT NULL,                       -- EXPORT_FILE_TYPES code (SPEC §9)
  file_name text NOT NULL,
  description text NOT NULL,
  lang text NOT NULL,
  query jsonb NOT NULL,                          -- the export call's parsed query (filters, selection)
  status text NOT NULL DEFAULT 'generating',     -- generating | success | failure
  progress integer NOT NULL DEFAULT 0,
  result text,                                   -- failure message, or null
  size bigint,
  sha256 text,
  path text,                                     -- relative to DATA_DIR/exports
  create_time bigint NOT NULL,
  finish_time bigint,
  expires_at bigint NOT NULL
);
CREATE INDEX export_file_owner ON export_file (tenant_id, user_id, create_time DESC);
CREATE INDEX export_file_expiry ON export_file (expires_at);
