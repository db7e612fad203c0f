import type { FastifyInstance } from 'fastify';
import { registerFilePlatform } from '../platform/list/raw-route';
import { installOperationLog } from './logs/operation-log.hook';
import type { ModuleDeps } from './module-deps';
import { register as auth } from './auth/auth.module';
import { register as branding } from './branding/branding.module';
import { register as dict } from './dict/dict.module';
import { register as dashboard } from './dashboard/dashboard.module';
import { register as devices } from './devices/devices.module';
import { register as telemetry } from './telemetry/telemetry.module';
import { register as users } from './users/users.module';
import { register as adminCalls } from './admin-calls/admin-calls.module';
import { register as logs } from './logs/logs.module';
import { register as departs } from './departs/departs.module';
import { register as roles } from './roles/roles.module';
import { register as permissions } from './permissions/permissions.module';
import { register as tenants } from './tenants/tenants.module';
import { register as categories } from './categories/categories.module';
import { register as common } from './common/common.module';
import { register as downloads } from './downloads/downloads.module';
import { register as alarms } from './alarms/alarms.module';
import { register as logistics } from './logistics/logistics.module';
import { register as reports } from './reports/reports.module';
import { register as system } from './system/system.module';
import { register as meters } from './meters/meters.module';
import { register as integrations } from './integrations/integrations.module';
import { register as ledger } from './ledger/ledger.module';
import { register as announcements } from './announcements/announcements.module';

/** Every module, in registration order. */
const MODULES: readonly ((app: FastifyInstance, deps: ModuleDeps) => void)[] = [
  auth,
  branding,
  dict,
  dashboard,
  devices,
  telemetry,
  users,
  adminCalls,
  logs,
  departs,
  roles,
  permissions,
  tenants,
  categories,
  common,
  downloads,
  alarms,
  logistics,
  reports,
  system,
  meters,
  integrations,
  ledger,
  announcements,
];

/**
 * The one registry of server modules (CONVENTIONS §1, §9): it only wires. Every module exports
 * `register(app, deps)` from its `<module>.module.ts`; what a module may use is ModuleDeps
 * (module-deps.ts). The operation-log hook goes first so it sees every route.
 */
export function registerModules(api: FastifyInstance, deps: ModuleDeps): void {
  installOperationLog(api, deps.db, deps.config.basePath);
  registerFilePlatform(api, deps.config.dataDir);
  for (const register of MODULES) register(api, deps);
}
