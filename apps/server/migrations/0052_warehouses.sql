-- Warehouses (issue 10 item 4; SPEC §2 warehouse creation in three steps, §3 Warehouse fields:
-- name, number, description, devices, monitoring accounts, note, acquisition period).
-- The acquisition period is whole minutes (null = the devices keep their own periods).
CREATE TABLE warehouse (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  name text NOT NULL,
  number text NOT NULL,
  description text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  acquisition_period integer CHECK (acquisition_period BETWEEN 1 AND 1440),
  monitor_user_ids jsonb NOT NULL DEFAULT '[]',   -- sys_user ids of the monitoring accounts
  template_ids jsonb NOT NULL DEFAULT '[]',       -- alarm_rule_template ids bound to every device (step 2)
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  UNIQUE (tenant_id, number)
);
CREATE INDEX warehouse_tenant_idx ON warehouse (tenant_id, create_time DESC);

-- Devices of a warehouse: a device is in at most one warehouse (primary key on dev_no).
CREATE TABLE warehouse_device (
  dev_no text PRIMARY KEY REFERENCES device(dev_no) ON DELETE CASCADE,
  warehouse_id text NOT NULL REFERENCES warehouse(id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX warehouse_device_warehouse_idx ON warehouse_device (warehouse_id);

-- Existing installations: the warehouse menu now opens the warehouse list (seeded as its first
-- child by menus.seed.ts, which inserts new ids but does not move existing rows). On a fresh
-- database these statements find no rows and the seed writes the new order and redirect.
UPDATE sys_permission SET sort_no = sort_no + 1
 WHERE parent_id = 'warehouse' AND NOT EXISTS (SELECT 1 FROM sys_permission WHERE id = 'warehouse-list');
UPDATE sys_permission SET redirect = '/warehouse/list' WHERE id = 'warehouse' AND redirect = '/warehouse/ammeter';
