import type { Config } from './platform/config/config';
import type { Db } from './platform/db/db';
import { RealtimeHub } from './platform/realtime/hub';
import { ServerMetrics } from './platform/observability/metrics';
import type { StartLog } from './platform/startup/early-log';
import { IngestRuntime } from './modules/telemetry/ingest-runtime';
import { TelemetryPartitions } from './modules/telemetry/partitions/telemetry-partitions';
import { AlarmRuntime } from './modules/alarms/runtime/alarm-runtime';
import type { AlarmNotice } from './modules/alarms/runtime/alarm-notice';
import { WaybillTracker, waybillTrackerOptions } from './modules/logistics/waybills/waybill-tracker';
import { loadRulePlaces } from './modules/logistics/places/rule-places.source';
import { sceneCommandSender } from './modules/alarms/scenes/scene-commands';

/** What {@link createDeviceSide} needs. */
export interface DeviceSideDeps {
  config: Config;
  db: Db;
  /** The live hub the HTTP app's sockets use later (default: a new one). */
  hub?: RealtimeHub;
  /** Where the parts report errors: the app's logger, or main.ts's {@link EarlyLog} before the app exists. */
  log: Pick<StartLog, 'error'>;
}

/**
 * The device side of the server: everything a committed reading goes through —
 * the metrics, the alarm engine, the waybill tracker, the telemetry partitions' floor — and the
 * ingest itself (registry, broker). main.ts builds and starts it before the HTTP app, so the ingest
 * reads while the rest of the server (routes, job queue, scheduler, exports, push) is still
 * loading; `buildApp` takes it (`AppDeps.deviceSide`) or builds one itself (tests).
 */
export interface DeviceSide {
  hub: RealtimeHub;
  metrics: ServerMetrics;
  alarms: AlarmRuntime;
  waybills: WaybillTracker;
  partitions: TelemetryPartitions;
  devices: IngestRuntime;
  /** True once {@link start} resolved. */
  readonly started: boolean;
  /**
   * Starts, in this order: the alarm engine (rules, and the readings the last run left
   * unevaluated, queued ahead of any new one), the waybill tracker, the partitions' upkeep (the
   * current month exists and the ingest knows the floor; PostgreSQL only; its daily job is
   * registered later with the job queue), then the ingest (registry, broker). Repeated calls share
   * the first call's start.
   */
  start(): Promise<void>;
  /**
   * Hands alarm notices to `listener` (the push dispatcher, once its job queue runs). Notices raised
   * before this call are held in order and handed over first, so none is lost while the app starts.
   */
  sendNoticesTo(listener: (notice: AlarmNotice) => void): void;
  /** Stops the ingest (queued batches committed), then the waybill tracker, then the alarm engine (its queue evaluated). */
  stop(): Promise<void>;
}

/** Builds the device side (see {@link DeviceSide}); nothing runs until `start`. */
export function createDeviceSide({ config, db, hub = new RealtimeHub(), log }: DeviceSideDeps): DeviceSide {
  const report =
    (scope: string) =>
    (err: Error): void =>
      log.error({ err }, scope);
  const metrics = new ServerMetrics(hub);
  // scene commands: sent and logged in the device log like the console's (scenes/scene-commands.ts)
  const sceneCommands = sceneCommandSender(
    db,
    { sendCommand: (id, command) => devices.sendCommand(id, command) },
    { get: (id) => devices.registry.get(id) },
  );
  // alarm engine: committed readings and device events go to it after the metrics; it
  // returns at once and evaluates in its own batches; scene commands go out through the ingest's broker
  const alarms: AlarmRuntime = new AlarmRuntime(db, hub, {
    onError: report('alarms'),
    // the places port: fences and routes of position conditions come from logistics
    places: (ids, onError) => loadRulePlaces(db, ids, onError),
    sendCommand: (id, command): Promise<boolean> => sceneCommands(id, command),
  });
  // waybill tracker: AI start/stop, last position and ETA from the committed positions
  const waybills = new WaybillTracker(db, waybillTrackerOptions(config, report('waybills')));
  // telemetry partitions on PostgreSQL: upkeep at start and daily; the ingest reads their floor
  const partitions = new TelemetryPartitions(db, {
    retentionMonths: config.telemetryRetentionMonths,
    onError: report('telemetry partitions'),
  });
  const devices: IngestRuntime = new IngestRuntime(config, db, hub, {
    onError: report('ingest'),
    telemetryFloor: partitions.floor,
    onCommitted: (rows, committedAt) => {
      metrics.onCommitted(rows, committedAt);
      alarms.onCommitted(rows);
      waybills.onCommitted(rows);
    },
    onDeviceEvent: alarms.onDeviceEvent,
  });
  metrics.watch(devices);

  let held: AlarmNotice[] | undefined = [];
  let listener: ((notice: AlarmNotice) => void) | undefined;
  alarms.onNotice((notice) => {
    if (listener) listener(notice);
    else held?.push(notice);
  });

  let starting: Promise<void> | undefined;
  let started = false;
  return {
    hub,
    metrics,
    alarms,
    waybills,
    partitions,
    devices,
    get started() {
      return started;
    },
    start() {
      starting ??= (async () => {
        await alarms.start();
        await waybills.start();
        if (db.kind === 'postgres') {
          await partitions.upkeep().catch(async (e: Error) => {
            report('telemetry partitions')(e);
            await partitions.refreshFloor().catch(report('telemetry partitions'));
          });
        }
        await devices.start();
        started = true;
      })();
      return starting;
    },
    sendNoticesTo(next) {
      listener = next;
      const early = held ?? [];
      held = undefined;
      for (const n of early) next(n);
    },
    async stop() {
      await devices.stop();
      await waybills.stop();
      await alarms.stop();
    },
  };
}
