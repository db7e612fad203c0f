import type { UserNotificationSettings, UserProfile, UserProfileRecord, UserSettings } from '@ztj/contracts';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { pushModes } from './users.list';
import { nullIfEmpty } from './users.repo';

/*
 * The signed-in user's own settings (SPEC §2 account settings): each function reads or writes the
 * row of `userId` only, which the session names, so no tenant scope applies.
 */

/** Alarm-push settings of the signed-in user (SPEC §3). */
export async function readSettings(db: Db, userId: string): Promise<UserSettings> {
  const r = await db.one<{
    default_monitor_account: string | null;
    only_multi_alarm: boolean;
    alarm_push_mode: string;
  }>('SELECT default_monitor_account, only_multi_alarm, alarm_push_mode FROM sys_user WHERE id = $1', [userId]);
  if (!r) throw new AppError('notFound', 'notFound');
  return {
    defaultMonitorAccount: r.default_monitor_account,
    onlyMultiLevelAlarm: r.only_multi_alarm,
    alarmPushMode: pushModes(r.alarm_push_mode) as UserSettings['alarmPushMode'],
  };
}

/** Stores the signed-in user's alarm-push settings (push modes deduplicated and sorted). */
export async function saveSettings(db: Db, userId: string, s: UserSettings): Promise<void> {
  await db.query(
    'UPDATE sys_user SET default_monitor_account = $2, only_multi_alarm = $3, alarm_push_mode = $4, update_time = now() WHERE id = $1',
    [
      userId,
      nullIfEmpty(s.defaultMonitorAccount),
      s.onlyMultiLevelAlarm,
      [...new Set(s.alarmPushMode)].sort().join(','),
    ],
  );
}

/** The signed-in user's own profile (SPEC §2 account settings "base setting"). */
export async function readProfile(db: Db, userId: string): Promise<UserProfileRecord> {
  const r = await db.one<UserProfileRecord>(
    `SELECT username, realname, email, phone, sex, to_char(birthday, 'YYYY-MM-DD') AS birthday, avatar FROM sys_user WHERE id = $1`,
    [userId],
  );
  if (!r) throw new AppError('notFound', 'notFound');
  return { ...r, sex: r.sex === null ? null : Number(r.sex) };
}

/**
 * Saves the caller's own profile (SPEC §2 base setting, §5 rules checked by UserProfileSchema):
 * real name, email, mobile, sex, birthday and avatar of `userId` only; nothing else of the
 * account changes.
 */
export async function saveProfile(db: Db, userId: string, username: string, b: UserProfile): Promise<void> {
  await db.query(
    `UPDATE sys_user SET realname = $2, email = $3, phone = $4, sex = $5, birthday = $6::date, avatar = $7, update_by = $8, update_time = now()
      WHERE id = $1`,
    [
      userId,
      b.realname,
      nullIfEmpty(b.email),
      b.phone,
      b.sex ?? null,
      nullIfEmpty(b.birthday),
      nullIfEmpty(b.avatar),
      username,
    ],
  );
}

/** Notification preferences of the signed-in user (SPEC §2 account settings); every kind on until saved. */
export async function readNotification(db: Db, userId: string): Promise<UserNotificationSettings> {
  const r = await db.one<{
    system_message: boolean;
    user_message: boolean;
    todo_task: boolean;
    alarm_message: boolean;
  }>('SELECT system_message, user_message, todo_task, alarm_message FROM sys_user_notification WHERE user_id = $1', [
    userId,
  ]);
  if (!r) return { systemMessage: true, userMessage: true, todoTask: true, alarmMessage: true };
  return {
    systemMessage: r.system_message,
    userMessage: r.user_message,
    todoTask: r.todo_task,
    alarmMessage: r.alarm_message,
  };
}

/** Stores the signed-in user's notification preferences (one row per user, replaced on save). */
export async function saveNotification(db: Db, userId: string, s: UserNotificationSettings): Promise<void> {
  await db.query(
    `INSERT INTO sys_user_notification (user_id, system_message, user_message, todo_task, alarm_message) VALUES ($1,$2,$3,$4,$5)
     ON CONFLICT (user_id) DO UPDATE SET system_message = EXCLUDED.system_message, user_message = EXCLUDED.user_message,
       todo_task = EXCLUDED.todo_task, alarm_message = EXCLUDED.alarm_message, update_time = now()`,
    [userId, s.systemMessage, s.userMessage, s.todoTask, s.alarmMessage],
  );
}
