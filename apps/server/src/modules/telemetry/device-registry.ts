import type { DeviceKind } from '@ztj/contracts';
import type { Db } from '../../platform/db/db';

/** What ingest needs to know about a device: its tenant, kind, relaying gateway and secret hash. */
export interface RegisteredDevice {
  id: string;
  tenantId: number;
  kind: DeviceKind;
  model: string;
  gatewayId: string | null;
  secretHash: string;
}

/** How long "no such device" is remembered, ms (a device created in another process appears after this). */
const NEGATIVE_TTL_MS = 2_000;

/**
 * In-memory cache of the device table for the ingest hot path (ARCHITECTURE §4): a known device is
 * answered synchronously by {@link peek}; a miss is looked up once (concurrent misses share the
 * query) and a missing id is remembered for 2 s. The device service calls {@link invalidate}
 * when it changes a device.
 */
export class DeviceRegistry {
  private readonly known = new Map<string, RegisteredDevice>();
  private readonly missing = new Map<string, number>();
  private readonly pending = new Map<string, Promise<RegisteredDevice | null>>();
  private readonly changeListeners: ((id: string) => void)[] = [];

  constructor(private readonly db: Db) {}

  /**
   * Calls `listener` with the id each time a device is reported changed ({@link invalidate}); the
   * broker account provisioning (MQTT_DYNSEC) re-syncs that device's account.
   */
  onChange(listener: (id: string) => void): void {
    this.changeListeners.push(listener);
  }

  /** The cached device, null when known missing, undefined when not cached. */
  peek(id: string): RegisteredDevice | null | undefined {
    const d = this.known.get(id);
    if (d) return d;
    const until = this.missing.get(id);
    if (until !== undefined) {
      if (until > Date.now()) return null;
      this.missing.delete(id);
    }
    return undefined;
  }

  /** The device, from the cache or the database; null when it does not exist. */
  get(id: string): Promise<RegisteredDevice | null> {
    const cached = this.peek(id);
    if (cached !== undefined) return Promise.resolve(cached);
    let p = this.pending.get(id);
    if (!p) {
      p = this.load(id).finally(() => this.pending.delete(id));
      this.pending.set(id, p);
    }
    return p;
  }

  /** Loads every device of the table into the cache (start-up). */
  async preload(): Promise<number> {
    const rows = await this.db.query<Row>(`SELECT ${COLUMNS} FROM device`);
    for (const r of rows) this.known.set(r.id, toDevice(r));
    return rows.length;
  }

  /** Forgets `id` so the next message reloads it, and tells the {@link onChange} listeners. */
  invalidate(id: string): void {
    this.known.delete(id);
    this.missing.delete(id);
    for (const l of this.changeListeners) l(id);
  }

  private async load(id: string): Promise<RegisteredDevice | null> {
    const row = await this.db.one<Row>(`SELECT ${COLUMNS} FROM device WHERE dev_no = $1`, [id]);
    if (!row) {
      this.missing.set(id, Date.now() + NEGATIVE_TTL_MS);
      return null;
    }
    const d = toDevice(row);
    this.known.set(id, d);
    return d;
  }
}

const COLUMNS = 'dev_no AS id, tenant_id, kind, model, gateway_id, secret_hash';
interface Row {
  id: string;
  tenant_id: number;
  kind: DeviceKind;
  model: string;
  gateway_id: string | null;
  secret_hash: string;
}
function toDevice(r: Row): RegisteredDevice {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    kind: r.kind,
    model: r.model,
    gatewayId: r.gateway_id,
    secretHash: r.secret_hash,
  };
}
