// @module-tag embedded: payload validation of the MQTT ingest over the embedded broker and of HTTP ingest
/**
 * telemetry accepted absurd values and silently edited payloads: `1e300 °C`
 * was stored (no physical range for P003), a `"__proto__"` key inside `values` was dropped and the
 * rest stored while `"constructor"` was refused. Now every numeric parameter has a physical range,
 * an out-of-range value is dead-lettered naming the code, the value and the range, and a payload
 * with a forbidden key anywhere is refused whole — on MQTT and HTTP ingest alike, with the zod
 * schemas and the ingest's fast path giving the same answer.
 */
import {
  GatewayTelemetryPayloadSchema,
  type ApiResponse,
  HEADER_DEVICE_SECRET,
  PARAMETERS,
  TelemetryPayloadSchema,
  topics,
} from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { fastGatewayBatch, fastTelemetry } from '../modules/telemetry/fast-validate';
import {
  addDevice,
  connectDevice,
  countTelemetry,
  createDeviceTestApp,
  uid,
  waitFor,
} from '../modules/telemetry/ingest.fixtures';
import { expectIngestRefused } from '../../test/refusal';

let app: TestApp;
beforeAll(async () => {
  app = await createDeviceTestApp();
});
afterAll(async () => {
  await app?.close();
});

const T = Date.now() - 60_000;

/** Device payloads with a forbidden key, as raw JSON text (an object literal cannot carry an own `__proto__`). */
const FORBIDDEN: [where: string, json: string][] = [
  ['__proto__ in values', `{"ts":${T},"values":{"P003":1,"__proto__":{"polluted":true}}}`],
  ['constructor in values', `{"ts":${T},"values":{"P003":1,"constructor":2}}`],
  ['prototype in values', `{"ts":${T},"values":{"prototype":2,"P003":1}}`],
  ['__proto__ at the root', `{"ts":${T},"values":{"P003":1},"__proto__":{"x":1}}`],
  ['constructor at the root', `{"ts":${T},"values":{"P003":1},"constructor":{"prototype":{"x":1}}}`],
  ['prototype nested under an unknown key', `{"ts":${T},"values":{"P003":1},"meta":{"a":[{"prototype":1}]}}`],
];

/** Rows of a device's dead letters with their detail. */
async function deadOf(id: string): Promise<{ reason: string; detail: string | null }[]> {
  return app.db.query('SELECT reason, detail FROM ingest_dead_letter WHERE device_id = $1 ORDER BY id', [id]);
}

/** POSTs a raw body to HTTP ingest as the device. */
async function httpIngest(
  path: string,
  secret: string,
  body: string,
): Promise<{ status: number; message: string; body: ApiResponse<unknown> }> {
  const res = await app.fastify.inject({
    method: 'POST',
    url: `/ztj-iot/ingest/${path}`,
    headers: { [HEADER_DEVICE_SECRET]: secret, 'content-type': 'application/json' },
    payload: body,
  });
  const envelope = res.json() as ApiResponse<unknown>;
  return { status: res.statusCode, message: envelope.message, body: envelope };
}

describe('physical ranges of parameter codes', () => {
  it('gives every numeric parameter a finite range in its unit', () => {
    for (const p of PARAMETERS) {
      if (p.valueType !== 'number') continue;
      expect(p.range, p.code).toBeDefined();
      const [lo, hi] = p.range;
      expect(Number.isFinite(lo) && Number.isFinite(hi) && lo < hi, p.code).toBe(true);
    }
    expect(PARAMETERS.find((p) => p.code === 'P003')?.range).toEqual([-80, 150]);
  });

  it('dead-letters 1e300 °C and humidity 150 %RH over MQTT with the code, value and range', async () => {
    const id = uid('RANGE');
    const c = await connectDevice(app, id, await addDevice(app, { id }));
    await c.publishAsync(topics.telemetry(id), `{"ts":${T},"values":{"P003":1e300}}`, { qos: 1 });
    await c.publishAsync(topics.telemetry(id), JSON.stringify({ ts: T + 1, values: { P003: 4, P004: 150 } }), {
      qos: 1,
    });
    const dead = await waitFor(async () => {
      const rows = await deadOf(id);
      return rows.length === 2 ? rows : null;
    });
    expect(dead.map((d) => d.reason)).toEqual(['invalid', 'invalid']);
    expect(dead[0]!.detail).toContain('P003 temperature 1e+300 °C outside -80…150 °C');
    expect(dead[1]!.detail).toContain('P004 humidity 150 %RH outside 0…100 %RH');
    await app.devices.ingest.flush();
    expect(await countTelemetry(app, id)).toBe(0);
    await c.endAsync();
  });

  it('stores readings at the edges of the ranges', async () => {
    const id = uid('EDGE');
    const c = await connectDevice(app, id, await addDevice(app, { id }));
    const edges = [
      { P003: -80, P004: 0, P005: 0, P013: 0, P012: -150 },
      { P003: 150, P004: 100, P005: 100, P013: 1500, P012: 0 },
      { P031: -200, P016: -200, P023: -100, P010: -101.325 },
    ];
    for (const [i, values] of edges.entries())
      await c.publishAsync(topics.telemetry(id), JSON.stringify({ ts: T + i, values }), { qos: 1 });
    await waitFor(async () => (await countTelemetry(app, id)) === edges.length);
    expect(await deadOf(id)).toEqual([]);
    await c.endAsync();
  });

  it('refuses an out-of-range value on HTTP ingest with the reason in the answer', async () => {
    const id = uid('RANGE');
    const secret = await addDevice(app, { id });
    const res = await httpIngest(`devices/${id}/telemetry`, secret, `{"ts":${T},"values":{"P003":1e300}}`);
    expectIngestRefused(res);
    expect(res.message).toBe('数据被拒收：数值超出参数范围 (values.P003)');
    expect(res.body.errors).toEqual([
      { field: 'values.P003', message: '数值超出参数范围: P003 temperature 1e+300 °C outside -80…150 °C' },
    ]);
    expect((await deadOf(id)).map((d) => d.reason)).toEqual(['invalid']);
  });
});

