-- Indexes in the order the list machinery reads pages (issue 17; platform/list/list-sql.ts
-- orderSql: `<sort field> DESC NULLS LAST, <id> DESC`) for the lists whose tables grow without
-- bound: alarms, pushes, waybills, system logs. The older (tenant_id, time DESC) indexes did not
-- match `NULLS LAST` plus the id tie-breaker, so each page sorted every row of the tenant (the
-- waybill list of 1,000 rows: a seq scan and a top-N sort on every page); with these a page of 10
-- reads 10 index entries, however large the table. list-order.test.ts checks the plans.
CREATE INDEX alarm_list_order_idx ON alarm (tenant_id, start_ts DESC NULLS LAST, id DESC);
CREATE INDEX alarm_push_list_order_idx ON alarm_push (tenant_id, to_timestamp(created_at / 1000.0) DESC NULLS LAST, id DESC);
CREATE INDEX waybill_list_order_idx ON waybill (tenant_id, create_time DESC NULLS LAST, id DESC);
DROP INDEX IF EXISTS waybill_tenant_idx;
-- the list machinery compares number fields as numeric (`l.log_type = $2::numeric`), hence the
-- expression on the log type
CREATE INDEX sys_log_list_order_idx ON sys_log (tenant_id, (log_type::numeric), create_time DESC NULLS LAST, id DESC);
