/**
 * Child process of the ingest benchmark: connects `devices` MQTT 3.1.1 clients and publishes
 * `perDevice` QoS 1 telemetry messages each (5 parameters), at most `window` unacknowledged per
 * client. Device time `ts` is the publish time (kept strictly increasing per device), so the
 * parent can measure publish-to-stored latency from stored rows. Reports over IPC.
 */
import { connectAsync, type MqttClient } from 'mqtt';

interface Job {
  url: string;
  devices: { id: string; secret: string }[];
  perDevice: number;
  window: number;
}

async function run(job: Job): Promise<void> {
  const clients: MqttClient[] = await Promise.all(
    job.devices.map((d) => connectAsync(job.url, { protocolVersion: 4, clientId: d.id, username: d.id, password: d.secret, reconnectPeriod: 0 })),
  );
  process.send?.({ type: 'ready' });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  const started = Date.now();
  let failed = 0;
  await Promise.all(
    clients.map(async (c, i) => {
      const id = job.devices[i]!.id;
      const topic = `ztj/devices/${id}/telemetry`;
      let last = 0;
      let sent = 0;
      let inflight = 0;
      await new Promise<void>((resolve) => {
        const pump = (): void => {
          while (inflight < job.window && sent < job.perDevice) {
            const now = Date.now();
            last = now > last ? now : last + 1;
            const body = `{"ts":${last},"values":{"P003":${(-20 + (sent % 400) / 10).toFixed(1)},"P004":${50 + (sent % 30)},"P005":${90 - (sent % 50)},"P012":-${60 + (sent % 40)},"P013":${sent % 120}},"lat":41.8,"lng":123.4}`;
            sent++;
            inflight++;
            c.publish(topic, body, { qos: 1 }, (err) => {
              inflight--;
              if (err) failed++;
              if (sent >= job.perDevice && inflight === 0) resolve();
              else pump();
            });
          }
        };
        pump();
      });
    }),
  );
  const finished = Date.now();
  await Promise.all(clients.map((c) => c.endAsync()));
  process.send?.({ type: 'done', started, finished, failed });
}

process.once('message', (job: Job) => {
  run(job).catch((e: Error) => {
    process.send?.({ type: 'error', message: e.message });
    process.exit(1);
  });
});
