// @module-tag embedded: npm start on the defaults: the embedded broker's port, one process per PGlite data folder
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleBuildIsCurrent, sourceFingerprint, STAMP_FILE } from './console-build';
import { claimDataDir, dataDirHolder, DataDirInUseError, SERVER_PID_FILE } from './data-dir-lock';
import { firstTakenPort, wantedPorts } from './ports';

const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));
const DEVICE_ADD = fileURLToPath(new URL('../../cli/provision-device.ts', import.meta.url));

describe('start-up checks', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ztj-startup-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('names the taken port before any work, and only the ports this configuration listens on', async () => {
    const holder = net.createServer();
    await new Promise<void>((r) => holder.listen({ port: 0, host: '127.0.0.1' }, r));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const wanted = wantedPorts({ port: 1, host: '127.0.0.1', mqttPort: port, mqttUrl: undefined }).filter(
        (p) => p.variable === 'MQTT_PORT',
      );
      expect(await firstTakenPort(wanted)).toEqual({ variable: 'MQTT_PORT', port, host: '127.0.0.1' });
    } finally {
      await new Promise((r) => holder.close(r));
    }
    expect(await firstTakenPort([{ variable: 'PORT', port, host: '127.0.0.1' }])).toBeUndefined();
    expect(
      wantedPorts({ port: 8080, host: '0.0.0.0', mqttPort: 1883, mqttUrl: 'mqtt://127.0.0.1:1883' }).map(
        (p) => p.variable,
      ),
    ).toEqual(['PORT']);
    expect(
      wantedPorts({ port: 8080, host: '0.0.0.0', mqttPort: 'off', mqttUrl: undefined }).map((p) => p.variable),
    ).toEqual(['PORT']);
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

  it('npm start with the broker port taken stops at once naming MQTT_PORT, before building, seeding or a password (item 4)', async () => {
    const holder = net.createServer();
    await new Promise<void>((r) => holder.listen({ port: 0, host: '0.0.0.0' }, r));
    const busy = (holder.address() as net.AddressInfo).port;
    const dataDir = path.join(root, 'busy-data');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      MQTT_PORT: String(busy),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    };
    for (const k of ['DATABASE_URL', 'MQTT_URL', 'WEB_DIR', 'ADMIN_PASSWORD']) delete env[k];
    // PORT=0 is "any free port"; WEB_DIR unset, so a start that got past the check would build the console.
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    try {
      const code = await new Promise<number | null>((r) => child.once('exit', r));
      expect(code).toBe(4);
      expect(out).toContain(`Port ${busy} (MQTT_PORT, the embedded MQTT broker) is already in use`);
      expect(out).not.toMatch(/password|Building the console/i);
      expect(fs.existsSync(path.join(dataDir, 'admin-password.txt'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'console-build.log'))).toBe(false);
    } finally {
      child.kill('SIGKILL');
      await new Promise((r) => holder.close(r));
    }
  }, 30_000);

  it('one process per embedded data folder: device:add while the server runs registers nothing and says to stop it (item 2)', async () => {
    const dataDir = path.join(root, 'held-data');
    // a live process other than this one stands for the running server
    const server = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      expect(dataDirHolder(dataDir)).toBeUndefined();
      fs.mkdirSync(dataDir, { recursive: true });
      fs.writeFileSync(path.join(dataDir, SERVER_PID_FILE), `${server.pid}\n`);
      expect(dataDirHolder(dataDir)).toBe(server.pid);
      expect(() => claimDataDir(dataDir)).toThrow(DataDirInUseError);

      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
      for (const k of ['DATABASE_URL', 'MQTT_URL']) delete env[k];
      const cli = spawn(process.execPath, ['--import', 'tsx', DEVICE_ADD, '--id', 'HELD-01', '--model', 'P23-2IN1'], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      cli.stdout.on('data', (d: Buffer) => (out += d));
      cli.stderr.on('data', (d: Buffer) => (out += d));
      const code = await new Promise<number | null>((r) => cli.once('exit', r));
      expect(code).toBe(3);
      expect(out).toContain(
        `The server (process ${server.pid}) is using the embedded database in ${dataDir}: nothing was registered.`,
      );
      expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
    } finally {
      server.kill('SIGKILL');
      await new Promise((r) => server.once('exit', r));
    }
    // the holder is gone (a server killed without its exit handler): its file is taken over
    expect(dataDirHolder(dataDir)).toBeUndefined();
    claimDataDir(dataDir);
    expect(fs.readFileSync(path.join(dataDir, SERVER_PID_FILE), 'utf8').trim()).toBe(String(process.pid));
  }, 30_000);
});
