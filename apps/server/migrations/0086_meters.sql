-- Meters (issue 14): ammeter configuration and the daily energy rollup.
--
-- meter_config: one row per configured meter (defaults when absent). ct_ratio × pt_ratio multiplies
-- the meter's energy (P054, kWh) and power (P053, W) to primary-side values; counter_max is the
-- value (kWh) after which the energy register rolls over to 0; tariffs is the list of time-of-use
-- periods [{name, start 'HH:mm', end 'HH:mm', price yuan/kWh}] covering the day; limits
-- {maxPowerKW, minVoltageV, maxVoltageV}.
CREATE TABLE meter_config (
  device_id text PRIMARY KEY REFERENCES device(dev_no) ON DELETE CASCADE,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  ct_ratio double precision NOT NULL DEFAULT 1,
  pt_ratio double precision NOT NULL DEFAULT 1,
  counter_max double precision NOT NULL DEFAULT 99999.99,
  tariffs jsonb NOT NULL DEFAULT '[]',
  limits jsonb NOT NULL DEFAULT '{}',
  update_by text,
  update_time timestamptz
);
CREATE INDEX meter_config_tenant_idx ON meter_config (tenant_id);

-- meter_energy_day: per device and local day (Asia/Shanghai, UTC+8 without daylight saving; `day`
-- = days since 1970-01-01 of that clock, i.e. floor((ts + 8 h) / 24 h)) the first and last energy
-- counter readings of the day (ms epoch, kWh as read, before ratios) and the consumption between
-- successive readings inside the day (kWh, reset and rollover handled like
-- modules/meters/energy.ts counterDelta), and the number of readings. Consumption between the last
-- reading of one day and the first of the next day holding readings is worked out when asked
-- (spread over the time between them). Rows are rebuilt from telemetry for the days marked in
-- meter_energy_dirty; the rollup keeps days whose telemetry partitions retention dropped.
CREATE TABLE meter_energy_day (
  device_id text NOT NULL,
  day integer NOT NULL,
  first_ts bigint NOT NULL,
  first_kwh double precision NOT NULL,
  last_ts bigint NOT NULL,
  last_kwh double precision NOT NULL,
  within_kwh double precision NOT NULL,
  readings integer NOT NULL,
  PRIMARY KEY (device_id, day)
);

-- Days whose rollup row is stale: a telemetry row with an energy counter was stored for that
-- device and day (trigger below, any writer: MQTT, HTTP, COPY, back-fill), or the meter's counter
-- rollover changed. Consumed by the rollup refresh.
CREATE TABLE meter_energy_dirty (
  device_id text NOT NULL,
  day integer NOT NULL,
  PRIMARY KEY (device_id, day)
);

CREATE FUNCTION meter_energy_mark() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO meter_energy_dirty (device_id, day) VALUES (NEW.device_id, ((NEW.ts + 28800000) / 86400000)::integer)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER meter_energy_mark AFTER INSERT ON telemetry
  FOR EACH ROW WHEN (NEW."values" ? 'P054') EXECUTE FUNCTION meter_energy_mark();

-- Readings stored before this migration.
INSERT INTO meter_energy_dirty (device_id, day)
  SELECT DISTINCT device_id, ((ts + 28800000) / 86400000)::integer FROM telemetry WHERE "values" ? 'P054'
  ON CONFLICT DO NOTHING;
