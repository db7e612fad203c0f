import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_PAYLOAD_BYTES, type MapTilesConfig } from '@ztj/contracts';
import { z } from 'zod';
import { mapTilesFromEnv } from '../web/map-tiles-env';
import { ingestClientId } from './ingest-client-id';

/**
 * The repository root. Relative `DATA_DIR` and `WEB_DIR` resolve against it, whatever the working
 * directory: `npm start` runs the server from apps/server while `npm run device:add` runs from the
 * root, and both must open the same embedded database.
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/**
 * Server configuration read from the environment (README "Environment variables").
 * Bad values stop start-up with a message naming the variable (Start).
 */
export interface Config {
  /** HTTP port of console + API + WebSocket. */
  port: number;
  host: string;
  /** Folder for the embedded database, generated files and the first admin password. */
  dataDir: string;
  /** PostgreSQL connection URL; undefined → embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** Schema to use on PostgreSQL (created when missing); `public` by default. */
  databaseSchema: string;
  /** First administrator password; undefined → generated at first start. */
  adminPassword: string | undefined;
  /** Image captcha on the login form (off only for automated tests). */
  loginCaptcha: boolean;
  /** API base path, `/ztj-iot` by default (SPEC §7). */
  basePath: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** `json` lines, or `pretty` (pino-pretty) for a person at a terminal; `auto` picks by whether stdout is a terminal. */
  logFormat: 'json' | 'pretty';
  /** A request taking at least this long is logged at warn, ms (others at debug). */
  logSlowMs: number;
  /** Built web app folder served at `/`; undefined → not served. */
  webDir: string | undefined;
  /** Demo mode: the device simulator replays real traces. */
  demo: boolean;
  /** Embedded MQTT broker port (aedes, MQTT 3.1.1); 0 = random (tests); 'off' = no embedded broker. */
  mqttPort: number | 'off';
  /** External broker (Mosquitto, EMQX); when set the embedded broker is not started and the ingest subscribes. */
  mqttUrl: string | undefined;
  /** Subscribe with `$share/ingest/...` on the external broker so several ingest processes split the stream. */
  mqttShared: boolean;
  /**
   * `MQTT_CLIENT_ID`: the ingest's persistent session on the external broker:
   * connection i connects as `<id>-<i>` with clean start off, so the broker keeps what was not yet
   * acknowledged (PUBACK after commit) while the process is away. Unset: `ztj-ingest-<host>-<PORT>`
   * (stable across restarts, unique per process on a host); `random`: undefined = random ids, clean sessions.
   */
  mqttClientId: string | undefined;
  /**
   * `MQTT_INGEST_TOPICS`: comma-separated topic filters this process ingests on the external broker
   * instead of every device topic (a fleet split by topic, or a test on a shared broker); unset: all.
   */
  mqttIngestTopics: string[] | undefined;
  /**
   * `CLUSTER=on`: this process is one of several over one PostgreSQL: live
   * messages, presence and access-cache invalidations travel between them (cluster-relay.ts).
   */
  cluster: boolean;
  /** `MQTT_SESSION_EXPIRY_S`: how long the broker keeps that session after a disconnect, seconds (default 86400). */
  mqttSessionExpirySec: number;
  /** Largest MQTT packet the embedded broker reads, bytes; a larger one closes the connection. */
  mqttMaxPacket: number;
  /** A connection of the embedded broker that has not sent CONNECT after this long is closed, ms. */
  mqttConnectTimeoutMs: number;
  /** Sustained PUBLISH rate allowed per device on the embedded broker, messages/s (0 = unlimited). */
  mqttRate: number;
  /** PUBLISH burst allowed per device above the rate, messages; past it the device is disconnected. */
  mqttBurst: number;
  /** Dead letters stored per device per minute; the excess is counted, not stored. */
  ingestDeadLetterBudget: number;
  /**
   * `MQTT_DYNSEC=on`: provision device accounts and topic ACLs into Mosquitto's dynamic-security
   * plugin as this administrator (docs/external-broker.md); undefined when off.
   * `ingest` is the user-info of `MQTT_URL`, the ingest's own account.
   */
  mqttDynsec: { username: string; password: string; ingest: { username: string; password: string } } | undefined;
  /** Time compression of the demo simulator (60 = one hour of data per wall minute). */
  demoSpeed: number;
  /**
   * Which `X-Forwarded-For` hops to believe for the client address (sign-in throttling, rate
   * limits, logs): false (default: the socket's peer), true (every hop), a hop count, or the
   * proxies' addresses/CIDRs. Trusting a header the client can write lets it pick its address.
   */
  trustProxy: boolean | number | string[];
  /** Bearer token a scraper sends to `<base>/metrics`; undefined → metrics answered on loopback only. */
  metricsToken: string | undefined;
  /** Bound of the SIGTERM drain, ms; past it the process exits with code 1. */
  shutdownTimeoutMs: number;
  /** Days an exported file stays in the download center before it is deleted. */
  exportRetentionDays: number;
  /**
   * `TELEMETRY_RETENTION_MONTHS`: months of readings kept at least on PostgreSQL (   * default 60, the GSP's 5 years); monthly partitions wholly older are dropped. At least 4, so a
   * dropped partition is always older than the ingest's 90-day back-fill window.
   */
  telemetryRetentionMonths: number;
  /** The console's map tile sources, `MAP_TILES` (docs/maps.md). */
  mapTiles: MapTilesConfig;
}

