import { randomBytes } from 'node:crypto';
import { startHttpPeer, type HttpPeer, type PeerReply } from './http-peer.fixture';

/**
 * A local WeChat Official Account API: GET /cgi-bin/token and POST /cgi-bin/message/template/send,
 * checked and answered as the documentation describes (errcode/errmsg bodies, HTTP 200).
 */
export interface WechatPeer extends HttpPeer {
  /** Token requests received (successful or not). */
  tokenRequests: number;
  /** Template messages accepted. */
  delivered: { touser: string; url?: string; data: Record<string, { value: string }> }[];
  /** Invalidates every issued token (as a refresh elsewhere or a reset in the console would). */
  expireTokens(): void;
}

/** The account the peer plays and its audience. */
export interface WechatPeerOptions {
  appId: string;
  appSecret: string;
  templateId: string;
  /** openids that follow the account. */
  followers: string[];
  /** openids that once followed and have unsubscribed (43004). */
  unsubscribed?: string[];
  /** expires_in of issued tokens, seconds (default 7200). */
  expiresInS?: number;
  /** Delay of the token answer, ms (lets concurrent sends overlap). */
  tokenDelayMs?: number;
}

const err = (errcode: number, errmsg: string): PeerReply => ({
  json: { errcode, errmsg: `${errmsg} rid: ${randomBytes(4).toString('hex')}` },
});

/** Starts the peer; `base` is the value for WECHAT_API_BASE. */
export async function startWechatPeer(opts: WechatPeerOptions): Promise<WechatPeer> {
  const valid = new Set<string>();
  const state = { tokenRequests: 0, msgid: 1000 };
  const delivered: WechatPeer['delivered'] = [];
  const peer = await startHttpPeer(async (req) => {
    const q = req.url.searchParams;
    if (req.url.pathname === '/cgi-bin/token' && req.method === 'GET') {
      state.tokenRequests++;
      if (opts.tokenDelayMs) await new Promise((r) => setTimeout(r, opts.tokenDelayMs));
      if (q.get('grant_type') !== 'client_credential') return err(40002, 'invalid grant_type');
      if (q.get('appid') !== opts.appId) return err(40013, 'invalid appid');
      if (q.get('secret') !== opts.appSecret) return err(40125, 'invalid appsecret');
      const token = randomBytes(48).toString('base64url');
      valid.add(token);
      return { json: { access_token: token, expires_in: opts.expiresInS ?? 7200 } };
    }
    if (req.url.pathname === '/cgi-bin/message/template/send' && req.method === 'POST') {
      const token = q.get('access_token');
      if (!token) return err(41001, 'access_token missing');
      if (!valid.has(token)) return err(40001, 'invalid credential, access_token is invalid or not latest');
      let body: { touser?: unknown; template_id?: unknown; url?: unknown; data?: unknown };
      try {
        body = JSON.parse(req.body) as typeof body;
      } catch {
        return err(47001, 'data format error');
      }
      if (body.template_id !== opts.templateId) return err(40037, 'invalid template_id');
      const touser = typeof body.touser === 'string' ? body.touser : '';
      if (opts.unsubscribed?.includes(touser)) return err(43004, 'require subscribe');
      if (!opts.followers.includes(touser)) return err(40003, 'invalid openid');
      const data = body.data as Record<string, { value?: unknown }> | undefined;
      const fields = ['first', 'keyword1', 'keyword2', 'keyword3', 'keyword4', 'remark'];
      if (!data || typeof data !== 'object' || fields.some((f) => typeof data[f]?.value !== 'string')) {
        return err(47003, 'argument invalid! data.keyword is empty');
      }
      delivered.push({
        touser,
        url: typeof body.url === 'string' ? body.url : undefined,
        data: data as Record<string, { value: string }>,
      });
      return { json: { errcode: 0, errmsg: 'ok', msgid: state.msgid++ } };
    }
    return { status: 404, text: 'Not Found' };
  });
  const result: WechatPeer = Object.assign(peer, { tokenRequests: 0, delivered, expireTokens: () => valid.clear() });
  Object.defineProperty(result, 'tokenRequests', { get: () => state.tokenRequests });
  return result;
}
