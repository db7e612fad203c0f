import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { ok } from '../http/envelope';
import type { RealtimeHub } from '../realtime/hub';

/** A part the server needs to take work; `/health/ready` names the failing ones. */
export type ReadinessPart = 'database' | 'broker' | 'ingestStore' | 'jobQueue';

/** State of one part: `ok`, `failing` with a short reason, or `off` when not configured. */
export interface PartState {
  state: 'ok' | 'failing' | 'off';
  detail?: string;
}

/** What the readiness check reads of the device side (IngestRuntime). */
export interface ReadinessDevices {
  /** True while the ingest store's last write failed and it is retrying. */
  readonly storeFailing: boolean;
  /** Port of the embedded broker once listening; undefined when off or external. */
  readonly mqttPort: number | undefined;
}

/** What the readiness check reads. `brokerUrl`: the external broker (MQTT_URL), if any. */
export interface ReadinessSources {
  db: Db;
  devices: ReadinessDevices;
  /** External broker URL (MQTT_URL); undefined → embedded broker (or none when `embeddedBroker` is false). */
  brokerUrl: string | undefined;
  /** Whether an embedded broker is configured (MQTT_PORT not `off`). */
  embeddedBroker: boolean;
  /** The job queue (alarm push, exports, scheduled jobs): ready when started and its database answers; `off` when absent. */
  jobs?: { ready(): Promise<boolean> };
  /** Bound of each probe, ms (default {@link PROBE_TIMEOUT_MS}). */
  timeoutMs?: number;
}

/** How long the database or the broker may take to answer a readiness probe, ms. */
export const PROBE_TIMEOUT_MS = 2_000;

/** Rejects after `ms` unless `p` settles first. */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** Opens and closes a TCP connection to the broker of `url` (no MQTT session, no credentials). */
function brokerReachable(url: string, ms: number): Promise<void> {
  const u = new URL(url);
  const port =
    Number(u.port) || (u.protocol === 'mqtts:' ? 8883 : u.protocol === 'wss:' ? 443 : u.protocol === 'ws:' ? 80 : 1883);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: u.hostname.replace(/^\[|\]$/g, ''), port });
    socket.setTimeout(ms, () => socket.destroy(new Error(`broker did not answer within ${ms} ms`)));
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
  });
}

const failing = (e: unknown): PartState => ({ state: 'failing', detail: (e as Error).message });

/**
 * Readiness of the server: the database answers `SELECT 1`, the broker is up
 * (embedded broker listening, or the external broker's port accepting a TCP connection), the
 * ingest store is not failing and the job queue is started. Each probe is bounded by `timeoutMs`; never throws.
 * @returns the state of each part and the names of the failing ones.
 */
export async function checkReadiness(
  s: ReadinessSources,
): Promise<{ ready: boolean; failing: ReadinessPart[]; parts: Record<ReadinessPart, PartState> }> {
  const ms = s.timeoutMs ?? PROBE_TIMEOUT_MS;
  const [database, broker, jobQueue] = await Promise.all([
    within(s.db.query('SELECT 1'), ms, 'database').then((): PartState => ({ state: 'ok' }), failing),
    s.brokerUrl
      ? within(brokerReachable(s.brokerUrl, ms), ms, 'broker').then((): PartState => ({ state: 'ok' }), failing)
      : Promise.resolve<PartState>(
          !s.embeddedBroker
            ? { state: 'off' }
            : s.devices.mqttPort !== undefined
              ? { state: 'ok' }
              : { state: 'failing', detail: 'embedded broker not listening' },
        ),
    s.jobs
      ? within(s.jobs.ready(), ms, 'job queue').then(
          (up): PartState =>
            up
              ? { state: 'ok' }
              : { state: 'failing', detail: 'job queue not started or its database does not answer' },
          failing,
        )
      : Promise.resolve<PartState>({ state: 'off' }),
  ]);
  const ingestStore: PartState = s.devices.storeFailing
    ? { state: 'failing', detail: 'writes failing, retrying' }
    : { state: 'ok' };
  const parts = { database, broker, ingestStore, jobQueue };
  const names = (Object.keys(parts) as ReadinessPart[]).filter((k) => parts[k].state === 'failing');
  return { ready: names.length === 0, failing: names, parts };
}

/**
 * `GET <base>/health` — liveness: 200 `{success:true}` while the process runs, whatever its
 * dependencies (a restart would not bring a database back); `GET <base>/health/ready` — readiness
 * ({@link checkReadiness}): 200 when ready, else 503 with the failing parts named in `message`
 * and `result.failing`. Both public: they reveal no data.
 */
export function healthRoutes(api: FastifyInstance, s: ReadinessSources & { hub: RealtimeHub }): void {
  api.get('/health', { schema: { summary: 'Liveness: the process runs', tags: ['platform'] } }, async () =>
    ok({ status: 'up', database: s.db.kind, sockets: s.hub.size() }),
  );
  api.get(
    '/health/ready',
    {
      schema: {
        summary: 'Readiness: database, broker, ingest store and job queue (503 naming what fails)',
        tags: ['platform'],
      },
    },
    async (_req, reply) => {
      const r = await checkReadiness(s);
      const result = { status: r.ready ? 'ready' : 'not ready', failing: r.failing, parts: r.parts };
      if (r.ready) return ok(result);
      return reply.code(503).send({
        success: false,
        message: `not ready: ${r.failing.join(', ')}`,
        code: 503,
        result,
        timestamp: Date.now(),
      });
    },
  );
}
