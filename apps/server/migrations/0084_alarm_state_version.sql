-- Version of each device's alarm engine state (issue 9 speed, issue 10 geofence evaluation at
-- 10,000 devices). Every save of a state increments it; the alarm runtime keeps the states it
-- saved in memory and, under the row lock of each batch, reads only (device_id, version): the
-- stored JSON is read again only for a device whose version differs (another process evaluated
-- it, or it was never cached). Nothing else writes alarm_engine_state.
ALTER TABLE alarm_engine_state ADD COLUMN version bigint NOT NULL DEFAULT 0;
