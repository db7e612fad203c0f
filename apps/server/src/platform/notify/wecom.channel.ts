import { DEFAULT_PUSH_TIMEOUT_MS, type PushChannel, type PushMessage } from './channel';
import { attempt, errcodeOf, maskWebhook, postJson, type HttpChannelDeps } from './provider-http';

/** Settings of the WeCom (企业微信) group robot (docs/alarms-and-push.md, WECOM_WEBHOOK_URL). */
export interface WecomConfig {
  /** The robot's webhook, `https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…`. */
  webhookUrl: string;
}

/** WeCom's limit on markdown.content, UTF-8 bytes. */
export const WECOM_MARKDOWN_MAX_BYTES = 4096;

/**
 * errcodes documented as permanent: invalid webhook (wrong or deleted key), bad message type,
 * empty or too long content, bad JSON. Others — -1 busy, 45009 frequency limit (20 messages a
 * minute per robot), unknown codes — are retried (the dispatcher bounds retries).
 */
const PERMANENT_ERRCODES = new Set([93000, 93004, 40008, 40058, 44004, 47001]);

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
 * The markdown content: the title in bold (orange "warning" colour for M and H, green "info" for
 * L), the text line by line, then the console link.
 */
export function wecomMarkdown(msg: PushMessage): string {
  const colour = msg.severity === 'L' ? 'info' : 'warning';
  const lines = [`**<font color="${colour}">${msg.title}</font>**`, ...msg.text.split('\n').map((l) => `> ${l}`)];
  if (msg.url) lines.push(`[${msg.url}](${msg.url})`);
  return cutUtf8(lines.join('\n'), WECOM_MARKDOWN_MAX_BYTES);
}

/**
 * WeCom group robot (POST the webhook with `{msgtype: "markdown", markdown: {content}}`).
 * Push type 0: one robot for the whole tenant, the same address for every recipient — addressOf
 * gives the webhook with its key masked (it is shown in push records) and send always posts to
 * the configured webhook. errcode 0 is success; 45009 (too frequent) and -1 (busy) are retried;
 * 93000 (invalid webhook) and content errors are not.
 */
export function createWecomChannel(cfg: WecomConfig, deps: HttpChannelDeps = {}): PushChannel {
  const fetchFn = deps.fetch ?? fetch;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_PUSH_TIMEOUT_MS;
  const address = maskWebhook(cfg.webhookUrl);
  return {
    code: 'wecom',
    pushType: 0,
    addressOf() {
      return address;
    },
    async send(_address, msg) {
      const body = { msgtype: 'markdown', markdown: { content: wecomMarkdown(msg) } };
      const outcome = await postJson(fetchFn, cfg.webhookUrl, body, timeoutMs);
      if ('failed' in outcome) return outcome.failed;
      const { status, body: text, json } = outcome.answered;
      const code = errcodeOf(json);
      if (code === 0) return attempt(true, false, text);
      if (code === undefined) return attempt(false, status < 400, `HTTP ${status}: ${text}`);
      return attempt(false, !PERMANENT_ERRCODES.has(code), text);
    },
  };
}
