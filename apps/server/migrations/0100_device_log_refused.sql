-- Refused device input visible to the tenant: the ingest writes a device log line of kind
-- 'refused' for a message or reading it refused of a known device (within the per-device
-- dead-letter budget), with the reason key (INGEST_REFUSAL_MESSAGES of the contracts) here and
-- the field and a payload sample as JSON in content. Null on the other kinds.
ALTER TABLE device_log ADD COLUMN reason text;
