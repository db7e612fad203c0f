-- Devices, gateways, groups, events and logs (SPEC §3 device/gateway fields, §4 device states and
-- events; ARCHITECTURE §4-5). Device models are constants in contracts (DEVICE_MODELS).
-- Times of device data are bigint ms since the Unix epoch (the wire unit, ARCHITECTURE §4).

CREATE TABLE device_group (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  name text NOT NULL,                            -- SPEC §5: 4-20 characters
  org_code text,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  UNIQUE (tenant_id, name)
);

CREATE TABLE device (
  dev_no text PRIMARY KEY,                       -- terminal number, unique across tenants
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  org_code text,
  name text NOT NULL,
  alias text,
  model text NOT NULL,                           -- DEVICE_MODELS code
  kind text NOT NULL,                            -- vehicleGateway | warehouseGateway | wifiVirtualGateway | terminal
  group_id text REFERENCES device_group(id) ON DELETE SET NULL,
  gateway_id text REFERENCES device(dev_no) ON DELETE SET NULL,  -- relaying gateway of a sub-device
  firmware text,
  work_status text NOT NULL DEFAULT 'working',   -- working | idle
  work_windows jsonb NOT NULL DEFAULT '[]',      -- [{start:'HH:mm', end:'HH:mm'}], empty = all day
  power double precision,                        -- battery %, P005
  signal double precision,                       -- dBm, P012
  charging boolean,
  powered_on boolean,                            -- from power_on / power_off events
  flight_mode boolean,
  low_power boolean,
  last_ts bigint,                                -- device time of the newest reading, ms
  last_received_at bigint,
  last_lat double precision,                     -- WGS-84
  last_lng double precision,
  bind_status text NOT NULL DEFAULT 'bound',     -- bound | unbound
  secret_hash text NOT NULL,                     -- sha256 hex of the device secret (MQTT password / HTTP)
  periods jsonb NOT NULL DEFAULT '{}',           -- minutes, see validateDevicePeriods
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz
);
CREATE INDEX device_tenant_idx ON device (tenant_id, create_time DESC);
CREATE INDEX device_gateway_idx ON device (gateway_id);
CREATE INDEX device_group_idx ON device (group_id);

CREATE TABLE gateway (
  id text PRIMARY KEY REFERENCES device(dev_no) ON DELETE CASCADE,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  name text NOT NULL,
  note text,
  address text,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz
);
CREATE INDEX gateway_tenant_idx ON gateway (tenant_id);

CREATE TABLE device_event (
  id bigserial PRIMARY KEY,
  device_id text NOT NULL,
  tenant_id integer NOT NULL,
  type text NOT NULL,                            -- DEVICE_EVENT_TYPES
  ts bigint NOT NULL,
  received_at bigint NOT NULL,
  UNIQUE (device_id, ts, type)
);
CREATE INDEX device_event_tenant_idx ON device_event (tenant_id, ts DESC);

CREATE TABLE device_log (
  id bigserial PRIMARY KEY,
  device_id text NOT NULL,
  tenant_id integer NOT NULL,
  kind text NOT NULL,                            -- command | ack | config
  cmd_id text,
  content text NOT NULL,
  ok boolean,
  operator text,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_log_device_idx ON device_log (device_id, create_time DESC);
CREATE INDEX device_log_tenant_idx ON device_log (tenant_id, create_time DESC);

-- Key from which the demo devices' secrets are derived (HMAC), generated at first start.
CREATE TABLE device_secret_key (
  name text PRIMARY KEY,
  key text NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now()
);
