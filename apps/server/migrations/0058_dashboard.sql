-- Dashboard (issue 11 item 5). The big-data screen opens from the analysis page's "big screen"
-- button (full screen), so its menu entry is hidden. menus.seed.ts seeds it hidden on a fresh
-- database but its upsert does not change `hidden` of an existing row: existing installations get
-- it here (on a fresh database the row does not exist yet and nothing happens).
-- No index is added: the dashboard's queries use device_tenant_idx, alarm_active_idx,
-- alarm_tenant_time_idx, alarm_device_time_idx, waybill_tenant_idx, alarm_push_tenant_idx and the
-- telemetry primary key (device_id, ts).
UPDATE sys_permission SET hidden = true WHERE id = 'dashboard-bigscreen';
