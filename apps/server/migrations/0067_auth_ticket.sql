-- Short-lived single-use tickets of the self-service pages (issue 13 items 3-4;
-- apps/server/src/modules/auth/auth-ticket.ts): slider captcha challenges (kind 'slider': issued,
-- then verified by a plausible drag, then used once by a registration) and recovery tickets (kind
-- 'recovery': issued after the SMS code was verified, used once to set the new password). Only a
-- SHA-256 of the token is kept; rows are deleted a day after they expired.
CREATE TABLE sys_auth_ticket (
  token_hash text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('slider', 'recovery')),
  subject text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  verified_at timestamptz,
  used_at timestamptz,
  client_ip text
);
CREATE INDEX sys_auth_ticket_expires_idx ON sys_auth_ticket (expires_at);
