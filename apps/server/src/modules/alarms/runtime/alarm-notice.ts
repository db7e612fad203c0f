import type { AlarmRecord, RuleNotify } from '@ztj/contracts';

/**
 * What the alarm runtime announces once an alarm change is committed:
 * the push dispatcher and the console notice listen to it. `raised` carries the new alarm,
 * `reminder` the repeat reminder number in `alarm.reminders`, `escalated` the escalation (push to
 * `notify.escalateGroupIds`), `cleared` the end of the episode; for one episode, `raised` always
 * comes first. Listeners must not block: the
 * runtime calls them synchronously after commit and ignores what they return.
 */
export interface AlarmNotice {
  kind: 'raised' | 'cleared' | 'reminder' | 'escalated';
  tenantId: number;
  alarm: AlarmRecord;
  /** Recipient groups, escalation groups and robots of the rule (template `notify`, scene `actions.push.notify`). */
  notify: RuleNotify;
  /** Push to the tenant's alarm audience by their own push settings (templates: true; scenes: `actions.push.users`). */
  pushUsers: boolean;
  /**
   * True on the raise of an episode learned late and still active (runtime/late-episodes.ts): it is
   * pushed once, marked late, learned at `alarm.createdAt` (server ms). Absent otherwise. Episodes
   * that ended before they were learned of are never announced.
   */
  late?: boolean;
}

/** Receives committed alarm changes (see {@link AlarmNotice}). */
export type AlarmNoticeListener = (notice: AlarmNotice) => void;
