-- Register events of the daily energy rollup (modules/meters/register.ts): per device and local day
-- (as meter_energy_day) the steps of the energy register that change how consumption is counted —
-- 'reset' (fell to near zero, counted from the new value), 'rollover' (wrapped at counter_max),
-- 'spike' (rose more than the meter's rated power allows over the elapsed time, not counted) and
-- 'drop' (fell beyond the noise tolerance without wrapping or reaching zero, not counted).
-- ts / prev_ts ms epoch of the reading and the base before it; prev_kwh, kwh register values as read;
-- counted_kwh the consumption counted for the step (before CT × PT). Rebuilt with the day rows.
CREATE TABLE meter_energy_event (
  device_id text NOT NULL,
  day integer NOT NULL,
  ts bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('reset', 'rollover', 'spike', 'drop')),
  prev_ts bigint NOT NULL,
  prev_kwh double precision NOT NULL,
  kwh double precision NOT NULL,
  counted_kwh double precision NOT NULL,
  PRIMARY KEY (device_id, day, ts)
);
