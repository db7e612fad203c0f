-- Telemetry at scale (issue 15 item 5). On PostgreSQL `telemetry` becomes a table partitioned by
-- RANGE (ts), one partition per UTC calendar month named telemetry_yYYYYmMM, bounds in ms epoch
-- [first ms of the month, first ms of the next month). Partition upkeep (created ahead, old ones
-- dropped past TELEMETRY_RETENTION_MONTHS) is modules/telemetry/partitions/telemetry-partitions.ts.
-- PGlite keeps the plain table of 0021 (no retention there); both engines get the retention log.

-- One row per partition dropped by retention (item 7: "retention drops whole partitions and
-- records that it did"). range_from/range_to: the partition's bounds, ms epoch; dropped_at ms epoch.
CREATE TABLE telemetry_retention_log (
  id bigserial PRIMARY KEY,
  partition_name text NOT NULL,
  range_from bigint NOT NULL,
  range_to bigint NOT NULL,
  row_count bigint NOT NULL,
  dropped_at bigint NOT NULL
);

-- @engine postgres
-- Everything below runs on PostgreSQL only (migrate.ts). The existing rows are moved in this
-- migration's transaction: plan for a pause of the ingest and twice the table's size on disk.
-- No view, function or foreign key refers to telemetry; its only index is the primary key
-- (device_id, ts), which holds the partition key and is recreated on the partitioned table.

ALTER TABLE telemetry RENAME TO telemetry_unpartitioned;
ALTER TABLE telemetry_unpartitioned RENAME CONSTRAINT telemetry_pkey TO telemetry_unpartitioned_pkey;

CREATE TABLE telemetry (
  device_id text NOT NULL,
  ts bigint NOT NULL,                            -- device time, authoritative; the partition key
  received_at bigint NOT NULL,
  lat double precision,
  lng double precision,
  "values" jsonb NOT NULL,
  PRIMARY KEY (device_id, ts)
) PARTITION BY RANGE (ts);

-- Creates the partition of the UTC month holding `month_start` unless it exists; true when created.
-- The one place partition names and bounds are made (the upkeep calls it too).
CREATE FUNCTION telemetry_ensure_partition(month_start date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  m date := date_trunc('month', month_start)::date;
  part text := format('telemetry_y%sm%s', to_char(m, 'YYYY'), to_char(m, 'MM'));
  lo bigint := (extract(epoch FROM m::timestamp) * 1000)::bigint;
  hi bigint := (extract(epoch FROM (m + interval '1 month')::timestamp) * 1000)::bigint;
BEGIN
  IF to_regclass(part) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF telemetry FOR VALUES FROM (%s) TO (%s)', part, lo, hi);
  RETURN true;
END $$;

-- Partitions for the months holding existing rows, the default 60 months back (the upkeep then
-- applies the configured retention) and 3 months ahead.
DO $$
DECLARE
  now_utc timestamp := now() AT TIME ZONE 'UTC';
  m date;
BEGIN
  FOR m IN SELECT DISTINCT date_trunc('month', to_timestamp((ts / 1000)::double precision) AT TIME ZONE 'UTC')::date FROM telemetry_unpartitioned LOOP
    PERFORM telemetry_ensure_partition(m);
  END LOOP;
  m := date_trunc('month', now_utc - interval '60 months')::date;
  WHILE m <= (now_utc + interval '3 months')::date LOOP
    PERFORM telemetry_ensure_partition(m);
    m := (m + interval '1 month')::date;
  END LOOP;
END $$;

INSERT INTO telemetry (device_id, ts, received_at, lat, lng, "values")
  SELECT device_id, ts, received_at, lat, lng, "values" FROM telemetry_unpartitioned;

DROP TABLE telemetry_unpartitioned;
