import { WaybillRouteSchema, type WaybillRoute, type WaybillStatus } from '@ztj/contracts';
import type { Config } from '../../../platform/config/config';
import type { Db } from '../../../platform/db/db';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import type { TelemetryRow } from '../../telemetry/telemetry-store';
import { AI_DWELL_MINUTES, aiStep, initialAiState, type AiConfig, type AiState } from '../geo/ai-transitions';
import { estimateArrivalMs, ETA_WINDOW_MS, type SpeedFix } from '../geo/eta';
import { prepareRoute, routeProgress, type PreparedRoute } from '../../../platform/geo/route-progress';
import { routePoints } from './waybills.read';
import { startWaybill, stopWaybill } from './waybill-lifecycle';

/**
 * Follows waybills from the committed ingest batches (SPEC §4 AI option and
 * timing outcomes). For every waybill that is ongoing, or un-started with AI start/stop on, the
 * positions of its current devices (device-time order) are taken:
 * - AI start/stop (geo/ai-transitions.ts): start when the truck leaves the origin fence, complete
 *   when it has dwelt `dwellMinutes` in the destination fence; the actual start is the deciding
 *   fix's device time, the actual end the arrival (entering the destination fence). A start that
 *   is refused (a device already on another ongoing waybill) leaves the waybill un-started.
 * - last position (WGS-84, device time ms), remaining distance along the route snapshot (m) and
 *   ETA (ms epoch, geo/eta.ts over the last 20 minutes of fixes kept in memory) are written to the
 *   waybill row, where lists and the map list read them.
 * `onCommitted` returns at once; the work runs in the background, one batch after another.
 */

/** Options of {@link WaybillTracker}. */
export interface WaybillTrackerOptions {
  onError?: (err: Error) => void;
  /** Dwell in the destination fence before the AI completes, device-time minutes (default 5). */
  dwellMinutes?: number;
  /** Per-tenant dwell, minutes (overrides `dwellMinutes`; the demo tenant's compressed time). */
  dwellMinutesOf?: (tenantId: number) => number;
  /**
   * How long the list of followed waybills is reused before it is read again, ms (default 30000);
   * any write to the waybill tables through the same Db makes it read again at the next batch.
   */
  refreshMs?: number;
}

interface Followed {
  id: string;
  tenantId: number;
  status: WaybillStatus;
  ai: boolean;
  route: WaybillRoute;
  prepared: PreparedRoute;
  aiConfig: AiConfig;
  state: AiState;
}

/** Marks the tracker's own position writes, which do not change what it follows. */
const OWN_WRITE = '/* waybill-tracker */';

interface Fix {
  deviceId: string;
  t: number;
  lat: number;
  lng: number;
  speedKmh: number | null;
}

/**
 * Options of the app's tracker: the default 5-minute dwell, except for the demo tenant in demo mode
 * whose simulator replays the recorded drives `demoSpeed` times faster: a recorded drive spends
 * only about a minute in its 300 m destination fence before the recording ends, so the demo dwell
 * is half a recorded minute (`0.5 / demoSpeed` device-time minutes), which all three drives reach.
 */
export function waybillTrackerOptions(
  config: Pick<Config, 'demo' | 'demoSpeed'>,
  onError: (err: Error) => void,
): WaybillTrackerOptions {
  return {
    onError,
    dwellMinutesOf: (tenantId) =>
      config.demo && tenantId === DEMO_TENANT_ID ? 0.5 / config.demoSpeed : AI_DWELL_MINUTES,
  };
}

