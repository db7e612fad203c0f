import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { HEADER_TENANT, HEADER_TOKEN } from '@ztj/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './platform/config/config';
import type { Db } from './platform/db/db';
import { installErrorHandler } from './platform/http/error-handler';
import { installInputBoundary } from './platform/http/input-boundary';
import { installJsonBodyParser } from './platform/http/json-body';
import { RealtimeHub } from './platform/realtime/hub';
import { PgClusterRelay } from './platform/realtime/cluster-relay';
import { SECURITY_TABLES, invalidateAccess } from './platform/auth/access-cache';
import { websocketRoutes } from './platform/realtime/websocket.routes';
import { redactingLoggerOptions } from './platform/logging/redact-secrets';
import { OperatorLogController } from './platform/logging/request-log';
import { consoleCspOfFile } from './platform/web/console-csp';
import { installLogContext } from './platform/observability/log-context';
import { BrokerStats } from './platform/mqtt/broker-stats';
import type { ServerMetrics } from './platform/observability/metrics';
import { metricsRoutes } from './platform/observability/metrics.routes';
import { healthRoutes } from './platform/observability/readiness';
import { closeConnectionsWhenClosing } from './platform/observability/shutdown';
import { registerModules } from './modules';
import type { IngestRuntime } from './modules/telemetry/ingest-runtime';
import type { AlarmRuntime } from './modules/alarms/runtime/alarm-runtime';
import { createDeviceSide, type DeviceSide } from './device-side';
import { createPushDispatcher, type PushDispatcher } from './modules/alarms/push/dispatcher';
import { createChannels, readPushConfig } from './platform/notify/push-config';
import { createJobQueue, type JobQueue } from './platform/jobs/job-queue';
import { ExportService } from './platform/exports/export-service';
import { createQuartzScheduler } from './modules/system/quartz/quartz-scheduler';
import { createEmailChannel } from './platform/notify/email.channel';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Where the push channels read their variables (PUSH_ENV_VARS); `process.env` by default. */
  pushEnv?: Record<string, string | undefined>;
  hub?: RealtimeHub;
  /** Where log lines go (default stdout); tests read them here. */
  logStream?: { write(line: string): void };
  /**
   * The device side built (and usually started) before the app (main.ts: the
   * ingest reads while the app loads); its hub is the app's. Default: built here, started first
   * when the app is ready.
   */
  deviceSide?: DeviceSide;
}

export interface App {
  fastify: FastifyInstance;
  hub: RealtimeHub;
  /** Devices: registry, ingest, broker (started when the app is ready, stopped on close). */
  devices: IngestRuntime;
  /** Prometheus metrics of this app (its own registry), served at `<base>/metrics`. */
  metrics: ServerMetrics;
  /** Alarm engine beside the ingest: evaluates committed readings, announces alarms. */
  alarms: AlarmRuntime;
  /** The one job queue (pg-boss on PostgreSQL or PGlite). */
  jobs: JobQueue;
  /** Alarm push: alarm notices → push records → channel sends through the job queue. */
  push: PushDispatcher;
  /** Download center: export requests → jobs → files. */
  exports: ExportService;
}

/**
 * Builds the HTTP server (ARCHITECTURE §1): API and WebSocket under the base path, OpenAPI at
 * `<base>/docs`, the built console at `/`. Nothing listens until `fastify.listen`.
 */
