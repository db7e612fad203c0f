-- Time-driven conditions complete at their deadline, not at the next reading. When the clock decided
-- a raise (its deadline passed with no reading at that moment: the device was silent) the record
-- says so; an offline alarm and an alarm its silence raised or found active name each other
-- (linked_alarm_id: the other alarm's id; a plain column, set once by the alarm runtime).
ALTER TABLE alarm ADD COLUMN raised_by_silence boolean NOT NULL DEFAULT false;
ALTER TABLE alarm ADD COLUMN linked_alarm_id text;
