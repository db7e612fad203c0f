-- Routes and locations (issue 10 item 1; SPEC §2 settings → paths and points, §3, §5).
-- Positions are WGS-84 decimal degrees; fence radii metres (> 0, ≤ 1 000 000 = 1000 km).

-- A preset route: origin, ordered waypoints and destination as {lat, lng, name?} JSON.
CREATE TABLE logistics_route (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  name text NOT NULL,
  origin jsonb NOT NULL,
  waypoints jsonb NOT NULL DEFAULT '[]'::jsonb,
  destination jsonb NOT NULL,
  fence_radius_m double precision NOT NULL CHECK (fence_radius_m > 0 AND fence_radius_m <= 1000000),
  description text,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  UNIQUE (tenant_id, name)
);

-- A location (depot, customer, warehouse): circle fence around (lat, lng), optional polygon fence
-- (array of {lat, lng}, when set it is the fence).
CREATE TABLE logistics_location (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  name text NOT NULL,
  address text,
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lng double precision NOT NULL CHECK (lng BETWEEN -180 AND 180),
  fence_radius_m double precision NOT NULL CHECK (fence_radius_m > 0 AND fence_radius_m <= 1000000),
  fence_enabled boolean NOT NULL DEFAULT true,
  polygon jsonb,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  UNIQUE (tenant_id, name)
);
