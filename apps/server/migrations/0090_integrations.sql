-- Modbus TCP devices and third-party integrations (issue 14 items 2-3; SPEC §2 external devices,
-- §7 third-party device endpoints). Register maps are JSON arrays of RegisterSchema (contracts
-- integrations/register-maps.ts), validated by the API. Times of poll status are ms epoch.

CREATE TABLE modbus_device (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  dev_no text NOT NULL UNIQUE REFERENCES device(dev_no) ON DELETE CASCADE,  -- one config per device
  host text NOT NULL,
  port integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
  unit_id integer NOT NULL CHECK (unit_id BETWEEN 0 AND 255),
  map_code text,                                   -- built-in map the registers came from, null = custom
  registers jsonb NOT NULL,
  poll_period_ms integer NOT NULL CHECK (poll_period_ms BETWEEN 100 AND 3600000),
  timeout_ms integer NOT NULL CHECK (timeout_ms BETWEEN 50 AND 30000),
  enabled boolean NOT NULL DEFAULT true,
  -- poll status, written by the poller: online | offline | backoff | disabled; ok | timeout | error
  state text NOT NULL DEFAULT 'offline',
  last_result text,
  last_error text,
  last_poll_ms bigint,
  last_ok_ms bigint,
  failures integer NOT NULL DEFAULT 0,
  next_poll_ms bigint,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz
);
CREATE INDEX modbus_device_tenant_idx ON modbus_device (tenant_id, create_time DESC);

CREATE TABLE third_party_integration (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  name text NOT NULL,
  type text NOT NULL,                              -- meter | ammeter | water | weightFeed
  enabled boolean NOT NULL DEFAULT true,
  note text NOT NULL DEFAULT '',
  key_hash text NOT NULL UNIQUE,                   -- sha256 hex of the API key (shown once)
  key_prefix text NOT NULL,
  key_created_time timestamptz NOT NULL DEFAULT now(),
  last_used_time timestamptz,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  UNIQUE (tenant_id, name)
);
CREATE INDEX third_party_integration_tenant_idx ON third_party_integration (tenant_id, create_time DESC);

-- Devices an integration may feed (a device is fed by at most one integration).
CREATE TABLE third_party_device (
  dev_no text PRIMARY KEY REFERENCES device(dev_no) ON DELETE CASCADE,
  integration_id text NOT NULL REFERENCES third_party_integration(id) ON DELETE CASCADE
);
CREATE INDEX third_party_device_integration_idx ON third_party_device (integration_id);

-- Request ids already taken (replay protection); rows older than the clock-skew window are pruned.
CREATE TABLE third_party_request (
  integration_id text NOT NULL REFERENCES third_party_integration(id) ON DELETE CASCADE,
  request_id text NOT NULL,
  received_ms bigint NOT NULL,
  PRIMARY KEY (integration_id, request_id)
);
CREATE INDEX third_party_request_time_idx ON third_party_request (received_ms);
