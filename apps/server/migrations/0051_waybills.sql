-- Waybills (issue 10 item 3; SPEC §2 task/waybill, §3 Waybill fields, §4 states un-started →
-- ongoing → completed, AI start/stop, timing outcomes). Times are timestamptz; the tracker's device
-- times are bigint ms since the Unix epoch (ARCHITECTURE §4).
--
-- `route_id` names the preset route (logistics_route of 0050) without a foreign key: the route is
-- copied into `route` when the waybill is saved, so a later edit or deletion of the route does not
-- move a trip that is planned or under way.
CREATE TABLE waybill (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  name text NOT NULL,
  number text NOT NULL,
  inner_number text NOT NULL DEFAULT '',
  vehicle text NOT NULL DEFAULT '',
  driver_phone text NOT NULL DEFAULT '',
  company text NOT NULL DEFAULT '',
  mileage_km double precision,
  planned_start timestamptz NOT NULL,
  planned_end timestamptz NOT NULL,
  actual_start timestamptz,
  actual_end timestamptz,
  status text NOT NULL DEFAULT 'unstarted',      -- unstarted | ongoing | completed
  route_id text NOT NULL,
  route jsonb NOT NULL,                          -- WaybillRoute snapshot: name, origin, waypoints, destination, fenceRadiusM
  ai_start_stop boolean NOT NULL DEFAULT false,
  monitor_user_ids jsonb NOT NULL DEFAULT '[]',  -- sys_user ids of the monitoring accounts
  -- tracker: AI transition state, last position (WGS-84, device time ms), progress (m) and ETA (ms epoch)
  ai_state jsonb,
  last_lat double precision,
  last_lng double precision,
  last_ts bigint,
  remaining_m double precision,
  eta_ms bigint,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  UNIQUE (tenant_id, number),
  CHECK (planned_end > planned_start),
  CHECK (status IN ('unstarted', 'ongoing', 'completed'))
);
CREATE INDEX waybill_tenant_idx ON waybill (tenant_id, create_time DESC);
CREATE INDEX waybill_ongoing_idx ON waybill (status) WHERE status <> 'completed';

-- Devices of a waybill over time: `removed_at` null = on it now (delDevInTask sets it).
CREATE TABLE waybill_device (
  waybill_id text NOT NULL REFERENCES waybill(id) ON DELETE CASCADE,
  dev_no text NOT NULL REFERENCES device(dev_no) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz
);
CREATE UNIQUE INDEX waybill_device_current_idx ON waybill_device (waybill_id, dev_no) WHERE removed_at IS NULL;
CREATE INDEX waybill_device_dev_idx ON waybill_device (dev_no) WHERE removed_at IS NULL;
