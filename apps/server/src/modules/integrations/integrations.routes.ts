import { IntegrationRoutes as R, REGISTER_MAPS } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/register-route';
import { listPage } from '../../platform/list/list-runner';
import { callerOf } from '../../platform/list/list-spec';
import { loginFreeKey } from '../auth/sso/login-free';
import { setCommandRoute } from '../devices/devices.service';
import type { ModuleDeps } from '../module-deps';
import { EXTERNAL_LIST, V4_METER_LIST, checkV4Scope, withoutScope } from './external.service';
import { MODBUS_LIST } from './modbus/modbus.list';
import { addModbusDevice, deleteModbusDevices, editModbusDevice, viewModbusDevice } from './modbus/modbus.service';
import { startDemoModbus, type DemoModbus } from './modbus/demo-modbus';
import { ModbusPoller } from './modbus/poller';
import { intake, pruneRequests } from './third-party/intake';
import { THIRD_PARTY_LIST } from './third-party/third-party.list';
import {
  addThirdParty,
  deleteThirdParty,
  editThirdParty,
  rotateThirdPartyKey,
} from './third-party/third-party.service';

/**
 * The integrations module: Modbus device configs and their poller, third-party
 * integrations and their intake, the external device list and the v4 meter / external lists.
 * The poller starts when the server is ready and stops (timers, sockets) when it closes; commands
 * to a Modbus-fed device become register writes (devices.service `setCommandRoute`).
 */
export function integrationRoutes(
  api: FastifyInstance,
  { db, config, devices }: Pick<ModuleDeps, 'db' | 'config' | 'devices'>,
): void {
  // with CLUSTER=on one process polls at a time (a 30 s lease in the database)
  const poller = new ModbusPoller(db, devices.ingest, {
    onError: (err) => api.log.warn({ err }, 'modbus'),
    ...(config.cluster ? { leaseMs: 30_000 } : {}),
  });
  let key: Buffer | undefined;
  const linkKey = (): Buffer => (key ??= loginFreeKey(process.env, config.dataDir));
  let prune: NodeJS.Timeout | undefined;
  let demo: DemoModbus | undefined;
  api.addHook('onReady', async () => {
    setCommandRoute(db, (tenantId, deviceId, command) => poller.command(tenantId, deviceId, command));
    if (config.demo) {
      // demo Modbus meter and cooker controller emulated in-process replaying the real series at DEMO_SPEED (see demo-modbus.ts)
      demo = await startDemoModbus(db, config.demoSpeed).catch(
        (err: Error) => (api.log.warn({ err }, 'demo modbus'), undefined),
      );
      for (const id of demo?.deviceIds ?? []) devices.registry.invalidate(id);
    }
    await poller.start();
    prune = setInterval(
      () => void pruneRequests(db).catch((err: Error) => api.log.warn({ err }, 'third-party requests')),
      60_000,
    );
    prune.unref();
  });
  api.addHook('onClose', async () => {
    clearInterval(prune);
    setCommandRoute(db, undefined);
    await poller.stop();
    await demo?.close();
  });

  registerRoute(api, db, R.modbusList, async ({ auth, query }) => {
    const page = await listPage(db, MODBUS_LIST, query, callerOf(auth, R.modbusList.access));
    // the poller's in-process status is fresher than the table's (written every second)
    return { ...page, records: page.records.map((r) => ({ ...r, ...freshStatus(poller, r.id, r.enabled) })) };
  });
  registerRoute(api, db, R.modbusQueryById, async ({ auth, query }) => {
    const r = await viewModbusDevice(db, auth.tenantId, query.id);
    return { ...r, ...freshStatus(poller, r.id, r.enabled) };
  });
  registerRoute(api, db, R.modbusMaps, () => REGISTER_MAPS.map((m) => ({ ...m, registers: [...m.registers] })));
  registerRoute(api, db, R.modbusAdd, async ({ auth, body, lang }) => {
    const r = await addModbusDevice(db, auth, lang, body);
    await poller.reload(r.id);
    return r;
  });
  registerRoute(api, db, R.modbusEdit, async ({ auth, body, lang }) => {
    const r = await editModbusDevice(db, auth, lang, body);
    await poller.reload(r.id);
    return r;
  });
  registerRoute(api, db, R.modbusDelete, async ({ auth, query }) => {
    for (const id of await deleteModbusDevices(db, auth, query.ids)) await poller.reload(id);
    return null;
  });

  registerRoute(api, db, R.thirdPartyList, ({ auth, query }) =>
    listPage(db, THIRD_PARTY_LIST, query, callerOf(auth, R.thirdPartyList.access)),
  );
  registerRoute(api, db, R.thirdPartyAdd, ({ auth, body, lang }) => addThirdParty(db, auth, lang, body));
  registerRoute(api, db, R.thirdPartyEdit, ({ auth, body, lang }) => editThirdParty(db, auth, lang, body));
  registerRoute(api, db, R.thirdPartyRotateKey, ({ auth, body }) => rotateThirdPartyKey(db, auth, body.id));
  registerRoute(api, db, R.thirdPartyDelete, async ({ auth, query }) => {
    await deleteThirdParty(db, auth, query.ids);
    return null;
  });
  registerRoute(api, db, R.thirdPartyIntake, ({ req, body }) => intake(db, devices.ingest, req, body));

  registerRoute(api, db, R.externalList, ({ auth, query }) =>
    listPage(db, EXTERNAL_LIST, query, callerOf(auth, R.externalList.access)),
  );
  registerRoute(api, db, R.v4ExternalList, async ({ auth, query }) => {
    await checkV4Scope(db, linkKey, auth, query);
    return listPage(db, EXTERNAL_LIST, withoutScope(query), callerOf(auth, R.v4ExternalList.access));
  });
  registerRoute(api, db, R.v4MeterList, async ({ auth, query }) => {
    await checkV4Scope(db, linkKey, auth, query);
    return listPage(db, V4_METER_LIST, withoutScope(query), callerOf(auth, R.v4MeterList.access));
  });
}

/** The poller's status of a config, in record fields (none when this process does not poll it). */
function freshStatus(poller: ModbusPoller, id: string, enabled: boolean): Record<string, unknown> {
  const s = poller.status(id);
  if (!s || !enabled) return {};
  return {
    state: s.state,
    lastResult: s.lastResult,
    lastError: s.lastError,
    lastPollTime: s.lastPollMs,
    lastOkTime: s.lastOkMs,
    failures: s.failures,
    nextPollTime: s.nextPollMs,
  };
}
