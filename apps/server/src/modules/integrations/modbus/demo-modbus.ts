import { PARAM, REGISTER_MAPS, type TelemetryValues } from '@ztj/contracts';
import {
  ammeter3pTimeline,
  arrivalPhase,
  createEquipmentControl,
  createReplay,
  heatTimeline,
  loadFleetData,
  odenExcursion,
  ODEN_EXCURSION_LEAD_MS,
  type FleetData,
  type SimDevice,
  type Timeline,
} from '@ztj/simulator';
import type { Db } from '../../../platform/db/db';
import { provisionDevice } from '../../devices/device-provision';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { putFloat32, startModbusServer, type Bank, type FakeModbus } from './modbus-server';

/**
 * Demo Modbus devices (`DEMO` on): an in-process Modbus TCP server on 127.0.0.1
 * emulates a three-phase meter (SDM630 layout, unit 1) and a PID cooker controller (unit 2), and
 * two demo-tenant devices are polled from it every 5 s, so that the external device list moves
 * after `npm start`. Their registers follow the simulator's replay of the REAL series at
 * `DEMO_SPEED` (the simulator's own timelines and replay, apps/simulator/data/ATTRIBUTION.md):
 * - the meter is the derived three-phase store load of the UCI occupancy office series
 *   (`ammeter3pTimeline`, phases A/B/C on consecutive days) from day 2 morning, a phase neither
 *   SIM-AM3-001 (day 1) nor SIM-AM3-002 (day 4) starts at: voltages, currents, power, power factor, and the
 *   energy counter = the load's integral, carried across loops and restarts as the simulator's
 *   counters are (never goes back on a restart at the same `DEMO_SPEED`);
 * - the controller's process value is well 1 of the NAB machine-temperature series (°F → °C,
 *   `heatTimeline`) around 85 °C, 21 days after SIM-ODEN-001. A set-point written to its register
 *   is kept by the controller and the well ramps to it as the simulator's cookers do
 *   (`createEquipmentControl`); the heater relay is on while running and PV < set-point. Run/stop
 *   is kept as written; stopping turns the heater off but the PV keeps following the series.
 */

export const DEMO_MODBUS_METER = 'SIM-MB-AM3-001';
export const DEMO_MODBUS_COOKER = 'SIM-MB-PID-001';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The meter replays the series from the first arrival on or after this day (0-based): day 2 morning. */
export const DEMO_MODBUS_METER_DAY = 1;
/** Energy counter at the start of the series, kWh. */
export const DEMO_MODBUS_METER_START_KWH = 41_760;
/** The controller replays the NAB series this long after SIM-ODEN-001's phase, ms. */
export const DEMO_MODBUS_COOKER_AFTER_ODEN_MS = 21 * DAY;
/** The controller's default set-point, °C. */
export const DEMO_MODBUS_SET_POINT_C = 85;

const DEVICES = [
  { id: DEMO_MODBUS_METER, model: 'AM-3P', name: 'Modbus 三相电表 (SDM630)', map: 'sdm630-3p', unit: 1 },
  { id: DEMO_MODBUS_COOKER, model: 'BP-2W', name: 'Modbus 温控煮锅 (PID)', map: 'pid-cooker', unit: 2 },
] as const;

/** `ms` into a looping timeline, moved on to the next sample's offset (so the first reading is due at once). */
function atSample(t: Timeline, ms: number): number {
  const r = ((ms % t.loopMs) + t.loopMs) % t.loopMs;
  return t.samples.find((s) => s.tOffsetMs >= r)?.tOffsetMs ?? t.samples[0]!.tOffsetMs;
}

/**
 * Series phase of the meter, ms: {@link DEMO_MODBUS_METER_DAY}'s arrival phase moved on to a sample
 * of the series (which has missing minutes), so the first reading is due as the replay starts.
 */
export function demoModbusMeterPhase(activity: FleetData['activity']): number {
  const want = arrivalPhase(activity, DEMO_MODBUS_METER_DAY * DAY);
  return activity.find((p) => p.tOffsetMs >= want)?.tOffsetMs ?? 0;
}

/** The two replayed devices: the meter on the derived three-phase store load, the controller on the NAB well. */
export function demoModbusDevices(data: Pick<FleetData, 'activity' | 'machine'>): SimDevice[] {
  const meterPhase = demoModbusMeterPhase(data.activity);
  const meter = ammeter3pTimeline(data.activity, DAY, { phaseMs: meterPhase, startKWh: DEMO_MODBUS_METER_START_KWH });
  const setPoints = [DEMO_MODBUS_SET_POINT_C];
  const well = heatTimeline(data.machine, { setPoints });
  const odenPhase = odenExcursion(data.machine).startOffsetMs - ODEN_EXCURSION_LEAD_MS;
  return [
    {
      deviceId: DEMO_MODBUS_METER,
      model: 'AM-3P',
      timeline: meter.timeline,
      phaseMs: meterPhase,
      adjust: meter.adjust,
      equipment: { family: 'ammeter3p' },
      source: 'Derived three-phase store load on the occupancy series from day 2 morning',
    },
    {
      deviceId: DEMO_MODBUS_COOKER,
      model: 'BP-2W',
      timeline: well,
      phaseMs: atSample(well, odenPhase + DEMO_MODBUS_COOKER_AFTER_ODEN_MS),
      equipment: { family: 'boilPot', setPoints },
      source: 'NAB machine temperature (°F → °C) around 85 °C, 21 days after SIM-ODEN-001',
    },
  ];
}

