-- SMS verification codes (issue 13 item 1; apps/server/src/modules/auth/sms-code.service.ts).
-- One row per code sent (or, for a number no account may receive it on, per code that would have
-- been sent: rows exist either way so the resend wait and the daily caps answer the same for
-- known and unknown numbers). Only a salted SHA-256 of the code is kept. A code is valid for
-- 5 minutes, once (used_at), and is void after 5 wrong attempts (attempts). The daily caps per
-- phone and per client address are counted from this table (the two indexes); rows older than
-- two days are deleted as new codes are issued.
CREATE TABLE sys_sms_code (
  id bigserial PRIMARY KEY,
  phone text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('login', 'register', 'recovery', 'changePhone')),
  code_salt text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL,
  client_ip text NOT NULL
);
CREATE INDEX sys_sms_code_phone_idx ON sys_sms_code (phone, created_at);
CREATE INDEX sys_sms_code_ip_idx ON sys_sms_code (client_ip, created_at);
