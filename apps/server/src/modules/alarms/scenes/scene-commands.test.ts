// @module-tag embedded: a scene firing through the real ingest sends its command down the broker and logs it
import { topics, type DeviceCommand, type DeviceLogListRecord, type PageResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/test-app';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { addDevice, connectDevice, createDeviceTestApp, uid } from '../../telemetry/ingest.fixtures';
import { postReadings, until, userOf } from '../runtime/alarm.fixtures';
import { SCENE_OPERATOR } from './scene-commands';

/**
 * Scene commands in the device log (SPEC §2 device log, scenes): a scene added through the API
 * fires on a committed reading; its command reaches the device over the broker and is logged like
 * a command sent from the console (kind `command`, the command as content, operator `scene`), and
 * the device's acknowledgement is logged against the same command id.
 */
let app: TestApp;
let admin: { userId: string; token: string };

beforeAll(async () => {
  app = await createDeviceTestApp();
  admin = await userOf(
    app,
    DEMO_TENANT_ID,
    uid('scc')
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_')
      .slice(0, 16),
    'admin',
  );
});
afterAll(async () => {
  await app?.close();
});

describe('scene commands', () => {
  it('logs the command a firing scene sends and the acknowledgement the device returns', async () => {
    const id = uid('SCMD');
    const secret = await addDevice(app, { id });
    const added = await app.call<{ id: string }>('POST', '/wlx/scene/add', {
      token: admin.token,
      body: {
        name: `Warm ${id}`.slice(0, 30),
        description: 'warm store',
        deviceIds: [id],
        rule: { severity: 'H', conditions: [{ type: 'threshold', param: 'P003', comparison: 0, value: 22 }] },
        actions: {
          raise: true,
          push: { users: false },
          command: { type: 'setPeriods', periods: { workCollectionCycle: 1, workReportCycle: 5 } },
        },
      },
    });
    expect(added.body.success, added.body.message).toBe(true);

    const device = await connectDevice(app, id, secret);
    const received: DeviceCommand[] = [];
    device.on('message', (_topic, payload) => received.push(JSON.parse(payload.toString()) as DeviceCommand));
    await device.subscribeAsync(topics.commands(id), { qos: 1 });
    await postReadings(app, id, secret, [{ ts: Date.now() - 60_000, values: { P003: 30 } }]);
    const [command] = await until(() => (received.length ? received : null));
    expect(command).toMatchObject({ type: 'setPeriods', periods: { workCollectionCycle: 1, workReportCycle: 5 } });

    await device.publishAsync(topics.acks(id), JSON.stringify({ cmdId: command!.cmdId, ts: Date.now(), ok: true }), {
      qos: 1,
    });
    const lines = await until(async () => {
      const res = await app.call<PageResult<DeviceLogListRecord>>(
        'GET',
        `/wlx/deviceLog/list?deviceId=${id}&column=createTime&order=asc`,
        { token: admin.token },
      );
      return res.body.result.records.length === 2 ? res.body.result.records : null;
    });
    await device.endAsync();
    expect(lines.map((l) => [l.kind, l.cmdId, l.operator])).toEqual([
      ['command', command!.cmdId, SCENE_OPERATOR],
      ['ack', command!.cmdId, null],
    ]);
    expect(JSON.parse(lines[0]!.content)).toEqual(command);
    expect(lines[0]!.ok).toBeNull();
    expect(lines[1]!.ok).toBe(true);
  });
});
