-- File storage list (issue 12 item 7; SPEC §2 modules → file storage, §3 uploaded file): what the
-- list shows of each uploaded file. Files stored before this migration keep nulls (name and size
-- unknown); `biz` is the folder part of the path.
ALTER TABLE sys_file ADD COLUMN id text NOT NULL DEFAULT gen_random_uuid()::text;
ALTER TABLE sys_file ADD COLUMN file_name text;
ALTER TABLE sys_file ADD COLUMN file_size bigint;
ALTER TABLE sys_file ADD COLUMN content_type text;
ALTER TABLE sys_file ADD COLUMN biz text;
UPDATE sys_file SET biz = split_part(path, '/', 1) WHERE biz IS NULL;
CREATE UNIQUE INDEX sys_file_id_idx ON sys_file (id);
CREATE INDEX sys_file_tenant_idx ON sys_file (tenant_id, create_time DESC);
