// @module-tag embedded: a real GPS track replayed through the embedded broker into the ingest
import { buildFleet, loadFleetData, messagesBetween, type Fleet } from '@ztj/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { addDevice, connectDevice, countTelemetry, createDeviceTestApp, uid, waitFor } from './ingest.fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await createDeviceTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('replaying a real GPS track through the broker', () => {
  it('stores one point per fix and ends at the track’s last position', async () => {
    const data = loadFleetData();
    const fixes = data.tracks[0]!;
    const id = uid('VH');
    const vehicle = { ...buildFleet(data).devices[0]!, deviceId: id };
    const fleet: Fleet = { devices: [vehicle], gateways: [] };
    const speed = 60;
    const span = Math.floor(vehicle.timeline.loopMs / speed) - 1; // one loop, without the next loop's first fix
    const start = Date.now() - span - 60_000; // the whole trip lies in the past, within the accepted device-time window
    const telemetry = messagesBetween(fleet, { startWallMs: start, speed }, start, start + span).filter(
      (m) => m.channel === 'telemetry',
    );
    expect(telemetry).toHaveLength(fixes.length);

    const secret = await addDevice(app, { id, model: vehicle.model });
    const client = await connectDevice(app, id, secret);
    await Promise.all(telemetry.map((m) => client.publishAsync(m.topic, JSON.stringify(m.payload), { qos: 1 })));
    await waitFor(async () => (await countTelemetry(app, id)) === fixes.length, 30_000);

    const last = fixes.at(-1)!;
    const [latest] = await app.db.query<{ lat: number; lng: number; ts: string | number }>(
      'SELECT lat, lng, ts FROM device_latest WHERE device_id = $1',
      [id],
    );
    expect(latest).toMatchObject({ lat: last.lat, lng: last.lng });
    const [dev] = await app.db.query<{ last_lat: number; last_lng: number }>(
      'SELECT last_lat, last_lng FROM device WHERE dev_no = $1',
      [id],
    );
    expect(dev).toMatchObject({ last_lat: last.lat, last_lng: last.lng });
    const [first] = await app.db.query<{ lat: number; lng: number }>(
      'SELECT lat, lng FROM telemetry WHERE device_id = $1 ORDER BY ts LIMIT 1',
      [id],
    );
    expect(first).toMatchObject({ lat: fixes[0]!.lat, lng: fixes[0]!.lng });
    await client.endAsync();
  }, 60_000);
});
