import { HEADER_DEVICE_SECRET } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildApp, type App } from '../../app';
import { addDevice, uid } from '../../modules/telemetry/ingest.fixtures';

/** The value of one series line (`name{labels} value`) of a text exposition; undefined when absent. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics in Prometheus text', () => {
  let t: TestApp;
  let withToken: App;
  const token = 'scrape-token-0123456789';
  beforeAll(async () => {
    t = await createTestApp();
    // a second app in the same process: its own registry, no clash of series names
    withToken = await buildApp({ config: { ...t.config, metricsToken: token }, db: t.db });
    await withToken.fastify.ready();
  });
  afterAll(async () => {
    await withToken?.fastify.close();
    await t?.close();
  });

  const scrape = async (): Promise<string> => {
    const res = await t.fastify.inject({ url: '/ztj-iot/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('counts a stored reading, a duplicate and a dead letter of HTTP ingest, with HELP and TYPE lines', async () => {
    const id = uid('MX');
    const secret = await addDevice(t, { id });
    const post = (payload: string): Promise<{ statusCode: number }> =>
      t.fastify.inject({
        method: 'POST',
        url: `/ztj-iot/ingest/devices/${id}/telemetry`,
        headers: { [HEADER_DEVICE_SECRET]: secret, 'content-type': 'application/json' },
        payload,
      });
    const reading = JSON.stringify({ ts: Date.now() - 1000, values: { P003: -18.5 } });
    expect((await post(reading)).statusCode).toBe(200);
    expect((await post(reading)).statusCode).toBe(200);
    await post('{not json');
    const text = await scrape();
    for (const [name, type] of [
      ['ztj_ingest_readings_stored_total', 'counter'],
      ['ztj_ingest_duplicates_total', 'counter'],
      ['ztj_ingest_dead_letters_total', 'counter'],
      ['ztj_ingest_messages_received_total', 'counter'],
      ['ztj_ingest_batch_commit_latency_seconds', 'histogram'],
      ['ztj_ingest_pending_rows', 'gauge'],
      ['ztj_http_request_duration_seconds', 'histogram'],
      ['ztj_websocket_clients', 'gauge'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
      ['process_cpu_seconds_total', 'counter'],
    ]) {
      expect(text).toMatch(new RegExp(`^# HELP ${name} \\S`, 'm'));
      expect(text).toContain(`# TYPE ${name} ${type}\n`);
    }
    expect(value(text, 'ztj_ingest_readings_stored_total')).toBe(1);
    expect(value(text, 'ztj_ingest_duplicates_total')).toBe(1);
    expect(value(text, 'ztj_ingest_dead_letters_total{reason="malformed"}')).toBe(1);
    expect(value(text, 'ztj_ingest_messages_received_total')).toBe(3);
    expect(value(text, 'ztj_ingest_batch_commit_latency_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'ztj_ingest_pending_rows')).toBe(0);
    expect(value(text, 'ztj_websocket_clients')).toBe(0);
    // counters follow the ingest: a second scrape adds nothing twice; the queue depth is the ingest's
    Object.defineProperty(t.devices, 'pendingRows', { get: () => 7, configurable: true });
    try {
      const again = await scrape();
      expect(value(again, 'ztj_ingest_readings_stored_total')).toBe(1);
      expect(value(again, 'ztj_ingest_pending_rows')).toBe(7);
    } finally {
      delete (t.devices as { pendingRows?: number }).pendingRows;
    }
  });

  it('labels HTTP latency by route pattern and status, never by the raw URL', async () => {
    const id = uid('MX');
    await t.fastify.inject({
      method: 'POST',
      url: `/ztj-iot/ingest/devices/${id}/telemetry?x=1`,
      headers: { [HEADER_DEVICE_SECRET]: 'wrong' },
      payload: '{}',
    });
    await t.fastify.inject({ url: '/ztj-iot/no/such/path/123' });
    const text = await scrape();
    expect(
      value(
        text,
        'ztj_http_request_duration_seconds_count{method="POST",route="/ztj-iot/ingest/devices/:deviceId/telemetry",status_code="401"}',
      ),
    ).toBe(1);
    expect(
      value(text, 'ztj_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('/no/such/path');
  });

  it('answers loopback scrapers only, unless METRICS_TOKEN is set; then the bearer from anywhere', async () => {
    const remote = await t.fastify.inject({ url: '/ztj-iot/metrics', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ success: false, code: 403 });
    const proxied = await t.fastify.inject({ url: '/ztj-iot/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.statusCode).toBe(403);
    expect((await t.fastify.inject({ url: '/ztj-iot/metrics', remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(
      200,
    );

    const none = await withToken.fastify.inject({ url: '/ztj-iot/metrics' });
    expect(none.statusCode).toBe(401);
    const wrong = await withToken.fastify.inject({
      url: '/ztj-iot/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await withToken.fastify.inject({
      url: '/ztj-iot/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('# TYPE ztj_ingest_readings_stored_total counter');
  });
});
