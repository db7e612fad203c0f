import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './platform/config/config';
import { ensureConsoleBuilt } from './platform/startup/console-build';
import { claimDataDir, DataDirInUseError } from './platform/startup/data-dir-lock';
import { EarlyLog } from './platform/startup/early-log';
import { StartPhases } from './platform/startup/phases';
import { firstTakenPort, wantedPorts } from './platform/startup/ports';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Start-up phases, ms since process start, logged once the server listens. */
const phases = new StartPhases();

/**
 * What the ingest needs, loaded only once the ports are known to be free (a taken port stops
 * start-up in about a second instead of after loading the server): the database, the migrations,
 * the device side (ingest, alarm engine, waybill tracker) and the signal drain. The HTTP app,
 * whose modules take most of the loading time, is loaded after the ingest reads ({@link loadApp}).
 */
async function loadDeviceSide() {
  const [db, migrations, side, shutdown] = await Promise.all([
    import('./platform/db/configured-db'),
    import('./platform/db/migrate'),
    import('./device-side'),
    import('./platform/observability/shutdown'),
  ]);
  return {
    openConfiguredDb: db.openConfiguredDb,
    migrate: migrations.migrate,
    createDeviceSide: side.createDeviceSide,
    drainOnSignals: shutdown.drainOnSignals,
  };
}

/** The HTTP app, the seed and the demo: loaded while the ingest already reads. */
async function loadApp() {
  const [app, seeding, demo] = await Promise.all([
    import('./app'),
    import('./modules/system/seed/seed'),
    import('./demo/start-demo'),
  ]);
  return { buildApp: app.buildApp, seed: seeding.seed, startDemo: demo.startDemo };
}

/**
 * Starts the server (the ingest reads first, the rest follows): configuration →
 * free ports → device side loaded → database opened → migrations checked (one query when current)
 * → ingest started (alarm engine, waybill tracker, partitions' floor, broker) → app loaded → seed →
 * console build awaited (checked and, when its sources changed, built beside all this) → app built
 * → listening (job queue, exports, scheduler, push start in the app's onReady) → demo.
 */
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
  phases.mark('config');
  // Before any work: a taken port stops here, before the build, the seed and the one-time password.
  const taken = await firstTakenPort(wantedPorts(config));
  if (taken) explainStartFailure({ code: 'EADDRINUSE', port: taken.port, variable: taken.variable });
  if (!config.databaseUrl) {
    try {
      claimDataDir(config.dataDir);
    } catch (err) {
      if (!(err instanceof DataDirInUseError)) throw err;
      process.stderr.write(
        `The embedded database in ${config.dataDir} is in use by another server (process ${err.pid}); one process per data folder.\n` +
          `  Stop that server first, or give this one another DATA_DIR. If no server is running, delete ${err.file}.\n`,
      );
      process.exit(3);
    }
  }
  phases.mark('ports');
  // The console: its check (a fingerprint of the sources' names, sizes and times) is cheap; a
  // build (first start, or its sources changed) runs in a child process beside the ingest's start
  // and is awaited only before the app that serves it is built.
  const consoleBuilt =
    !process.env.WEB_DIR && config.webDir
      ? ensureConsoleBuilt(config.webDir, path.join(config.dataDir, 'console-build.log'), (line) =>
          process.stdout.write(`  ${line}\n`),
        )
      : Promise.resolve();
  consoleBuilt.catch(() => undefined); // awaited below
  phases.mark('consoleCheck');
  const { openConfiguredDb, migrate, createDeviceSide, drainOnSignals } = await loadDeviceSide();
  phases.mark('importDeviceSide');
  const db = await openConfiguredDb(config).catch((err: Error) => {
    process.stderr.write(
      `Cannot open the database (${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}): ${err.message}\n`,
    );
    process.exit(3);
  });
  phases.mark('dbOpen');
  await migrate(db);
  phases.mark('migrate');

  // The device side starts before the app: from here devices are read, their readings committed,
  // evaluated and tracked. Its errors are held by `log` until the app's logger exists.
  const log = new EarlyLog();
  const side = createDeviceSide({ config, db, log });
  /** The HTTP app once built (the drain closes it, and through it the device side). */
  const built: { fastify?: FastifyInstance } = {};
  let simulator: { stop(): Promise<void> } | undefined;
  // SIGTERM drain: fastify.close stops accepting HTTP and waits for requests in
  // flight (HTTP ingest answers once its batch is committed); its onClose hook stops the devices'
  // side (broker or broker connection closed, queued batches committed); then the database closes.
  // Before the app exists the device side is stopped alone. Exit 0, or 1 past SHUTDOWN_TIMEOUT_MS.
  drainOnSignals({
    timeoutMs: config.shutdownTimeoutMs,
    log,
    drain: async () => {
      await simulator?.stop();
      if (built.fastify) await built.fastify.close();
      else await side.stop();
      await db.close();
    },
  });
  await side.start();
  phases.mark('ingest');

  const { buildApp, seed, startDemo } = await loadApp();
  phases.mark('importApp');
  await seed(db, {
    adminPassword: config.adminPassword,
    dataDir: config.dataDir,
    onGeneratedPassword: (password, file) => {
      process.stdout.write(
        `\n  First administrator account created.\n  user: admin\n  password: ${password}\n  (also written to ${file}, readable only by you; shown once)\n\n`,
      );
    },
  });
  phases.mark('seed');
  await consoleBuilt.catch(async (err: Error) => {
    process.stderr.write(`${err.message}\n`);
    await side.stop().catch(() => undefined);
    process.exit(5);
  });
  phases.mark('console');
  const app = await buildApp({ config, db, deviceSide: side });
  const { fastify } = app;
  built.fastify = fastify;
  log.attach(fastify.log);
  phases.mark('buildApp');
  await fastify.listen({ port: config.port, host: config.host });
  phases.mark('listen');
  fastify.log.info(
    { phases: phases.durations() },
    `ready in ${phases.at('listen')} ms (ingest reading in ${phases.at('ingest')} ms)`,
  );
  if (config.demo)
    simulator = await startDemo(config, db, app.devices, (id, err) =>
      fastify.log.warn({ device: id, err: err.message }, 'simulator'),
    );
  process.stdout.write(startBanner(config, db.kind, app.devices.mqttUrl, Boolean(simulator)));
}

