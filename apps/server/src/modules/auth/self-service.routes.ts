import { SelfServiceRoutes, TenantExpiryRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config/config';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';
import { requirePlatform } from '../../platform/tenancy/platform-scope';
import { recoveryCode, recoveryReset, recoveryVerify } from './recovery';
import { register, registerPolicyFromEnv, registerTenant } from './register';
import { installSelfServiceLimits } from './self-service-limits';
import { sliderChallenge, verifySlider } from './slider-captcha.service';
import { smsCodeSenderFromEnv } from './sms-code-sender';
import { SmsCodeService } from './sms-code.service';
import './tenant-expiry';
import { renewTenant } from './tenant-expiry';

/**
 * Self-service routes: slider captcha, registration, password recovery
 * (public, in a scope of their own with `self-service-limits.ts`), and tenant renewal. The SMS
 * codes are the shared `sys_sms_code` rules with the same provider as /sys/sms (environment).
 * Registration policy: `REGISTER_TENANT_ID` / `REGISTER_ROLE_CODE` (register.ts).
 */
export function selfServiceRoutes(app: FastifyInstance, db: Db, config: Config): void {
  const sms = new SmsCodeService(db, { sender: smsCodeSenderFromEnv(process.env), demo: config.demo, log: app.log });
  const policy = registerPolicyFromEnv(process.env);
  app.addHook('onClose', () => sms.idle());
  const R = SelfServiceRoutes;
  void app.register(async (scope) => {
    await installSelfServiceLimits(scope);
    registerRoute(scope, db, R.sliderChallenge, ({ req }) => sliderChallenge(db, req.ip));
    registerRoute(scope, db, R.sliderVerify, async ({ body }) => {
      await verifySlider(db, body);
      return null;
    });
    registerRoute(scope, db, R.registerConfig, async () => ({
      open: (await registerTenant(db, policy)) !== undefined,
    }));
    registerRoute(scope, db, R.register, ({ body, req, lang }) =>
      register(db, sms, policy, { body, ip: req.ip, lang }),
    );
    registerRoute(scope, db, R.recoveryCode, ({ body, req }) => recoveryCode(db, sms, body.account, req.ip));
    registerRoute(scope, db, R.recoveryVerify, ({ body, req }) =>
      recoveryVerify(db, sms, body.account, body.code, req.ip),
    );
    registerRoute(scope, db, R.recoveryReset, async ({ body, req }) => {
      await recoveryReset(db, body, req.ip);
      return null;
    });
  });
  registerRoute(app, db, TenantExpiryRoutes.renew, ({ auth, body }) => {
    requirePlatform(auth);
    return renewTenant(db, body, auth);
  });
}
