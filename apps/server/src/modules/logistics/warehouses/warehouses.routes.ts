import { WarehouseRoutes as R } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../platform/http/register-route';
import { listPage } from '../../../platform/list/list-runner';
import { callerOf } from '../../../platform/list/list-spec';
import { registerExportRoute } from '../../../platform/exports/export-route';
import { listExporter } from '../../../platform/exports/export-registry';
import type { ModuleDeps } from '../../module-deps';
import type { PeriodChannel } from './warehouse-periods';
import { warehouseView } from './warehouse-view';
import { WAREHOUSE_LIST } from './warehouses.list';
import {
  addWarehouse,
  addWarehouseDevices,
  deleteWarehouses,
  editWarehouse,
  removeWarehouseDevices,
  viewWarehouse,
} from './warehouses.service';
import { userOptions } from './warehouses.repo';

/**
 * Warehouse calls (WarehouseRoutes of contracts). Thin: contract → permission
 * (registerRoute) → service → envelope. Every call is tenant-scoped. Acquisition periods go down
 * to the devices over the ingest runtime's broker connection.
 */
export function warehouseRoutes(api: FastifyInstance, { db, devices }: Pick<ModuleDeps, 'db' | 'devices'>): void {
  const channel: PeriodChannel = {
    sendCommand: (id, c) => devices.sendCommand(id, c),
    invalidate: (id) => devices.registry.invalidate(id),
  };
  registerRoute(api, db, R.list, ({ auth, query }) =>
    listPage(db, WAREHOUSE_LIST, query, callerOf(auth, R.list.access)),
  );
  registerExportRoute(
    api,
    db,
    R.exportXls,
    listExporter({
      key: R.exportXls.path,
      list: WAREHOUSE_LIST,
      permission: R.exportXls.access,
      title: { 'zh-CN': '仓库列表', 'en-US': 'Warehouses' },
      fileBase: { 'zh-CN': '仓库列表', 'en-US': 'warehouses' },
    }),
  );
  registerRoute(api, db, R.queryById, ({ auth, query }) => viewWarehouse(db, auth.tenantId, query.id));
  registerRoute(api, db, R.view, ({ auth, query }) => warehouseView(db, auth.tenantId, query.id));
  registerRoute(api, db, R.add, ({ auth, body, lang }) => addWarehouse(db, channel, auth, lang, body));
  registerRoute(api, db, R.edit, ({ auth, body, lang }) => editWarehouse(db, channel, auth, lang, body));
  registerRoute(api, db, R.delete, async ({ auth, query }) => {
    await deleteWarehouses(db, auth, query.ids);
    return null;
  });
  registerRoute(api, db, R.addDevs, ({ auth, body, lang }) =>
    addWarehouseDevices(db, channel, auth, lang, body.id, body.deviceIds),
  );
  registerRoute(api, db, R.delDevs, ({ auth, body, lang }) =>
    removeWarehouseDevices(db, auth, lang, body.id, body.deviceIds),
  );
  registerRoute(api, db, R.userOptions, ({ auth }) => userOptions(db, auth.tenantId));
}
