import ModbusRTU from 'modbus-serial';
import type { RegisterKind } from '@ztj/contracts';

/**
 * One Modbus TCP connection (modbus-serial client) to `host:port`, unit `unitId`.
 * Requests on it run one after the other; each is bounded by `timeoutMs` (connect and response).
 * A failed request closes the socket, and the next one reconnects. Never throws synchronously and
 * never blocks: every wait is a timer or a socket event.
 */
export class ModbusLink {
  private client: ModbusRTU | undefined;
  private connecting: Promise<ModbusRTU> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    readonly host: string,
    readonly port: number,
    readonly unitId: number,
    private timeoutMs: number,
  ) {}

  /** Changes the timeout of the next requests, ms. */
  setTimeout(ms: number): void {
    this.timeoutMs = ms;
    this.client?.setTimeout(ms);
  }

  /** Reads `count` registers of `kind` from `start`; resolves with the 16-bit words. */
  read(kind: RegisterKind, start: number, count: number): Promise<number[]> {
    return this.run(async (c) => {
      const r =
        kind === 'holding' ? await c.readHoldingRegisters(start, count) : await c.readInputRegisters(start, count);
      return r.data;
    });
  }

  /** Writes holding registers from `start` (function 06 for one word, 16 for more). */
  write(start: number, words: number[]): Promise<void> {
    return this.run(async (c) => {
      if (words.length === 1) await c.writeRegister(start, words[0]!);
      else await c.writeRegisters(start, words);
    });
  }

  /** Closes the socket; later calls fail. */
  close(): void {
    this.closed = true;
    this.drop();
  }

  private run<T>(op: (c: ModbusRTU) => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => {
      if (this.closed) throw new Error('link closed');
      const c = await this.connect();
      try {
        return await withTimeout(op(c), this.timeoutMs + 50, 'Timed out');
      } catch (err) {
        // a timed-out or broken exchange leaves the stream out of step: start afresh
        this.drop();
        throw err;
      }
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  private connect(): Promise<ModbusRTU> {
    if (this.client?.isOpen) return Promise.resolve(this.client);
    if (!this.connecting) {
      const c = new ModbusRTU();
      this.connecting = withTimeout(
        c.connectTCP(this.host, { port: this.port }),
        this.timeoutMs,
        `Connect timed out after ${this.timeoutMs} ms`,
      )
        .then(
          () => {
            c.setID(this.unitId);
            c.setTimeout(this.timeoutMs);
            this.client = c;
            return c;
          },
          (err: unknown) => {
            closeQuietly(c);
            throw err;
          },
        )
        .finally(() => (this.connecting = undefined));
    }
    return this.connecting;
  }

  private drop(): void {
    if (this.client) closeQuietly(this.client);
    this.client = undefined;
  }
}

function closeQuietly(c: ModbusRTU): void {
  try {
    // the socket may error late (reset by the peer): swallow it rather than crash the process
    (
      c as unknown as { _port?: { _client?: { on(e: string, f: () => void): void; destroy(): void } } }
    )._port?._client?.on('error', () => undefined);
    c.close(() => undefined);
    (c as unknown as { _port?: { _client?: { destroy(): void } } })._port?._client?.destroy();
  } catch {
    /* already closed */
  }
}

/** `p`, or a rejection with `message` after `ms`. */
function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(message), { name: 'TimeoutError' })), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

/** `timeout` for a timed-out request, `error` for anything else (refused, reset, exception code). */
export function resultOf(err: unknown): 'timeout' | 'error' {
  const e = err as { name?: string; message?: string; errno?: string; code?: string };
  return e?.name === 'TimeoutError' ||
    e?.name === 'TransactionTimedOutError' ||
    /timed? ?out/i.test(e?.message ?? '') ||
    e?.code === 'ETIMEDOUT'
    ? 'timeout'
    : 'error';
}

/** A short text of a poll error (no stack). */
export function errorText(err: unknown): string {
  const e = err as { message?: string; code?: string };
  return String(e?.message || e?.code || err).slice(0, 200);
}
