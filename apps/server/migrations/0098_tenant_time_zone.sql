-- Time zone of a tenant (IANA name, e.g. Asia/Shanghai): times in alarm notices (push messages on
-- every channel, the console's live notice) are written in it, with the zone. NULL = Asia/Shanghai.
ALTER TABLE sys_tenant ADD COLUMN time_zone text;
