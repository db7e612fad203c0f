import crypto from 'node:crypto';
import { connect, connectAsync, type MqttClient } from 'mqtt';
import mqttPacket from 'mqtt-packet';
import { afterAll, describe, expect, it } from 'vitest';
import { settlingOf, type Settling } from './settling';
import { deferPubacks } from './ingest-client';

/** the ingest's PUBACK leaves only once the message's batch committed. Needs MQTT_URL (Mosquitto). */
const MQTT_URL = process.env.MQTT_URL;
const clients: MqttClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
});

const until = async (probe: () => boolean, ms = 10_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.skipIf(!MQTT_URL)('deferPubacks (needs MQTT_URL)', () => {
  it('withholds each PUBACK until its settling is ok, keeps reading meanwhile, and sends them in arrival order', async () => {
    const topic = `ztj-test/${crypto.randomBytes(4).toString('hex')}`;
    const session = {
      protocolVersion: 5 as const,
      clientId: `ztj-test-${crypto.randomBytes(4).toString('hex')}`,
      clean: false,
      properties: { sessionExpiryInterval: 60 },
      reconnectPeriod: 0,
    };
    const sub = await connectAsync(MQTT_URL!, session);
    const pub = await connectAsync(MQTT_URL!, { protocolVersion: 5, clean: true, reconnectPeriod: 0 });
    clients.push(sub, pub);
    const acks = deferPubacks(sub);
    const gates: { open: () => void; fail: (e: Error) => void; s: Settling }[] = [];
    const gate = (): (typeof gates)[number] => {
      let open!: () => void;
      let fail!: (e: Error) => void;
      const s = settlingOf(new Promise<void>((res, rej) => ((open = res), (fail = rej))));
      return { open, fail, s };
    };
    const first = gate();
    const second = gate();
    const third = gate();
    gates.push(first, first, second, third);
    const received: number[] = [];
    sub.on('message', (_t, _p, packet) => {
      acks.hold(packet.messageId!, gates[received.length]!.s);
      received.push(packet.messageId!);
    });
    // what goes on the wire, decoded by mqtt-packet as the broker would: PUBACKs of reason Success
    const sent: number[] = [];
    const wire = mqttPacket.parser({ protocolVersion: 5 });
    wire.on('packet', (p) => {
      if (p.cmd === 'puback') {
        expect(p.reasonCode ?? 0).toBe(0);
        sent.push(p.messageId!);
      }
    });
    wire.on('error', (e) => {
      throw e;
    });
    const write = sub.stream.write.bind(sub.stream) as (chunk: Buffer | string, ...rest: unknown[]) => boolean;
    sub.stream.write = ((chunk: Buffer | string, ...rest: unknown[]) => {
      wire.parse(Buffer.from(chunk));
      return write(chunk, ...rest);
    }) as typeof sub.stream.write;
    await sub.subscribeAsync(topic, { qos: 1 });
    for (let i = 0; i < 4; i++) await pub.publishAsync(topic, `m${i}`, { qos: 1 });
    await until(() => received.length === 4); // read on although nothing was acknowledged
    expect(sent).toEqual([]);
    second.open(); // committed out of order: waits for the first batch
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual([]);
    first.open();
    await until(() => sent.length === 3);
    expect(sent).toEqual(received.slice(0, 3));
    third.fail(new Error('given up')); // never acknowledged: the broker redelivers it to the session
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual(received.slice(0, 3));

    // the broker took the PUBACKs: the session, taken up again, gets back only the unacknowledged message
    await sub.endAsync(true);
    const redelivered: string[] = [];
    const again = connect(MQTT_URL!, session); // the backlog comes right behind the CONNACK
    clients.push(again);
    again.on('message', (_t, payload) => redelivered.push(payload.toString()));
    await until(() => redelivered.length >= 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(redelivered).toEqual(['m3']);
  }, 30_000);
});
