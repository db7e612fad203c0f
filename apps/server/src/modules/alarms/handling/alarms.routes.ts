import { AlarmRoutes as R } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../platform/http/register-route';
import { listAll, listPage } from '../../../platform/list/list-runner';
import { callerOf } from '../../../platform/list/list-spec';
import { registerRawRoute } from '../../../platform/list/raw-route';
import { recordsToXls } from '../../../platform/list/xls';
import type { ModuleDeps } from '../../index';
import { ALARM_LIST, COMMON_ALARM_LIST, GATEWAY_ALARM_LIST, PROCESS_LIST } from './alarms.list';
import { addComment, alarmStatistics, flagAlarms, listComments, processAlarm, viewAlarm } from './alarms.service';

/** Alarm handling calls (AlarmRoutes of contracts; issue 9 item 4). Every call is tenant-scoped. */
export function alarmRoutes(api: FastifyInstance, { db, alarms }: ModuleDeps): void {
  registerRoute(api, db, R.list, ({ auth, query }) => listPage(db, ALARM_LIST, query, callerOf(auth, R.list.access)));
  registerRoute(api, db, R.commonList, ({ auth, query }) => listPage(db, COMMON_ALARM_LIST, query, callerOf(auth, R.commonList.access)));
  registerRoute(api, db, R.gatewayList, ({ auth, query }) => listPage(db, GATEWAY_ALARM_LIST, query, callerOf(auth, R.gatewayList.access)));
  registerRoute(api, db, R.view, ({ auth, query }) => viewAlarm(db, auth, query.id));
  registerRawRoute(api, db, R.exportXls, async ({ auth, query, lang }) => ({
    kind: 'file',
    fileName: lang === 'en-US' ? 'alarms.xls' : '告警列表.xls',
    body: recordsToXls(ALARM_LIST, await listAll(db, ALARM_LIST, query, callerOf(auth, R.list.access)), lang),
  }));
  registerRoute(api, db, R.comments, ({ auth, query }) => listComments(db, auth, query.alarmId));
  registerRoute(api, db, R.commentAdd, ({ auth, body }) => addComment(db, auth, body.alarmId, body.content));
  registerRoute(api, db, R.statistics, ({ auth, query }) => alarmStatistics(db, auth, query));
  registerRoute(api, db, R.processAdd, ({ auth, body }) => processAlarm(db, alarms, auth, body));
  registerRoute(api, db, R.processList, ({ auth, query }) => listPage(db, PROCESS_LIST, query, callerOf(auth, R.processList.access)));
  registerRawRoute(api, db, R.processExport, async ({ auth, query, lang }) => ({
    kind: 'file',
    fileName: lang === 'en-US' ? 'alarm-process-records.xls' : '告警处理记录.xls',
    body: recordsToXls(PROCESS_LIST, await listAll(db, PROCESS_LIST, query, callerOf(auth, R.processList.access)), lang),
  }));
  registerRoute(api, db, R.ignore, async ({ auth, body }) => {
    await flagAlarms(db, auth, body.ids, body.flag);
    return null;
  });
}
