-- Branding of the customer monitoring screen /yakult/index per tenant (issue 13 item 8;
-- apps/server/src/modules/branding/).
CREATE TABLE tenant_branding (
  tenant_id integer PRIMARY KEY REFERENCES sys_tenant(id) ON DELETE CASCADE,
  name_zh text NOT NULL,
  name_en text NOT NULL,
  logo text NOT NULL DEFAULT '',
  primary_color text NOT NULL,
  background_color text NOT NULL,
  update_by text,
  update_time timestamptz NOT NULL DEFAULT now()
);
