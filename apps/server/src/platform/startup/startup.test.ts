import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleBuildIsCurrent, sourceFingerprint, STAMP_FILE } from './console-build';
import { firstTakenPort, wantedPorts } from './ports';

describe('start-up checks (issue #16 items 3-4)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ztj-startup-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('names the taken port before any work, and only the ports this configuration listens on', async () => {
    const holder = net.createServer();
    await new Promise<void>((r) => holder.listen({ port: 0, host: '127.0.0.1' }, r));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const wanted = wantedPorts({ port: 1, host: '127.0.0.1', mqttPort: port, mqttUrl: undefined }).filter((p) => p.variable === 'MQTT_PORT');
      expect(await firstTakenPort(wanted)).toEqual({ variable: 'MQTT_PORT', port, host: '127.0.0.1' });
    } finally {
      await new Promise((r) => holder.close(r));
    }
    expect(await firstTakenPort([{ variable: 'PORT', port, host: '127.0.0.1' }])).toBeUndefined();
    expect(wantedPorts({ port: 8080, host: '0.0.0.0', mqttPort: 1883, mqttUrl: 'mqtt://127.0.0.1:1883' }).map((p) => p.variable)).toEqual(['PORT']);
    expect(wantedPorts({ port: 8080, host: '0.0.0.0', mqttPort: 'off', mqttUrl: undefined }).map((p) => p.variable)).toEqual(['PORT']);
  });

  it('rebuilds the console only when a source file changed since the stamped build', () => {
    const src = path.join(root, 'apps/web/src');
    fs.mkdirSync(src, { recursive: true });
    fs.writeFileSync(path.join(src, 'App.tsx'), 'export {}');
    const web = path.join(root, 'dist');
    fs.mkdirSync(web);
    expect(consoleBuildIsCurrent(web, root)).toBe(false); // never built
    fs.writeFileSync(path.join(web, 'index.html'), '<html></html>');
    fs.writeFileSync(path.join(web, STAMP_FILE), sourceFingerprint(root));
    expect(consoleBuildIsCurrent(web, root)).toBe(true);
    fs.writeFileSync(path.join(src, 'Page.tsx'), 'export {}'); // a new file
    expect(consoleBuildIsCurrent(web, root)).toBe(false);
    fs.writeFileSync(path.join(web, STAMP_FILE), sourceFingerprint(root));
    fs.utimesSync(path.join(src, 'App.tsx'), new Date(), new Date(Date.now() + 5_000)); // an edit
    expect(consoleBuildIsCurrent(web, root)).toBe(false);
  });
});
