import { PARAM, type TelemetryValues } from '@ztj/contracts';
import { counterAdjust, integrate } from './equipment-counter';
import type { ActivityPoint } from './equipment-series';
import { loopTimeline, type Sample, type Timeline, type ValuesAdjust } from './timeline';

/**
 * DERIVED load models driven by the REAL occupancy office series (UCI Occupancy Detection): the
 * series has no electrical or water channel, so each appliance's power is a fixed formula of the
 * room's measured occupancy (0/1), light (lux), CO2 (ppm) and temperature (°C) minute by minute. The formulas are
 * ours (see data/ATTRIBUTION.md); the timing of every change is the real room's.
 *
 * A load splits into resistive (heaters, power factor 0.99), motor (compressors, fans, 0.80) and
 * lighting (LED drivers, 0.92) watts. Supply: 230 V nominal minus a 0.25 Ω line drop.
 */
export interface Load {
  resistiveW: number;
  motorW: number;
  lightW: number;
}

const PF = { resistive: 0.99, motor: 0.8, light: 0.92 } as const;
/** Nominal supply voltage, V, and line resistance, Ω. */
export const SUPPLY_V = 230;
const LINE_OHM = 0.25;
const MINUTE = 60_000;

/** Electrical quantities of a load: W, power factor, V, A. */
export interface Electrical {
  powerW: number;
  powerFactor: number;
  voltageV: number;
  currentA: number;
}

const r = (v: number, d: number): number => Number(v.toFixed(d));

/** Power (W), power factor, voltage (V, after the line drop) and current (A) of a load. */
export function electrical(load: Load): Electrical {
  const powerW = load.resistiveW + load.motorW + load.lightW;
  const apparent = load.resistiveW / PF.resistive + load.motorW / PF.motor + load.lightW / PF.light;
  const powerFactor = apparent > 0 ? powerW / apparent : 1;
  const i0 = apparent / SUPPLY_V;
  const voltageV = SUPPLY_V - LINE_OHM * i0;
  return { powerW, powerFactor, voltageV, currentA: apparent / voltageV };
}

/** Refrigeration works harder in a warmer room: 8 % more per °C above 20 °C (less below). */
const refrigeration = (p: ActivityPoint): number => 1 + 0.08 * (p.temperatureC - 20);

/** The appliance behind each plug and meter phase (derived, see file comment). */
export const LOADS = {
  /** Store sub-circuit on a single-phase meter: 350 W refrigeration at 20 °C, 1.2 kW while occupied, 0.5 W/lux lighting. */
  storeCircuit: (p: ActivityPoint): Load => ({
    motorW: 350 * refrigeration(p),
    resistiveW: p.occupied ? 1_200 : 0,
    lightW: 0.5 * p.lightLux,
  }),
  /** One phase of a three-phase store supply: 900 W refrigeration at 20 °C, 2.4 kW while occupied, 1 W/lux lighting. */
  storePhase: (p: ActivityPoint): Load => ({
    motorW: 900 * refrigeration(p),
    resistiveW: p.occupied ? 2_400 : 0,
    lightW: p.lightLux,
  }),
  /** Plug 1, display-case lighting: 0.3 W per lux measured. */
  displayLight: (p: ActivityPoint): Load => ({ motorW: 0, resistiveW: 0, lightW: 0.3 * p.lightLux }),
  /** Plug 2, coffee machine: 1.1 kW while the room is occupied, 2 W standby otherwise. */
  coffeeMachine: (p: ActivityPoint): Load => ({ motorW: 0, resistiveW: p.occupied ? 1_100 : 2, lightW: 0 }),
  /** Plug 3, demand-controlled ventilation fan: 30 W + 0.12 W per ppm CO2 above 400. */
  ventilationFan: (p: ActivityPoint): Load => ({
    motorW: 30 + 0.12 * Math.max(0, p.co2Ppm - 400),
    resistiveW: 0,
    lightW: 0,
  }),
  /**
   * Plug 4, 3 kW water boiler while occupied plus 1 W/lux of lights on the same plug: on bright
   * occupied minutes (> ≈ 650 lux) it draws more than the plug's rated 16 A and trips (P064).
   */
  waterBoiler: (p: ActivityPoint): Load => ({ motorW: 0, resistiveW: p.occupied ? 3_000 : 0, lightW: p.lightLux }),
} as const;

