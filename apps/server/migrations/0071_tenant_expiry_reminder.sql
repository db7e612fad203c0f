-- Tenant expiry reminders sent (issue 13 item 9; apps/server/src/modules/auth/tenant-expiry.ts):
-- one row per tenant and end date, so a daily job reminds each period once; a renewal moves the
-- end date and the new period is reminded again before it ends.
CREATE TABLE sys_tenant_expiry_reminder (
  tenant_id integer NOT NULL,
  end_date timestamptz NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  recipients integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, end_date)
);
