import type { PushChannel, PushMessage } from './channel';
import type { HttpChannelDeps } from './provider-http';
import { createRobotChannel, cutUtf8 } from './robot.channel';

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
 * WeCom group robot (POST the webhook with `{msgtype: "markdown", markdown: {content}}`), unsigned:
 * the key in the webhook is the secret. 45009 (too frequent) and -1 (busy) are retried; 93000
 * (invalid webhook) and content errors are not.
 */
export function createWecomChannel(cfg: WecomConfig, deps: HttpChannelDeps = {}): PushChannel {
  return createRobotChannel(
    {
      code: 'wecom',
      webhookUrl: cfg.webhookUrl,
      permanentErrcodes: PERMANENT_ERRCODES,
      body: (msg) => ({ msgtype: 'markdown', markdown: { content: wecomMarkdown(msg) } }),
    },
    deps,
  );
}
