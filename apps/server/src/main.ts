import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './platform/config/config';
import { openConfiguredDb } from './platform/db/configured-db';
import { migrate } from './platform/db/migrate';
import { seed } from './modules/system/seed/seed';
import { startDemo } from './modules/devices/demo';
import { ensureConsoleBuilt } from './platform/startup/console-build';
import { firstTakenPort, wantedPorts } from './platform/startup/ports';
import { drainOnSignals } from './platform/observability/shutdown';

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
  // Before any work: a taken port stops here, before the build, the seed and the one-time password.
  const taken = await firstTakenPort(wantedPorts(config));
  if (taken) explainStartFailure({ code: 'EADDRINUSE', port: taken.port });
  if (!process.env.WEB_DIR && config.webDir) {
    await ensureConsoleBuilt(config.webDir, path.join(config.dataDir, 'console-build.log'), (line) => process.stdout.write(`  ${line}\n`)).catch((err: Error) => {
      process.stderr.write(`${err.message}\n`);
      process.exit(5);
    });
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
  // SIGTERM drain (issue #15 item 6): fastify.close stops accepting HTTP and waits for requests in
  // flight (HTTP ingest answers once its batch is committed); its onClose hook stops the devices'
  // side (broker or broker connection closed, queued batches committed); then the database closes.
  // Exit 0, or 1 past SHUTDOWN_TIMEOUT_MS.
  drainOnSignals({
    timeoutMs: config.shutdownTimeoutMs,
    log: fastify.log,
    drain: async () => {
      await simulator?.stop();
      await fastify.close();
      await db.close();
    },
  });
  await fastify.listen({ port: config.port, host: config.host });
  if (config.demo) simulator = await startDemo(config, db, devices, (id, err) => fastify.log.warn({ device: id, err: err.message }, 'simulator'));
  process.stdout.write(startBanner(config, db.kind, devices.mqttUrl, Boolean(simulator)));
}

/** The few lines a person starting the server needs (issue #16 item 3): where to go and where things are. */
function startBanner(config: Config, dbKind: string, mqttUrl: string | undefined, demo: boolean): string {
  const web = `http://localhost:${config.port}`;
  const passwordFile = path.join(config.dataDir, 'admin-password.txt');
  const rows: [string, string][] = [
    ['console', `${web}/`],
    ['API docs', `${web}${config.basePath}/docs`],
    ['database', config.databaseUrl ? `PostgreSQL (${dbKind}, schema ${config.databaseSchema})` : `embedded, in ${path.join(config.dataDir, 'pgdata')}`],
    ['devices', mqttUrl ? `MQTT ${mqttUrl}` : 'no MQTT broker (HTTP ingest only)'],
    ['demo', demo ? `replaying real traces at ${config.demoSpeed}x (tenant "Demo Cold Chain Logistics Co.")` : 'off'],
    ['sign in', `admin; password from ADMIN_PASSWORD at the first start${fs.existsSync(passwordFile) ? `, or in ${passwordFile}` : ''}`],
  ];
  return `\n  ZTJ IoT is running.\n${rows.map(([k, v]) => `  ${k.padEnd(9)} ${v}`).join('\n')}\n  logs      ${config.logFormat === 'pretty' ? 'readable' : 'JSON'} on stdout at LOG_LEVEL=${config.logLevel} (requests: failed and slower than ${config.logSlowMs} ms; all at debug)\n\n`;
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
