/** The logging calls the start-up code makes (a subset of pino's, which Fastify's logger has). */
export interface StartLog {
  error(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
  info(obj: Record<string, unknown> | string, msg?: string): void;
  debug(obj: Record<string, unknown>, msg: string): void;
}

type Level = 'error' | 'warn' | 'info' | 'debug';

/** Most lines held before the app's logger exists; later ones are counted and reported as dropped. */
export const EARLY_LOG_MAX_LINES = 1000;

/**
 * A logger for the start-up work done before the HTTP app (and its logger) exists: the ingest
 * starts first and may report errors meanwhile. Lines are held in order (at most
 * {@link EARLY_LOG_MAX_LINES}) and replayed into the app's logger by {@link attach}; after that
 * every call goes straight to it. Lines still held when the process exits (start-up failed before
 * the app was built) are written to stderr as JSON.
 */
export class EarlyLog implements StartLog {
  private target: StartLog | undefined;
  private held: { level: Level; obj: Record<string, unknown>; msg: string | undefined }[] = [];
  private dropped = 0;
  private readonly onExit = (): void => this.spill();

  constructor(private readonly stderr: { write(line: string): void } = process.stderr) {
    process.once('exit', this.onExit);
  }

  error(obj: Record<string, unknown>, msg: string): void {
    this.line('error', obj, msg);
  }

  warn(obj: Record<string, unknown>, msg: string): void {
    this.line('warn', obj, msg);
  }

  info(obj: Record<string, unknown> | string, msg?: string): void {
    if (typeof obj === 'string') this.line('info', {}, obj);
    else this.line('info', obj, msg);
  }

  debug(obj: Record<string, unknown>, msg: string): void {
    this.line('debug', obj, msg);
  }

  /** Replays the held lines into `target` (the app's logger) and forwards every later call to it. */
  attach(target: StartLog): void {
    this.target = target;
    process.removeListener('exit', this.onExit);
    for (const l of this.held) this.send(target, l.level, l.obj, l.msg);
    if (this.dropped)
      target.warn(
        { dropped: this.dropped },
        `start-up: ${this.dropped} log lines written before the logger existed were dropped`,
      );
    this.held = [];
    this.dropped = 0;
  }

  private line(level: Level, obj: Record<string, unknown>, msg: string | undefined): void {
    if (this.target) this.send(this.target, level, obj, msg);
    else if (this.held.length < EARLY_LOG_MAX_LINES) this.held.push({ level, obj, msg });
    else this.dropped++;
  }

  private send(target: StartLog, level: Level, obj: Record<string, unknown>, msg: string | undefined): void {
    if (level === 'info') target.info(obj, msg);
    else target[level](obj, msg ?? '');
  }

  /** Writes what is still held to stderr (the process ends before the app's logger existed). */
  private spill(): void {
    for (const l of this.held) {
      const err = l.obj.err instanceof Error ? { err: { message: l.obj.err.message, stack: l.obj.err.stack } } : {};
      this.stderr.write(`${JSON.stringify({ level: l.level, ...l.obj, ...err, msg: l.msg })}\n`);
    }
    this.held = [];
  }
}
