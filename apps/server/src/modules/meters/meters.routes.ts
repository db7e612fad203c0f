import { EquipmentRoutes as R } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { exportsOf } from '../../platform/exports/export-route';
import { registerRoute } from '../../platform/http/register-route';
import { listPage } from '../../platform/list/list-runner';
import { callerOf } from '../../platform/list/list-spec';
import type { CommandChannel } from '../devices/devices.service';
import type { ModuleDeps } from '../module-deps';
import { sendEquipmentCommand } from './commands';
import { METER_REPORT_EXPORTER } from './energy-export';
import { meterEnergy, meterEnergyQuality, meterPower, meterTariffEnergy, warehouseEnergy } from './energy.service';
import { EQUIPMENT_LIST } from './equipment.list';
import { meterConfig, saveMeterConfig } from './meter-config';
import { equipmentStores } from './stores';

/**
 * Equipment calls (EquipmentRoutes of contracts): list, Lawson stores, commands, ammeter
 * config, daily energy, register events (data quality), power, meter report. Thin: contract → permission (registerRoute) → service.
 * Every call is scoped to the caller's tenant; commands go down the device commands' path.
 */
export function meterRoutes(api: FastifyInstance, { db, devices }: Pick<ModuleDeps, 'db' | 'devices'>): void {
  const channel: CommandChannel = {
    sendCommand: (id, c) => devices.sendCommand(id, c),
    invalidate: (id) => devices.registry.invalidate(id),
  };
  registerRoute(api, db, R.list, ({ auth, query }) =>
    listPage(db, EQUIPMENT_LIST, query, callerOf(auth, R.list.access)),
  );
  registerRoute(api, db, R.stores, ({ auth, query }) => equipmentStores(db, auth.tenantId, query.family));
  registerRoute(api, db, R.switch, ({ auth, body, lang }) =>
    sendEquipmentCommand(db, channel, auth, lang, body.id, { type: 'setSwitch', on: body.on }),
  );
  registerRoute(api, db, R.setPoint, ({ auth, body, lang }) =>
    sendEquipmentCommand(db, channel, auth, lang, body.id, {
      type: 'setSetPoint',
      setPointC: body.setPointC,
      ...(body.well !== undefined ? { well: body.well } : {}),
    }),
  );
  registerRoute(api, db, R.readMeter, ({ auth, body, lang }) =>
    sendEquipmentCommand(db, channel, auth, lang, body.id, { type: 'readMeter' }),
  );
  registerRoute(api, db, R.config, ({ auth, query }) => meterConfig(db, auth.tenantId, query.id));
  registerRoute(api, db, R.saveConfig, ({ auth, body }) => saveMeterConfig(db, auth, body));
  registerRoute(api, db, R.energy, ({ auth, query }) => meterEnergy(db, auth.tenantId, query));
  registerRoute(api, db, R.warehouseEnergy, ({ auth, query }) => warehouseEnergy(db, auth.tenantId, query));
  registerRoute(api, db, R.tariffEnergy, ({ auth, query }) => meterTariffEnergy(db, auth.tenantId, query));
  registerRoute(api, db, R.energyQuality, ({ auth, query }) => meterEnergyQuality(db, auth.tenantId, query));
  registerRoute(api, db, R.power, ({ auth, query }) => meterPower(db, auth.tenantId, query));
  registerRoute(api, db, R.exportEnergy, async ({ auth, query, lang, req }) => {
    // refuse unknown meters at once (the job would fail later in the download center)
    await meterEnergy(db, auth.tenantId, { ...query, endDate: query.beginDate });
    return exportsOf(req).request(
      auth,
      METER_REPORT_EXPORTER as never,
      { ids: query.ids, beginDate: query.beginDate, endDate: query.endDate },
      lang,
    );
  });
}