/** `TRUST_PROXY`: off | on | a hop count | a comma list of proxy addresses or CIDRs. */
const TrustProxy = z
  .string()
  .default('off')
  .transform((v, ctx): boolean | number | string[] => {
    if (['off', 'false', '0'].includes(v)) return false;
    if (['on', 'true'].includes(v)) return true;
    if (/^[1-9]\d?$/.test(v)) return Number(v);
    const list = v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    if (list.length && list.every((x) => net.isIP(x.split('/')[0]!) !== 0 && /^[^/]+(\/\d{1,3})?$/.test(x)))
      return list;
    ctx.addIssue({
      code: 'custom',
      message: 'expected off, on, a hop count (1-99) or a comma list of proxy addresses/CIDRs',
    });
    return z.NEVER;
  });

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

/** The user-info of an MQTT URL, undefined when it has none. */
function urlCredentials(url: string | undefined): { username: string; password: string } | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.username && u.password
      ? { username: decodeURIComponent(u.username), password: decodeURIComponent(u.password) }
      : undefined;
  } catch {
    return undefined;
  }
}

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')
    .default('public'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  LOGIN_CAPTCHA: onOff.default(true),
  BASE_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9_-]+$/, 'must look like /ztj-iot')
    .default('/ztj-iot'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  LOG_SLOW_MS: z.coerce.number().int().min(1).max(600_000).default(1000),
  WEB_DIR: z.string().optional(),
  DEMO: onOff.default(true),
  MQTT_PORT: z
    .union([
      z.literal('off'),
      z.coerce.number().int().min(0, 'must be 0-65535 or off').max(65535, 'must be 0-65535 or off'),
    ])
    .default(1883),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|tcp|wss?):\/\/[^\s]+$/, 'must look like mqtt://host:1883')
    .optional(),
  MQTT_SHARED: onOff.default(false),
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,60}$/, 'must be 1-60 characters A-Z a-z 0-9 _ . : -')
    .optional(),
  CLUSTER: onOff.default(false),
  MQTT_INGEST_TOPICS: z
    .string()
    .regex(/^[^\s,]+(,[^\s,]+)*$/, 'must be comma-separated MQTT topic filters')
    .optional(),
  MQTT_SESSION_EXPIRY_S: z.coerce
    .number()
    .int()
    .min(1, 'must be 1-4294967295 s')
    .max(4294967295, 'must be 1-4294967295 s')
    .default(86400),
  TRUST_PROXY: TrustProxy,
  // a 500-reading gateway payload is at most MAX_PAYLOAD_BYTES; 1 KiB more leaves room for topic and header
  MQTT_MAX_PACKET: z.coerce
    .number()
    .int()
    .min(1024, 'must be 1024-268435455 bytes')
    .max(268_435_455, 'must be 1024-268435455 bytes')
    .default(MAX_PAYLOAD_BYTES + 1024),
  MQTT_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100, 'must be 100-60000 ms')
    .max(60_000, 'must be 100-60000 ms')
    .default(5_000),
  MQTT_RATE: z.coerce.number().min(0, 'must be 0 or more messages/s').max(1_000_000).default(100),
  MQTT_BURST: z.coerce.number().int().min(1, 'must be at least 1 message').max(10_000_000).default(1_000),
  INGEST_DEAD_LETTER_BUDGET: z.coerce.number().int().min(1, 'must be at least 1 per minute').max(1_000_000).default(20),
  MQTT_DYNSEC: onOff.default(false),
  MQTT_DYNSEC_USER: z.string().min(1).max(256).optional(),
  MQTT_DYNSEC_PASSWORD: z.string().min(1).max(256).optional(),
  DEMO_SPEED: z.coerce.number().positive('must be a positive number').max(100_000).default(60),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(256).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100, 'must be 100-600000 ms')
    .max(600_000, 'must be 100-600000 ms')
    .default(10_000),
  EXPORT_RETENTION_DAYS: z.coerce.number().int().min(1, 'must be 1-365 days').max(365, 'must be 1-365 days').default(7),
  TELEMETRY_RETENTION_MONTHS: z.coerce
    .number()
    .int()
    .min(4, 'must be 4-1200 months')
    .max(1200, 'must be 4-1200 months')
    .default(60),
});

