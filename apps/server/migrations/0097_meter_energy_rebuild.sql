-- The energy register semantics changed (modules/meters/register.ts: noise, reset near zero,
-- rollover at the maximum, spikes and drops not counted): every rolled-up day is rebuilt by the next
-- refresh, which also fills meter_energy_event.
INSERT INTO meter_energy_dirty (device_id, day) SELECT device_id, day FROM meter_energy_day ON CONFLICT DO NOTHING;
