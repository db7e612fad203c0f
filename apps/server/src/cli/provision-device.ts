/**
 * Registers a device and prints its MQTT/HTTP credentials (README "Connecting a device").
 *
 *   npm run device:add -- --id MY-DEV-001 --model P23-2IN1 [--tenant 1001] [--gateway GW-ID] [--name "Cold room 1"]
 *
 * Uses the same configuration as the server (DATA_DIR or DATABASE_URL). With the embedded database,
 * stop the server first: PGlite allows one process per data folder.
 */
import { parseArgs } from 'node:util';
import { getDeviceModel } from '@ztj/contracts';
import { openConfiguredDb } from '../platform/db/configured-db';
import { loadConfig } from '../platform/config/config';
import { migrate } from '../platform/db/migrate';
import { provisionDevice } from '../modules/devices/device-provision';
import { DEMO_TENANT_ID, seed } from '../modules/system/seed/seed';

const { values } = parseArgs({
  options: {
    id: { type: 'string' },
    model: { type: 'string' },
    tenant: { type: 'string', default: String(DEMO_TENANT_ID) },
    gateway: { type: 'string' },
    name: { type: 'string' },
  },
});
if (!values.id || !values.model || !getDeviceModel(values.model)) {
  process.stderr.write('usage: npm run device:add -- --id <terminal number> --model <model code, SPEC §3> [--tenant 1001] [--gateway <id>] [--name <name>]\n');
  process.exit(2);
}
const config = loadConfig(process.env);
const db = await openConfiguredDb(config);
await migrate(db);
await seed(db, {
  adminPassword: config.adminPassword,
  dataDir: config.dataDir,
  onGeneratedPassword: (password, file) => process.stdout.write(`first administrator: admin / ${password} (also in ${file})\n`),
});
const secret = await provisionDevice(db, {
  id: values.id,
  model: values.model,
  tenantId: Number(values.tenant),
  gatewayId: values.gateway ?? null,
  name: values.name,
});
await db.close();
process.stdout.write(`device ${values.id} registered for tenant ${values.tenant}\nMQTT username: ${values.id}\nMQTT password: ${secret}\n`);
