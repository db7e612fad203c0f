-- Announcements and system messages (issue 12 item 1; SPEC §2 system → announcements, §3
-- announcement, §4 notifications). One row per announcement of a tenant; the HTML content is
-- sanitised by the server before it is stored. msg_category: '1' notice, '2' system message;
-- msg_type: 'ALL' users of the tenant or 'USER' chosen users (user_ids, comma list);
-- send_status: '0' draft, '1' published, '2' revoked.
CREATE TABLE sys_announcement (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  titile text NOT NULL,
  msg_abstract text,
  msg_content text,
  priority text NOT NULL DEFAULT 'L',
  msg_category text NOT NULL DEFAULT '1',
  msg_type text NOT NULL DEFAULT 'ALL',
  user_ids text,
  open_type text,
  open_page text,
  bus_id text,
  send_status text NOT NULL DEFAULT '0',
  sender text,
  send_time timestamptz,
  cancel_time timestamptz,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  CHECK (priority IN ('L', 'M', 'H')),
  CHECK (msg_category IN ('1', '2')),
  CHECK (msg_type IN ('ALL', 'USER')),
  CHECK (send_status IN ('0', '1', '2')),
  CHECK (open_type IS NULL OR open_type IN ('url', 'component'))
);
CREATE INDEX sys_announcement_tenant_idx ON sys_announcement (tenant_id, create_time DESC);

-- Who received a published announcement (written at publish time for the recipients whose
-- notification preferences accept it), with the read and star state of each.
CREATE TABLE sys_announcement_send (
  annt_id text NOT NULL REFERENCES sys_announcement(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
  read_flag boolean NOT NULL DEFAULT false,
  read_time timestamptz,
  star_flag boolean NOT NULL DEFAULT false,
  create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (annt_id, user_id)
);
CREATE INDEX sys_announcement_send_user_idx ON sys_announcement_send (user_id, read_flag);
