import {
  GATEWAY_BATCH_MAX,
  topics,
  type DeviceEventPayload,
  type DeviceEventType,
  type GatewayReading,
  type GatewayTelemetryPayload,
  type TelemetryPayload,
  type TelemetryValues,
} from '@ztj/contracts';
import type { Fleet, Sample, SimDevice, Timeline } from './fleet';

/**
 * The pure replay scheduler. Series time runs `speed` times faster than the wall clock from
 * `startWallMs`: series time s = (wall − start) × speed. A sample is due once the wall clock has
 * passed it, and its device time is the wall instant it became due,
 * `ts = start + floor(s / speed)`: at speed 1 that is start + offset exactly; at higher speeds the
 * readings come closer together but are never in the future, so the data looks current and the
 * server's clock-skew check passes. Timelines loop; `seq` counts a device's samples across loops.
 */
export interface ReplayClock {
  startWallMs: number;
  /** Time compression, > 0 (60 = one series hour per wall minute). Keep ≤ maxSpeed(fleet) for distinct device times. */
  speed: number;
}

/** A message to publish: topic of the contract, the connection it goes out on, and the payload. */
export type SimMessage =
  | { channel: 'telemetry'; topic: string; publisherId: string; payload: TelemetryPayload }
  | { channel: 'events'; topic: string; publisherId: string; payload: DeviceEventPayload }
  | { channel: 'gatewayTelemetry'; topic: string; publisherId: string; payload: GatewayTelemetryPayload };

interface Occurrence {
  /** Series time since the replay started, ms. */
  s: number;
  index: number;
  loop: number;
}

