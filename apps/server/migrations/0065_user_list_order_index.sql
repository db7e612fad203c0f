-- The user list's default order (issue 17, API latency): newest first, as the generic list sorts it
-- (`create_time DESC NULLS LAST, id DESC`). With this index a page of 10 walks the newest users and
-- checks tenant membership per row (sys_user_tenant_user_idx) instead of joining and sorting every
-- user of the tenant; the total is still counted once per page.
CREATE INDEX IF NOT EXISTS sys_user_create_time_idx ON sys_user (create_time DESC NULLS LAST, id DESC);
