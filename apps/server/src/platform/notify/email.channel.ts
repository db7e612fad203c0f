import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import { DEFAULT_PUSH_TIMEOUT_MS, type PushChannel, type PushMessage } from './channel';
import { attempt } from './provider-http';

/** Settings of the e-mail channel (docs/alarms-and-push.md, SMTP_URL, SMTP_FROM). */
export interface EmailConfig {
  /** `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (TLS from the start). */
  smtpUrl: string;
  /** From header, `"ZTJ IoT" <alarm@example.com>` or a bare address. */
  from: string;
}

/** Error fields nodemailer sets (NodemailerError); read defensively. */
interface MailError {
  code?: string;
  response?: string;
  responseCode?: number;
  permanent?: boolean;
  message?: string;
}

/** Plain-text body: the text, then the console link. */
export function emailText(msg: PushMessage): string {
  return msg.url ? `${msg.text}\n\n${msg.url}` : msg.text;
}

/**
 * Whether a failed SMTP attempt may succeed later. A reply the server gave decides (RFC 5321:
 * 5yz permanent except 503, 4yz transient — nodemailer's `permanent` flag); failed
 * authentication is permanent (wrong credentials stay wrong); an error without a reply
 * (refused connection, timeout, TLS, DNS) is transient.
 */
export function smtpRetryable(err: MailError): boolean {
  if (typeof err.permanent === 'boolean') return !err.permanent;
  if (typeof err.responseCode === 'number') return err.responseCode < 500 || err.responseCode === 503;
  return err.code !== 'EAUTH' && err.code !== 'ENOAUTH';
}

/**
 * E-mail over SMTP with nodemailer (a pool of up to 3 connections, closed by close()). Push type 4
 * (SPEC §4). Address: the recipient's e-mail. Subject = title (RFC 2047 encoded when not ASCII),
 * text body; H alarms carry high priority headers. The answer is the server's reply to the
 * message (e.g. `250 OK: queued`) or to the refused command. Connecting, the greeting and each
 * reply are bounded by `timeoutMs`, and the whole send by an AbortSignal of the same length.
 */
export function createEmailChannel(cfg: EmailConfig, deps: { timeoutMs?: number } = {}): PushChannel {
  const timeoutMs = deps.timeoutMs ?? DEFAULT_PUSH_TIMEOUT_MS;
  const transport = nodemailer.createTransport({
    ...parseConnectionUrl(cfg.smtpUrl),
    pool: true,
    maxConnections: 3,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
  return {
    code: 'email',
    pushType: 4,
    addressOf(r) {
      const email = r.email?.trim();
      return email && email.includes('@') ? email : null;
    },
    async send(address, msg) {
      const signal = AbortSignal.timeout(timeoutMs);
      const aborted = new Promise<never>((_, reject) => {
        signal.addEventListener('abort', () => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), {
          once: true,
        });
      });
      aborted.catch(() => undefined);
      try {
        const info = await Promise.race([
          transport.sendMail({
            from: cfg.from,
            to: address,
            subject: msg.title,
            text: emailText(msg),
            priority: msg.severity === 'H' ? 'high' : 'normal',
          }),
          aborted,
        ]);
        const rejected = info.rejected ?? [];
        if (rejected.length > 0)
          return attempt(false, false, `rejected: ${rejected.join(', ')} ${info.response ?? ''}`);
        return attempt(true, false, info.response ?? 'accepted');
      } catch (err) {
        const e = (err ?? {}) as MailError;
        if (signal.aborted && e.code === 'ETIMEDOUT' && e.message === 'timeout') {
          return attempt(false, true, `timeout: no answer within ${timeoutMs} ms`);
        }
        const answer = e.response ?? `${e.code ?? 'error'}: ${e.message ?? String(err)}`;
        return attempt(false, smtpRetryable(e), answer);
      }
    },
    async close() {
      transport.close();
    },
  };
}
