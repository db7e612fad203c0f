-- Telemetry hot path (ARCHITECTURE §4): history keyed by device time, newest reading per device,
-- dead letters of refused messages and ingest counters. Times are bigint ms since the Unix epoch.

CREATE TABLE telemetry (
  device_id text NOT NULL,
  ts bigint NOT NULL,                            -- device time, authoritative
  received_at bigint NOT NULL,                   -- server receive time
  lat double precision,                          -- WGS-84
  lng double precision,
  "values" jsonb NOT NULL,                       -- {P003: -18.2, P004: 65} (SPEC §3 codes and units)
  PRIMARY KEY (device_id, ts)
);

CREATE TABLE device_latest (
  device_id text PRIMARY KEY,
  ts bigint NOT NULL,
  received_at bigint NOT NULL,
  lat double precision,
  lng double precision,
  "values" jsonb NOT NULL
);

CREATE TABLE ingest_dead_letter (
  id bigserial PRIMARY KEY,
  received_at bigint NOT NULL,
  source text NOT NULL,                          -- MQTT topic or 'http:<path>'
  device_id text,
  reason text NOT NULL,                          -- malformed | invalid | unknownDevice | notSubDevice | unauthorized | future | tooOld | badTopic
  detail text,
  payload text                                   -- raw payload, truncated to 2 KB
);
CREATE INDEX ingest_dead_letter_time_idx ON ingest_dead_letter (received_at DESC);

CREATE TABLE ingest_counter (
  name text PRIMARY KEY,                         -- stored | duplicate | dead:<reason> | events | acks
  value bigint NOT NULL DEFAULT 0
);