describe('forbidden keys refuse the whole payload', () => {
  it.each(FORBIDDEN)('MQTT: %s', async (_where, json) => {
    const id = uid('PROTO');
    const c = await connectDevice(app, id, await addDevice(app, { id }));
    await c.publishAsync(topics.telemetry(id), json, { qos: 1 });
    const dead = await waitFor(async () => {
      const rows = await deadOf(id);
      return rows.length ? rows : null;
    });
    expect(dead.map((d) => d.reason)).toEqual(['forbiddenKey']);
    expect(dead[0]!.detail).toContain('telemetry.forbiddenKey');
    await app.devices.ingest.flush();
    expect(await countTelemetry(app, id)).toBe(0);
    await c.endAsync();
  });

  it.each(FORBIDDEN)('HTTP: %s', async (_where, json) => {
    const id = uid('PROTO');
    const secret = await addDevice(app, { id });
    const res = await httpIngest(`devices/${id}/telemetry`, secret, json);
    expectIngestRefused(res);
    expect(res.message).toMatch(/^数据被拒收：数据包含不允许的字段名 \(.*(__proto__|constructor|prototype)\)$/);
    expect(await countTelemetry(app, id)).toBe(0);
    expect((await deadOf(id)).map((d) => d.reason)).toEqual(['forbiddenKey']);
  });

  it('refuses a whole gateway batch when one reading carries __proto__ (MQTT and HTTP)', async () => {
    const gw = uid('GW');
    const secret = await addDevice(app, { id: gw, model: 'G24-L4Y1' });
    const tag = uid('TAG');
    await addDevice(app, { id: tag, model: 'P3A-1IY1', gatewayId: gw });
    const body = (ts: number): string =>
      `{"ts":${ts},"readings":[{"deviceId":"${tag}","ts":${ts},"values":{"P003":4}},{"deviceId":"${tag}","ts":${ts + 1},"values":{"P003":5},"__proto__":{"x":1}}]}`;
    const res = await httpIngest(`gateways/${gw}/telemetry`, secret, body(T));
    expectIngestRefused(res);
    const c = await connectDevice(app, gw, secret);
    await c.publishAsync(topics.gatewayTelemetry(gw), body(T + 10), { qos: 1 });
    const dead = await waitFor(async () => {
      const rows = await deadOf(gw);
      return rows.length === 2 ? rows : null;
    });
    expect(dead.map((d) => d.reason)).toEqual(['forbiddenKey', 'forbiddenKey']);
    expect(await countTelemetry(app, tag)).toBe(0);
    await c.endAsync();
  });

  it('refuses __proto__ in an event payload too', async () => {
    const id = uid('EVT');
    const secret = await addDevice(app, { id });
    const res = await httpIngest(`devices/${id}/events`, secret, `{"ts":${T},"type":"power_on","__proto__":{"x":1}}`);
    expectIngestRefused(res);
    expect((await deadOf(id)).map((d) => d.reason)).toEqual(['forbiddenKey']);
  });
});

describe('the zod schemas and the fast path agree', () => {
  const telemetry: string[] = [
    ...FORBIDDEN.map(([, json]) => json),
    `{"ts":${T},"values":{"P003":1e300}}`,
    `{"ts":${T},"values":{"P003":-80.001}}`,
    `{"ts":${T},"values":{"P003":-80,"P004":100}}`,
    `{"ts":${T},"values":{"P004":150}}`,
    `{"ts":${T},"values":{"P013":1500.5}}`,
    `{"ts":${T},"values":{"P003":1},"meta":{"deep":[[{"ok":1}]]}}`,
    `{"ts":${T},"values":{"P003":1},"meta":{"deep":[[{"__proto__":1}]]}}`,
  ];
  it.each(telemetry)('telemetry %s', (json) => {
    const body: unknown = JSON.parse(json);
    expect(fastTelemetry(body) !== null).toBe(TelemetryPayloadSchema.safeParse(body).success);
  });

  const reading = `{"deviceId":"TAG-1","ts":${T},"values":{"P003":1}}`;
  const gateway: string[] = [
    `{"ts":${T},"readings":[${reading}]}`,
    `{"ts":${T},"readings":[${reading}],"__proto__":[]}`,
    `{"ts":${T},"readings":[${reading},{"deviceId":"TAG-2","ts":${T},"values":{"constructor":1}}]}`,
    `{"ts":${T},"readings":[{"deviceId":"TAG-2","ts":${T},"values":{"P003":1},"prototype":null}]}`,
    `{"ts":${T},"readings":[{"deviceId":"TAG-2","ts":${T},"values":{"P003":151}}]}`,
  ];
  it.each(gateway)('gateway %s', (json) => {
    const body: unknown = JSON.parse(json);
    expect(fastGatewayBatch(body) !== null).toBe(GatewayTelemetryPayloadSchema.safeParse(body).success);
  });

  it('refuses every forbidden-key payload on both paths', () => {
    for (const [where, json] of FORBIDDEN) {
      const body: unknown = JSON.parse(json);
      expect(fastTelemetry(body), where).toBeNull();
      expect(TelemetryPayloadSchema.safeParse(body).success, where).toBe(false);
    }
  });
});
