/**
 * The one interface every alarm push channel implements. The dispatcher decides
 * who gets what, retries and writes push records; a channel only knows how to reach one provider.
 */

/** Channel codes; `sms`, `wechat`, `email` are the user-selected types of SPEC §4, the rest are group robots. */
export type PushChannelCode = 'sms' | 'wechat' | 'email' | 'wecom' | 'dingtalk';

/** What is pushed, already rendered in the recipient's language. */
export interface PushMessage {
  /** One line, e.g. "【紧急】SIM-VH-001 温度告警". */
  title: string;
  /** Plain text body, multi-line (`\n`). */
  text: string;
  /** Alarm priority as announcements have it (SPEC §3): L general, M important, H urgent. */
  severity: 'L' | 'M' | 'H';
  deviceId: string;
  deviceName: string;
  /** Alarm type code (SPEC §3): P003 temperature, T001 duration… */
  alarmType: string;
  /** Formatted value with unit, e.g. "-12.4 °C", or "" when the alarm has none. */
  value: string;
  /** Formatted device time, "2026-01-05 08:00:00". */
  time: string;
  /** Console link to the alarm. */
  url?: string;
}

/** Addresses of one recipient (a user or a user-group member, SPEC §3 user fields). */
export interface PushRecipient {
  userId?: string;
  name?: string;
  phone?: string | null;
  email?: string | null;
  wechatOpenId?: string | null;
}

/** Outcome of one delivery attempt. */
export interface PushAttemptResult {
  ok: boolean;
  /** false when retrying cannot help (bad number, template rejected, unsubscribed user) */
  retryable: boolean;
  /** provider's answer, trimmed to 500 chars (body or SMTP response), for the push list */
  answer: string;
}

/** A configured push channel. */
export interface PushChannel {
  readonly code: PushChannelCode;
  /** SPEC §4 push type bit for user-selected channels: sms 1, wechat 2, email 4; group robots 0 (tenant-wide) */
  readonly pushType: 1 | 2 | 4 | 0;
  /** The recipient's address on this channel, or null when they have none (robots: the webhook, same for all). */
  addressOf(r: PushRecipient): string | null;
  /** Sends one message; never throws for provider/network errors (returns ok:false, retryable true for timeouts/5xx/network, false for documented permanent errors); bounded by opts.timeoutMs (default 10000) through AbortSignal. */
  send(address: string, msg: PushMessage): Promise<PushAttemptResult>;
  close?(): Promise<void>;
}

/** Longest `answer` kept for the push list, characters. */
export const ANSWER_MAX_CHARS = 500;

/** Default bound of one `send`, milliseconds. */
export const DEFAULT_PUSH_TIMEOUT_MS = 10_000;