/** A device replaying one of the derived models: its timeline and the replay's per-reading adjust. */
export interface DerivedTimeline {
  timeline: Timeline;
  adjust: ValuesAdjust;
}

/** What an electricity meter reports besides its channels: phase used, starting counter (kWh), a reset. */
export interface MeterOptions {
  /** Phase of the device in the series, ms (series time where the replay starts). */
  phaseMs: number;
  /** Counter reading at the start of the series, kWh. */
  startKWh: number;
  /** One counter reset at this series time after the replay start, ms (see `CounterSpec.resetAtS`). */
  resetAtS?: number;
  /**
   * Current-transformer ratio of a CT-connected meter (contracts DEMO_METER_CT; default 1): the
   * meter measures the secondary side, so its currents (A), power (W) and energy (kWh) are the
   * load's ÷ CT; voltages are direct. The server multiplies them back by its configured CT.
   */
  ctRatio?: number;
}

/** A load's readings on a meter's secondary side: currents and power ÷ CT (voltages direct). */
const secondary = (e: Electrical, ct: number): Electrical => ({
  ...e,
  powerW: e.powerW / ct,
  currentA: e.currentA / ct,
});

function withEnergy(
  samples: Array<{ tOffsetMs: number; values: TelemetryValues }>,
  powerW: number[],
  o: MeterOptions,
): DerivedTimeline {
  const loopMs = samples.at(-1)!.tOffsetMs + MINUTE;
  const { within, perLoop } = integrate(
    samples,
    powerW.map((w) => w / 1_000),
    loopMs,
  );
  const out: Sample[] = samples.map((s, i) => ({
    tOffsetMs: s.tOffsetMs,
    values: { ...s.values, [PARAM.energy]: o.startKWh + within[i]! },
  }));
  const timeline = loopTimeline(out, MINUTE);
  const maxRatePerHour = Math.max(...powerW) / 1_000;
  return {
    timeline,
    adjust: counterAdjust(timeline, o.phaseMs, {
      code: PARAM.energy,
      perLoop,
      maxRatePerHour,
      decimals: 3,
      resetAtS: o.resetAtS,
    }),
  };
}

/** Single-phase ammeter (AM-1P): V, A, W, kWh counter, power factor, supply present. */
export function ammeter1pTimeline(points: readonly ActivityPoint[], o: MeterOptions): DerivedTimeline {
  const e = points.map((p) => secondary(electrical(LOADS.storeCircuit(p)), o.ctRatio ?? 1));
  const samples = points.map((p, i) => ({
    tOffsetMs: p.tOffsetMs,
    values: {
      [PARAM.voltage]: r(e[i]!.voltageV, 1),
      [PARAM.current]: r(e[i]!.currentA, 2),
      [PARAM.activePower]: r(e[i]!.powerW, 1),
      [PARAM.powerFactor]: r(e[i]!.powerFactor, 2),
      [PARAM.power]: true,
    },
  }));
  return withEnergy(
    samples,
    e.map((x) => x.powerW),
    o,
  );
}

/**
 * Three-phase ammeter (AM-3P): phases A/B/C are the same derived store-phase load on three
 * different days of the series (`phaseStepMs` apart), so the phases are unbalanced as in a store.
 */
export function ammeter3pTimeline(
  points: readonly ActivityPoint[],
  phaseStepMs: number,
  o: MeterOptions,
): DerivedTimeline {
  const loopMs = points.at(-1)!.tOffsetMs + MINUTE;
  const stepIdx = Math.round((phaseStepMs % loopMs) / MINUTE);
  const at = (i: number, k: number): ActivityPoint => points[(i + k * stepIdx) % points.length]!;
  const power: number[] = [];
  const samples = points.map((p, i) => {
    const [a, b, c] = [0, 1, 2].map((k) => secondary(electrical(LOADS.storePhase(at(i, k))), o.ctRatio ?? 1)) as [
      Electrical,
      Electrical,
      Electrical,
    ];
    const w = a.powerW + b.powerW + c.powerW;
    const va = a.powerW / a.powerFactor + b.powerW / b.powerFactor + c.powerW / c.powerFactor;
    power.push(w);
    return {
      tOffsetMs: p.tOffsetMs,
      values: {
        [PARAM.voltage]: r(a.voltageV, 1),
        [PARAM.voltageB]: r(b.voltageV, 1),
        [PARAM.voltageC]: r(c.voltageV, 1),
        [PARAM.current]: r(a.currentA, 2),
        [PARAM.currentB]: r(b.currentA, 2),
        [PARAM.currentC]: r(c.currentA, 2),
        [PARAM.activePower]: r(w, 1),
        [PARAM.powerFactor]: r(w / va, 2),
        [PARAM.power]: true,
      },
    };
  });
  return withEnergy(samples, power, o);
}

