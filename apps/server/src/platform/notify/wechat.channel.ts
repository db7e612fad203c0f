import { DEFAULT_PUSH_TIMEOUT_MS, type PushAttemptResult, type PushChannel, type PushMessage } from './channel';
import { attempt, callProvider, errcodeOf, postJson, type FetchFn, type HttpChannelDeps } from './provider-http';

/** Settings of the WeChat Official Account channel (docs/alarms-and-push.md, WECHAT_* variables). */
export interface WechatConfig {
  appId: string;
  appSecret: string;
  /** Template id of the alarm template (fields first, keyword1…keyword4, remark). */
  templateId: string;
  /** API base, https://api.weixin.qq.com unless a test peer or proxy is used. */
  apiBase: string;
}

/** A cached token is dropped this long before WeChat says it expires, ms. */
export const TOKEN_EARLY_REFRESH_MS = 5 * 60_000;

/** errcodes meaning "this access_token is not (or no longer) valid": refresh once and retry. */
const TOKEN_ERRCODES = new Set([40001, 40014, 42001]);
/** errcodes documented as transient: system busy, API call frequency / quota limits. */
const RETRYABLE_ERRCODES = new Set([-1, 45009, 45011, 45047]);

/** Longest template field value sent, characters. */
const FIELD_MAX_CHARS = 200;

function field(value: string): { value: string } {
  const chars = [...value];
  return { value: chars.length <= FIELD_MAX_CHARS ? value : `${chars.slice(0, FIELD_MAX_CHARS - 1).join('')}…` };
}

/**
 * The template-message body: first = title, keyword1 = device name and id, keyword2 = what happened
 * (parameter, value with unit, limit breached), keyword3 = value with unit, keyword4 = start time
 * with its zone, remark = the text; `url` opens the console alarm.
 */
export function wechatTemplateBody(openId: string, templateId: string, msg: PushMessage): Record<string, unknown> {
  const device =
    msg.deviceName && msg.deviceName !== msg.deviceId ? `${msg.deviceName} (${msg.deviceId})` : msg.deviceId;
  return {
    touser: openId,
    template_id: templateId,
    ...(msg.url ? { url: msg.url } : {}),
    data: {
      first: field(msg.title),
      keyword1: field(device),
      keyword2: field(msg.summary || msg.parameter || msg.alarmType),
      keyword3: field(msg.value || '-'),
      keyword4: field(msg.time),
      remark: field(msg.text),
    },
  };
}

/**
 * Whether a failed errcode of the token or send call may succeed later: system busy and
 * frequency/quota limits yes; configuration (appid, secret, IP whitelist, template), recipient
 * (40003 invalid openid, 43004 unsubscribed) and content (47003) errors no. Unknown codes: yes.
 */
export function wechatRetryable(errcode: number): boolean {
  if (RETRYABLE_ERRCODES.has(errcode) || TOKEN_ERRCODES.has(errcode)) return true;
  const permanent = [40002, 40003, 40013, 40037, 40125, 40164, 41001, 43004, 43019, 47001, 47003, 48001, 50002];
  return !permanent.includes(errcode);
}

type TokenResult = { token: string } | { failed: PushAttemptResult };

/**
 * WeChat Official Account template message (POST /cgi-bin/message/template/send). Push type 2
 * (SPEC §4). Address: the recipient's openid for this account. The access_token from
 * GET /cgi-bin/token is cached until `expires_in` minus 5 minutes; concurrent sends share one
 * token request; on 40001/40014/42001 the token is fetched again once and the send repeated.
 */
export function createWechatChannel(cfg: WechatConfig, deps: HttpChannelDeps = {}): PushChannel {
  const fetchFn: FetchFn = deps.fetch ?? fetch;
  const now = deps.now ?? Date.now;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_PUSH_TIMEOUT_MS;
  const base = cfg.apiBase.replace(/\/+$/, '');
  let cached: { token: string; until: number } | undefined;
  let pending: Promise<TokenResult> | undefined;

  async function fetchToken(): Promise<TokenResult> {
    const q = new URLSearchParams({ grant_type: 'client_credential', appid: cfg.appId, secret: cfg.appSecret });
    const outcome = await callProvider(fetchFn, `${base}/cgi-bin/token?${q}`, { method: 'GET' }, timeoutMs);
    if ('failed' in outcome) return { failed: { ...outcome.failed, answer: `token: ${outcome.failed.answer}` } };
    const { status, body, json } = outcome.answered;
    const j = (json ?? {}) as { access_token?: unknown; expires_in?: unknown };
    if (typeof j.access_token === 'string' && j.access_token) {
      const ttlMs = (typeof j.expires_in === 'number' ? j.expires_in : 7200) * 1000;
      cached = { token: j.access_token, until: now() + ttlMs - TOKEN_EARLY_REFRESH_MS };
      return { token: j.access_token };
    }
    const code = errcodeOf(json);
    const retryable = code === undefined ? status < 400 : wechatRetryable(code) && !TOKEN_ERRCODES.has(code);
    return { failed: attempt(false, retryable, `token: ${status >= 300 ? `HTTP ${status}: ` : ''}${body}`) };
  }

  /** The cached token, or one shared request for a new one. */
  function token(): Promise<TokenResult> {
    if (cached && now() < cached.until) return Promise.resolve({ token: cached.token });
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  async function sendWith(tok: string, body: Record<string, unknown>) {
    const url = `${base}/cgi-bin/message/template/send?access_token=${encodeURIComponent(tok)}`;
    return postJson(fetchFn, url, body, timeoutMs);
  }

  return {
    code: 'wechat',
    pushType: 2,
    addressOf(r) {
      const id = r.wechatOpenId?.trim();
      return id ? id : null;
    },
    async send(address, msg) {
      const body = wechatTemplateBody(address, cfg.templateId, msg);
      for (let round = 0; round < 2; round++) {
        const t = await token();
        if ('failed' in t) return t.failed;
        const outcome = await sendWith(t.token, body);
        if ('failed' in outcome) return outcome.failed;
        const { status, body: text, json } = outcome.answered;
        const code = errcodeOf(json);
        if (code === 0) return attempt(true, false, text);
        if (code !== undefined && TOKEN_ERRCODES.has(code) && round === 0) {
          // Drop the token only if nobody replaced it meanwhile, so concurrent failures share one refresh.
          if (cached?.token === t.token) cached = undefined;
          continue;
        }
        if (code === undefined) return attempt(false, status < 400, `HTTP ${status}: ${text}`);
        return attempt(false, wechatRetryable(code), text);
      }
      return attempt(false, true, 'unreachable');
    },
  };
}
