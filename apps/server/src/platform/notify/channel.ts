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
  /** Parameter (or condition) name in the message's language, e.g. "温度"; absent outside alarm pushes. */
  parameter?: string;
  /** What happened in one sentence, e.g. "温度 12.0 °C，超出 2.0–8.0 °C，持续 1 分钟". */
  summary?: string;
  /** Formatted value with unit, e.g. "-12.4 °C", or "" when the alarm has none. */
  value: string;
  /** The limit breached with unit, e.g. "2.0–8.0 °C", or "" / absent when none. */
  limit?: string;
  /** Formatted time with its zone, "2026-01-05 08:00 (UTC+08:00)" (reminders: "2026-01-05 08:00:00"). */
  time: string;
  /** The time within 20 characters with its zone, "01-05 08:00 UTC+8" (SMS variables). */
  shortTime?: string;
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
