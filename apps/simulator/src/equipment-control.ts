import {
  EQUIPMENT_FAMILY_TABLE,
  PARAM,
  acceptsCommand,
  type DeviceCommand,
  type TelemetryValues,
} from '@ztj/contracts';
import { RUNNING_MIN_C, WELL_CODES, heaterOn } from './equipment-heat';
import { SUPPLY_V } from './equipment-power';
import type { SimDevice } from './fleet';

/** How fast a well follows a new set-point, °C per replayed reading (5 series minutes): 0.4 °C/min. */
export const SET_POINT_RAMP_C = 2;

/** A command's outcome: the ack (`error` is a message key) and whether the device reports a reading at once. */
export interface CommandOutcome {
  ok: boolean;
  error?: string;
  reportNow: boolean;
}

interface PlugState {
  kind: 'plug';
  on: boolean;
  overload: boolean;
  /** Energy not drawn while the relay was open, kWh (subtracted from the replayed counter). */
  offsetKWh: number;
  lastCounter?: number;
}

interface HeatState {
  kind: 'heat';
  defaults: number[];
  setPoints: number[];
  /** Offset now applied to each well, °C (ramps towards setPoint − default). */
  shift: number[];
}

type State = PlugState | HeatState | { kind: 'meter' };

/** The device-side state that commands change (SPEC §7 device control). */
export interface EquipmentControl {
  /**
   * The values a device publishes for a replayed reading (`advance`: a replayed reading moves the
   * wells toward their set-point; a reading on demand does not). Devices without state pass through.
   */
  apply(deviceId: string, values: TelemetryValues, advance?: boolean): TelemetryValues;
  /** Handles setSwitch / setSetPoint / readMeter (other types are not handled here: undefined). */
  command(deviceId: string, cmd: DeviceCommand): CommandOutcome | undefined;
  /** What the device would report now (its last replayed reading under the current state), or undefined. */
  readingNow(deviceId: string): TelemetryValues | undefined;
}

const r = (v: number, d: number): number => Number(v.toFixed(d));

function applyPlug(st: PlugState, values: TelemetryValues, rated: number): TelemetryValues {
  const counter = Number(values[PARAM.energy]);
  if (st.lastCounter !== undefined && !st.on && counter > st.lastCounter) st.offsetKWh += counter - st.lastCounter;
  st.lastCounter = counter;
  if (st.on && Number(values[PARAM.current]) > rated) {
    st.on = false; // the relay opens on overload (P064) and stays open until switched on again
    st.overload = true;
  }
  const out: TelemetryValues = {
    ...values,
    [PARAM.energy]: r(Math.max(0, counter - st.offsetKWh), 3),
    [PARAM.socketOn]: st.on,
    [PARAM.overload]: st.overload,
  };
  if (!st.on) Object.assign(out, { [PARAM.activePower]: 0, [PARAM.current]: 0, [PARAM.voltage]: SUPPLY_V });
  return out;
}

function applyHeat(st: HeatState, values: TelemetryValues, advance: boolean): TelemetryValues {
  const out: TelemetryValues = { ...values };
  const wells: number[] = [];
  st.defaults.forEach((d, k) => {
    const target = st.setPoints[k]! - d;
    if (advance) st.shift[k]! += Math.max(-SET_POINT_RAMP_C, Math.min(SET_POINT_RAMP_C, target - st.shift[k]!));
    const t = r(Number(values[WELL_CODES[k]!]) + st.shift[k]!, 1);
    wells.push(t);
    out[WELL_CODES[k]!] = t;
  });
  out[PARAM.setPoint] = st.setPoints[0]!;
  out[PARAM.heaterOn] = heaterOn(wells, st.setPoints);
  out[PARAM.running] = wells[0]! >= RUNNING_MIN_C;
  return out;
}

/** The command state of every equipment device of `devices`. */
export function createEquipmentControl(devices: readonly SimDevice[]): EquipmentControl {
  const states = new Map<string, State>();
  const family = new Map<string, SimDevice['equipment'] & object>();
  const lastValues = new Map<string, TelemetryValues>();
  for (const d of devices) {
    if (!d.equipment) continue;
    family.set(d.deviceId, d.equipment);
    const f = d.equipment.family;
    if (f === 'smartPlug') states.set(d.deviceId, { kind: 'plug', on: true, overload: false, offsetKWh: 0 });
    else if (d.equipment.setPoints) {
      const sp = d.equipment.setPoints;
      states.set(d.deviceId, { kind: 'heat', defaults: [...sp], setPoints: [...sp], shift: sp.map(() => 0) });
    } else states.set(d.deviceId, { kind: 'meter' });
  }

  function apply(deviceId: string, values: TelemetryValues, advance = true): TelemetryValues {
    const st = states.get(deviceId);
    if (!st || st.kind === 'meter') {
      if (st) lastValues.set(deviceId, values);
      return values;
    }
    if (advance) lastValues.set(deviceId, values);
    if (st.kind === 'plug') return applyPlug(st, values, EQUIPMENT_FAMILY_TABLE.smartPlug.ratedCurrentA ?? 16);
    return applyHeat(st, values, advance);
  }

  function command(deviceId: string, cmd: DeviceCommand): CommandOutcome | undefined {
    if (cmd.type !== 'setSwitch' && cmd.type !== 'setSetPoint' && cmd.type !== 'readMeter') return undefined;
    const eq = family.get(deviceId);
    const st = states.get(deviceId);
    if (!eq || !st || !acceptsCommand(eq.family, cmd.type))
      return { ok: false, error: 'validation.commandUnsupported', reportNow: false };
    if (cmd.type === 'readMeter') return { ok: true, reportNow: lastValues.has(deviceId) };
    if (cmd.type === 'setSwitch' && st.kind === 'plug') {
      st.on = cmd.on;
      if (cmd.on) st.overload = false;
      return { ok: true, reportNow: lastValues.has(deviceId) };
    }
    if (cmd.type === 'setSetPoint' && st.kind === 'heat') {
      const def = EQUIPMENT_FAMILY_TABLE[eq.family];
      const [min, max] = def.setPointRange ?? [-50, 400];
      if (cmd.setPointC < min || cmd.setPointC > max)
        return { ok: false, error: 'validation.setPointRange', reportNow: false };
      if (cmd.well !== undefined && cmd.well > st.setPoints.length)
        return { ok: false, error: 'validation.commandUnsupported', reportNow: false };
      // one well, or every well when none is named
      st.setPoints = st.setPoints.map((sp, k) => (cmd.well === undefined || cmd.well === k + 1 ? cmd.setPointC : sp));
      return { ok: true, reportNow: lastValues.has(deviceId) };
    }
    return { ok: false, error: 'validation.commandUnsupported', reportNow: false };
  }

  function readingNow(deviceId: string): TelemetryValues | undefined {
    const v = lastValues.get(deviceId);
    return v ? apply(deviceId, v, false) : undefined;
  }

  return { apply, command, readingNow };
}
