import { allReportingDevices, loadDefaultFleet, startSimulator, type SimulatorHandle } from '@ztj/simulator';
import type { Config } from '../platform/config/config';
import type { Db } from '../platform/db/db';
import { seedDemoRules } from '../modules/alarms/demo/seed-demo-rules';
import { seedDemoWaybills } from '../modules/logistics/waybills/demo-waybills';
import { seedDemoPlaces } from '../modules/logistics/places/demo-places';
import { seedDemoWarehouse } from '../modules/logistics/warehouses/demo-warehouse';
import { seedDemoSubscriptions } from '../modules/logistics/subscriptions/demo-subscriptions';
import { seedDemoEquipment } from '../modules/meters/demo-equipment';
import type { IngestRuntime } from '../modules/telemetry/ingest-runtime';
import { seedDemoFleet, type DemoFleetDevice } from '../modules/devices/device-provision';

/**
 * Demo mode (`DEMO` on by default): registers the simulator's fleet for the demo tenant
 * (secrets derived from the installation's random key) and starts the simulator in-process against
 * the broker the ingest uses (embedded or `MQTT_URL`), at `DEMO_SPEED`. Returns undefined when
 * there is no broker to publish to.
 */
export async function startDemo(
  config: Config,
  db: Db,
  devices: IngestRuntime,
  onError: (deviceId: string, err: Error) => void,
): Promise<SimulatorHandle | undefined> {
  const url = devices.mqttUrl;
  if (!url) return undefined;
  const fleet = loadDefaultFleet();
  const list: DemoFleetDevice[] = [
    ...fleet.devices.map((d) => ({ id: d.deviceId, model: d.model, name: d.deviceId })),
    ...fleet.gateways.flatMap((g) => [
      { id: g.gatewayId, model: g.model, name: g.gatewayId },
      ...g.subDevices.map((s) => ({ id: s.deviceId, model: s.model, name: s.deviceId, gatewayId: g.gatewayId })),
    ]),
  ];
  const credentialsFor = await seedDemoFleet(db, list, devices.brokerAccounts);
  // alarm rules on the fleet's real series, only when the tenant has none yet
  await seedDemoRules(db);
  await seedDemoPlaces(db); // demo routes and locations on the real tracks, only when the tenant has none
  await seedDemoWaybills(db, fleet); // demo waybills on those routes: ongoing, completed by AI, un-started
  await seedDemoWarehouse(db); // the cool store on the warehouse sensors with the cool-store rule, only when the tenant has none
  await seedDemoEquipment(db); // the two Lawson stores with the store equipment, ammeter configs and equipment rules, once
  await seedDemoSubscriptions(db); // service orders: a year for the fleet, one mote ending in 5 days with an unpaid renewal; once
  for (const d of allReportingDevices(fleet)) devices.registry.invalidate(d.deviceId);
  for (const g of fleet.gateways) devices.registry.invalidate(g.gatewayId);
  return startSimulator({ url, speed: config.demoSpeed, credentialsFor, fleet, onError });
}
