import { REGISTER_MAPS } from '@ztj/contracts';
import type { Db } from '../../../platform/db/db';
import { provisionDevice } from '../../devices/device-provision';
import { DEMO_TENANT_ID } from '../../system/seed/seed';
import { putFloat32, startModbusServer, type Bank } from './modbus-server';

/**
 * Demo Modbus devices (issue 14 item 5, `DEMO` on): an in-process Modbus TCP server on 127.0.0.1
 * emulates a three-phase meter (SDM630 layout, unit 1) and a PID cooker controller (unit 2), and
 * two demo-tenant devices are polled from it every 5 s, so that the external device list moves
 * after `npm start`. The values are SYNTHETIC (a day-shaped store load with noise, a first-order
 * heating model with an on/off heater around the set-point); no recorded series drives them.
 * Set-points written by `setSetPoint` are kept by the emulated controller.
 */

export const DEMO_MODBUS_METER = 'SIM-MB-AM3-001';
export const DEMO_MODBUS_COOKER = 'SIM-MB-PID-001';

const DEVICES = [
  { id: DEMO_MODBUS_METER, model: 'AM-3P', name: 'Modbus 三相电表 (SDM630)', map: 'sdm630-3p', unit: 1 },
  { id: DEMO_MODBUS_COOKER, model: 'BP-2W', name: 'Modbus 温控煮锅 (PID)', map: 'pid-cooker', unit: 2 },
] as const;

export interface DemoModbus {
  /** Device ids now polled (for the ingest registry to forget its cache). */
  deviceIds: string[];
  close(): Promise<void>;
}

/** Store load, W: 6 kW at night, up to 14 kW in the afternoon (China time), ± noise. */
function loadW(now: number): number {
  const h = ((now / 3_600_000 + 8) % 24);
  return 6000 + 8000 * Math.max(0, Math.sin(((h - 6) / 16) * Math.PI)) + (Math.random() - 0.5) * 600;
}

/** Starts the emulation and (re)writes the two configs with this start's port. */
export async function startDemoModbus(db: Db): Promise<DemoModbus> {
  const server = await startModbusServer();
  for (const d of DEVICES) {
    const [exists] = await db.query('SELECT 1 FROM device WHERE dev_no = $1', [d.id]);
    if (!exists) await provisionDevice(db, { id: d.id, tenantId: DEMO_TENANT_ID, model: d.model, name: d.name });
    await db.query(
      `INSERT INTO modbus_device (tenant_id, dev_no, host, port, unit_id, map_code, registers, poll_period_ms, timeout_ms, enabled, create_by)
       VALUES ($1, $2, '127.0.0.1', $3, $4, $5, $6::jsonb, 5000, 1000, true, 'demo')
       ON CONFLICT (dev_no) DO UPDATE SET port = EXCLUDED.port WHERE modbus_device.host = '127.0.0.1' AND modbus_device.create_by = 'demo'`,
      [DEMO_TENANT_ID, d.id, server.port, d.unit, d.map, JSON.stringify(REGISTER_MAPS.find((m) => m.code === d.map)!.registers)],
    );
  }
  const meter = server.bank(1);
  const pid = server.bank(2);
  // a counter that keeps growing across restarts: the load's mean (9.4 kW) since 2026-01-01
  let kwh = 18_250 + ((Date.now() - Date.UTC(2026, 0, 1)) / 3_600_000) * 9.4;
  let pv = 78;
  pid.holding.set(1, 850); // set-point 85.0 °C
  pid.holding.set(3, 1); // running
  let last = Date.now();
  const step = (): void => {
    const now = Date.now();
    const dt = (now - last) / 1000;
    last = now;
    const p = loadW(now);
    kwh += (p * dt) / 3_600_000;
    writeMeter(meter, p, kwh);
    const sv = ((pid.holding.get(1) ?? 850) << 16 >> 16) / 10;
    const running = (pid.holding.get(3) ?? 0) !== 0;
    const heater = running && (pid.holding.get(2) ? pv < sv + 0.5 : pv < sv - 0.5);
    pv += (heater ? 0.35 : 0) * dt - ((pv - 20) / 1800) * dt;
    pid.holding.set(0, Math.round(pv * 10) & 0xffff);
    pid.holding.set(2, heater ? 1 : 0);
  };
  step();
  const timer = setInterval(step, 1000);
  timer.unref();
  return {
    deviceIds: DEVICES.map((d) => d.id),
    close: async () => {
      clearInterval(timer);
      await server.close();
    },
  };
}

function writeMeter(b: Bank, powerW: number, kwh: number): void {
  const pf = 0.92 + Math.random() * 0.04;
  const v = [230 + Math.random() * 3, 229 + Math.random() * 3, 231 + Math.random() * 3];
  v.forEach((x, i) => putFloat32(b.input, i * 2, x));
  const share = [0.36, 0.33, 0.31];
  share.forEach((s, i) => putFloat32(b.input, 6 + i * 2, (powerW * s) / (v[i]! * pf)));
  putFloat32(b.input, 0x34, powerW);
  putFloat32(b.input, 0x3e, pf);
  putFloat32(b.input, 0x48, kwh);
}
