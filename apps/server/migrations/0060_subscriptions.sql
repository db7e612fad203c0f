-- Subscriptions: service orders of the devices' monitoring service (issue 10 item 6; SPEC §2
-- subscribe: orders, order detail) and the device service-expiry reminder (issue 11).
--
-- A tenant renews devices for whole months: an order starts `unpaid` (amount = devices × months ×
-- unit price, in fen, currency CNY); a platform administrator marks it `paid` after an offline
-- transfer (no payment gateway), or the tenant cancels it (`cancelled`). Paying sets each item's
-- period: from max(now, the device's current service end) for `months` months, and moves the
-- device's service end (`device_service`) to the item's period end.
--
-- A device without a `device_service` row never had a paid order and is in service (existing
-- installations keep monitoring). A device whose `service_end` has passed is expired: readings are
-- still stored and history stays readable, but the alarm engine's rule snapshot leaves it out
-- (rule-cache.ts looks `device_service` up by primary key).
-- Order numbers: SO + Asia/Shanghai date + this sequence (6 digits).
CREATE SEQUENCE service_order_no_seq;

CREATE TABLE service_order (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  order_no text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'unpaid' CHECK (status IN ('unpaid', 'paid', 'cancelled')),
  months integer NOT NULL CHECK (months BETWEEN 1 AND 120),
  device_count integer NOT NULL,
  unit_price bigint NOT NULL,                     -- fen per device and month
  amount bigint NOT NULL,                         -- fen: device_count × months × unit_price
  currency text NOT NULL DEFAULT 'CNY',
  period_start timestamptz,                       -- set when paid: earliest item start
  period_end timestamptz,                         -- set when paid: latest item end (the order's expiry)
  pay_time timestamptz,
  pay_by text,
  cancel_time timestamptz,
  cancel_by text,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz
);
CREATE INDEX service_order_tenant_idx ON service_order (tenant_id, create_time DESC);

-- Devices of an order and the period the order bought for each (null until paid).
CREATE TABLE service_order_item (
  order_id text NOT NULL REFERENCES service_order(id) ON DELETE CASCADE,
  dev_no text NOT NULL REFERENCES device(dev_no) ON DELETE CASCADE,
  period_start timestamptz,
  period_end timestamptz,
  PRIMARY KEY (order_id, dev_no)
);
CREATE INDEX service_order_item_dev_idx ON service_order_item (dev_no);

-- A device's current service end: the latest period end of its paid orders (written by confirmPay).
CREATE TABLE device_service (
  dev_no text PRIMARY KEY REFERENCES device(dev_no) ON DELETE CASCADE,
  tenant_id integer NOT NULL,
  service_end timestamptz NOT NULL,
  update_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_service_end_idx ON device_service (tenant_id, service_end);

-- Expiry reminders sent: one per device and service end, so a daily job does not repeat itself
-- for the same period; a renewal (new service end) is reminded again before it ends.
CREATE TABLE device_service_reminder (
  dev_no text NOT NULL REFERENCES device(dev_no) ON DELETE CASCADE,
  service_end timestamptz NOT NULL,
  tenant_id integer NOT NULL,
  recipients integer NOT NULL DEFAULT 0,
  create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (dev_no, service_end)
);

-- Unit price of a renewal (yuan per device and month), editable in the dictionary screen.
INSERT INTO sys_dict (dict_code, dict_name, dict_name_en, description)
VALUES ('service_unit_price', '设备服务单价', 'Device service unit price', '每台设备每月的监控服务费（元）；Monitoring service fee per device and month (CNY)')
ON CONFLICT (dict_code) DO NOTHING;
INSERT INTO sys_dict_item (dict_id, item_value, item_text, item_text_en, sort_order)
SELECT id, '30.00', '每台每月 30 元', 'CNY 30 per device and month', 1 FROM sys_dict WHERE dict_code = 'service_unit_price'
ON CONFLICT (dict_id, item_value) DO NOTHING;