/** The emulation without the database: its Modbus server and the replay step writing the registers. */
export interface DemoModbusEmulation {
  server: FakeModbus;
  devices: SimDevice[];
  /** Replays the series up to wall time `nowMs` (ms epoch) into the registers; reads a set-point written meanwhile. */
  step(nowMs: number): void;
  close(): Promise<void>;
}

const int16 = (word: number): number => (word << 16) >> 16;

/**
 * Starts the Modbus server and the replay of {@link demoModbusDevices} at `speed` (series time
 * runs `speed` times faster than the wall clock from `startWallMs`, as the simulator's replay).
 */
export async function startDemoModbusEmulation(o: {
  speed: number;
  startWallMs: number;
  data?: Pick<FleetData, 'activity' | 'machine'>;
}): Promise<DemoModbusEmulation> {
  const devices = demoModbusDevices(o.data ?? loadFleetData());
  const replay = createReplay({ devices, gateways: [] }, { startWallMs: o.startWallMs, speed: o.speed });
  const control = createEquipmentControl(devices);
  const server = await startModbusServer();
  const meter = server.bank(1);
  const pid = server.bank(2);
  pid.holding.set(1, DEMO_MODBUS_SET_POINT_C * 10);
  pid.holding.set(3, 1); // running
  let setPointWord = pid.holding.get(1)!;
  let cooker: TelemetryValues | undefined;
  const step = (nowMs: number): void => {
    const sv = int16(pid.holding.get(1) ?? 0);
    if (sv !== setPointWord) {
      setPointWord = sv;
      // the controller keeps what was written; the well ramps to it when within BP-2W's set-point range (else it keeps its target)
      control.command(DEMO_MODBUS_COOKER, {
        type: 'setSetPoint',
        well: 1,
        setPointC: sv / 10,
        cmdId: 'modbus-sv',
        ts: nowMs,
      });
      cooker = control.readingNow(DEMO_MODBUS_COOKER) ?? cooker;
    }
    for (const m of replay.tick(nowMs)) {
      if (m.channel !== 'telemetry') continue;
      if (m.publisherId === DEMO_MODBUS_METER) writeMeter(meter, m.payload.values);
      else cooker = control.apply(DEMO_MODBUS_COOKER, m.payload.values);
    }
    if (!cooker) return;
    const pv = Number(cooker[PARAM.temperature]);
    const running = (pid.holding.get(3) ?? 0) !== 0;
    pid.holding.set(0, Math.round(pv * 10) & 0xffff);
    pid.holding.set(2, running && cooker[PARAM.heaterOn] === true ? 1 : 0);
  };
  return { server, devices, step, close: () => server.close() };
}

const METER_REGISTERS = REGISTER_MAPS.find((m) => m.code === 'sdm630-3p')!.registers;

/** Writes each float32 input register of the SDM630 map from the reading's value of its parameter. */
function writeMeter(b: Bank, values: TelemetryValues): void {
  for (const reg of METER_REGISTERS) {
    const v = values[reg.param];
    if (typeof v === 'number') putFloat32(b.input, reg.address, v);
  }
}

export interface DemoModbus {
  /** Device ids now polled (for the ingest registry to forget its cache). */
  deviceIds: string[];
  close(): Promise<void>;
}

/** Starts the emulation at `speed` (config `DEMO_SPEED`) and (re)writes the two configs with this start's port. */
export async function startDemoModbus(db: Db, speed: number): Promise<DemoModbus> {
  const now = Date.now();
  const emu = await startDemoModbusEmulation({ speed, startWallMs: now - 1 });
  for (const d of DEVICES) {
    const [exists] = await db.query('SELECT 1 FROM device WHERE dev_no = $1', [d.id]);
    if (!exists) await provisionDevice(db, { id: d.id, tenantId: DEMO_TENANT_ID, model: d.model, name: d.name });
    await db.query(
      `INSERT INTO modbus_device (tenant_id, dev_no, host, port, unit_id, map_code, registers, poll_period_ms, timeout_ms, enabled, create_by)
       VALUES ($1, $2, '127.0.0.1', $3, $4, $5, $6::jsonb, 5000, 1000, true, 'demo')
       ON CONFLICT (dev_no) DO UPDATE SET port = EXCLUDED.port WHERE modbus_device.host = '127.0.0.1' AND modbus_device.create_by = 'demo'`,
      [
        DEMO_TENANT_ID,
        d.id,
        emu.server.port,
        d.unit,
        d.map,
        JSON.stringify(REGISTER_MAPS.find((m) => m.code === d.map)!.registers),
      ],
    );
  }
  emu.step(now);
  const timer = setInterval(() => emu.step(Date.now()), 1000);
  timer.unref();
  return {
    deviceIds: DEVICES.map((d) => d.id),
    close: async () => {
      clearInterval(timer);
      await emu.close();
    },
  };
}