/** First index whose offset is ≥ t (or > t when `strictlyAfter`). */
function lowerBound(samples: readonly Sample[], t: number, strictlyAfter = false): number {
  let lo = 0;
  let hi = samples.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const offset = samples[mid]!.tOffsetMs;
    if (offset < t || (strictlyAfter && offset === t)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Samples of a looping timeline that fall in series time [eFrom, eTo), started `phaseMs` in. */
function occurrences(tl: Timeline, phaseMs: number, eFrom: number, eTo: number): Occurrence[] {
  const out: Occurrence[] = [];
  const uFrom = eFrom + phaseMs;
  const uTo = eTo + phaseMs;
  for (let loop = Math.floor(uFrom / tl.loopMs); loop * tl.loopMs < uTo; loop++) {
    const base = loop * tl.loopMs;
    for (let i = lowerBound(tl.samples, uFrom - base); i < tl.samples.length; i++) {
      const u = base + tl.samples[i]!.tOffsetMs;
      if (u >= uTo) break;
      out.push({ s: u - phaseMs, index: i, loop });
    }
  }
  return out;
}

/** Values of a looping timeline as they stood at series time s (the latest sample at or before it). */
function valuesAt(tl: Timeline, phaseMs: number, s: number): TelemetryValues {
  const r = (((s + phaseMs) % tl.loopMs) + tl.loopMs) % tl.loopMs;
  const i = lowerBound(tl.samples, r, true) - 1;
  return tl.samples[i >= 0 ? i : tl.samples.length - 1]!.values;
}

interface Reading {
  ts: number;
  seq: number;
  sample: Sample;
  values: TelemetryValues;
  occurrence: Occurrence;
}

function readings(device: SimDevice, clock: ReplayClock, eFrom: number, eTo: number): Reading[] {
  const { timeline, overlay } = device;
  return occurrences(timeline, device.phaseMs, eFrom, eTo).map((o) => {
    const sample = timeline.samples[o.index]!;
    const merged = overlay ? { ...valuesAt(overlay.timeline, overlay.phaseMs, o.s), ...sample.values } : sample.values;
    const values = device.adjust
      ? device.adjust(merged, {
          s: o.s,
          loop: o.loop,
          index: o.index,
          startWallMs: clock.startWallMs,
          speed: clock.speed,
        })
      : merged;
    return {
      ts: clock.startWallMs + Math.floor(o.s / clock.speed),
      seq: o.loop * timeline.samples.length + o.index,
      sample,
      values,
      occurrence: o,
    };
  });
}

const position = (s: Sample): { lat?: number; lng?: number } =>
  s.lat === undefined || s.lng === undefined ? {} : { lat: s.lat, lng: s.lng };

function deviceMessages(device: SimDevice, clock: ReplayClock, eFrom: number, eTo: number): SimMessage[] {
  const out: SimMessage[] = [];
  const id = device.deviceId;
  const event = (ts: number, type: DeviceEventType): SimMessage => ({
    channel: 'events',
    topic: topics.events(id),
    publisherId: id,
    payload: { ts, type },
  });
  const last = device.timeline.samples.length - 1;
  for (const r of readings(device, clock, eFrom, eTo)) {
    if (device.tripEvents && r.occurrence.index === 0) out.push(event(r.ts, 'power_on'));
    out.push({
      channel: 'telemetry',
      topic: topics.telemetry(id),
      publisherId: id,
      payload: { ts: r.ts, values: r.values, ...position(r.sample), seq: r.seq },
    });
    if (device.tripEvents && r.occurrence.index === last) out.push(event(r.ts, 'power_off'));
  }
  return out;
}

function messageTs(m: SimMessage): number {
  return m.payload.ts;
}

/**
 * Every message due between two wall instants (from exclusive of what an earlier call up to
 * `fromWallMs` returned): device reports, trip events, and gateway batches of at most 500
 * readings each (batch `ts` = its newest reading). Ordered by device time. Pure.
 */
export function messagesBetween(fleet: Fleet, clock: ReplayClock, fromWallMs: number, toWallMs: number): SimMessage[] {
  if (!(clock.speed > 0) || !Number.isFinite(clock.speed))
    throw new Error(`speed must be a positive number, got ${clock.speed}`);
  const eFrom = Math.max(0, (fromWallMs - clock.startWallMs) * clock.speed);
  const eTo = (toWallMs - clock.startWallMs) * clock.speed;
  if (eTo <= eFrom) return [];
  const out: SimMessage[] = fleet.devices.flatMap((d) => deviceMessages(d, clock, eFrom, eTo));
  for (const gw of fleet.gateways) {
    const batch: GatewayReading[] = gw.subDevices
      .flatMap((d) =>
        readings(d, clock, eFrom, eTo).map((r) => ({
          deviceId: d.deviceId,
          ts: r.ts,
          values: r.values,
          ...position(r.sample),
          seq: r.seq,
        })),
      )
      .sort((a, b) => a.ts - b.ts);
    for (let i = 0; i < batch.length; i += GATEWAY_BATCH_MAX) {
      const chunk = batch.slice(i, i + GATEWAY_BATCH_MAX);
      out.push({
        channel: 'gatewayTelemetry',
        topic: topics.gatewayTelemetry(gw.gatewayId),
        publisherId: gw.gatewayId,
        payload: { ts: chunk.at(-1)!.ts, readings: chunk },
      });
    }
  }
  return out.sort((a, b) => messageTs(a) - messageTs(b));
}

/** A replay that remembers its last tick. */
export interface Replay {
  /** Messages due since the previous tick (or since the start). */
  tick(nowWallMs: number): SimMessage[];
}

/**
 * Wraps {@link messagesBetween} with the last tick time. After a stall longer than `maxCatchUpMs`
 * (a suspended laptop, a blocked event loop) the backlog is dropped, as a device that was off
 * would not have sent it, instead of flooding the broker.
 */
export function createReplay(fleet: Fleet, clock: ReplayClock, options: { maxCatchUpMs?: number } = {}): Replay {
  const maxCatchUpMs = options.maxCatchUpMs ?? 10_000;
  let last = clock.startWallMs;
  return {
    tick(now: number): SimMessage[] {
      if (now <= last) return [];
      const from = Math.max(last, now - maxCatchUpMs);
      last = now;
      return messagesBetween(fleet, clock, from, now);
    },
  };
}
