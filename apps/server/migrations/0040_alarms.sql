-- Alarms (issue 9; SPEC §2 alarm, scene, push, settings → rule templates and user groups; §3 rule
-- template, alarm types, user alarm-push fields; §4 alarm flag 0/1/3, push types 1/2/4; §5 process
-- record 1-500 characters). Device times are bigint ms since the Unix epoch (ARCHITECTURE §4).

-- Rule templates: `content` is the parsed RuleTemplate of packages/contracts/src/alarms (conditions,
-- delay, reminder, recipients); name, category and severity are copied out for lists.
CREATE TABLE alarm_rule_template (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  name text NOT NULL,
  category text NOT NULL,                        -- environment | motion
  severity text NOT NULL,                        -- L general | M important | H urgent
  content jsonb NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  UNIQUE (tenant_id, name)
);

-- Bindings of a template to devices and to device groups (importDevs). A device carries the
-- templates bound to it and to its group.
CREATE TABLE alarm_rule_binding (
  template_id text NOT NULL REFERENCES alarm_rule_template(id) ON DELETE CASCADE,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  target_type text NOT NULL,                     -- device | group
  target_id text NOT NULL,                       -- device.dev_no or device_group.id
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (template_id, target_type, target_id)
);
CREATE INDEX alarm_rule_binding_target_idx ON alarm_rule_binding (target_type, target_id);

-- Scenes: devices + conditions (a RuleTemplate-shaped `rule`) + actions (raise, push, command).
CREATE TABLE alarm_scene (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  name text NOT NULL,
  description text,
  enabled boolean NOT NULL DEFAULT true,
  rule jsonb NOT NULL,                           -- conditions, delay, reminder, severity
  actions jsonb NOT NULL,                        -- SceneActions of contracts
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  UNIQUE (tenant_id, name)
);
CREATE TABLE alarm_scene_device (
  scene_id text NOT NULL REFERENCES alarm_scene(id) ON DELETE CASCADE,
  device_id text NOT NULL REFERENCES device(dev_no) ON DELETE CASCADE,
  PRIMARY KEY (scene_id, device_id)
);
CREATE INDEX alarm_scene_device_dev_idx ON alarm_scene_device (device_id);

-- Recipient groups (settings → user groups): users of the tenant and outside contacts.
CREATE TABLE alarm_user_group (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  name text NOT NULL,
  description text,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  UNIQUE (tenant_id, name)
);
CREATE TABLE alarm_user_group_member (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  group_id text NOT NULL REFERENCES alarm_user_group(id) ON DELETE CASCADE,
  user_id text REFERENCES sys_user(id) ON DELETE CASCADE,  -- a console user, or null for a contact
  name text,
  phone text,
  email text,
  wechat_open_id text,
  push_mode integer NOT NULL DEFAULT 0          -- bitmask 1 SMS, 2 WeChat, 4 email (SPEC §4)
);
CREATE INDEX alarm_user_group_member_group_idx ON alarm_user_group_member (group_id);

-- WeChat Official Account openid of a user (template-message push; set by WeChat login, issue 13).
ALTER TABLE sys_user ADD COLUMN wechat_open_id text;

-- Alarms. One row per raised episode of one rule condition on one device; the unique key refuses
-- raising the same episode twice (resent or back-filled data).
CREATE TABLE alarm (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  device_id text NOT NULL,
  gateway_id text,                               -- relaying gateway of the device (gateway alarm list)
  rule_source text NOT NULL,                     -- template | scene
  rule_id text NOT NULL,                         -- template or scene id
  rule_name text NOT NULL,
  condition_index integer NOT NULL,
  condition_type text NOT NULL,                  -- threshold | range | duration | door | tilt | …
  alarm_type text NOT NULL,                      -- parameter code (P003…), T001 duration, or the condition type
  severity text NOT NULL,                        -- L | M | H
  start_ts bigint NOT NULL,                      -- true start of the episode, device ms
  raised_ts bigint NOT NULL,                     -- when raised (start + delay), device ms
  end_ts bigint,                                 -- cleared at, device ms
  value double precision,                        -- reading that raised it
  peak double precision,                         -- worst value of the episode
  status text NOT NULL DEFAULT 'active',         -- active | cleared
  processed boolean NOT NULL DEFAULT false,
  flag smallint NOT NULL DEFAULT 1,              -- SPEC §4: 0 non-alarm, 1 alarm, 3 ignore
  backfill boolean NOT NULL DEFAULT false,       -- found in late (back-filled) readings
  reminders integer NOT NULL DEFAULT 0,
  escalated boolean NOT NULL DEFAULT false,
  processed_by text,
  processed_at bigint,                           -- server ms
  created_at bigint NOT NULL,                    -- server ms when stored
  UNIQUE (device_id, rule_id, condition_index, start_ts)
);
CREATE INDEX alarm_tenant_time_idx ON alarm (tenant_id, start_ts DESC);
CREATE INDEX alarm_device_time_idx ON alarm (device_id, start_ts DESC);
CREATE INDEX alarm_active_idx ON alarm (tenant_id) WHERE status = 'active';

-- Process records (SPEC §5: content 1-500 characters); `flag` is the result (SPEC §4 0/1/3).
CREATE TABLE alarm_process_record (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  alarm_id text NOT NULL REFERENCES alarm(id) ON DELETE CASCADE,
  content text NOT NULL,
  flag smallint NOT NULL,
  create_by text NOT NULL,
  create_time bigint NOT NULL                    -- server ms
);
CREATE INDEX alarm_process_record_alarm_idx ON alarm_process_record (alarm_id);
CREATE INDEX alarm_process_record_tenant_idx ON alarm_process_record (tenant_id, create_time DESC);

-- Comments on an alarm (comment drawer).
CREATE TABLE alarm_comment (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  alarm_id text NOT NULL REFERENCES alarm(id) ON DELETE CASCADE,
  content text NOT NULL,
  create_by text NOT NULL,
  create_time bigint NOT NULL
);
CREATE INDEX alarm_comment_alarm_idx ON alarm_comment (alarm_id);

-- Engine state per device (plain JSON of DeviceAlarmState) so a restart loses no timer;
-- `evaluated_received_at` is the newest received_at evaluated (catch-up after a crash).
CREATE TABLE alarm_engine_state (
  device_id text PRIMARY KEY,
  tenant_id integer NOT NULL,
  state jsonb NOT NULL,
  evaluated_received_at bigint,
  updated_at bigint NOT NULL
);

-- Every push attempt series of one alarm event to one recipient on one channel (push list).
CREATE TABLE alarm_push (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  alarm_id text REFERENCES alarm(id) ON DELETE SET NULL,
  device_id text,
  event text NOT NULL,                           -- raised | reminder | escalated | cleared
  channel text NOT NULL,                         -- sms | wechat | email | wecom | dingtalk
  push_type smallint NOT NULL,                   -- SPEC §4: 1 SMS, 2 WeChat, 4 email; 0 group robot
  user_id text,
  recipient text NOT NULL,                       -- name shown in the list
  address text,                                  -- phone, e-mail, openid or webhook (masked in lists)
  status text NOT NULL,                          -- pending | sent | failed | notConfigured | noAddress
  attempts integer NOT NULL DEFAULT 0,
  answer text,                                   -- provider's answer (last attempt)
  title text,
  created_at bigint NOT NULL,
  sent_at bigint,
  next_attempt_at bigint
);
CREATE INDEX alarm_push_tenant_idx ON alarm_push (tenant_id, created_at DESC);
CREATE INDEX alarm_push_alarm_idx ON alarm_push (alarm_id);
