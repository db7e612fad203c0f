import { LIVE_TELEMETRY_MIN_INTERVAL_MS, type WsTelemetryMessage } from '@ztj/contracts';
import type { RealtimeHub } from '../../platform/realtime/hub';
import type { TelemetryRow } from './telemetry-store';

type LiveDevice = WsTelemetryMessage['devices'][number];

/**
 * Pushes committed readings to the console: per tenant, the newest reading
 * of each device since the last push, at most one `{cmd:'telemetry'}` message per second per
 * tenant, only to sockets of that tenant. A batch committed while the tenant's window is closed is
 * merged and sent when it opens (so delivery is within ~1 s of the commit).
 */
export class LiveFanout {
  private readonly pending = new Map<number, Map<string, LiveDevice>>();
  private readonly lastSent = new Map<number, number>();
  private readonly timers = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly hub: RealtimeHub,
    private readonly minIntervalMs = LIVE_TELEMETRY_MIN_INTERVAL_MS,
  ) {}

  /** Queues the rows of a committed batch. */
  push(rows: readonly TelemetryRow[]): void {
    for (const r of rows) {
      if (!this.hub.hasTenant(r.tenantId)) continue;
      let byDevice = this.pending.get(r.tenantId);
      if (!byDevice) {
        byDevice = new Map();
        this.pending.set(r.tenantId, byDevice);
      }
      const prev = byDevice.get(r.deviceId);
      if (!prev || r.ts > prev.ts)
        byDevice.set(r.deviceId, { deviceId: r.deviceId, ts: r.ts, values: r.values, lat: r.lat, lng: r.lng });
    }
    for (const tenantId of this.pending.keys()) this.schedule(tenantId);
  }

  private schedule(tenantId: number): void {
    if (this.timers.has(tenantId)) return;
    const wait = Math.max(0, (this.lastSent.get(tenantId) ?? 0) + this.minIntervalMs - Date.now());
    const timer = setTimeout(() => {
      this.timers.delete(tenantId);
      this.flush(tenantId);
    }, wait);
    timer.unref();
    this.timers.set(tenantId, timer);
  }

  private flush(tenantId: number): void {
    const byDevice = this.pending.get(tenantId);
    this.pending.delete(tenantId);
    if (!byDevice?.size) return;
    this.lastSent.set(tenantId, Date.now());
    this.hub.toTenant(tenantId, { cmd: 'telemetry', devices: [...byDevice.values()] });
  }

  stop(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.pending.clear();
  }
}
