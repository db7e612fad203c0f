-- The alarm engine's state per device (issue 9 speed) is saved by every alarm batch that evaluates
-- the device and read back only by the alarm runtime; PostgreSQL looks inside it once, at start
-- (which devices hold an active alarm). As jsonb every save converted the whole document to its
-- binary form — every number (device times, values) through numeric — which was the largest part
-- of PostgreSQL's cost of an alarm batch. json keeps the text as sent (validated only); the runtime
-- reads it back with JSON.parse as before.
ALTER TABLE alarm_engine_state ALTER COLUMN state TYPE json USING state::json;
