import { formatEpochMs } from '../time/format-time';
import type { RealtimeHub } from '../realtime/hub';
import type { PushChannel, PushMessage } from './channel';

/** A person a reminder goes to: user id, e-mail (null without one) and the system-message preference. */
export interface ReminderRecipient {
  id: string;
  email: string | null;
  systemMessage: boolean;
}

/** Deliveries made by {@link deliverReminder}: live notices, e-mails sent, e-mails refused by the provider. */
export interface ReminderDeliveries {
  live: number;
  mailed: number;
  mailFailed: number;
}

/**
 * Delivers one reminder (tenant expiry, device service expiry) to each recipient in turn: a live
 * console notice (WebSocket `cmd: 'user'`, id `msgId`, in `tenantId`) when a hub is given and the
 * recipient has system messages on, and an e-mail when the e-mail channel is configured and the
 * recipient has an address. The e-mail is a medium-severity message without a device, stamped
 * with `at` (ms epoch).
 */
export async function deliverReminder(
  recipients: readonly ReminderRecipient[],
  o: {
    tenantId: number;
    msgId: string;
    title: string;
    text: string;
    at: number;
    hub?: RealtimeHub | null;
    mailer?: PushChannel | null;
  },
): Promise<ReminderDeliveries> {
  const out: ReminderDeliveries = { live: 0, mailed: 0, mailFailed: 0 };
  for (const r of recipients) {
    if (o.hub && r.systemMessage) {
      o.hub.toUser(r.id, { cmd: 'user', msgId: o.msgId, msgTxt: o.text }, o.tenantId);
      out.live++;
    }
    const address = o.mailer && r.email ? o.mailer.addressOf({ email: r.email }) : null;
    if (o.mailer && address) {
      const message: PushMessage = {
        title: o.title,
        text: o.text,
        severity: 'M',
        deviceId: '',
        deviceName: '',
        alarmType: '',
        value: '',
        time: formatEpochMs(o.at),
      };
      if ((await o.mailer.send(address, message)).ok) out.mailed++;
      else out.mailFailed++;
    }
  }
  return out;
}
