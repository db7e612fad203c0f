// @module-tag embedded: refused device input in the tenant's device log, over MQTT and HTTP ingest
import {
  HEADER_DEVICE_SECRET,
  topics,
  type ApiResponse,
  type DeviceLogListRecord,
  type PageResult,
  type RefusedLogContent,
} from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { DEMO_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { userOf } from '../alarms/runtime/alarm.fixtures';
import { addDevice, connectDevice, countTelemetry, createDeviceTestApp, uid, waitFor } from './ingest.fixtures';

/**
 * What the tenant sees of refused device input (SPEC §2 device log, ARCHITECTURE §5): readings
 * refused over MQTT (out of range, unknown parameter, schema, bounded JSON) become device log
 * lines of kind `refused` with the reason and a payload sample, within the per-device dead-letter
 * budget (past it one summary line per window); HTTP ingest answers a refused reading HTTP 400
 * with the reason translated in the caller's language, and an accepted one as before.
 */
const BUDGET = 5;
let app: TestApp;
let admin: { userId: string; token: string };

beforeAll(async () => {
  app = await createDeviceTestApp({ INGEST_DEAD_LETTER_BUDGET: String(BUDGET) });
  admin = await userOf(app, DEMO_TENANT_ID, uid('rfl').toLowerCase().replace(/-/g, '_').slice(0, 16), 'admin');
});
afterAll(async () => {
  await app?.close();
});

/** The device's log lines of kind `refused` as the tenant's console lists them, oldest first. */
async function refusedLines(deviceId: string): Promise<(DeviceLogListRecord & { body: RefusedLogContent })[]> {
  const res = await app.call<PageResult<DeviceLogListRecord>>(
    'GET',
    `/wlx/deviceLog/list?deviceId=${deviceId}&kind=refused&column=createTime&order=asc&pageSize=50`,
    { token: admin.token },
  );
  expect(res.body.success, res.body.message).toBe(true);
  return res.body.result.records.map((r) => ({ ...r, body: JSON.parse(r.content) as RefusedLogContent }));
}

/**
 * Publishes `payloads` then one valid reading as device `id` and waits until that reading is
 * stored: the ingest takes a device's messages in order and commits its batches in order, so every
 * refusal before it is committed too.
 */
async function publishThenValid(id: string, secret: string, payloads: readonly string[]): Promise<void> {
  const c = await connectDevice(app, id, secret);
  for (const p of payloads) await c.publishAsync(topics.telemetry(id), p, { qos: 1 });
  await c.publishAsync(topics.telemetry(id), JSON.stringify({ ts: Date.now() - 500, values: { P003: 4 } }), {
    qos: 1,
  });
  await waitFor(async () => (await countTelemetry(app, id)) === 1);
  await c.endAsync();
}

describe('refused device input in the device log', () => {
  it('logs readings refused over MQTT with the reason, the field and a payload sample; accepted ones are not logged', async () => {
    const id = uid('RFL');
    const secret = await addDevice(app, { id });
    const ts = Date.now() - 1000;
    const payloads = [
      JSON.stringify({ ts, values: { P003: 999 } }),
      JSON.stringify({ ts, values: { P999: 1 } }),
      JSON.stringify({ values: { P003: 1 } }),
      `{"ts":${ts},"ts":${ts}}`,
    ];
    await publishThenValid(id, secret, payloads);

    const lines = await refusedLines(id);
    expect(lines.map((l) => [l.reason, l.body.field, l.ok])).toEqual([
      ['telemetry.outOfRange', 'values.P003', false],
      ['telemetry.unknownParameter', 'values.P999', false],
      ['invalid', 'ts', false],
      ['duplicateKey', null, false],
    ]);
    expect(lines.map((l) => l.body.sample)).toEqual(payloads);
    const all = await app.call<PageResult<DeviceLogListRecord>>('GET', `/wlx/deviceLog/list?deviceId=${id}`, {
      token: admin.token,
    });
    expect(all.body.result.total).toBe(payloads.length);
  });

  it('keeps to the per-device budget: past it the refusals are counted and one summary line tells how many', async () => {
    const id = uid('RFLOOD');
    const secret = await addDevice(app, { id });
    const flood = 3 * BUDGET;
    // a fresh budget window for this device's flood
    app.devices.ingest.deadLetters.close(Date.now());
    const long = JSON.stringify({ ts: Date.now() - 1000, values: { P003: 999 }, seq: 1, pad: 'x'.repeat(400) });
    await publishThenValid(
      id,
      secret,
      Array.from({ length: flood }, () => long),
    );

    const within = await refusedLines(id);
    expect(within).toHaveLength(BUDGET);
    expect(within[0]!.body.sample).toHaveLength(200);
    expect(long.startsWith(within[0]!.body.sample!)).toBe(true);

    app.devices.ingest.deadLetters.close(Date.now());
    await app.devices.ingest.flush();
    const lines = await refusedLines(id);
    expect(lines).toHaveLength(BUDGET + 1);
    expect(lines[BUDGET]).toMatchObject({ reason: 'suppressed', body: { count: flood - BUDGET, sample: null } });
  });

  it('answers a refused HTTP reading 400 with the translated reason; an accepted one as before', async () => {
    const id = uid('RFLH');
    const secret = await addDevice(app, { id });
    const post = (body: unknown, lang: string) =>
      app.fastify.inject({
        method: 'POST',
        url: `/ztj-iot/ingest/devices/${id}/telemetry`,
        headers: { [HEADER_DEVICE_SECRET]: secret, 'content-type': 'application/json', 'accept-language': lang },
        payload: JSON.stringify(body),
      });
    const ts = Date.now() - 1000;

    const en = await post({ ts, values: { P003: 999 } }, 'en-US');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      success: false,
      code: 400,
      message: "Data rejected: The value is outside the parameter's range (values.P003)",
    });
    const zh = await post({ ts, values: { P999: 1 } }, 'zh-CN');
    expect(zh.statusCode).toBe(400);
    expect((zh.json() as ApiResponse<null>).message).toBe('数据被拒收：未知的参数 (values.P999)');
    const malformed = await app.fastify.inject({
      method: 'POST',
      url: `/ztj-iot/ingest/devices/${id}/telemetry`,
      headers: { [HEADER_DEVICE_SECRET]: secret, 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: '{oops',
    });
    expect([malformed.statusCode, (malformed.json() as ApiResponse<null>).message]).toEqual([
      400,
      'Data rejected: The data is not valid JSON',
    ]);

    const ok = await post({ ts, values: { P003: 3.5 } }, 'en-US');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, result: { accepted: 1, rejected: 0, reasons: [] } });
    // acknowledged after commit: stored when the answer arrives
    expect(await countTelemetry(app, id)).toBe(1);
    expect((await refusedLines(id)).map((l) => l.reason)).toEqual([
      'telemetry.outOfRange',
      'telemetry.unknownParameter',
      'malformed',
    ]);
  });
});
