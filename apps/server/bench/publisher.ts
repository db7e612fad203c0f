/**
 * Child process of the ingest benchmark: `devices` simulated devices, each on its own TCP
 * connection speaking MQTT 3.1.1 (packets encoded and parsed by mqtt-packet, as a small device
 * firmware would, without a general-purpose client's bookkeeping), publish `perDevice` QoS 1
 * telemetry messages each (5 parameters), at most `window` unacknowledged per device; a PUBACK
 * frees a slot. Device time `ts` is the publish time (strictly increasing per device), so the
 * parent measures publish-to-stored latency from the stored rows. Reports over IPC.
 */
import net from 'node:net';
import mqttPacket from 'mqtt-packet';

interface Job {
  url: string;
  devices: { id: string; secret: string }[];
  perDevice: number;
  window: number;
}

interface Device {
  socket: net.Socket;
  topic: string;
  sent: number;
  acked: number;
  inflight: number;
  last: number;
  /** A refill is scheduled for the end of this event-loop turn. */
  refill: boolean;
}

const MQTT_311 = { protocolVersion: 4 as const };

function connect(url: URL, id: string, secret: string, onPacket: (p: mqttPacket.Packet) => void): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host: url.hostname, port: Number(url.port || 1883) });
    socket.setNoDelay(true);
    const parser = mqttPacket.parser(MQTT_311);
    let connected = false;
    parser.on('packet', (p) => {
      if (!connected && p.cmd === 'connack') {
        connected = true;
        if ((p as mqttPacket.IConnackPacket).returnCode)
          reject(new Error(`${id}: CONNACK ${(p as mqttPacket.IConnackPacket).returnCode}`));
        else resolve(socket);
        return;
      }
      onPacket(p);
    });
    parser.on('error', reject);
    socket.on('data', (chunk) => parser.parse(chunk));
    socket.once('error', reject);
    socket.write(
      mqttPacket.generate(
        {
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clientId: id,
          clean: true,
          keepalive: 120,
          username: id,
          password: Buffer.from(secret),
        },
        MQTT_311,
      ),
    );
  });
}

async function run(job: Job): Promise<void> {
  const url = new URL(job.url);
  let resolveAll!: () => void;
  const allDone = new Promise<void>((r) => (resolveAll = r));
  let finishedDevices = 0;
  const devices: Device[] = [];

  /** Sends as many publishes as the window allows, in one socket write. */
  const pump = (d: Device): void => {
    const out: Buffer[] = [];
    while (d.inflight < job.window && d.sent < job.perDevice) {
      const now = Date.now();
      d.last = now > d.last ? now : d.last + 1;
      const n = d.sent;
      const body = `{"ts":${d.last},"values":{"P003":${(-20 + (n % 400) / 10).toFixed(1)},"P004":${50 + (n % 30)},"P005":${90 - (n % 50)},"P012":-${60 + (n % 40)},"P013":${n % 120}},"lat":41.8,"lng":123.4}`;
      d.sent++;
      d.inflight++;
      out.push(
        mqttPacket.generate(
          {
            cmd: 'publish',
            topic: d.topic,
            payload: body,
            qos: 1,
            messageId: (n % 65535) + 1,
            retain: false,
            dup: false,
          },
          MQTT_311,
        ),
      );
    }
    if (out.length) d.socket.write(out.length === 1 ? out[0]! : Buffer.concat(out));
  };

  await Promise.all(
    job.devices.map(async ({ id, secret }) => {
      const d: Device = {
        socket: undefined as unknown as net.Socket,
        topic: `ztj/devices/${id}/telemetry`,
        sent: 0,
        acked: 0,
        inflight: 0,
        last: 0,
        refill: false,
      };
      d.socket = await connect(url, id, secret, (p) => {
        if (p.cmd !== 'puback') return;
        d.inflight--;
        d.acked++;
        if (d.acked === job.perDevice) {
          if (++finishedDevices === job.devices.length) resolveAll();
        } else if (!d.refill && d.sent < job.perDevice) {
          // the acks of one TCP read free several slots: refill them together, in one write (a
          // device that has sent all its messages schedules nothing: with 10,000 devices of 10
          // messages each, every acknowledgement scheduled an empty refill)
          d.refill = true;
          setImmediate(() => {
            d.refill = false;
            pump(d);
          });
        }
      });
      devices.push(d);
    }),
  );
  process.send?.({ type: 'ready' });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  const started = Date.now();
  const cpu0 = process.cpuUsage();
  for (const d of devices) pump(d);
  await allDone;
  const finished = Date.now();
  const cpu = process.cpuUsage(cpu0);
  const disconnect = mqttPacket.generate({ cmd: 'disconnect' }, MQTT_311);
  await Promise.all(devices.map((d) => new Promise<void>((r) => d.socket.end(disconnect, () => r()))));
  process.send?.({ type: 'done', started, finished, failed: 0, cpuSeconds: (cpu.user + cpu.system) / 1e6 });
}

process.once('message', (job: Job) => {
  run(job).catch((e: Error) => {
    process.send?.({ type: 'error', message: e.message });
    process.exit(1);
  });
});
