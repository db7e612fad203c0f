-- The first administrator was seeded with the display name 系统管理员, shown as such in English too
-- (issue #16 item 10); a fresh installation now seeds the account name. An existing installation
-- gets the same only where the seeded account still holds exactly what the seed wrote: created by
-- the seed, the seeded name, and its profile never written since (update_time is set by every
-- profile, password, status or settings change). A name a person chose, or kept while editing the
-- profile, is data and stays.
UPDATE sys_user
   SET realname = username
 WHERE username = 'admin'
   AND create_by = 'system'
   AND realname = '系统管理员'
   AND update_time IS NULL;
