import { AuthRoutes, SMS_MODES } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config/config';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';
import { issueCaptcha } from './captcha.service';
import { changePassword, login, logout } from './auth.service';
import { selectDepart, selectTenant, toTenantBrief, userDeparts, userTenants } from './session-scope';
import { userPermissions } from './menu.service';
import { phoneLogin } from './phone-login';
import { registerSignInLimits } from './sign-in-limits';
import { SMS_CODE_TEMPLATE_VAR, smsCodeSenderFromEnv } from './sms-code-sender';
import { SmsCodeService } from './sms-code.service';

/** Sign-in family routes (SPEC §7; per-client limits). */
export function authRoutes(app: FastifyInstance, db: Db, config: Config): void {
  // SMS codes: sent through the alarm push SMS channel with the code template
  const sender = smsCodeSenderFromEnv(process.env);
  if (!sender && process.env[SMS_CODE_TEMPLATE_VAR]?.trim())
    app.log.warn(`${SMS_CODE_TEMPLATE_VAR} is set but the SMS channel (ALIYUN_SMS_*) is not: SMS codes are not sent`);
  const sms = new SmsCodeService(db, { sender, demo: config.demo, log: app.log });
  if (sms.mode === 'demoLog')
    app.log.warn('DEMO mode without an SMS provider: SMS codes are written to this log, not sent');
  app.addHook('onClose', () => sms.idle());
  registerRoute(app, db, AuthRoutes.loginConfig, () => ({
    captchaEnabled: config.loginCaptcha,
    mapTiles: config.mapTiles,
  }));
  // Login and captcha in their own scope: only they get the per-client request limits.
  void app.register(async (scope) => {
    const limits = await registerSignInLimits(scope);
    const pathOf = (req: { routeOptions: { url?: string } }): string => req.routeOptions.url ?? '';
    scope.addHook('onRequest', (req, reply) => {
      const path = pathOf(req);
      if (path.endsWith(AuthRoutes.sms.path)) return limits.sms(req, reply);
      if (path.endsWith(AuthRoutes.phoneLogin.path)) return limits.phoneLogin(req, reply);
      return path.endsWith(AuthRoutes.login.path) ? limits.login(req, reply) : limits.captcha(req, reply);
    });
    // per number (and so per account) once the body is read
    scope.addHook('preHandler', async (req, reply) => {
      const path = pathOf(req);
      if (path.endsWith(AuthRoutes.sms.path)) await limits.smsPerPhone(req, reply);
      else if (path.endsWith(AuthRoutes.phoneLogin.path)) await limits.phoneLoginPerPhone(req, reply);
    });
    registerRoute(scope, db, AuthRoutes.sms, ({ body, req }) =>
      sms.issue(body.mobile, body.smsmode ? SMS_MODES[body.smsmode] : body.purpose, req.ip),
    );
    registerRoute(scope, db, AuthRoutes.phoneLogin, ({ body, req }) =>
      phoneLogin(db, sms, {
        request: body,
        ip: req.ip,
        tenantHeader: typeof req.headers['tenant-id'] === 'string' ? req.headers['tenant-id'] : undefined,
      }),
    );
    registerRoute(scope, db, AuthRoutes.randomImage, ({ params }) => issueCaptcha(params.key));
    registerRoute(scope, db, AuthRoutes.login, ({ body, req, lang }) =>
      login(db, {
        request: body,
        captchaEnabled: config.loginCaptcha,
        tenantHeader: typeof req.headers['tenant-id'] === 'string' ? req.headers['tenant-id'] : undefined,
        ip: req.ip,
        lang,
      }),
    );
  });
  registerRoute(app, db, AuthRoutes.logout, async ({ auth, req }) => {
    await logout(db, auth, req.ip);
    return null;
  });
  registerRoute(app, db, AuthRoutes.userPermission, ({ auth }) => userPermissions(db, auth.userId, auth.tenantId));
  registerRoute(app, db, AuthRoutes.currentDeparts, async ({ auth }) => {
    const list = await userDeparts(db, auth.userId, auth.tenantId);
    const current = list.find((d) => d.orgCode === auth.orgCode);
    return { list, orgCode: current ? current.orgCode : null };
  });
  registerRoute(app, db, AuthRoutes.selectDepart, async ({ auth, body }) => ({
    userInfo: await selectDepart(db, auth, body.orgCode),
  }));
  registerRoute(app, db, AuthRoutes.myTenants, async ({ auth }) => ({
    list: (await userTenants(db, auth.userId)).map(toTenantBrief),
    tenantId: auth.tenantId,
  }));
  registerRoute(app, db, AuthRoutes.selectTenant, async ({ auth, body }) => {
    await selectTenant(db, auth, body.tenantId);
    return { tenantId: body.tenantId };
  });
  registerRoute(app, db, AuthRoutes.updatePassword, async ({ auth, body }) => {
    await changePassword(db, auth, body);
    return null;
  });
}
