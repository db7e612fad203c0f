-- Data sources (issue 12 item 3; SPEC §2 system → data sources; JeecgBoot sys_data_source).
-- Connection settings of external PostgreSQL / MySQL (MariaDB) databases, per tenant. The
-- password is stored only as AES-256-GCM ciphertext (modules/system/datasources/
-- datasource-secret.ts, key from DATA_SOURCE_KEY or <DATA_DIR>/data-source.key) and never answered.
CREATE TABLE sys_data_source (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id) ON DELETE CASCADE,
  code text NOT NULL,
  name text NOT NULL,
  db_type text NOT NULL,
  host text NOT NULL,
  port integer NOT NULL,
  db_name text NOT NULL,
  db_username text NOT NULL,
  db_password_cipher text,
  remark text,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  UNIQUE (tenant_id, code),
  CHECK (db_type IN ('postgresql', 'mysql') AND port BETWEEN 1 AND 65535)
);
CREATE INDEX sys_data_source_tenant_idx ON sys_data_source (tenant_id, create_time DESC);
