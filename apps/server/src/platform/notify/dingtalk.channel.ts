import { createHmac } from 'node:crypto';
import type { PushChannel, PushMessage } from './channel';
import type { HttpChannelDeps } from './provider-http';
import { createRobotChannel, cutUtf8 } from './robot.channel';

/** Settings of the DingTalk (钉钉) custom group robot (docs/alarms-and-push.md, DINGTALK_* variables). */
export interface DingtalkConfig {
  /** The robot's webhook, `https://oapi.dingtalk.com/robot/send?access_token=…`. */
  webhookUrl: string;
  /** The "加签" secret (`SEC…`), or undefined when the robot is secured by keywords or IP only. */
  secret?: string;
}

/** Longest markdown text sent, UTF-8 bytes (DingTalk refuses messages over 20,000 bytes). */
export const DINGTALK_TEXT_MAX_BYTES = 16_000;

/**
 * errcodes documented as permanent: 310000 (signature, keyword or IP whitelist refused),
 * 300001 / 400101 (token does not exist), 400102 (robot stopped), 430101-430104 (content refused).
 * Others — -1 busy, 130101 / 410100 (sent too fast: 20 a minute), unknown codes — are retried.
 */
const PERMANENT_ERRCODES = new Set([310000, 300001, 400101, 400102, 430101, 430102, 430103, 430104]);

/**
 * The "加签" signature: Base64(HmacSHA256(key = secret, data = timestamp + "\n" + secret)),
 * URL-encoded as the `sign` parameter (done by the caller's URLSearchParams).
 * @param timestampMs the `timestamp` parameter, epoch milliseconds (must be within 1 h of DingTalk's clock).
 */
export function dingtalkSign(timestampMs: number, secret: string): string {
  return createHmac('sha256', secret).update(`${timestampMs}\n${secret}`, 'utf8').digest('base64');
}

/** The markdown message: title = the title, text = a level-4 heading, the lines as paragraphs, the link. */
export function dingtalkMarkdown(msg: PushMessage): { title: string; text: string } {
  const parts = [`#### ${msg.title}`, ...msg.text.split('\n')];
  if (msg.url) parts.push(`[${msg.url}](${msg.url})`);
  return { title: msg.title, text: cutUtf8(parts.join('\n\n'), DINGTALK_TEXT_MAX_BYTES) };
}

/**
 * DingTalk custom group robot (POST the webhook with `{msgtype: "markdown", markdown: {title, text}}`,
 * plus `timestamp` and `sign` when a secret is set). Same address rules as WeCom: the masked
 * webhook for every recipient.
 */
export function createDingtalkChannel(cfg: DingtalkConfig, deps: HttpChannelDeps = {}): PushChannel {
  const secret = cfg.secret;
  return createRobotChannel(
    {
      code: 'dingtalk',
      webhookUrl: cfg.webhookUrl,
      permanentErrcodes: PERMANENT_ERRCODES,
      body: (msg) => ({ msgtype: 'markdown', markdown: dingtalkMarkdown(msg) }),
      ...(secret
        ? {
            sign(url: URL, nowMs: number): void {
              url.searchParams.set('timestamp', String(nowMs));
              url.searchParams.set('sign', dingtalkSign(nowMs, secret));
            },
          }
        : {}),
    },
    deps,
  );
}
