import type { Db } from '../db/db';

/**
 * How long (ms) a cached session, permission set or data-rule set may be served without asking
 * the database again. This is the bound on how late this process notices a change made by
 * **another** process (ARCHITECTURE §6: API processes are stateless behind a load balancer; the
 * session and access state live in the database): a logout, password change, freeze, role,
 * permission, department or data-rule change or tenant change made elsewhere takes effect here
 * at most this long afterwards. Changes made through this process take effect at once (see
 * {@link SECURITY_TABLES}).
 */
export const ACCESS_CACHE_TTL_MS = 2000;

/** Most entries one map holds; beyond it the oldest are dropped (they expire soon anyway). */
const MAX_ENTRIES = 5000;

/**
 * Tables whose rows decide who a token is and what it may do: sessions, users and their tenants,
 * tenants, roles, permissions (menus), departments and their roles, data rules. Any statement
 * other than a plain SELECT that names one of them — through the server's `Db`, in any module —
 * empties every access cache of that `Db` before it is sent and again once it is committed or
 * rolled back ({@link Db.onWrite}), so no writer can forget to invalidate.
 */
export const SECURITY_TABLES = /\bsys_(?:session|user|tenant|role|permission|depart)/i;

interface Entry<T> {
  value: T;
  expiresAt: number;
}

/** One keyed map of the cache with expiry and a size bound. */
class TtlMap<T> {
  private readonly map = new Map<string, Entry<T>>();

  get(key: string, now: number): T | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= now) {
      this.map.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, value: T, expiresAt: number): void {
    if (this.map.size >= MAX_ENTRIES) {
      const now = Date.now();
      for (const [k, e] of this.map) if (e.expiresAt <= now) this.map.delete(k);
      while (this.map.size >= MAX_ENTRIES) this.map.delete(this.map.keys().next().value!);
    }
    this.map.set(key, { value, expiresAt });
  }

  clear(): void {
    this.map.clear();
  }
}

/**
 * Short-lived in-process cache of what every authenticated request needs before its handler:
 * the session behind a token hash (with the requested tenant), the permission codes of a user
 * in a tenant, and the data rules of a user, tenant and permission code. Only successful
 * lookups are cached; a refused token always goes to the database.
 *
 * Freshness: entries live at most {@link ACCESS_CACHE_TTL_MS} (and a session entry never past the
 * session's own expiry). Writes through this process empty the cache at once
 * ({@link SECURITY_TABLES}); a generation counter stops a lookup that started before such a write
 * from storing what it read.
 */
export class AccessCache {
  private readonly maps = {
    sessions: new TtlMap<unknown>(),
    permissions: new TtlMap<unknown>(),
    dataRules: new TtlMap<unknown>(),
  };
  private generation = 0;

  /** Empties every map and makes lookups in flight unable to store their result. */
  invalidate(): void {
    this.generation++;
    for (const m of Object.values(this.maps)) m.clear();
  }

  /**
   * The cached value of `key` in one map (`sessions`: session and tenant check by token hash and
   * requested tenant; `permissions`: codes by user and tenant; `dataRules`: rule rows by user,
   * tenant and permission code), else `load()`. The loaded value is kept for
   * {@link ACCESS_CACHE_TTL_MS}, or until `keepUntil(value)` (ms since the epoch; 0 = do not keep)
   * when earlier, unless the cache was invalidated while it loaded.
   */
  async through<T>(
    map: keyof AccessCache['maps'],
    key: string,
    load: () => Promise<T>,
    keepUntil?: (value: T) => number,
  ): Promise<T> {
    const m = this.maps[map];
    const hit = m.get(key, Date.now());
    if (hit !== undefined) return hit as T;
    const generation = this.generation;
    const started = Date.now();
    const value = await load();
    if (generation === this.generation && value !== undefined) {
      const expiresAt = Math.min(started + ACCESS_CACHE_TTL_MS, keepUntil ? keepUntil(value) : Infinity);
      if (expiresAt > Date.now()) m.set(key, value, expiresAt);
    }
    return value;
  }
}

const caches = new WeakMap<Db, AccessCache>();

/** The access cache of a database handle, created (and subscribed to its writes) on first use. */
export function accessCache(db: Db): AccessCache {
  let cache = caches.get(db);
  if (!cache) {
    const created = new AccessCache();
    db.onWrite((sql) => {
      if (SECURITY_TABLES.test(sql)) created.invalidate();
    });
    caches.set(db, created);
    cache = created;
  }
  return cache;
}

/**
 * Empties the access cache of `db` in this process at once. Writes through `db` to the
 * {@link SECURITY_TABLES} already do this; call it after changing access state any other way.
 */
export function invalidateAccess(db: Db): void {
  caches.get(db)?.invalidate();
}
