-- Tamper-evident records (issue 15 item 7; GSP: records cannot be altered or deleted; 21 CFR Part
-- 11 audit trails). Per tenant, four hash chains of ledger entries: `telemetry` (one entry per
-- committed ingest batch per tenant, carrying the digest of the rows that batch stored; telemetry
-- rows point at it by `ledger_id`; retention drops are entries too), `alarmRecord` (one per
-- alarm processing record), `report` (one per report/export generation that finished) and
-- `audit` (one per operation-log row, with the before/after of the changed entity).
-- Each entry's hash covers the previous entry's hash, so changing, removing or inserting an entry
-- or a chained row shows at verification (modules/ledger/ledger-verify.ts). Times: ms epoch.
-- Hashes and digests: lowercase hex SHA-256 (built in since PostgreSQL 11; PGlite has it).

CREATE TABLE ledger_entry (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL,
  chain text NOT NULL,                           -- telemetry | alarmRecord | report | audit
  seq bigint NOT NULL,                           -- 1, 2, … within (tenant_id, chain)
  kind text NOT NULL,                            -- batch | record | retention
  ref text,                                      -- source row id (record), partition name (retention)
  created_at bigint NOT NULL,
  row_count integer NOT NULL DEFAULT 0,          -- rows of a batch; rows dropped (retention)
  ts_from bigint,                                -- batch: min device ts; retention: range start
  ts_to bigint,                                  -- batch: max device ts; retention: range end (excl.)
  content jsonb,                                 -- record: canonical content of the row when chained
  digest text NOT NULL,                          -- batch: rows digest; record: sha256(content::text)
  prev_hash text NOT NULL,
  hash text NOT NULL,
  UNIQUE (tenant_id, chain, seq)
);
CREATE INDEX ledger_entry_ref_idx ON ledger_entry (chain, ref) WHERE ref IS NOT NULL;

-- The newest entry of each chain; its row is the chain's lock (ON CONFLICT DO UPDATE locks it).
CREATE TABLE ledger_head (
  tenant_id integer NOT NULL,
  chain text NOT NULL,
  seq bigint NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  PRIMARY KEY (tenant_id, chain)
);

-- When chaining began: telemetry received before it is "before the ledger", not a break.
CREATE TABLE ledger_meta (
  id integer PRIMARY KEY CHECK (id = 1),
  started_at bigint NOT NULL
);
INSERT INTO ledger_meta (id, started_at) VALUES (1, (extract(epoch FROM clock_timestamp()) * 1000)::bigint);

-- The ledger entry (batch) that stored each reading; NULL for readings stored before this migration.
ALTER TABLE telemetry ADD COLUMN ledger_id bigint;

-- Operation log: the administered entity before and after the change (operation-log.hook.ts).
ALTER TABLE sys_log ADD COLUMN data_before jsonb;
ALTER TABLE sys_log ADD COLUMN data_after jsonb;

-- Hash of one entry: SHA-256 of the JSON array of its fields and the previous hash.
CREATE FUNCTION ledger_link_hash(prev text, tenant integer, chain text, seq bigint, id bigint, kind text, ref text,
  created_at bigint, row_count integer, ts_from bigint, ts_to bigint, digest text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(prev, tenant, chain, seq, id, kind, ref, created_at, row_count, ts_from, ts_to, digest)::text, 'UTF8')), 'hex')
$$;

-- Canonical text of one reading (floats by their bytes: independent of extra_float_digits). Only
-- immutable operators (explicit ::text casts), so the planner inlines it into the batch INSERT.
CREATE FUNCTION ledger_reading_text(device_id text, ts bigint, received_at bigint, lat double precision, lng double precision, vals jsonb) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT device_id || '|' || ts::text || '|' || received_at::text || '|' || coalesce(encode(float8send(lat), 'hex'), '-') || '|'
    || coalesce(encode(float8send(lng), 'hex'), '-') || '|' || vals::text
$$;

