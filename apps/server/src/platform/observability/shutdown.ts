import type { FastifyInstance } from 'fastify';

/** How the drain reports: pino-like `info` / `error` with a message. */
export interface DrainLog {
  info(msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
}

export interface DrainOptions {
  /** Stops accepting HTTP and MQTT, commits in-flight batches, closes the database. */
  drain: () => Promise<void>;
  /** Bound of the drain, ms (`SHUTDOWN_TIMEOUT_MS`); past it the process exits with code 1. */
  timeoutMs: number;
  log: DrainLog;
  /** Ends the process (default `process.exit`). */
  exit?: (code: number) => void;
  /** Signals that start the drain (default SIGTERM and SIGINT). */
  signals?: readonly NodeJS.Signals[];
}

/**
 * SIGTERM drain: on the first signal runs `drain` and exits 0 once it is done,
 * 1 when it fails or does not finish within `timeoutMs` (logged as "shutdown timed out"); a second
 * signal while draining exits 1 at once (an impatient operator's second Ctrl-C).
 * @returns a function that removes the signal handlers (tests).
 */
export function drainOnSignals(o: DrainOptions): () => void {
  const exit = o.exit ?? ((code: number) => process.exit(code));
  const signals = o.signals ?? ['SIGTERM', 'SIGINT'];
  let draining = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (draining) {
      o.log.error({ signal }, 'second signal while draining: exiting now');
      exit(1);
      return;
    }
    draining = true;
    o.log.info(`${signal}: draining (stop accepting, commit in-flight readings, close) within ${o.timeoutMs} ms`);
    const bound = setTimeout(() => {
      o.log.error(
        { timeoutMs: o.timeoutMs },
        `shutdown timed out after ${o.timeoutMs} ms: exiting with what was not drained`,
      );
      exit(1);
    }, o.timeoutMs);
    o.drain().then(
      () => {
        clearTimeout(bound);
        o.log.info('shutdown complete');
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(bound);
        o.log.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  for (const s of signals) process.on(s, onSignal);
  return () => {
    for (const s of signals) process.off(s, onSignal);
  };
}

/**
 * Lets `fastify.close()` finish while keep-alive clients are busy: a request answered once closing
 * has begun is answered with `Connection: close`, so its socket ends with the answer. Node's
 * `server.close()` only ends sockets idle at the moment it is called; one whose request was still
 * in flight (an HTTP ingest waiting for its batch's commit) stayed open for Fastify's 72 s
 * keep-alive and held the drain past its bound.
 */
export function closeConnectionsWhenClosing(fastify: FastifyInstance): void {
  let closing = false;
  fastify.addHook('preClose', async () => {
    closing = true;
  });
  fastify.addHook('onSend', async (_req, reply, payload) => {
    if (closing) void reply.header('connection', 'close');
    return payload;
  });
}
