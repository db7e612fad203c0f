-- Device shares (issue 10 item 5; SPEC §2 share: shared devices, share list; §7 shares calls list,
-- receiveList, add, update, unbind, bindDevs, unbindDevs).
--
-- A share is made by one tenant (`owner_tenant_id`, the operator `owner_user_id`) for one console
-- account (`receiver_user_id`, found by user name or phone), optionally until `expire_time`. The
-- receiver reads the shared devices only while the share is live: `unbind_time` null and
-- `expire_time` null or later than now() — checked in SQL on every receiver query, never cached.
CREATE TABLE device_share (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  owner_tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  owner_user_id text NOT NULL REFERENCES sys_user(id),
  receiver_user_id text NOT NULL REFERENCES sys_user(id),
  note text NOT NULL DEFAULT '',
  expire_time timestamptz,                        -- null: no expiry
  unbind_time timestamptz,                        -- set by unbind: the share has ended
  unbind_by text,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  CHECK (owner_user_id <> receiver_user_id)
);
CREATE INDEX device_share_owner_idx ON device_share (owner_tenant_id, create_time DESC);
CREATE INDEX device_share_receiver_idx ON device_share (receiver_user_id) WHERE unbind_time IS NULL;

-- Devices of a share (bindDevs adds, unbindDevs deletes); only devices of the owner tenant.
CREATE TABLE share_device (
  share_id text NOT NULL REFERENCES device_share(id) ON DELETE CASCADE,
  dev_no text NOT NULL REFERENCES device(dev_no) ON DELETE CASCADE,
  add_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (share_id, dev_no)
);
CREATE INDEX share_device_dev_idx ON share_device (dev_no);

-- Every read of a receiver (who, which device, what, when), shown to the owner on the share.
CREATE TABLE share_access_log (
  id bigserial PRIMARY KEY,
  share_id text NOT NULL REFERENCES device_share(id) ON DELETE CASCADE,
  owner_tenant_id integer NOT NULL,
  dev_no text NOT NULL,
  user_id text NOT NULL,
  username text NOT NULL,
  action text NOT NULL,                           -- list | view | history | track | alarms
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX share_access_log_share_idx ON share_access_log (share_id, create_time DESC);