/** Smart plug (SP-16A): relay on, W, kWh counter, V, A, overload false (the command layer trips it). */
export function plugTimeline(
  points: readonly ActivityPoint[],
  load: (p: ActivityPoint) => Load,
  o: MeterOptions,
): DerivedTimeline {
  const e = points.map((p) => electrical(load(p)));
  const samples = points.map((p, i) => ({
    tOffsetMs: p.tOffsetMs,
    values: {
      [PARAM.socketOn]: true,
      [PARAM.activePower]: r(e[i]!.powerW, 1),
      [PARAM.voltage]: r(e[i]!.voltageV, 1),
      [PARAM.current]: r(e[i]!.currentA, 2),
      [PARAM.overload]: false,
    },
  }));
  return withEnergy(
    samples,
    e.map((x) => x.powerW),
    o,
  );
}

/**
 * Water meter (WM-DN20), derived from the occupancy series: flow 0.05 m³/h + 0.0003 m³/h per ppm
 * CO2 above 400 while the room is occupied, 0 otherwise; P056 the running integral (m³).
 */
export function waterMeterTimeline(
  points: readonly ActivityPoint[],
  o: { phaseMs: number; startM3: number },
): DerivedTimeline {
  const flow = points.map((p) => (p.occupied ? r(0.05 + 0.0003 * Math.max(0, p.co2Ppm - 400), 3) : 0));
  const loopMs = points.at(-1)!.tOffsetMs + MINUTE;
  const { within, perLoop } = integrate(points, flow, loopMs);
  const samples = points.map((p, i) => ({
    tOffsetMs: p.tOffsetMs,
    values: { [PARAM.waterFlow]: flow[i]!, [PARAM.waterVolume]: o.startM3 + within[i]! },
  }));
  const timeline = loopTimeline(samples, MINUTE);
  return {
    timeline,
    adjust: counterAdjust(timeline, o.phaseMs, {
      code: PARAM.waterVolume,
      perLoop,
      maxRatePerHour: Math.max(...flow),
      decimals: 4,
    }),
  };
}

/** Feed-scale hopper: starts at this weight, is refilled to {@link HOPPER_FULL_KG} below {@link HOPPER_LOW_KG}. */
export const HOPPER_FULL_KG = 50;
export const HOPPER_LOW_KG = 10;

/**
 * Feed scale (FS-500), derived from the occupancy series: a feed event (ingredients dispensed
 * into the cooker) when someone arrives (occupancy 0 → 1) and every further 60 occupied minutes;
 * the batch is 2 kg + 2 g per ppm CO2 above 400 (a fuller room, a bigger batch). P023 is the
 * hopper weight (kg), P069 the batch of an event (only on event readings).
 */
export function feedScaleTimeline(points: readonly ActivityPoint[]): Timeline {
  let weight = HOPPER_FULL_KG;
  let occupiedFor = 0;
  const samples: Sample[] = points.map((p, i) => {
    const arrived = p.occupied && !(points[i - 1]?.occupied ?? false);
    occupiedFor = p.occupied ? occupiedFor + 1 : 0;
    const values: TelemetryValues = {};
    if (arrived || (p.occupied && occupiedFor % 60 === 0)) {
      const batch = r(2 + 0.002 * Math.max(0, p.co2Ppm - 400), 2);
      weight -= batch;
      values[PARAM.feedAmount] = batch;
    }
    if (weight < HOPPER_LOW_KG) weight = HOPPER_FULL_KG;
    values[PARAM.weight] = r(weight, 2);
    return { tOffsetMs: p.tOffsetMs, values };
  });
  return loopTimeline(samples, MINUTE);
}
