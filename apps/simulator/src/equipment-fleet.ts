import { DEMO_METER_CT, EQUIPMENT_FAMILY_TABLE, PARAM, type EquipmentFamily } from '@ztj/contracts';
import { findExcursion, heatTimeline, type Excursion, type HeatOptions } from './equipment-heat';
import {
  LOADS,
  ammeter1pTimeline,
  ammeter3pTimeline,
  electrical,
  feedScaleTimeline,
  plugTimeline,
  waterMeterTimeline,
} from './equipment-power';
import type { ActivityPoint, MachineSeries } from './equipment-series';
import type { WsnMote } from './series';
import { climateTimeline, type SimDevice, type Timeline, type ValuesAdjust } from './timeline';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The series time after the replay start at which SIM-AM1-001's energy counter is reset (meter replaced), ms. */
export const AM1_RESET_AT_S = 3 * HOUR;
/** Oden cooker 1's replay starts this long (series time) before its well 1 falls below 60 °C, ms. */
export const ODEN_EXCURSION_LEAD_MS = HOUR;
/** The excursion must last longer than the demo rule's 10 minutes at the default DEMO_SPEED 60: 10 h series, plus margin. */
export const ODEN_EXCURSION_MIN_MS = 10.5 * HOUR;
/** Default set-points, °C: oden broth 80 (4 wells), boil pot water 90 (boiling cap 100) and oil 170. */
export const ODEN_SET_POINTS = [80, 80, 80, 80] as const;
export const POT_SET_POINTS = [90, 170] as const;

const pad = (n: number): string => String(n).padStart(3, '0');
const phaseIn = (t: Timeline, ms: number): number => ((ms % t.loopMs) + t.loopMs) % t.loopMs;

/** The boiler plug's replay starts this long (series time) before its first real overload, ms. */
export const BOILER_OVERLOAD_LEAD_MS = 5 * HOUR;

/** Series phase of the boiler plug: {@link BOILER_OVERLOAD_LEAD_MS} before the first minute its derived load exceeds the rated current. */
export function boilerPhase(act: readonly ActivityPoint[]): number {
  const rated = EQUIPMENT_FAMILY_TABLE.smartPlug.ratedCurrentA ?? 16;
  const first = act.find((p) => electrical(LOADS.waterBoiler(p)).currentA > rated);
  if (!first) throw new Error('the boiler load never exceeds the rated current');
  return Math.max(0, first.tOffsetMs - BOILER_OVERLOAD_LEAD_MS);
}

/** Meters and plugs start this long (series time) before someone arrives in the room, so values move at once. */
export const ARRIVAL_LEAD_MS = 30 * MINUTE;

/**
 * Series phase {@link ARRIVAL_LEAD_MS} before the first arrival (occupancy 0 → 1) at or after
 * `fromMs` into the series (the series starts in an occupied evening; the next arrival is a morning).
 */
export function arrivalPhase(act: readonly ActivityPoint[], fromMs: number): number {
  const i = act.findIndex((p, k) => k > 0 && p.tOffsetMs >= fromMs && p.occupied && !act[k - 1]!.occupied);
  return i < 0 ? fromMs : Math.max(0, act[i]!.tOffsetMs - ARRIVAL_LEAD_MS);
}

/** Everything the equipment devices are built from. */
export interface EquipmentData {
  activity: ActivityPoint[];
  machine: MachineSeries;
}

/** The labelled NAB excursion replayed by SIM-ODEN-001 (found from the windows file). */
export function odenExcursion(machine: MachineSeries): Excursion {
  return findExcursion(machine, heatTimeline(machine, { setPoints: ODEN_SET_POINTS }), ODEN_EXCURSION_MIN_MS);
}

function equipmentDevice(
  deviceId: string,
  family: EquipmentFamily,
  timeline: Timeline,
  phaseMs: number,
  source: string,
  adjust?: ValuesAdjust,
  setPoints?: readonly number[],
): SimDevice {
  return {
    deviceId,
    model: EQUIPMENT_FAMILY_TABLE[family].model,
    timeline,
    phaseMs: phaseIn(timeline, phaseMs),
    source,
    ...(adjust ? { adjust } : {}),
    equipment: { family, ...(setPoints ? { setPoints: [...setPoints] } : {}) },
  };
}

/**
 * The demo equipment (fixed ids): ammeters SIM-AM1-001, SIM-AM3-001/002, smart plugs
 * SIM-PLUG-001..004, water meter SIM-WM-001 and feed scale SIM-FS-001 on DERIVED load models
 * driven by the real occupancy office series; boil pot SIM-POT-001 and oden cookers
 * SIM-ODEN-001/002 on the real NAB machine-temperature series. SIM-ODEN-001 starts
 * {@link ODEN_EXCURSION_LEAD_MS} before a labelled failure keeps its well 1 below 60 °C.
 */
