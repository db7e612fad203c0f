import { AlarmSettingsRoutes as R } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../platform/http/register-route';
import { listPage } from '../../../platform/list/list-runner';
import { callerOf } from '../../../platform/list/list-spec';
import type { ModuleDeps } from '../../module-deps';
import { paramDefaults } from './param-defaults';
import { TEMPLATE_LIST } from './templates.list';
import {
  addTemplate,
  bindTemplate,
  deleteTemplates,
  deviceTemplates,
  templateBindings,
  updateTemplate,
  viewTemplate,
} from './templates.service';
import { USER_GROUP_LIST } from './user-groups.list';
import { addUserGroup, deleteUserGroups, updateUserGroup } from './user-groups.service';

/** Rule templates, bindings and recipient groups (AlarmSettingsRoutes of contracts). Tenant-scoped. */
export function alarmSettingsRoutes(api: FastifyInstance, { db }: ModuleDeps): void {
  registerRoute(api, db, R.templateList, ({ auth, query }) =>
    listPage(db, TEMPLATE_LIST, query, callerOf(auth, R.templateList.access)),
  );
  registerRoute(api, db, R.templateView, ({ auth, query }) => viewTemplate(db, auth.tenantId, query.id));
  registerRoute(api, db, R.templateAdd, ({ auth, body, lang }) => addTemplate(db, auth, lang, body));
  registerRoute(api, db, R.templateUpdate, ({ auth, body, lang }) => updateTemplate(db, auth, lang, body));
  registerRoute(api, db, R.templateDelete, async ({ auth, query }) => {
    await deleteTemplates(db, auth, query.ids);
    return null;
  });
  registerRoute(api, db, R.templateBind, ({ auth, body, lang }) => bindTemplate(db, auth, lang, body));
  registerRoute(api, db, R.templateBindings, ({ auth, query }) => templateBindings(db, auth.tenantId, query.id));
  registerRoute(api, db, R.deviceTemplates, ({ auth, query }) => deviceTemplates(db, auth.tenantId, query.deviceId));
  registerRoute(api, db, R.paramDefaults, () => paramDefaults());
  registerRoute(api, db, R.groupList, ({ auth, query }) =>
    listPage(db, USER_GROUP_LIST, query, callerOf(auth, R.groupList.access)),
  );
  registerRoute(api, db, R.groupAdd, ({ auth, body, lang }) => addUserGroup(db, auth, lang, body));
  registerRoute(api, db, R.groupUpdate, ({ auth, body, lang }) => updateUserGroup(db, auth, lang, body));
  registerRoute(api, db, R.groupDelete, async ({ auth, query }) => {
    await deleteUserGroups(db, auth, query.ids);
    return null;
  });
}