-- Appends one entry to a tenant's chain (locking its head) and returns the entry id. `p_id`: an id
-- taken from ledger_entry_id_seq beforehand (telemetry rows carry it), or NULL; `p_digest` NULL:
-- sha256 of `p_content`.
CREATE FUNCTION ledger_append(p_id bigint, p_tenant integer, p_chain text, p_kind text, p_ref text, p_row_count integer,
  p_ts_from bigint, p_ts_to bigint, p_content jsonb, p_digest text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint := coalesce(p_id, nextval('ledger_entry_id_seq'));
  v_at bigint := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
  v_digest text := coalesce(p_digest, encode(sha256(convert_to(p_content::text, 'UTF8')), 'hex'));
  g text := repeat('0', 64);
  h ledger_head;
BEGIN
  INSERT INTO ledger_head AS l (tenant_id, chain, seq, prev_hash, hash)
  VALUES (p_tenant, p_chain, 1, g, ledger_link_hash(g, p_tenant, p_chain, 1, v_id, p_kind, p_ref, v_at, p_row_count, p_ts_from, p_ts_to, v_digest))
  ON CONFLICT (tenant_id, chain) DO UPDATE SET seq = l.seq + 1, prev_hash = l.hash,
    hash = ledger_link_hash(l.hash, p_tenant, p_chain, l.seq + 1, v_id, p_kind, p_ref, v_at, p_row_count, p_ts_from, p_ts_to, v_digest)
  RETURNING * INTO h;
  INSERT INTO ledger_entry (id, tenant_id, chain, seq, kind, ref, created_at, row_count, ts_from, ts_to, content, digest, prev_hash, hash)
  VALUES (v_id, p_tenant, p_chain, h.seq, p_kind, p_ref, v_at, p_row_count, p_ts_from, p_ts_to, p_content, v_digest, h.prev_hash, h.hash);
  RETURN v_id;
END $$;

-- Retention dropped partition `p_name` [p_from, p_to): one `retention` entry in every tenant's
-- telemetry chain with the number of its rows dropped. Called in the drop's transaction.
CREATE FUNCTION ledger_record_retention(p_name text, p_from bigint, p_to bigint) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  n integer := 0;
BEGIN
  FOR r IN EXECUTE format(
    'SELECT h.tenant_id, coalesce(c.n, 0)::int AS n FROM ledger_head h LEFT JOIN (SELECT e.tenant_id, count(*) AS n FROM %I t
       JOIN ledger_entry e ON e.id = t.ledger_id GROUP BY e.tenant_id) c ON c.tenant_id = h.tenant_id
      WHERE h.chain = ''telemetry'' ORDER BY h.tenant_id', p_name)
  LOOP
    PERFORM ledger_append(NULL, r.tenant_id, 'telemetry', 'retention', p_name, r.n, p_from, p_to, NULL,
      encode(sha256(convert_to(jsonb_build_array(p_name, p_from, p_to, r.n)::text, 'UTF8')), 'hex'));
    n := n + 1;
  END LOOP;
  RETURN n;
END $$;

-- Canonical content of the chained records (explicit fields: a later column does not change old digests).
CREATE FUNCTION ledger_content_alarm_record(r alarm_process_record) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('id', r.id, 'tenantId', r.tenant_id, 'alarmId', r.alarm_id, 'content', r.content,
    'flag', r.flag, 'createBy', r.create_by, 'createTime', r.create_time)
$$;
CREATE FUNCTION ledger_content_report(r export_file) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('id', r.id, 'tenantId', r.tenant_id, 'userId', r.user_id, 'number', r.number,
    'exporter', r.exporter, 'fileType', r.file_type, 'fileName', r.file_name, 'description', r.description,
    'query', r.query, 'status', r.status, 'result', r.result, 'size', r.size, 'sha256', r.sha256,
    'createTime', r.create_time, 'finishTime', r.finish_time)
$$;
CREATE FUNCTION ledger_content_audit(r sys_log) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('id', r.id, 'tenantId', r.tenant_id, 'logType', r.log_type, 'content', r.log_content,
    'operateType', r.operate_type, 'userId', r.userid, 'username', r.username, 'ip', r.ip, 'method', r.method,
    'url', r.request_url, 'param', r.request_param, 'costTime', r.cost_time,
    'createTime', (extract(epoch FROM r.create_time) * 1000)::bigint, 'before', r.data_before, 'after', r.data_after)
$$;

-- Record chains are appended by triggers, so no code path can forget them.
CREATE FUNCTION ledger_record_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c jsonb;
BEGIN
  IF TG_TABLE_NAME = 'alarm_process_record' THEN
    c := ledger_content_alarm_record(NEW);
  ELSIF TG_TABLE_NAME = 'export_file' THEN
    c := ledger_content_report(NEW);
  ELSE
    c := ledger_content_audit(NEW);
  END IF;
  PERFORM ledger_append(NULL, NEW.tenant_id, TG_ARGV[0], 'record', NEW.id::text, 1, NULL, NULL, c, NULL);
  RETURN NULL;
END $$;

CREATE TRIGGER ledger_alarm_record AFTER INSERT ON alarm_process_record
  FOR EACH ROW EXECUTE FUNCTION ledger_record_trigger('alarmRecord');
CREATE TRIGGER ledger_report AFTER UPDATE OF status ON export_file
  FOR EACH ROW WHEN (NEW.status IN ('success', 'failure') AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION ledger_record_trigger('report');
CREATE TRIGGER ledger_audit AFTER INSERT ON sys_log
  FOR EACH ROW WHEN (NEW.log_type = 2 AND NEW.tenant_id IS NOT NULL)
  EXECUTE FUNCTION ledger_record_trigger('audit');

-- Existing records join their chains now, oldest first.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT a.tenant_id, a.id, ledger_content_alarm_record(a) AS c FROM alarm_process_record a ORDER BY a.create_time, a.id LOOP
    PERFORM ledger_append(NULL, r.tenant_id, 'alarmRecord', 'record', r.id, 1, NULL, NULL, r.c, NULL);
  END LOOP;
  FOR r IN SELECT f.tenant_id, f.id, ledger_content_report(f) AS c FROM export_file f WHERE f.status IN ('success', 'failure') ORDER BY f.create_time, f.id LOOP
    PERFORM ledger_append(NULL, r.tenant_id, 'report', 'record', r.id, 1, NULL, NULL, r.c, NULL);
  END LOOP;
  FOR r IN SELECT l.tenant_id, l.id, ledger_content_audit(l) AS c FROM sys_log l WHERE l.log_type = 2 AND l.tenant_id IS NOT NULL ORDER BY l.id LOOP
    PERFORM ledger_append(NULL, r.tenant_id, 'audit', 'record', r.id::text, 1, NULL, NULL, r.c, NULL);
  END LOOP;
END $$;
