import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** How a finished request is logged: its level and message. */
export interface RequestLogLine {
  level: 'error' | 'warn' | 'debug';
  msg: string;
}

/**
 * The level of one finished request: a server error at `error`, a request that
 * took at least `slowMs` (ms) at `warn`, every other one at `debug` — so the default `info` shows
 * what an operator acts on, not two lines per request.
 */
export function requestLogLine(statusCode: number, elapsedMs: number, slowMs: number): RequestLogLine {
  if (statusCode >= 500) return { level: 'error', msg: 'request failed' };
  if (elapsedMs >= slowMs) return { level: 'warn', msg: 'slow request' };
  return { level: 'debug', msg: 'request completed' };
}

/**
 * Fastify's request logging (its `logController` option) at an operator's level: nothing when a
 * request arrives, one line when it is answered, at {@link requestLogLine}'s level, with the method,
 * the URL (secrets redacted by the logger's request serializer), the status and the time (ms).
 */
export class OperatorLogController extends LogController {
  constructor(private readonly slowMs: number) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = requestLogLine(reply.statusCode, reply.elapsedTime, this.slowMs);
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    reply.log[line.level](
      { req: request, res: { statusCode: reply.statusCode }, responseTime, ...(error ? { err: error } : {}) },
      line.msg,
    );
  }
}
