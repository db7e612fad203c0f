/**
 * broker loss is visible. A Mosquitto started here with `max_queued_messages
 * 100` and `sys_interval 1`: the ingest's persistent session is away (its app closed) while a
 * device publishes 500 QoS 1 readings; the broker keeps 100 and drops 400. The next app with the
 * same MQTT_CLIENT_ID gets the 100, shows the broker's 400 drops in `/metrics` and on the
 * monitoring page, and logs one warning with the fix — and no other while the broker stays
 * silent. A second broker hides `$SYS` from anonymous clients (an ACL): said once at info, figures absent.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { MonitorSnapshotSchema, topics, type MonitorSnapshot } from '@ztj/contracts';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingBinaries, startMosquitto, type MosquittoProcess } from '../../../test/mosquitto-process';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { waitFor } from '../../modules/telemetry/ingest.fixtures';
import { ServerMetrics } from '../observability/metrics';
import { RealtimeHub } from '../realtime/hub';
import { BrokerStats } from './broker-stats';

const missing = missingBinaries();
if (missing) console.warn(`broker-stats: skipped, ${missing}`);

interface LogLine {
  level: number;
  msg: string;
  brokerDropped?: number;
}
/** A log stream that keeps the app's lines (pino JSON). */
function captureLog(): { lines: LogLine[]; write(line: string): void } {
  const lines: LogLine[] = [];
  return { lines, write: (line) => void lines.push(JSON.parse(line) as LogLine) };
}
const WARN = 40;

async function metricsText(app: TestApp): Promise<string> {
  const res = await app.fastify.inject({ method: 'GET', url: '/ztj-iot/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body;
}
/** The value of the series `name{labels}` in a Prometheus text exposition; undefined when absent. */
function series(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe.skipIf(missing !== undefined)('broker drops on an external Mosquitto', () => {
  let broker: MosquittoProcess;
  let app: TestApp | undefined;
  const log = captureLog();
  const clientId = `ztj-drops-${process.pid}`;

  beforeAll(async () => {
    broker = await startMosquitto(() => [
      'allow_anonymous true',
      'persistence false',
      'max_queued_messages 100',
      'sys_interval 1',
    ]);
  });
  afterAll(async () => {
    try {
      await app?.close();
    } finally {
      await broker?.stop();
    }
  });

  it('shows what the broker dropped while the ingest was away in /metrics, on the page and in one warning', async () => {
    const env = { MQTT_URL: broker.url, MQTT_CLIENT_ID: clientId, LOG_LEVEL: 'info' };
    // the ingest's persistent session exists, then the ingest goes away (its app closes)
    const first = await createTestApp(env);
    await first.close();

    const device = await connectAsync(broker.url, {
      protocolVersion: 4,
      clientId: `drops-device-${process.pid}`,
      reconnectPeriod: 0,
    });
    for (let i = 0; i < 500; i++)
      await device.publishAsync(
        topics.telemetry('DROPS-DEVICE'),
        JSON.stringify({ ts: Date.now() - 1000 + i, values: { P003: i } }),
        { qos: 1 },
      );
    await device.endAsync();

    app = await createTestApp(env, { logStream: log });
    // the queue's 100 arrive (the device is unknown to this fresh database: dead letters, counted)
    await waitFor(async () => app!.devices.ingest.stats.received >= 100);
    const text = await waitFor(async () => {
      const t = await metricsText(app!);
      // Mosquitto publishes a changed counter at its next sys tick (1 s here)
      return (series(t, 'ztj_broker_messages_dropped_total', '{broker="mosquitto"}') ?? 0) > 0 ? t : undefined;
    });
    expect(series(text, 'ztj_broker_messages_dropped_total', '{broker="mosquitto"}')).toBe(400);
    expect(series(text, 'ztj_broker_stats_reporting')).toBe(1);
    expect(series(text, 'ztj_broker_stats_state', '{state="reporting"}')).toBe(1);
    expect(series(text, 'ztj_broker_store_messages', '{broker="mosquitto"}')).toBeGreaterThanOrEqual(0);
    expect(series(text, 'ztj_broker_store_bytes', '{broker="mosquitto"}')).toBeGreaterThanOrEqual(0);
    expect(app.devices.ingest.stats.received).toBe(100);

    const warnings = (): LogLine[] =>
      log.lines.filter((l) => l.level === WARN && l.msg.includes('max_queued_messages'));
    await waitFor(async () => warnings().length > 0);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.brokerDropped).toBe(400);
    expect(warnings()[0]!.msg).toContain(`${clientId}-<i>`);
    expect(warnings()[0]!.msg).toContain('rate × outage seconds');

    const token = await app.login();
    const res = await app.call<MonitorSnapshot>('GET', '/sys/monitor/info', { token });
    const external = MonitorSnapshotSchema.parse(res.body.result).broker.external;
    expect(external).toMatchObject({
      state: 'reporting',
      kind: 'mosquitto',
      droppedTotal: 400,
      ingestClientId: clientId,
    });

    // silence: three sys intervals without new drops bring no second warning
    await new Promise((r) => setTimeout(r, 3_000));
    expect(warnings()).toHaveLength(1);
  });
});

describe.skipIf(missing !== undefined)('a broker that hides $SYS', () => {
  let broker: MosquittoProcess;
  let stats: BrokerStats | undefined;

  beforeAll(async () => {
    broker = await startMosquitto(
      (dir) => ['allow_anonymous true', 'persistence false', 'sys_interval 1', `acl_file ${path.join(dir, 'acl')}`],
      // anonymous clients may use the device topics only: Mosquitto grants a `$SYS` subscription and sends nothing
      (dir) => writeFileSync(path.join(dir, 'acl'), 'topic readwrite ztj/#\n'),
    );
  });
  afterAll(async () => {
    try {
      await stats?.stop();
    } finally {
      await broker?.stop();
    }
  });

  it('says so once at info and leaves the figures absent', async () => {
    const infos: string[] = [];
    stats = new BrokerStats({
      url: broker.url,
      ingestClientId: undefined,
      ingestReceived: () => 0,
      silentAfterMs: 1_000,
      log: { info: (m) => void infos.push(m), warn: () => expect.fail('no warning expected') },
    });
    const metrics = new ServerMetrics(new RealtimeHub());
    metrics.watchBroker(stats);
    stats.start();
    await waitFor(async () => infos.length > 0);
    expect(infos[0]).toContain('$SYS');
    const text = await metrics.registry.metrics();
    expect(series(text, 'ztj_broker_stats_reporting')).toBe(0);
    expect(series(text, 'ztj_broker_stats_state', '{state="silent"}')).toBe(1);
    expect(text).not.toContain('ztj_broker_messages_dropped_total{');
    expect(text).not.toContain('ztj_broker_store_messages{');
    // silence goes on: nothing more is said
    await new Promise((r) => setTimeout(r, 2_500));
    expect(infos).toHaveLength(1);
  });
});
