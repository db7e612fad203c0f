import { createHmac } from 'node:crypto';
import { startHttpPeer, type HttpPeer, type PeerReply } from './http-peer.fixture';

/**
 * Local WeCom and DingTalk group-robot webhooks, checking requests and answering as their
 * documentation describes (errcode/errmsg bodies with HTTP 200; 20 messages a minute per robot).
 */
export interface RobotPeer extends HttpPeer {
  /** Full webhook URL to configure. */
  webhook: string;
  /** Accepted message bodies. */
  delivered: Record<string, unknown>[];
}

const answer = (errcode: number, errmsg: string): PeerReply => ({ json: { errcode, errmsg } });
const PER_MINUTE = 20;

function parse(body: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(body) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A WeCom robot at /cgi-bin/webhook/send?key=<key>. */
export async function startWecomPeer(key: string): Promise<RobotPeer> {
  const delivered: Record<string, unknown>[] = [];
  const peer = await startHttpPeer((req) => {
    if (req.url.pathname !== '/cgi-bin/webhook/send' || req.method !== 'POST')
      return { status: 404, text: 'Not Found' };
    if (req.url.searchParams.get('key') !== key) return answer(93000, 'invalid webhook url, hint: [1700000000_1_abc]');
    const body = parse(req.body);
    if (!body) return answer(40000, 'Warning: wrong json format.');
    if (body.msgtype !== 'markdown') return answer(40008, 'invalid message type');
    const content = (body.markdown as { content?: unknown } | undefined)?.content;
    if (typeof content !== 'string' || content === '') return answer(44004, 'empty content');
    if (Buffer.byteLength(content, 'utf8') > 4096) return answer(40058, 'markdown.content exceed max length 4096');
    if (delivered.length >= PER_MINUTE) return answer(45009, 'api freq out of limit');
    delivered.push(body);
    return answer(0, 'ok');
  });
  return Object.assign(peer, { webhook: `${peer.base}/cgi-bin/webhook/send?key=${key}`, delivered });
}

/** The robot's security settings as configured in the DingTalk group. */
export interface DingtalkPeerOptions {
  accessToken: string;
  /** 加签 secret; when set, timestamp and sign are required. */
  secret?: string;
  /** Custom keywords; when set, the message must contain one. */
  keywords?: string[];
  /** The server's clock, ms. */
  now?: () => number;
}

/** A DingTalk custom robot at /robot/send?access_token=<token>. */
export async function startDingtalkPeer(opts: DingtalkPeerOptions): Promise<RobotPeer> {
  const now = opts.now ?? Date.now;
  const delivered: Record<string, unknown>[] = [];
  const peer = await startHttpPeer((req) => {
    if (req.url.pathname !== '/robot/send' || req.method !== 'POST') return { status: 404, text: 'Not Found' };
    const q = req.url.searchParams;
    if (q.get('access_token') !== opts.accessToken) return answer(300001, 'token is not exist');
    if (opts.secret) {
      const ts = q.get('timestamp') ?? '';
      const sign = q.get('sign') ?? '';
      if (!/^\d{13}$/.test(ts) || Math.abs(Number(ts) - now()) > 3600_000) {
        return answer(310000, 'invalid timestamp, more: [https://ding-doc.dingtalk.com/doc#/serverapi2/qf2nxq]');
      }
      const expected = createHmac('sha256', opts.secret).update(`${ts}\n${opts.secret}`).digest('base64');
      if (sign !== expected)
        return answer(310000, 'sign not match, more: [https://ding-doc.dingtalk.com/doc#/serverapi2/qf2nxq]');
    }
    const body = parse(req.body);
    if (!body) return answer(400105, 'param error');
    const md = body.markdown as { title?: unknown; text?: unknown } | undefined;
    if (body.msgtype !== 'markdown' || typeof md?.title !== 'string' || typeof md.text !== 'string' || !md.text) {
      return answer(40035, '缺少参数 markdown.title or markdown.text');
    }
    if (opts.keywords && !opts.keywords.some((k) => `${md.title}${md.text}`.includes(k))) {
      return answer(310000, 'keywords not in content, more: [https://ding-doc.dingtalk.com/doc#/serverapi2/qf2nxq]');
    }
    if (delivered.length >= PER_MINUTE) return answer(130101, 'send too fast, exceed 20 times per minute');
    delivered.push(body);
    return answer(0, 'ok');
  });
  return Object.assign(peer, { webhook: `${peer.base}/robot/send?access_token=${opts.accessToken}`, delivered });
}
