import type { RealtimeHub } from '../realtime/hub';
import { formatEpochMs } from '../time/format-time';
import type { PushChannel, PushMessage } from './channel';

/**
 * Delivery of a scheduled reminder (service expiry of devices, expiry of a tenant) to the users it
 * concerns: a live console notice (WebSocket `cmd: 'user'`, shown as a notification) to each
 * recipient with the system-message preference on who is online, and an e-mail to each recipient
 * with an address when the e-mail channel is configured.
 */

/** A user a reminder goes to. */
export interface ReminderRecipient {
  id: string;
  email: string | null;
  /** The user's system-message preference (live notices). */
  systemMessage: boolean;
}

/** The reminder and where it goes; `at` = the job's fire time (ms epoch), shown as the e-mail's time. */
export interface Reminder {
  tenantId: number;
  msgId: string;
  title: string;
  text: string;
  at: number;
  hub?: RealtimeHub | null;
  mailer?: PushChannel | null;
}

/** Counts of one delivery: live notices pushed, e-mails accepted and refused by the channel. */
export interface ReminderDeliveries {
  live: number;
  mailed: number;
  mailFailed: number;
}

/** Sends `reminder` to each of `recipients` (see the module comment); e-mails one after another. */
export async function deliverReminder(
  recipients: readonly ReminderRecipient[],
  reminder: Reminder,
): Promise<ReminderDeliveries> {
  const { hub, mailer, tenantId, msgId, title, text } = reminder;
  const out: ReminderDeliveries = { live: 0, mailed: 0, mailFailed: 0 };
  for (const r of recipients) {
    if (hub && r.systemMessage) {
      hub.toUser(r.id, { cmd: 'user', msgId, msgTxt: text }, tenantId);
      out.live++;
    }
    const address = mailer && r.email ? mailer.addressOf({ email: r.email }) : null;
    if (mailer && address) {
      const message: PushMessage = {
        title,
        text,
        severity: 'M',
        deviceId: '',
        deviceName: '',
        alarmType: '',
        value: '',
        time: formatEpochMs(reminder.at),
      };
      if ((await mailer.send(address, message)).ok) out.mailed++;
      else out.mailFailed++;
    }
  }
  return out;
}

/** The `days` of a reminder job's parsed parameter: an integer 1…365, else `fallback`. */
export function reminderDays(parameter: Record<string, unknown>, fallback: number): number {
  const raw = Number(parameter.days);
  return Number.isInteger(raw) && raw >= 1 && raw <= 365 ? raw : fallback;
}
