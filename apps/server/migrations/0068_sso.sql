-- Third-party login, CAS and login-free links (issue 13 items 5-6; apps/server/src/modules/auth/sso/).

-- A third-party identity bound to an account (type 1 WeChat: unionid, else openid; type 2 OIDC: sub).
-- One identity per provider and account, bound after a password or SMS code check.
CREATE TABLE sso_identity (
  provider_type smallint NOT NULL CHECK (provider_type IN (1, 2)),
  subject text NOT NULL,
  user_id text NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
  display_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  PRIMARY KEY (provider_type, subject),
  UNIQUE (provider_type, user_id)
);

-- An authorization request in flight: SHA-256 of the state, the PKCE verifier, the in-app path to
-- return to. Deleted when the callback consumes it (single use); 10 minutes valid.
CREATE TABLE sso_oauth_state (
  state_hash text PRIMARY KEY,
  provider_type smallint NOT NULL,
  client_variant text NOT NULL DEFAULT '',  -- type 1: 'web' (QR login) or 'mp' (Official Account)
  code_verifier text NOT NULL,
  return_to text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- The one-time hand-over from the callback to the console (SHA-256 of the token): the identity
-- the provider vouched for; 5 minutes valid; used_at set when it signs in or binds.
CREATE TABLE sso_handoff (
  token_hash text PRIMARY KEY,
  provider_type smallint NOT NULL,
  subject text NOT NULL,
  display_name text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Login-free links (SPEC §3 at/guid/uid): guid is the link id; `at` is an HMAC over the row's
-- fields and is not stored. Single use (used_at), short-lived (expires_at).
CREATE TABLE sso_login_link (
  guid text PRIMARY KEY,
  user_id text NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
  tenant_id integer NOT NULL,
  expires_at timestamptz NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz,
  used_ip text
);
CREATE INDEX sso_login_link_user_idx ON sso_login_link (user_id);
