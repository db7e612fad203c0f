-- Last sign-in of a console user (issue #16 item 6). A user who has signed in before gets the
-- tenant used last (sys_user.login_tenant_id) preselected after sign-in; at the first sign-in there
-- is no such tenant (the seed's value is the platform tenant, which holds no devices), so the
-- session starts in the user's tenant that holds the most devices. Users who already have
-- sessions count as signed in before.
ALTER TABLE sys_user ADD COLUMN last_sign_in_at timestamptz;
UPDATE sys_user u SET last_sign_in_at = s.latest
  FROM (SELECT user_id, max(created_at) AS latest FROM sys_session GROUP BY user_id) s
 WHERE s.user_id = u.id;
