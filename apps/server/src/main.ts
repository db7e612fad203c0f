import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './platform/config/config';
import { openConfiguredDb } from './platform/db/configured-db';
import { migrate } from './platform/db/migrate';
import { seed } from './modules/system/seed/seed';
import { startDemo } from './modules/devices/demo';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env, { webDir: path.resolve(here, '../../web/dist') });
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nSee README.md "Environment variables".\n`);
      process.exit(2);
    }
    throw err;
  }
  const db = await openConfiguredDb(config).catch((err: Error) => {
    process.stderr.write(`Cannot open the database (${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}): ${err.message}\n`);
    process.exit(3);
  });
  await migrate(db);
  await seed(db, {
    adminPassword: config.adminPassword,
    dataDir: config.dataDir,
    onGeneratedPassword: (password, file) => {
      process.stdout.write(
        `\n  First administrator account created.\n  user: admin\n  password: ${password}\n  (also written to ${file}, readable only by you; shown once)\n\n`,
      );
    },
  });
  const { fastify, devices } = await buildApp({ config, db });
  let simulator: { stop(): Promise<void> } | undefined;
  const close = async (): Promise<void> => {
    await simulator?.stop();
    await fastify.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await fastify.listen({ port: config.port, host: config.host });
  fastify.log.info(`console: http://localhost:${config.port}/  api: ${config.basePath}  docs: ${config.basePath}/docs  database: ${db.kind}`);
  fastify.log.info(`devices: ${devices.mqttUrl ? `MQTT ${devices.mqttUrl}` : 'no MQTT broker (HTTP ingest only)'}`);
  if (config.demo) {
    simulator = await startDemo(config, db, devices, (id, err) => fastify.log.warn({ device: id, err: err.message }, 'simulator'));
    if (simulator) fastify.log.info(`demo: simulator replaying real traces at ${config.demoSpeed}x`);
  }
}

/** A port taken by another program (often a local Mosquitto on 1883) stops start-up with advice, not a stack trace. */
function explainStartFailure(err: unknown): never {
  const e = err as { code?: string; port?: number };
  if (e.code === 'EADDRINUSE') {
    process.stderr.write(
      `Port ${e.port ?? '?'} is already in use.\n` +
        '  PORT is the console/API port, MQTT_PORT the embedded MQTT broker port (default 1883).\n' +
        '  Choose free ports, set MQTT_PORT=off (HTTP ingest only), or MQTT_URL=mqtt://127.0.0.1:1883 to use the broker already running there.\n',
    );
    process.exit(4);
  }
  throw err;
}

main().catch(explainStartFailure);
