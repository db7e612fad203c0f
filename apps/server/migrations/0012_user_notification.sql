-- Notification preferences of a user (SPEC §2 account settings: notification): which kinds of
-- notices reach the user inside the console. One row per user, written on first save; a user
-- without a row has every kind on.
CREATE TABLE sys_user_notification (
  user_id text PRIMARY KEY REFERENCES sys_user(id) ON DELETE CASCADE,
  system_message boolean NOT NULL DEFAULT true,
  user_message boolean NOT NULL DEFAULT true,
  todo_task boolean NOT NULL DEFAULT true,
  alarm_message boolean NOT NULL DEFAULT true,
  update_time timestamptz NOT NULL DEFAULT now()
);