export async function buildApp({
  config,
  db,
  deviceSide,
  hub = deviceSide?.hub ?? new RealtimeHub(),
  logStream,
  pushEnv = process.env,
}: AppDeps): Promise<App> {
  const fastify = Fastify({
    // tokens never reach the log: the token header is redacted, and query values of secret names
    // are redacted from request URLs and messages
    logger: {
      level: config.logLevel,
      ...redactingLoggerOptions(HEADER_TOKEN),
      ...(logStream
        ? { stream: logStream }
        : config.logFormat === 'pretty'
          ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
          : {}),
    },
    // one line per request, at a level by outcome (platform/logging/request-log.ts)
    logController: new OperatorLogController(config.logSlowMs),
    // a hop count trusts that many proxies nearest to the server (proxy-addr's index from the socket)
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_addr: string, i: number) =>
              i < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
  });
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  installErrorHandler(fastify);
  installJsonBodyParser(fastify);
  installInputBoundary(fastify);
  installLogContext(fastify);
  closeConnectionsWhenClosing(fastify);
  // the device side: metrics, alarm engine, waybill tracker, telemetry partitions
  // and the ingest, wired in device-side.ts; main.ts starts it before this app is built
  const side = deviceSide ?? createDeviceSide({ config, db, hub, log: fastify.log });
  const { metrics, alarms, devices } = side;
  metrics.timeRequests(fastify);
  // an external broker's own counters: its drops in /metrics, on the monitoring page and in the log
  const brokerStats = config.mqttUrl
    ? new BrokerStats({
        url: config.mqttUrl,
        ingestClientId: config.mqttClientId,
        log: fastify.log,
        ingestReceived: () => devices.ingest.stats.received,
      })
    : undefined;
  if (brokerStats) metrics.watchBroker(brokerStats);
  // job queue (one pg-boss schema per deployment schema) and alarm push over it; a bad push
  // configuration stops the start here, naming the variables
  const jobs = createJobQueue(db, {
    connectionString: config.databaseUrl,
    schema: config.databaseSchema && config.databaseSchema !== 'public' ? `${config.databaseSchema}_jobs` : 'pgboss',
    onError: (err) => fastify.log.error({ err }, 'jobs'),
    schedule: true,
  });
  const pushConfig = readPushConfig(pushEnv);
  const push = createPushDispatcher(db, {
    channels: createChannels(pushConfig),
    consoleUrl: pushConfig.consoleUrl,
    jobs,
    onError: (err) => fastify.log.error({ err }, 'push'),
  });
  // download center: every export is a job; routes reach it as fastify.exports
  const exportService = new ExportService({
    db,
    jobs,
    dataDir: config.dataDir,
    retentionDays: config.exportRetentionDays,
    onError: (err) => fastify.log.error({ err }, 'exports'),
  });
  fastify.decorate('exports', exportService);
  // scheduled jobs: Quartz cron fires claimed once per deployment, runs on the job queue
  const quartz = createQuartzScheduler({
    db,
    jobs,
    services: {
      exports: exportService,
      hub,
      mailer: pushConfig.email ? createEmailChannel(pushConfig.email, { timeoutMs: pushConfig.timeoutMs }) : null,
    },
    onError: (err) => fastify.log.error({ err }, 'quartz'),
  });
  fastify.decorate('quartz', quartz);
  // several processes over one PostgreSQL (CLUSTER=on): live sends, presence and
  // access-cache invalidations between them over LISTEN/NOTIFY
  const relay =
    config.cluster && config.databaseUrl
      ? new PgClusterRelay({
          url: config.databaseUrl,
          schema: config.databaseSchema,
          onAccessChanged: () => invalidateAccess(db),
          onError: (err) => fastify.log.error({ err }, 'cluster relay'),
        })
      : undefined;
  if (relay)
    db.onWrite((sql) => {
      if (SECURITY_TABLES.test(sql)) relay.accessChanged();
    });
  // the ingest first (already running when main.ts started it), then what can wait;
  // alarm notices raised meanwhile are held and reach the push dispatcher once its queue runs
  fastify.addHook('onReady', async () => {
    await side.start();
    brokerStats?.start();
    await relay?.start(hub);
    await jobs.start();
    await exportService.start();
    await quartz.start();
    await push.start();
    side.sendNoticesTo(push.onNotice);
    await side.partitions.start(jobs);
  });
  fastify.addHook('onClose', async () => {
    await brokerStats?.stop();
    await side.stop();
    await push.stop();
    await quartz.stop();
    await jobs.stop({ timeoutMs: config.shutdownTimeoutMs });
    await relay?.stop();
  });

  await fastify.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'ZTJ IoT cold-chain platform API',
        version: '0.1.0',
        description: 'Envelope {success, message, code, result, timestamp}; see SPEC §7.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: HEADER_TOKEN },
          tenant: { type: 'apiKey', in: 'header', name: HEADER_TENANT },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // the docs UI's own, relaxed policy: the plugin's, with inline styles (Swagger UI sets
  // them at run time), not framed, and without upgrade-insecure-requests (breaks plain-HTTP servers)
  await fastify.register(fastifySwaggerUi, {
    routePrefix: `${config.basePath}/docs`,
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(/style-src 'self'[^;]*/, "style-src 'self' 'unsafe-inline'"),
  });
  await fastify.register(fastifyWebsocket, {
    options: {
      maxPayload: 64 * 1024,
      handleProtocols: (protocols: Set<string>) => protocols.values().next().value ?? false,
    },
  });

  await fastify.register(
    async (api) => {
      // liveness, readiness and metrics
      healthRoutes(api, {
        db,
        hub,
        devices,
        jobs,
        brokerUrl: config.mqttUrl,
        embeddedBroker: !config.mqttUrl && config.mqttPort !== 'off',
      });
      metricsRoutes(api, metrics, config.metricsToken);
      websocketRoutes(api, db, hub);
      registerModules(api, { db, config, hub, devices, alarms, push, metrics, jobs });
    },
    { prefix: config.basePath },
  );

  if (config.webDir && fs.existsSync(path.join(config.webDir, 'index.html'))) {
    // the page's policy follows its build (inline hashes) and allows exactly the map tile
    // hosts of MAP_TILES
    const csp = consoleCspOfFile(path.join(config.webDir, 'index.html'), config.mapTiles.sources);
    await fastify.register(fastifyStatic, {
      root: config.webDir,
      wildcard: false,
      // the console build writes .br/.gz next to each asset; sent per Accept-Encoding (else the file itself)
      preCompressed: true,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
        if (/\.html(?:\.br|\.gz)?$/.test(file))
          res.header('content-security-policy', csp()).header('x-content-type-options', 'nosniff');
      },
    });
  }
  return { fastify, hub, devices, metrics, alarms, jobs, push, exports: exportService };
}
