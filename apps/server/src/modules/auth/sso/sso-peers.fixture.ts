import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * Local peers the SSO tests (integration and e2e) run against: a real OpenID Connect provider
 * (oidc-provider, PKCE S256 required for every client), a server answering WeChat's documented
 * OAuth endpoints and checking each request as WeChat does, and a CAS server checking ticket and
 * service exactly.
 */
export interface Peer {
  base: string;
  close(): Promise<void>;
}

function listen(server: http.Server, port: number): Promise<string> {
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

function closer(server: http.Server): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

export interface OidcPeer extends Peer {
  /** What the token endpoint refused, e.g. `invalid_grant` for a wrong PKCE verifier. */
  errors: string[];
}

/**
 * oidc-provider 8 with one confidential client (client_secret_basic) allowed `redirectUri`; PKCE
 * required; development login/consent pages (any login name becomes the subject `sub`).
 */
export async function startOidcPeer(
  port: number,
  client: { clientId: string; clientSecret: string; redirectUri: string },
): Promise<OidcPeer> {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { methods: ['S256'], required: () => true },
    cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, name: `OIDC ${sub}` }) }),
    claims: { openid: ['sub'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    loadExistingGrant: async (ctx) => {
      // consent is implied for the test client: the grant covers what it asks for
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid profile');
      await grant.save();
      return grant;
    },
  });
  const errors: string[] = [];
  provider.on('grant.error', (_ctx, err: Error & { error?: string }) => errors.push(err.error ?? err.message));
  const server = http.createServer(provider.callback());
  await listen(server, port);
  return { base: issuer, errors, close: closer(server) };
}

/** Drives the provider's development login page like a browser: follows the authorization URL, submits `login`, returns the callback URL. */
export async function oidcBrowserLogin(authorizeUrl: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookie = (): string => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response): void => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  let url = authorizeUrl;
  let body: string | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookie(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    keep(res);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).toString();
      if (!next.startsWith(new URL(authorizeUrl).origin)) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${html.slice(0, 200)}`);
    url = new URL(action, url).toString();
    body = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'x' }).toString()
      : new URLSearchParams({ prompt: 'consent' }).toString();
  }
  throw new Error('too many hops');
}

export interface WeChatPeer extends Peer {
  /** Issues a code as WeChat does after the user confirms; `unionid` optional. */
  issueCode(openid: string, nickname: string, unionid?: string): string;
  /** Requests received, path + query, in order. */
  requests: string[];
}

/**
 * WeChat's OAuth endpoints: `connect/qrconnect` and `connect/oauth2/authorize` (a "confirm"
 * redirect to redirect_uri with code and state, as after the user scans or agrees),
 * `sns/oauth2/access_token` (appid, secret, code, grant_type=authorization_code; codes single use;
 * errcode 40029 invalid code, 40125 invalid secret, 40013 invalid appid), `sns/userinfo`
 * (access_token, openid; errcode 40001 / 40003). Answers are JSON with content type text/plain.
 */
export async function startWeChatPeer(
  port: number,
  app: { appid: string; secret: string; openid?: string; nickname?: string },
): Promise<WeChatPeer> {
  const codes = new Map<string, { openid: string; nickname: string; unionid?: string }>();
  const tokens = new Map<string, { openid: string; nickname: string; unionid?: string }>();
  const requests: string[] = [];
  const issueCode: WeChatPeer['issueCode'] = (openid, nickname, unionid) => {
    const code = crypto.randomBytes(16).toString('hex');
    codes.set(code, { openid, nickname, unionid });
    return code;
  };
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    requests.push(`${u.pathname}${u.search}`);
    const q = u.searchParams;
    const json = (o: object): void => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(JSON.stringify(o));
    };
    if (u.pathname === '/connect/qrconnect' || u.pathname === '/connect/oauth2/authorize') {
      if (
        q.get('appid') !== app.appid ||
        q.get('response_type') !== 'code' ||
        !q.get('redirect_uri') ||
        !q.get('scope')
      ) {
        res.writeHead(400).end('bad request');
        return;
      }
      const target = new URL(q.get('redirect_uri')!);
      target.searchParams.set('code', issueCode(app.openid ?? 'o-wechat-1', app.nickname ?? '微信用户'));
      target.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: target.toString() }).end();
      return;
    }
    if (u.pathname === '/sns/oauth2/access_token') {
      if (q.get('appid') !== app.appid) return json({ errcode: 40013, errmsg: 'invalid appid' });
      if (q.get('secret') !== app.secret) return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (q.get('grant_type') !== 'authorization_code') return json({ errcode: 40002, errmsg: 'invalid grant_type' });
      const who = codes.get(q.get('code') ?? '');
      if (!who) return json({ errcode: 40029, errmsg: 'invalid code' });
      codes.delete(q.get('code')!);
      const accessToken = crypto.randomBytes(16).toString('hex');
      tokens.set(accessToken, who);
      return json({
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: 'r',
        openid: who.openid,
        scope: 'snsapi_login',
        ...(who.unionid ? { unionid: who.unionid } : {}),
      });
    }
    if (u.pathname === '/sns/userinfo') {
      const who = tokens.get(q.get('access_token') ?? '');
      if (!who) return json({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
      if (q.get('openid') !== who.openid) return json({ errcode: 40003, errmsg: 'invalid openid' });
      return json({
        openid: who.openid,
        nickname: who.nickname,
        sex: 0,
        province: '',
        city: '',
        country: 'CN',
        headimgurl: '',
        privilege: [],
        ...(who.unionid ? { unionid: who.unionid } : {}),
      });
    }
    res.writeHead(404).end();
  });
  const base = await listen(server, port);
  return { base, issueCode, requests, close: closer(server) };
}

export interface CasPeer extends Peer {
  /** Issues a service ticket for `user` and `service` (single use, as CAS does). */
  issueTicket(user: string, service: string): string;
}

/** A CAS 3.0 server: `/cas/p3/serviceValidate` checks the ticket (single use) and the exact service. */
export async function startCasPeer(port: number): Promise<CasPeer> {
  const tickets = new Map<string, { user: string; service: string }>();
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname !== '/cas/p3/serviceValidate' && u.pathname !== '/cas/serviceValidate')
      return void res.writeHead(404).end();
    const ticket = u.searchParams.get('ticket') ?? '';
    const service = u.searchParams.get('service') ?? '';
    const t = tickets.get(ticket);
    tickets.delete(ticket);
    res.writeHead(200, { 'content-type': 'application/xml;charset=UTF-8' });
    const wrap = (inner: string): string =>
      `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">${inner}</cas:serviceResponse>`;
    if (!t)
      return void res.end(
        wrap(
          `<cas:authenticationFailure code="INVALID_TICKET">Ticket ${ticket} not recognized</cas:authenticationFailure>`,
        ),
      );
    if (t.service !== service)
      return void res.end(
        wrap('<cas:authenticationFailure code="INVALID_SERVICE">service mismatch</cas:authenticationFailure>'),
      );
    res.end(
      wrap(
        `<cas:authenticationSuccess><cas:user>${t.user}</cas:user><cas:attributes><cas:email>x@example.com</cas:email></cas:attributes></cas:authenticationSuccess>`,
      ),
    );
  });
  const base = await listen(server, port);
  return {
    base: `${base}/cas`,
    issueTicket(user, service) {
      const ticket = `ST-${crypto.randomBytes(12).toString('hex')}`;
      tickets.set(ticket, { user, service });
      return ticket;
    },
    close: closer(server),
  };
}
