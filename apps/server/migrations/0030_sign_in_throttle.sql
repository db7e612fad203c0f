-- Sign-in throttling (issue #8, finding 2). Failed sign-ins are counted per client address and
-- account name ('c:<address>:<name>') and per account name ('a:<name>'), never locking the
-- account: the counters only decide the captcha escalation and the per-client cool-down
-- (apps/server/src/modules/auth/sign-in-throttle.ts). A counter restarts when its last failure
-- is older than the window; stale rows are deleted as new failures arrive, so the table holds at
-- most the failures of the last window. Kept in the database so several server processes share
-- them.
CREATE TABLE sys_login_failure (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure timestamptz NOT NULL
);
CREATE INDEX sys_login_failure_last_idx ON sys_login_failure (last_failure);

-- The per-name lock (five failures → ten minutes for everyone) is gone.
DROP TABLE sys_login_attempt;

-- Captchas now live in a bounded in-memory store of the process that drew them.
DROP TABLE sys_captcha;