/** The few lines a person starting the server needs: where to go and where things are. */
function startBanner(config: Config, dbKind: string, mqttUrl: string | undefined, demo: boolean): string {
  const web = `http://localhost:${config.port}`;
  const passwordFile = path.join(config.dataDir, 'admin-password.txt');
  const rows: [string, string][] = [
    ['console', `${web}/`],
    ['API docs', `${web}${config.basePath}/docs`],
    [
      'database',
      config.databaseUrl
        ? `PostgreSQL (${dbKind}, schema ${config.databaseSchema})`
        : `embedded, in ${path.join(config.dataDir, 'pgdata')}`,
    ],
    ['devices', mqttUrl ? `MQTT ${mqttUrl}` : 'no MQTT broker (HTTP ingest only)'],
    [
      'demo',
      demo
        ? `replaying real traces at ${config.demoSpeed}x in the tenant 演示冷链物流有限公司 (Demo Cold Chain Logistics Co.)`
        : 'off',
    ],
    [
      'sign in',
      `admin; password from ADMIN_PASSWORD at the first start${fs.existsSync(passwordFile) ? `, or in ${passwordFile}` : ''}`,
    ],
  ];
  return `\n  ZTJ IoT is running.\n${rows.map(([k, v]) => `  ${k.padEnd(9)} ${v}`).join('\n')}\n  logs      ${config.logFormat === 'pretty' ? 'readable' : 'JSON'} on stdout at LOG_LEVEL=${config.logLevel} (requests: failed and slower than ${config.logSlowMs} ms; all at debug)\n\n`;
}

/** A port taken by another program (often a local Mosquitto on 1883) stops start-up with advice, not a stack trace. */
function explainStartFailure(err: unknown): never {
  const e = err as { code?: string; port?: number; variable?: string };
  if (e.code === 'EADDRINUSE') {
    const what =
      e.variable === 'MQTT_PORT'
        ? ' (MQTT_PORT, the embedded MQTT broker)'
        : e.variable === 'PORT'
          ? ' (PORT, the console and API)'
          : '';
    process.stderr.write(
      `Port ${e.port ?? '?'}${what} is already in use by another program${e.variable ? '; nothing was started' : ''}.\n` +
        '  PORT is the console/API port, MQTT_PORT the embedded MQTT broker port (default 1883).\n' +
        '  Choose free ports, set MQTT_PORT=off (HTTP ingest only), or MQTT_URL=mqtt://127.0.0.1:1883 to use the broker already running there.\n',
    );
    process.exit(4);
  }
  throw err;
}

main().catch(explainStartFailure);
