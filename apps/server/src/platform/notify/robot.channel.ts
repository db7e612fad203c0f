import { DEFAULT_PUSH_TIMEOUT_MS, type PushChannel, type PushMessage } from './channel';
import { attempt, errcodeOf, maskWebhook, postJson, type HttpChannelDeps } from './provider-http';

/**
 * One adapter for the group robots of chat providers (WeCom, DingTalk): POST a JSON message to a
 * webhook, optionally signed, and read `errcode` (0 is success). Push type 0: one robot for the
 * whole tenant, the same address for every recipient — addressOf gives the webhook with its
 * secret masked (it is shown in push records) and send always posts to the configured webhook.
 */
export interface RobotProvider {
  code: 'wecom' | 'dingtalk';
  /** The robot's webhook, carrying its token. */
  webhookUrl: string;
  /** errcodes documented as permanent (retrying cannot help); other errcodes are retried. */
  permanentErrcodes: ReadonlySet<number>;
  /** The provider's message body. */
  body(msg: PushMessage): unknown;
  /** Adds the provider's signature to the webhook's query at epoch ms `nowMs`; absent: posted unsigned. */
  sign?(url: URL, nowMs: number): void;
}

/** Cuts a string to at most `maxBytes` UTF-8 bytes on a character boundary (an ellipsis marks the cut). */
export function cutUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  let out = '';
  let bytes = Buffer.byteLength('…', 'utf8');
  for (const ch of text) {
    const b = Buffer.byteLength(ch, 'utf8');
    if (bytes + b > maxBytes) break;
    out += ch;
    bytes += b;
  }
  return `${out}…`;
}

/**
 * The channel of a robot provider. Never throws: network errors, timeouts and 5xx are retryable,
 * an HTTP answer without an errcode is retryable below 400, a permanent errcode is not.
 */
export function createRobotChannel(provider: RobotProvider, deps: HttpChannelDeps = {}): PushChannel {
  const fetchFn = deps.fetch ?? fetch;
  const now = deps.now ?? Date.now;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_PUSH_TIMEOUT_MS;
  const address = maskWebhook(provider.webhookUrl);
  const target = (): string => {
    if (!provider.sign) return provider.webhookUrl;
    const url = new URL(provider.webhookUrl);
    provider.sign(url, Math.round(now()));
    return url.toString();
  };
  return {
    code: provider.code,
    pushType: 0,
    addressOf() {
      return address;
    },
    async send(_address, msg) {
      const outcome = await postJson(fetchFn, target(), provider.body(msg), timeoutMs);
      if ('failed' in outcome) return outcome.failed;
      const { status, body: text, json } = outcome.answered;
      const code = errcodeOf(json);
      if (code === 0) return attempt(true, false, text);
      if (code === undefined) return attempt(false, status < 400, `HTTP ${status}: ${text}`);
      return attempt(false, !provider.permanentErrcodes.has(code), text);
    },
  };
}
