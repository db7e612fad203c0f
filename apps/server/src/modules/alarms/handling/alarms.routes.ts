import { AlarmRoutes as R } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../platform/http/register-route';
import { listPage } from '../../../platform/list/list-runner';
import { callerOf } from '../../../platform/list/list-spec';
import type { ModuleDeps } from '../../module-deps';
import { ALARM_LIST, COMMON_ALARM_LIST, GATEWAY_ALARM_LIST, PROCESS_LIST } from './alarms.list';
import { addComment, alarmStatistics, flagAlarms, listComments, processAlarm, viewAlarm } from './alarms.service';
import { registerExportRoute } from '../../../platform/exports/export-route';
import { listExporter } from '../../../platform/exports/export-registry';

/** Alarm handling calls (AlarmRoutes of contracts). Every call is tenant-scoped. */
export function alarmRoutes(api: FastifyInstance, { db, alarms }: ModuleDeps): void {
  registerRoute(api, db, R.list, ({ auth, query }) => listPage(db, ALARM_LIST, query, callerOf(auth, R.list.access)));
  registerRoute(api, db, R.commonList, ({ auth, query }) =>
    listPage(db, COMMON_ALARM_LIST, query, callerOf(auth, R.commonList.access)),
  );
  registerRoute(api, db, R.gatewayList, ({ auth, query }) =>
    listPage(db, GATEWAY_ALARM_LIST, query, callerOf(auth, R.gatewayList.access)),
  );
  registerRoute(api, db, R.view, ({ auth, query }) => viewAlarm(db, auth, query.id));
  registerExportRoute(
    api,
    db,
    R.exportXls,
    listExporter({
      key: R.exportXls.path,
      list: ALARM_LIST,
      permission: R.list.access,
      title: { 'zh-CN': '告警列表', 'en-US': 'Alarms' },
      fileBase: { 'zh-CN': '告警列表', 'en-US': 'alarms' },
    }),
  );
  // SPEC §9 export file type ga (gateway alarms): the gateway alarm list's filters and selection
  registerExportRoute(
    api,
    db,
    R.gatewayExportXls,
    listExporter({
      key: R.gatewayExportXls.path,
      list: GATEWAY_ALARM_LIST,
      permission: R.gatewayList.access,
      fileType: 'ga',
      title: { 'zh-CN': '网关告警', 'en-US': 'Gateway alarms' },
      fileBase: { 'zh-CN': '网关告警', 'en-US': 'gateway-alarms' },
    }),
  );
  registerRoute(api, db, R.comments, ({ auth, query }) => listComments(db, auth, query.alarmId));
  registerRoute(api, db, R.commentAdd, ({ auth, body }) => addComment(db, auth, body.alarmId, body.content));
  registerRoute(api, db, R.statistics, ({ auth, query }) => alarmStatistics(db, auth, query));
  registerRoute(api, db, R.processAdd, ({ auth, body }) => processAlarm(db, alarms, auth, body));
  registerRoute(api, db, R.processList, ({ auth, query }) =>
    listPage(db, PROCESS_LIST, query, callerOf(auth, R.processList.access)),
  );
  registerExportRoute(
    api,
    db,
    R.processExport,
    listExporter({
      key: R.processExport.path,
      list: PROCESS_LIST,
      permission: R.processList.access,
      title: { 'zh-CN': '告警处理记录', 'en-US': 'Alarm process records' },
      fileBase: { 'zh-CN': '告警处理记录', 'en-US': 'alarm-process-records' },
    }),
  );
  registerRoute(api, db, R.ignore, async ({ auth, body }) => {
    await flagAlarms(db, alarms, auth, body.ids, body.flag);
    return null;
  });
}
