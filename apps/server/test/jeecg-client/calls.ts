import { expect } from 'vitest';
import type { JeecgClient } from './client';

/**
 * JeecgBoot's Vue2 console calls per area, as its src/api/api.js, src/views/system/**
 * and src/components/jeecg*\/** make them, with whether this server answers them in the shape the
 * client reads. The contract tests of each area replay every call marked `works` and
 * {@link expectReplayed} checks that each of them was made and answered (`→ ok`), so this list
 * cannot claim a call the tests do not show. `note` says why a call differs or does not work.
 */
export interface ClientCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path as the client builds it; `:name` marks a path segment it fills in. */
  path: string;
  works: boolean;
  note?: string;
}

export type Area = 'login' | 'users' | 'categories' | 'dicts' | 'permissions' | 'logs' | 'tenants' | 'departs';

const call = (method: ClientCall['method'], path: string, works = true, note?: string): ClientCall => ({
  method,
  path,
  works,
  ...(note ? { note } : {}),
});

/** The calls of each area. */
export const CLIENT_CALLS: Record<Area, ClientCall[]> = {
  login: [
    call('GET', '/sys/randomImage/:key', true, 'checkKey as the client makes it (a ms timestamp)'),
    call('POST', '/sys/login', true, 'checkKey may be a number'),
    call('POST', '/sys/sms', true, 'smsmode 0/1/2 names the purpose (login, register, recovery)'),
    call('POST', '/sys/phoneLogin'),
    call(
      'GET',
      '/sys/thirdLogin/getLoginUser/:token/:thirdType',
      true,
      'token and userInfo at the top of result with status signedIn; an unbound identity answers status bind (this server binds instead of creating an account)',
    ),
    call(
      'GET',
      '/sys/cas/client/validateLogin',
      true,
      'the service must be one of SSO_CAS_SERVICES; the ticket is validated at the configured CAS server',
    ),
    call('GET', '/sys/permission/getUserPermissionByToken'),
    call('GET', '/sys/user/getCurrentUserDeparts'),
    call('PUT', '/sys/selectDepart'),
    call('POST', '/sys/logout'),
  ],
  users: [
    call('GET', '/sys/user/list', true, "also takes the pickers' id=<ids>, lookup"),
    call('POST', '/sys/user/add'),
    call('PUT', '/sys/user/edit'),
    call('DELETE', '/sys/user/delete', true, 'moves the user to the recycle bin'),
    call('DELETE', '/sys/user/deleteBatch'),
    call('PUT', '/sys/user/frozenBatch'),
    call('GET', '/sys/user/queryUserRole'),
    call('GET', '/sys/user/generateUserId'),
    call('POST', '/sys/user/addSysUserRole'),
    call('DELETE', '/sys/user/deleteUserRole'),
    call('DELETE', '/sys/user/deleteUserRoleBatch'),
    call('POST', '/sys/user/editSysDepartWithUser'),
    call('DELETE', '/sys/user/deleteUserInDepart'),
    call('DELETE', '/sys/user/deleteUserInDepartBatch'),
    call('GET', '/sys/user/queryUserByDepId'),
    call(
      'GET',
      '/sys/user/recycleBin',
      true,
      'an array of every user in the bin matching the filters (no pages), as the modal reads it',
    ),
    call('PUT', '/sys/user/putRecycleBin'),
    call('DELETE', '/sys/user/deleteRecycleBin'),
    call(
      'GET',
      '/sys/user/exportXls',
      false,
      "deliberate: exports run in the download center, as the other areas' exports",
    ),
  ],
  categories: [
    call(
      'GET',
      '/sys/category/rootList',
      true,
      'records carry their whole subtree in children too (this console renders it; JeecgBoot replaces children by its lazy placeholder)',
    ),
    call('GET', '/sys/category/childList'),
    call('GET', '/sys/category/getChildListBatch'),
    call('POST', '/sys/category/add'),
    call('PUT', '/sys/category/edit'),
    call('DELETE', '/sys/category/delete'),
    call('DELETE', '/sys/category/deleteBatch'),
    call(
      'GET',
      '/sys/category/exportXls',
      false,
      "deliberate: exports run in the download center (asynchronous, SPEC §1); the call answers 'export started' in the envelope and the file is downloaded from the download center, whereas JeecgBoot's list mixin saves the response body itself as the .xls",
    ),
    call('POST', '/sys/category/importExcel'),
    call(
      'GET',
      '/sys/category/loadTreeData',
      true,
      'pid, pcode and condition only; tableName/text/code are refused (the category table is fixed)',
    ),
    call('GET', '/sys/category/loadDictItem/'),
    call('GET', '/sys/category/loadDictItem'),
    call('GET', '/sys/category/loadOne'),
    call('GET', '/sys/category/loadTreeRoot'),
    call('GET', '/sys/category/loadTreeChildren'),
    call('GET', '/sys/category/loadAllData'),
    call('GET', '/sys/duplicate/check'),
  ],
  dicts: [
    call('GET', '/sys/dict/list'),
    call('POST', '/sys/dict/add'),
    call('PUT', '/sys/dict/edit'),
    call('DELETE', '/sys/dict/delete', true, 'moves the dictionary to the recycle bin, as JeecgBoot does'),
    call('DELETE', '/sys/dict/deleteBatch'),
    call(
      'GET',
      '/sys/dict/refleshCache',
      true,
      'answers the counts of dictionaries and items (the server keeps no cache to drop)',
    ),
    call('GET', '/sys/dict/deleteList'),
    call('PUT', '/sys/dict/back/:id'),
    call('DELETE', '/sys/dict/deletePhysic/:id'),
    call('GET', '/sys/dict/treeList'),
    call(
      'GET',
      '/sys/dict/exportXls',
      false,
      "deliberate: exports run in the download center (asynchronous, SPEC §1); the call answers 'export started' in the envelope and the file is downloaded from the download center, whereas JeecgBoot's list mixin saves the response body itself as the .xls",
    ),
    call(
      'POST',
      '/sys/dict/importExcel',
      true,
      "one sheet of dictionaries (code, name, English name, description); JeecgBoot's item sub-sheets are not read",
    ),
    call(
      'GET',
      '/sys/dict/getDictItems/:code',
      true,
      'a table dictionary code (table,text,code) answers allow-listed tables only (sys_category, sys_depart of the tenant); sys_user and others are refused',
    ),
    call('GET', '/sys/dict/queryAllDictItems'),
    call(
      'GET',
      '/sys/dict/loadTreeData',
      true,
      'allow-listed tables and columns only (sys_category, sys_depart); other tables are refused with code 400',
    ),
    call('GET', '/sys/dict/loadDictItem/:dict', true, 'allow-listed table dictionaries only, as loadTreeData'),
    call('GET', '/sys/dictItem/list'),
    call('POST', '/sys/dictItem/add'),
    call('PUT', '/sys/dictItem/edit'),
    call('DELETE', '/sys/dictItem/delete'),
    call('DELETE', '/sys/dictItem/deleteBatch'),
    call('GET', '/sys/dictItem/dictItemCheck'),
    call('GET', '/sys/duplicate/check'),
  ],
  permissions: [
    call(
      'GET',
      '/sys/permission/list',
      true,
      'the whole tree at once (JeecgBoot pages it lazily through getSystemMenuList/getSystemSubmenu, which work too)',
    ),
    call('POST', '/sys/permission/add', true, 'nameEn is optional and falls back to name'),
    call('PUT', '/sys/permission/edit'),
    call('DELETE', '/sys/permission/delete'),
    call('DELETE', '/sys/permission/deleteBatch'),
    call('GET', '/sys/permission/getSystemMenuList'),
    call('GET', '/sys/permission/getSystemSubmenu'),
    call('GET', '/sys/permission/getSystemSubmenuBatch'),
    call('GET', '/sys/permission/queryTreeList'),
    call('GET', '/sys/role/queryTreeList'),
    call(
      'GET',
      '/sys/permission/queryListAsync',
      true,
      'an empty array where JeecgBoot answers success:false "未找到角色信息" for a leaf',
    ),
    call('GET', '/sys/permission/queryRolePermission'),
    call('POST', '/sys/permission/saveRolePermission'),
    call('GET', '/sys/permission/getUserPermissionByToken'),
    call('GET', '/sys/permission/loadAllRoleIds'),
    call('GET', '/sys/permission/getPermRuleListByPermId'),
    call('GET', '/sys/permission/queryPermissionRule'),
    call(
      'POST',
      '/sys/permission/addPermissionRule',
      true,
      "ruleConditions are the allow-listed operators; JeecgBoot's USE_SQL_RULES (a SQL fragment) is refused",
    ),
    call('PUT', '/sys/permission/editPermissionRule'),
    call('DELETE', '/sys/permission/deletePermissionRule'),
    call('GET', '/sys/duplicate/check', true, "sys_permission.perms (PermissionModal's authorisation-code check)"),
  ],
  logs: [
    call('GET', '/sys/log/list'),
    call(
      'DELETE',
      '/sys/log/delete',
      true,
      'login logs only: operation logs are links of the record-integrity chain and are refused (code 400, translated message)',
    ),
    call('DELETE', '/sys/log/deleteBatch', true, 'login logs only, as delete'),
  ],
  tenants: [
    call('GET', '/sys/tenant/list'),
    call('GET', '/sys/tenant/queryById'),
    call(
      'POST',
      '/sys/tenant/add',
      true,
      "also creates the tenant's root department, administrator role and first administrator (adminUsername, adminRealname, adminPassword)",
    ),
    call('PUT', '/sys/tenant/edit'),
    call('DELETE', '/sys/tenant/delete'),
    call(
      'DELETE',
      '/sys/tenant/deleteBatch',
      true,
      'each tenant under the rules of delete, stopping at the first refusal',
    ),
    call('GET', '/sys/tenant/queryList'),
  ],
  departs: [
    call('GET', '/sys/sysDepart/queryTreeList'),
    call('GET', '/sys/sysDepart/queryDepartTreeSync'),
    call(
      'GET',
      '/sys/sysDepart/queryMyDeptTreeList',
      true,
      'the departments the caller belongs to (this server keeps no separate "departments in charge")',
    ),
    call('GET', '/sys/sysDepart/queryIdTree'),
    call('GET', '/sys/sysDepart/searchBy'),
    call(
      'GET',
      '/sys/sysDepart/queryParentName',
      true,
      "JeecgBoot's server has no such endpoint to take the shape from; answers the parent department's node (null for a root)",
    ),
    call('POST', '/sys/sysDepart/add', true, 'the org code is always generated'),
    call('PUT', '/sys/sysDepart/edit'),
    call('DELETE', '/sys/sysDepart/delete', true, 'refused while the department has children or users'),
    call('DELETE', '/sys/sysDepart/deleteBatch'),
    call(
      'GET',
      '/sys/sysDepart/exportXls',
      false,
      "deliberate: exports run in the download center (asynchronous, SPEC §1); the call answers 'export started' in the envelope and the file is downloaded from the download center, whereas JeecgBoot's list mixin saves the response body itself as the .xls",
    ),
    call('POST', '/sys/sysDepart/importExcel', true, 'the parent is named by its org code; org codes are generated'),
    call('GET', '/sys/permission/queryDepartPermission'),
    call('POST', '/sys/permission/saveDepartPermission'),
    call('GET', '/sys/sysDepartPermission/datarule/:permissionId/:departId'),
    call(
      'POST',
      '/sys/sysDepartPermission/datarule',
      true,
      "an empty choice offers every rule of the permission to the department's roles (JeecgBoot then offers none)",
    ),
    call('GET', '/sys/sysDepartRole/list'),
    call('POST', '/sys/sysDepartRole/add'),
    call('PUT', '/sys/sysDepartRole/edit'),
    call('DELETE', '/sys/sysDepartRole/delete'),
    call('DELETE', '/sys/sysDepartRole/deleteBatch'),
    call('GET', '/sys/sysDepartRole/getDeptRoleList'),
    call('GET', '/sys/sysDepartRole/getDeptRoleByUserId'),
    call(
      'POST',
      '/sys/sysDepartRole/deptRoleUserAdd',
      true,
      'without departId the department is the one of the roles sent (newRoleId, oldRoleId)',
    ),
    call('GET', '/sys/sysDepartPermission/queryTreeListForDeptRole'),
    call('GET', '/sys/sysDepartPermission/queryDeptRolePermission'),
    call('POST', '/sys/sysDepartPermission/saveDeptRolePermission'),
    call('GET', '/sys/sysDepartRole/datarule/:permissionId/:departId/:roleId'),
    call('POST', '/sys/sysDepartRole/datarule'),
    call('GET', '/sys/user/queryUserByDepId'),
    call('POST', '/sys/user/editSysDepartWithUser'),
    call('DELETE', '/sys/user/deleteUserInDepartBatch'),
  ],
};

/** `works` / total per area, for the closing note. */
export function callCounts(): Record<string, { works: number; total: number }> {
  return Object.fromEntries(
    Object.entries(CLIENT_CALLS).map(([area, calls]) => [
      area,
      { works: calls.filter((c) => c.works).length, total: calls.length },
    ]),
  );
}

const matches = (c: ClientCall, made: string): boolean => {
  const m = /^(\w+) (\S+) → (.*)$/.exec(made);
  if (!m || m[1] !== c.method) return false;
  const pattern = new RegExp(`^${c.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);
  return pattern.test(m[2]!) && m[3] === 'ok';
};

/** Every call of `area` marked `works` was made by the client `c` and answered with success. */
export function expectReplayed(area: Area, ...clients: JeecgClient[]): void {
  const made = clients.flatMap((c) => c.calls);
  const missing = CLIENT_CALLS[area]
    .filter((c) => c.works && !made.some((m) => matches(c, m)))
    .map((c) => `${c.method} ${c.path}`);
  expect(missing).toEqual([]);
}