export class WaybillTracker {
  private readonly onError: (err: Error) => void;
  private readonly dwellMinutesOf: (tenantId: number) => number;
  private readonly refreshMs: number;
  /** Waybill id → followed waybill; device → ids of its waybills. */
  private waybills = new Map<string, Followed>();
  private byDevice = new Map<string, string[]>();
  private loadedAt = 0;
  private queue: Fix[] = [];
  private running: Promise<void> = Promise.resolve();
  private scheduled = false;
  private stopped = true;
  /** Recent fixes per waybill for the ETA (last ETA_WINDOW_MS of device time). */
  private readonly recent = new Map<string, SpeedFix[]>();
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly db: Db,
    opts: WaybillTrackerOptions = {},
  ) {
    this.onError = opts.onError ?? (() => undefined);
    const dwell = opts.dwellMinutes ?? AI_DWELL_MINUTES;
    this.dwellMinutesOf = opts.dwellMinutesOf ?? (() => dwell);
    this.refreshMs = opts.refreshMs ?? 30_000;
  }

  /**
   * The ingest's `onCommitted` hook: keeps the positioned readings of devices on followed waybills
   * (all of them while the list is being read again) and returns at once.
   */
  readonly onCommitted = (rows: readonly TelemetryRow[]): void => {
    if (this.stopped) return;
    // with a fresh list, readings of devices on no followed waybill are dropped here (ingest speed)
    const fresh = this.loadedAt !== 0 && Date.now() - this.loadedAt < this.refreshMs;
    let any = false;
    for (const r of rows) {
      if (r.lat === null || r.lng === null || (fresh && !this.byDevice.has(r.deviceId))) continue;
      const speed = r.values.P013;
      this.queue.push({
        deviceId: r.deviceId,
        t: r.ts,
        lat: r.lat,
        lng: r.lng,
        speedKmh: typeof speed === 'number' ? speed : null,
      });
      any = true;
    }
    if (any) this.schedule();
  };

  /** Starts following (reads the waybills). */
  async start(): Promise<void> {
    this.stopped = false;
    this.unsubscribe ??= this.db.onWrite((sql) => {
      if (/waybill/i.test(sql) && !sql.includes(OWN_WRITE)) this.loadedAt = 0;
    });
    await this.reload().catch((e: unknown) => this.onError(e as Error));
  }

  /** Stops taking batches and waits for the one in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.queue = [];
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.running;
  }

  /** Resolves when every batch taken so far has been processed (tests). */
  async idle(): Promise<void> {
    while (this.scheduled || this.queue.length) await this.running;
    await this.running;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.running = this.running.then(async () => {
      this.scheduled = false;
      const fixes = this.queue;
      this.queue = [];
      try {
        await this.process(fixes);
      } catch (e) {
        this.onError(e as Error);
      }
    });
  }

  /** Reads the waybills to follow: ongoing ones, and un-started ones with AI start/stop. */
  private async reload(): Promise<void> {
    const rows = await this.db.query<{
      id: string;
      tenant_id: number;
      status: WaybillStatus;
      ai_start_stop: boolean;
      route: unknown;
      ai_state: unknown;
      devs: string[] | null;
    }>(
      `SELECT w.id, w.tenant_id, w.status, w.ai_start_stop, w.route, w.ai_state,
              (SELECT array_agg(wd.dev_no) FROM waybill_device wd WHERE wd.waybill_id = w.id AND wd.removed_at IS NULL) AS devs
         FROM waybill w WHERE w.status = 'ongoing' OR (w.status = 'unstarted' AND w.ai_start_stop)`,
    );
    const next = new Map<string, Followed>();
    const byDevice = new Map<string, string[]>();
    for (const r of rows) {
      const old = this.waybills.get(r.id);
      const route = WaybillRouteSchema.parse(typeof r.route === 'string' ? JSON.parse(r.route) : r.route);
      const stored = (typeof r.ai_state === 'string' ? JSON.parse(r.ai_state) : r.ai_state) as AiState | null;
      // the in-memory state is newer than the stored one unless the status changed meanwhile (by hand)
      let state =
        old && old.status === r.status
          ? old.state
          : (stored ?? initialAiState(r.status === 'ongoing' ? 'ongoing' : 'unstarted'));
      if (state.phase !== r.status) state = initialAiState(r.status === 'ongoing' ? 'ongoing' : 'unstarted');
      const fence = (p: { lat: number; lng: number }) => ({
        kind: 'circle' as const,
        center: { lat: p.lat, lng: p.lng },
        radiusM: route.fenceRadiusM,
      });
      next.set(r.id, {
        id: r.id,
        tenantId: r.tenant_id,
        status: r.status,
        ai: r.ai_start_stop,
        route,
        prepared: old?.prepared ?? prepareRoute(routePoints(route)),
        aiConfig: {
          origin: fence(route.origin),
          destination: fence(route.destination),
          dwellMinutes: this.dwellMinutesOf(r.tenant_id),
        },
        state,
      });
      for (const d of r.devs ?? []) byDevice.set(d, [...(byDevice.get(d) ?? []), r.id]);
    }
    for (const id of this.recent.keys()) if (!next.has(id)) this.recent.delete(id);
    this.waybills = next;
    this.byDevice = byDevice;
    this.loadedAt = Date.now();
  }

  private async process(fixes: Fix[]): Promise<void> {
    if (Date.now() - this.loadedAt >= this.refreshMs) await this.reload();
    const perWaybill = new Map<string, Fix[]>();
    for (const f of fixes)
      for (const id of this.byDevice.get(f.deviceId) ?? []) perWaybill.set(id, [...(perWaybill.get(id) ?? []), f]);
    for (const [id, list] of perWaybill) {
      const w = this.waybills.get(id);
      if (!w || this.stopped) continue;
      list.sort((a, b) => a.t - b.t);
      await this.follow(w, list);
    }
  }

  /** Runs one waybill over its new fixes: AI transitions, then position, progress and ETA. */
  private async follow(w: Followed, fixes: Fix[]): Promise<void> {
    for (const f of fixes) {
      const before = w.state;
      const step = aiStep(w.state, f, w.aiConfig);
      w.state = step.state;
      if (!step.event || (!w.ai && step.event.type === 'start')) {
        if (!w.ai && before.phase === 'unstarted') w.state = before;
        continue;
      }
      if (step.event.type === 'start') {
        try {
          await startWaybill(this.db, w.tenantId, 'zh-CN', w.id, null, step.event.at);
          w.status = 'ongoing';
        } catch {
          // refused (device on another ongoing waybill, started or deleted meanwhile): look again later
          w.state = initialAiState('unstarted');
          break;
        }
      } else if (w.ai && w.status === 'ongoing') {
        await stopWaybill(this.db, w.tenantId, w.id, null, step.event.arrivedAt ?? step.event.at).catch(
          () => undefined,
        );
        w.status = 'completed';
        break;
      }
    }
    const last = fixes[fixes.length - 1]!;
    const recent = [
      ...(this.recent.get(w.id) ?? []),
      ...fixes.map((f) => ({ t: f.t, lat: f.lat, lng: f.lng, speedKmh: f.speedKmh })),
    ].filter((f) => f.t >= last.t - ETA_WINDOW_MS);
    this.recent.set(w.id, recent);
    const progress = routeProgress(w.prepared, last);
    const eta = w.status === 'ongoing' ? estimateArrivalMs(progress.remainingM, recent, last.t) : null;
    await this.db.query(
      `${OWN_WRITE} UPDATE waybill SET ai_state = $2::jsonb, last_lat = $3, last_lng = $4, last_ts = $5, remaining_m = $6, eta_ms = $7
        WHERE id = $1 AND (last_ts IS NULL OR last_ts <= $5)`,
      [w.id, JSON.stringify(w.state), last.lat, last.lng, last.t, progress.remainingM, eta],
    );
    if (w.status === 'completed') {
      this.waybills.delete(w.id);
      this.recent.delete(w.id);
    }
  }
}
