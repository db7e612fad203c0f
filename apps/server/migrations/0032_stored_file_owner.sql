-- Owner of each uploaded file (issue #8, finding 8). The static route serves a stored file only to
-- a signed-in member of the tenant recorded here (apps/server/src/modules/common/static.routes.ts);
-- `path` is the file's path relative to DATA_DIR/files (e.g. `avatar/3f…9a.png`). Files written
-- before this table existed have no row and are refused (404).
CREATE TABLE sys_file (
  path text PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id) ON DELETE CASCADE,
  create_by text,
  create_time timestamptz NOT NULL DEFAULT now()
);