export function buildEquipment(data: EquipmentData, prefix: string): SimDevice[] {
  const act = data.activity;
  const id = (kind: string, n: number): string => `${prefix}-${kind}-${pad(n)}`;
  const morning = (day: number): number => arrivalPhase(act, day * DAY);
  const am1Phase = morning(0);
  const am1 = ammeter1pTimeline(act, {
    phaseMs: am1Phase,
    startKWh: 10_482.5,
    resetAtS: AM1_RESET_AT_S,
    ctRatio: DEMO_METER_CT['AM1-001'],
  });
  // CT-connected: registers on the secondary side (÷ CT), the server's demo config multiplies back
  const am3 = [morning(0), morning(3)].map((phaseMs, i) => {
    const ctRatio = DEMO_METER_CT[`AM3-${pad(i + 1)}`] ?? 1;
    return { phaseMs, ...ammeter3pTimeline(act, DAY, { phaseMs, startKWh: (58_210 + i * 7_320) / ctRatio, ctRatio }) };
  });
  const plugLoads = [LOADS.displayLight, LOADS.coffeeMachine, LOADS.ventilationFan, LOADS.waterBoiler];
  const plugNames = ['display lighting', 'coffee machine', 'ventilation fan', 'water boiler'];
  const plugs = plugLoads.map((load, i) => {
    const phaseMs = load === LOADS.waterBoiler ? boilerPhase(act) : morning(i);
    const t = plugTimeline(act, load, { phaseMs, startKWh: 120 + 35 * i });
    return equipmentDevice(
      id('PLUG', i + 1),
      'smartPlug',
      t.timeline,
      phaseMs,
      `Derived ${plugNames[i]} load on the occupancy series${load === LOADS.waterBoiler ? ', 5 h before its first overload' : ` from day ${1 + i} morning`}`,
      t.adjust,
    );
  });
  const waterPhase = morning(1);
  const water = waterMeterTimeline(act, { phaseMs: waterPhase, startM3: 1_234.5 });
  const cooker = (setPoints: readonly number[], o: Partial<HeatOptions> = {}): Timeline =>
    heatTimeline(data.machine, { setPoints, ...o });
  const oden = cooker(ODEN_SET_POINTS);
  const odenStart = odenExcursion(data.machine).startOffsetMs - ODEN_EXCURSION_LEAD_MS;
  return [
    equipmentDevice(
      id('AM1', 1),
      'ammeter1p',
      am1.timeline,
      am1Phase,
      `Derived store-circuit load on the occupancy series from day 1 morning; counter reset ${AM1_RESET_AT_S / HOUR} h in`,
      am1.adjust,
    ),
    ...am3.map((m, i) =>
      equipmentDevice(
        id('AM3', i + 1),
        'ammeter3p',
        m.timeline,
        m.phaseMs,
        `Derived three-phase store load, phases A/B/C on consecutive days from day ${1 + 3 * i} morning; secondary side of a ${DEMO_METER_CT[`AM3-${pad(i + 1)}`] ?? 1}:1 CT`,
        m.adjust,
      ),
    ),
    ...plugs,
    equipmentDevice(
      id('POT', 1),
      'boilPot',
      cooker(POT_SET_POINTS, { maxWell1C: 100 }),
      odenStart + 7 * DAY,
      'NAB machine temperature (°F → °C) around set-points 90/170 °C, 7 days after ODEN-001',
      undefined,
      POT_SET_POINTS,
    ),
    equipmentDevice(
      id('ODEN', 1),
      'odenCooker',
      oden,
      odenStart,
      'NAB machine temperature (°F → °C) around 80 °C; labelled failure after 1 h of series',
      undefined,
      ODEN_SET_POINTS,
    ),
    equipmentDevice(
      id('ODEN', 2),
      'odenCooker',
      oden,
      odenStart + 14 * DAY,
      'NAB machine temperature (°F → °C) around 80 °C, 14 days after ODEN-001',
      undefined,
      ODEN_SET_POINTS,
    ),
    equipmentDevice(
      id('WM', 1),
      'waterMeter',
      water.timeline,
      waterPhase,
      'Derived water use on the occupancy series from day 2 morning',
      water.adjust,
    ),
    equipmentDevice(
      id('FS', 1),
      'feedScale',
      feedScaleTimeline(act),
      morning(0),
      'Derived feed events on the occupancy series from day 1 morning',
    ),
  ];
}

/** Battery of each TelosB mote at the start, %, and its drain per reading (5 s), %. */
const TAG_BATTERY_START = [96, 88, 74, 61] as const;
const TAG_BATTERY_DRAIN = 0.00005;

/**
 * BLE tags (BT-TH) SIM-TAG-001..004 relayed by the warehouse gateway: temperature and humidity
 * are the real TelosB mote series; battery (%) and RSSI (dBm) are DERIVED: battery falls
 * 0.00005 % per reading from a per-mote start, RSSI is −58 dBm indoors / −76 dBm outdoors minus
 * 0.15 dB per %RH above 30 (water vapour attenuates 2.4 GHz).
 */
export function buildTags(motes: readonly WsnMote[], prefix: string): SimDevice[] {
  return motes.map((mote, i) => {
    const base = climateTimeline(mote.points, 5_000);
    const rssi0 = mote.indoor ? -58 : -76;
    const timeline: Timeline = {
      loopMs: base.loopMs,
      samples: base.samples.map((s) => ({
        ...s,
        values: {
          ...s.values,
          [PARAM.rssi]: Math.round(rssi0 - 0.15 * Math.max(0, Number(s.values[PARAM.humidity]) - 30)),
        },
      })),
    };
    const start = TAG_BATTERY_START[i % TAG_BATTERY_START.length]!;
    const n = timeline.samples.length;
    const battery: ValuesAdjust = (values, at) => ({
      ...values,
      [PARAM.battery]: Number(Math.max(1, start - TAG_BATTERY_DRAIN * (at.loop * n + at.index)).toFixed(2)),
    });
    return {
      deviceId: `${prefix}-TAG-${pad(mote.moteId)}`,
      model: EQUIPMENT_FAMILY_TABLE.bleTag.model,
      timeline,
      phaseMs: 0,
      adjust: battery,
      equipment: { family: 'bleTag' },
      source: `TelosB mote ${mote.moteId} (${mote.indoor ? 'indoor' : 'outdoor'}, ${mote.points.filter((p) => p.excursion).length} labelled excursion rows); derived battery and RSSI`,
    };
  });
}
