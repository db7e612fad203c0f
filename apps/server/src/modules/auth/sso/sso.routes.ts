import rateLimit from '@fastify/rate-limit';
import { SsoRoutes, type ThirdType } from '@ztj/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
import type { Config } from '../../../platform/config/config';
import type { Db } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { registerRoute } from '../../../platform/http/register-route';
import { smsCodeSenderFromEnv } from '../sms-code-sender';
import { SmsCodeService } from '../sms-code.service';
import { casValidateLogin } from './cas';
import { issueLoginFreeLink, loginFree, loginFreeKey } from './login-free';
import { configuredTypes, finishAuthorization, safeReturnPath, startAuthorization } from './oauth-flow';
import { ssoConfigFromEnv, type SsoConfig } from './sso-config';
import { bindThirdIdentity, thirdLoginUser } from './third-login';

/** Requests a minute per client address on each public SSO route. */
export const SSO_LIMITS = { perMinute: 20, loginFreePerMinute: 10 } as const;

/** `render/<source>` names: the spec's WeChat name (`wechat_enterprise`, navigation guard), `wechat`, `oidc`, or the type number. */
function typeOfSource(source: string): ThirdType | undefined {
  if (source === '1' || source === 'wechat' || source === 'wechat_enterprise') return 1;
  if (source === '2' || source === 'oidc') return 2;
  return undefined;
}

function tenantHeaderOf(req: FastifyRequest): string | undefined {
  const v = req.headers['tenant-id'];
  return typeof v === 'string' ? v : undefined;
}

/** The console's login page on the configured public origin, with `query`. */
function loginPage(cfg: SsoConfig, query: Record<string, string>): string {
  return `${cfg.publicUrl}/#/user/login?${new URLSearchParams(query).toString()}`;
}

/**
 * Third-party login, CAS and login-free links (SPEC §7). Everything public
 * runs in one scope with per-address request limits (429 past them) and a form-encoded body
 * parser (loginFree is form-encoded in the spec). The provider round trip:
 * `GET /sys/thirdLogin/render/<source>?redirect=<in-app path>` → 302 to the provider with state
 * (+ PKCE for OIDC) → provider → `GET /sys/thirdLogin/callback/<type>?code&state` → 302 to
 * `<SSO_PUBLIC_URL>/#/user/login?thirdToken=&thirdType=&redirect=` → the console calls
 * getLoginUser. Failures land on the login page with `thirdError=1` and are logged.
 */
export function ssoRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
  env: Record<string, string | undefined> = process.env,
): void {
  const cfg = ssoConfigFromEnv(env);
  let key: Buffer | undefined;
  const linkKey = (): Buffer => (key ??= loginFreeKey(env, config.dataDir));
  const sms = new SmsCodeService(db, { sender: smsCodeSenderFromEnv(env), demo: config.demo, log: app.log });

  registerRoute(app, db, SsoRoutes.config, () => ({
    providers: configuredTypes(cfg).map((type) => ({ type, name: type === 1 ? 'WeChat' : (cfg.oidc?.name ?? 'OIDC') })),
    cas: cfg.cas
      ? { loginUrl: `${cfg.cas.url}/login?${new URLSearchParams({ service: cfg.cas.services[0]! }).toString()}` }
      : null,
  }));
  registerRoute(app, db, SsoRoutes.issueLoginFree, ({ auth, body }) => issueLoginFreeLink(db, linkKey(), auth, body));

  void app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      cache: 10_000,
      errorResponseBuilder: (_req, ctx) =>
        new AppError('tooManyRequests', 'tooManyRequests', { seconds: Math.max(1, Math.ceil(ctx.ttl / 1000)) }),
    });
    const perAddress = scope.rateLimit({ max: SSO_LIMITS.perMinute, timeWindow: 60_000 }) as Hook;
    const loginFreeLimit = scope.rateLimit({ max: SSO_LIMITS.loginFreePerMinute, timeWindow: 60_000 }) as Hook;
    scope.addHook('onRequest', (req, reply) =>
      ((req.routeOptions.url ?? '').endsWith(SsoRoutes.loginFree.path) ? loginFreeLimit : perAddress)(req, reply),
    );
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    scope.get<{ Params: { source: string }; Querystring: { redirect?: string } }>(
      '/sys/thirdLogin/render/:source',
      { schema: { hide: true } },
      async (req, reply) => {
        const type = typeOfSource(req.params.source);
        if (!cfg.publicUrl) throw new AppError('business', 'thirdProviderOff');
        const url =
          type &&
          (await startAuthorization(db, cfg, config.basePath, type, {
            returnTo: safeReturnPath(req.query.redirect),
            inWeChat: /MicroMessenger/i.test(req.headers['user-agent'] ?? ''),
          }).catch((error: unknown) => {
            req.log.warn({ err: error }, 'third-party authorization could not start');
            return undefined;
          }));
        return reply.redirect(url || loginPage(cfg, { thirdError: '1' }), 302);
      },
    );
    scope.get<{ Params: { type: string }; Querystring: { code?: string; state?: string } }>(
      '/sys/thirdLogin/callback/:type',
      { schema: { hide: true } },
      async (req, reply) => {
        const type = typeOfSource(req.params.type);
        const { code, state } = req.query;
        if (!cfg.publicUrl) throw new AppError('business', 'thirdProviderOff');
        try {
          if (
            !type ||
            typeof code !== 'string' ||
            typeof state !== 'string' ||
            !code ||
            code.length > 512 ||
            state.length > 128
          )
            throw new Error('callback without code/state');
          const done = await finishAuthorization(db, cfg, config.basePath, type, code, state);
          const query: Record<string, string> = { thirdToken: done.token, thirdType: String(type) };
          if (done.returnTo) query.redirect = done.returnTo;
          return reply.redirect(loginPage(cfg, query), 302);
        } catch (error) {
          req.log.warn({ err: error }, 'third-party callback refused');
          return reply.redirect(loginPage(cfg, { thirdError: '1' }), 302);
        }
      },
    );

    const signInReq = (
      req: FastifyRequest,
      lang: 'zh-CN' | 'en-US',
    ): { ip: string; tenantHeader?: string; lang: 'zh-CN' | 'en-US' } => ({
      ip: req.ip,
      tenantHeader: tenantHeaderOf(req),
      lang,
    });
    registerRoute(scope, db, SsoRoutes.getLoginUser, ({ params, req, lang }) =>
      thirdLoginUser(db, params.token, params.thirdType as ThirdType, signInReq(req, lang)),
    );
    registerRoute(scope, db, SsoRoutes.thirdLogin, ({ params, req, lang }) =>
      thirdLoginUser(db, params.token, params.thirdType as ThirdType, signInReq(req, lang)),
    );
    registerRoute(scope, db, SsoRoutes.bind, ({ body, req, lang }) =>
      bindThirdIdentity(db, sms, body, { ...signInReq(req, lang), captchaEnabled: config.loginCaptcha }),
    );
    registerRoute(scope, db, SsoRoutes.loginFree, ({ body, req }) => loginFree(db, linkKey(), body, req.ip));
    registerRoute(scope, db, SsoRoutes.casValidate, ({ body, req }) =>
      casValidateLogin(db, cfg.cas, body, { ip: req.ip, tenantHeader: tenantHeaderOf(req), log: req.log }),
    );
    registerRoute(scope, db, SsoRoutes.casValidateGet, ({ query, req }) =>
      casValidateLogin(db, cfg.cas, query, { ip: req.ip, tenantHeader: tenantHeaderOf(req), log: req.log }),
    );
  });
}
