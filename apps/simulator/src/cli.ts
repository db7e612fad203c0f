/**
 * `npm run simulate -w @ztj/simulator -- --speed 60 [--url mqtt://host:1883] [--credentials file.json] [--list]`
 *
 * Credentials: username = device id; password from the JSON file (`{"SIM-VH-001": "secret", …}` or
 * `{"SIM-VH-001": {"username": "…", "password": "…"}}`), else env `SIM_DEVICE_SECRET`, else none.
 * Env: `MQTT_URL`, `SIM_DEVICE_SECRET`, `SIM_CREDENTIALS_FILE`.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { allReportingDevices, loadDefaultFleet, maxSpeed } from './fleet';
import { startSimulator, type DeviceCredentials } from './mqtt-publisher';

const { values: args } = parseArgs({
  options: {
    speed: { type: 'string', default: '60' },
    url: { type: 'string' },
    credentials: { type: 'string' },
    prefix: { type: 'string' },
    list: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help) {
  console.log(`Usage: npm run simulate -w @ztj/simulator -- [--speed 60] [--url mqtt://127.0.0.1:1883]
       [--credentials devices.json] [--prefix SIM] [--list]
Env: MQTT_URL, SIM_DEVICE_SECRET (shared password), SIM_CREDENTIALS_FILE`);
  process.exit(0);
}

const fleet = loadDefaultFleet(args.prefix ? { idPrefix: args.prefix } : {});

if (args.list) {
  for (const d of fleet.devices) console.log(`${d.deviceId}\t${d.model}\t${d.source}`);
  for (const g of fleet.gateways) {
    console.log(`${g.gatewayId}\t${g.model}\tgateway: ${g.source}`);
    for (const d of g.subDevices) console.log(`  ${d.deviceId}\t${d.model}\t${d.source}`);
  }
  console.log(`${allReportingDevices(fleet).length} reporting devices; max speed ${maxSpeed(fleet)}`);
  process.exit(0);
}

type CredentialFile = Record<string, string | DeviceCredentials>;
const file = args.credentials ?? process.env.SIM_CREDENTIALS_FILE;
const perDevice: CredentialFile = file ? (JSON.parse(readFileSync(file, 'utf8')) as CredentialFile) : {};
const sharedSecret = process.env.SIM_DEVICE_SECRET;

function credentialsFor(deviceId: string): DeviceCredentials {
  const entry = perDevice[deviceId];
  if (typeof entry === 'string') return { username: deviceId, password: entry };
  if (entry) return entry;
  return sharedSecret ? { username: deviceId, password: sharedSecret } : { username: deviceId };
}

const speed = Number(args.speed);
const url = args.url ?? process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const sim = startSimulator({
  url,
  speed,
  credentialsFor,
  fleet,
  onError: (id, e) => console.error(`${id}: ${e.message}`),
});
console.log(
  `simulating ${allReportingDevices(fleet).length} devices (${fleet.gateways.length} via gateways) at ×${speed} on ${url} (Ctrl-C stops)`,
);

const report = setInterval(() => {
  const s = sim.stats();
  console.log(`published ${s.published}, dropped ${s.dropped}, failed ${s.failed}, commands ${s.commands}`);
}, 10_000);

async function shutdown(): Promise<void> {
  clearInterval(report);
  await sim.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
