import { WS_SESSION_ENDED_CLOSE_CODE } from '@ztj/contracts';
import { SECURITY_TABLES } from '../auth/access-cache';
import type { Db } from '../db/db';
import type { RealtimeHub, SocketSession } from './hub';

/**
 * How often (ms) the sessions of the open WebSockets are checked again. This bounds how late a
 * socket notices a session ended by **another** server process on the same database (logout,
 * password change, freeze, recycle, deletion, tenant ended or frozen, expiry); changes written
 * through this process are noticed at once.
 */
export const SESSION_RECHECK_MS = 500;

/** WebSocket close code sent when the socket's session has ended (4000–4999: application codes). */
export const SESSION_ENDED_CLOSE_CODE = WS_SESSION_ENDED_CLOSE_CODE;

/**
 * The sessions among `$1` (token hashes) / `$2` (tenants, same order) that a request would now be
 * refused with: the same rules as `resolveAuth` (platform/auth/auth-context.ts) — unknown, revoked
 * or expired session; frozen, recycled or deleted user; no longer a member of the tenant; tenant
 * frozen or past its end date. One statement for every open socket.
 */
const ENDED_SESSIONS_SQL = `
  SELECT k.token_hash AS "tokenHash", k.tenant_id AS "tenantId"
    FROM unnest($1::text[], $2::int[]) AS k(token_hash, tenant_id)
    LEFT JOIN sys_session s ON s.token_hash = k.token_hash
    LEFT JOIN sys_user u ON u.id = s.user_id
    LEFT JOIN sys_user_tenant ut ON ut.user_id = s.user_id AND ut.tenant_id = k.tenant_id
    LEFT JOIN sys_tenant t ON t.id = k.tenant_id
   WHERE s.token_hash IS NULL OR s.revoked_at IS NOT NULL OR s.expires_at <= now()
      OR u.status IS DISTINCT FROM 1 OR u.del_flag IS DISTINCT FROM 0 OR ut.user_id IS NULL
      OR t.status IS DISTINCT FROM 1 OR t.end_date < now()`;

/**
 * Closes console WebSockets whose session has ended (SPEC §4 session): a socket is
 * authorised once at its handshake, so without this it would keep streaming after a logout or a
 * password change. Two triggers, one query ({@link ENDED_SESSIONS_SQL}) for all open sockets:
 * - any write through this process's `Db` to the access tables (`SECURITY_TABLES`: sessions, users,
 *   tenants…) — checked right after it, whichever service wrote it;
 * - every {@link SESSION_RECHECK_MS}, for revocations written by other processes (no query while
 *   no socket is open).
 * Ended sockets are closed with {@link SESSION_ENDED_CLOSE_CODE}. Checks never overlap; a trigger
 * during a check runs one more check after it.
 */
export class SessionWatch {
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly hub: RealtimeHub,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /** Starts watching (idempotent). */
  start(): void {
    if (this.timer) return;
    this.unsubscribe = this.db.onWrite((sql) => {
      if (SECURITY_TABLES.test(sql)) this.checkSoon();
    });
    this.timer = setInterval(() => this.checkSoon(), SESSION_RECHECK_MS);
    this.timer.unref();
  }

  /** Stops watching and waits for a check in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.again = false;
    await this.running;
  }

  /** Asks for a check now; if one is running, one more follows it. */
  checkSoon(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.check();
      } catch (err) {
        this.onError(err);
      }
    } while (this.again && this.timer);
  }

  /**
   * Checks the sessions of the open sockets once and closes those that ended.
   * @returns how many sockets were closed.
   */
  async check(): Promise<number> {
    const open = this.hub.sessions();
    if (open.length === 0) return 0;
    const ended = await this.db.query<SocketSession>(ENDED_SESSIONS_SQL, [
      open.map((s) => s.tokenHash),
      open.map((s) => s.tenantId),
    ]);
    return ended.length === 0 ? 0 : this.hub.closeSessions(ended, SESSION_ENDED_CLOSE_CODE, 'session ended');
  }
}
