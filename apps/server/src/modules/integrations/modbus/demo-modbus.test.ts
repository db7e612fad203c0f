import type { ExternalDevice, PageResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { userOf } from '../../alarms/runtime/alarm.fixtures';
import { DEMO_TENANT_ID } from '../../system/seed/seed';
import { DEMO_MODBUS_COOKER, DEMO_MODBUS_METER } from './demo-modbus';
import { eventually } from './modbus-server';

/** Demo mode (issue 14 item 5): the emulated Modbus meter and cooker controller are polled into the external device list. */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ DEMO: 'on' });
});
afterAll(async () => {
  await app?.close();
});

describe('demo Modbus devices', () => {
  it('polls the emulated meter and PID controller of the demo tenant', async () => {
    const { token } = await userOf(app, DEMO_TENANT_ID, 'mbdemo1', 'operator');
    const rows = await eventually('both demo devices online with values', async () => {
      const res = await app.call<PageResult<ExternalDevice>>('GET', '/wlx/external/list?pageSize=50', { token });
      const mine = res.body.result.records.filter((r) => r.deviceId === DEMO_MODBUS_METER || r.deviceId === DEMO_MODBUS_COOKER);
      return mine.length === 2 && mine.every((r) => r.state === 'online' && r.values.length > 0) ? mine : undefined;
    }, 20_000);
    const meter = rows.find((r) => r.deviceId === DEMO_MODBUS_METER)!;
    const v = Object.fromEntries(meter.values.map((x) => [x.code, x.value]));
    expect(v.P051).toBeGreaterThan(220);
    expect(v.P053).toBeGreaterThan(5000);
    expect(v.P054).toBeGreaterThan(18_000);
    const cooker = Object.fromEntries(rows.find((r) => r.deviceId === DEMO_MODBUS_COOKER)!.values.map((x) => [x.code, x.value]));
    expect(cooker).toMatchObject({ P070: 85, P066: true });
    expect(typeof cooker.P003).toBe('number');
  });
});
