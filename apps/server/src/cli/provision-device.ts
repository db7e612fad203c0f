/**
 * Registers a device and prints its MQTT/HTTP credentials (README "Connecting a device"); run
 * again for an existing id it issues a new secret. `--remove` deletes the device instead.
 *
 *   npm run device:add -- --id MY-DEV-001 --model P23-2IN1 [--tenant 1001] [--gateway GW-ID] [--name "Cold room 1"]
 *   npm run device:add -- --id MY-DEV-001 --remove
 *
 * Uses the same configuration as the server (DATA_DIR or DATABASE_URL). With the embedded database,
 * stop the server first: PGlite allows one process per data folder. With `MQTT_DYNSEC=on` the
 * device's account in the external broker is written too (password = the new secret; removed with
 * the device), in the same transaction as the database rows: if the broker refuses, nothing changes.
 */
import { parseArgs } from 'node:util';
import { getDeviceModel } from '@ztj/contracts';
import { openConfiguredDb } from '../platform/db/configured-db';
import { loadConfig } from '../platform/config/config';
import { migrate } from '../platform/db/migrate';
import { DeviceBrokerAccounts } from '../modules/devices/device-broker-accounts';
import { deprovisionDevice, provisionDevice } from '../modules/devices/device-provision';
import { seed } from '../modules/system/seed/seed';
import { DEMO_TENANT_ID } from '../platform/tenancy/tenant-ids';
import { dataDirHolder, SERVER_PID_FILE } from '../platform/startup/data-dir-lock';

const { values } = parseArgs({
  options: {
    id: { type: 'string' },
    model: { type: 'string' },
    tenant: { type: 'string', default: String(DEMO_TENANT_ID) },
    gateway: { type: 'string' },
    name: { type: 'string' },
    remove: { type: 'boolean', default: false },
  },
});
if (!values.id || (!values.remove && (!values.model || !getDeviceModel(values.model)))) {
  process.stderr.write(
    'usage: npm run device:add -- --id <terminal number> --model <model code, SPEC §3> [--tenant 1001] [--gateway <id>] [--name <name>]\n' +
      '       npm run device:add -- --id <terminal number> --remove\n',
  );
  process.exit(2);
}
const id = values.id;
const config = loadConfig(process.env);
// The embedded database takes one process at a time: with the server running, a device written
// here would stay unknown to it (its broker refuses the device) and the folder could be damaged.
const server = config.databaseUrl ? undefined : dataDirHolder(config.dataDir);
if (server) {
  process.stderr.write(
    `The server (process ${server}) is using the embedded database in ${config.dataDir}: nothing was registered.\n` +
      '  Stop it (Ctrl-C where `npm start` runs), run this command again, then `npm start`.\n' +
      `  (If no server is running, delete ${config.dataDir}/${SERVER_PID_FILE}. With DATABASE_URL the server may keep running.)\n`,
  );
  process.exit(3);
}
const db = await openConfiguredDb(config);
await migrate(db);
await seed(db, {
  adminPassword: config.adminPassword,
  dataDir: config.dataDir,
  onGeneratedPassword: (password, file) =>
    process.stdout.write(`first administrator: admin / ${password} (also in ${file})\n`),
});
const broker =
  config.mqttUrl && config.mqttDynsec
    ? await DeviceBrokerAccounts.connect(config.mqttUrl, config.mqttDynsec, db)
    : undefined;
try {
  if (values.remove) {
    const existed = await db.tx((q) => deprovisionDevice(q, id, broker));
    process.stdout.write(
      existed ? `device ${id} removed${broker ? ' (and its broker account)' : ''}\n` : `no device ${id}\n`,
    );
  } else {
    const secret = await db.tx((q) =>
      provisionDevice(
        q,
        {
          id,
          model: values.model!,
          tenantId: Number(values.tenant),
          gatewayId: values.gateway ?? null,
          name: values.name,
        },
        broker,
      ),
    );
    process.stdout.write(
      `device ${id} registered for tenant ${values.tenant}\nMQTT username: ${id}\nMQTT password: ${secret}\n`,
    );
    if (broker) process.stdout.write('broker account written (MQTT_DYNSEC)\n');
    else if (config.mqttUrl)
      process.stdout.write(
        'note: MQTT_DYNSEC is off, so the external broker must be told this password by other means (docs/external-broker.md)\n',
      );
  }
} finally {
  await broker?.close();
  await db.close();
}