/** `MQTT_DYNSEC=on` needs the broker URL with the ingest's account and the plugin admin; one line per problem. */
function dynsecIssues(e: z.infer<typeof EnvSchema>): string[] {
  if (!e.MQTT_DYNSEC) return [];
  const issues: string[] = [];
  if (!e.MQTT_URL) issues.push('MQTT_DYNSEC: needs MQTT_URL (the dynamic-security plugin is a Mosquitto feature)');
  else if (!urlCredentials(e.MQTT_URL))
    issues.push('MQTT_URL: with MQTT_DYNSEC=on must carry the ingest account: mqtt://user:password@host:1883');
  if (!e.MQTT_DYNSEC_USER) issues.push('MQTT_DYNSEC_USER: required with MQTT_DYNSEC=on (the plugin admin)');
  if (!e.MQTT_DYNSEC_PASSWORD) issues.push('MQTT_DYNSEC_PASSWORD: required with MQTT_DYNSEC=on');
  return issues;
}

/** Thrown when the environment is invalid; `message` lists every bad variable. */
export class ConfigError extends Error {}

/**
 * Parses `env` into a Config.
 * @throws ConfigError naming each invalid variable and why.
 */
export function loadConfig(env: NodeJS.ProcessEnv, defaults: { webDir?: string } = {}): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.CLUSTER && !e.DATABASE_URL)
    throw new ConfigError(
      'Invalid configuration:\n  CLUSTER: on needs DATABASE_URL (several processes share one PostgreSQL)',
    );
  const dynsec = dynsecIssues(e);
  if (dynsec.length) throw new ConfigError(`Invalid configuration:\n${dynsec.map((l) => `  ${l}`).join('\n')}`);
  let mapTiles: MapTilesConfig;
  try {
    mapTiles = mapTilesFromEnv(clean);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${(err as Error).message}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(REPO_ROOT, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    adminPassword: e.ADMIN_PASSWORD,
    loginCaptcha: e.LOGIN_CAPTCHA,
    basePath: e.BASE_PATH,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT === 'auto' ? (process.stdout.isTTY ? 'pretty' : 'json') : e.LOG_FORMAT,
    logSlowMs: e.LOG_SLOW_MS,
    webDir: e.WEB_DIR ? path.resolve(REPO_ROOT, e.WEB_DIR) : defaults.webDir,
    demo: e.DEMO,
    mqttPort: e.MQTT_PORT,
    mqttUrl: e.MQTT_URL,
    mqttShared: e.MQTT_SHARED,
    mqttClientId: ingestClientId(e.MQTT_CLIENT_ID, e.PORT),
    mqttIngestTopics: e.MQTT_INGEST_TOPICS?.split(','),
    cluster: e.CLUSTER,
    mqttSessionExpirySec: e.MQTT_SESSION_EXPIRY_S,
    trustProxy: e.TRUST_PROXY,
    mqttMaxPacket: e.MQTT_MAX_PACKET,
    mqttConnectTimeoutMs: e.MQTT_CONNECT_TIMEOUT_MS,
    mqttRate: e.MQTT_RATE,
    mqttBurst: e.MQTT_BURST,
    ingestDeadLetterBudget: e.INGEST_DEAD_LETTER_BUDGET,
    mqttDynsec:
      e.MQTT_DYNSEC && e.MQTT_DYNSEC_USER && e.MQTT_DYNSEC_PASSWORD
        ? { username: e.MQTT_DYNSEC_USER, password: e.MQTT_DYNSEC_PASSWORD, ingest: urlCredentials(e.MQTT_URL)! }
        : undefined,
    demoSpeed: e.DEMO_SPEED,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    exportRetentionDays: e.EXPORT_RETENTION_DAYS,
    telemetryRetentionMonths: e.TELEMETRY_RETENTION_MONTHS,
    mapTiles,
  };
}
