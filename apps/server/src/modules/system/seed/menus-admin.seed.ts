import { area, crud, page, type MenuSeed } from './menu-builders';

/** Menu areas of administration: system, monitoring, the account pages. */

/** System (系统管理). */
export const SYSTEM_MENU: MenuSeed = area('system', '系统管理', 'System', 'SettingOutlined', '/system/user', [
  page('system-user', '用户管理', 'Users', '/system/user', 'system/UserList', {
    buttons: [
      ...crud('user', '用户', 'user'),
      ['user:list', '查询用户', 'List users'],
      ['user:freeze', '冻结用户', 'Freeze user'],
      ['user:recycle', '回收站', 'Recycle bin'],
      ['user:password', '重置密码', 'Reset password'],
    ],
  }),
  page('system-depart', '部门管理', 'Departments', '/system/depart', 'system/DepartList', {
    buttons: [
      ...crud('depart', '部门', 'department'),
      ['depart:list', '查询部门', 'List departments'],
      ['depart:auth', '部门授权', 'Department permissions'],
    ],
  }),
  page('system-role', '角色管理', 'Roles', '/system/role', 'system/RoleList', {
    buttons: [
      ...crud('role', '角色', 'role'),
      ['role:auth', '角色授权', 'Assign permissions'],
      ['role:list', '查询角色', 'List roles'],
    ],
  }),
  page('system-permission', '菜单管理', 'Permissions', '/system/permission', 'system/PermissionList', {
    buttons: [...crud('permission', '菜单', 'menu').slice(0, 4), ['permission:list', '查询菜单', 'List menus']],
  }),
  page('system-datarule', '数据规则', 'Data rules', '/system/datarule', 'system/DataRuleList'),
  page('system-tenant', '租户管理', 'Tenants', '/system/tenant', 'system/TenantList', {
    buttons: [...crud('tenant', '租户', 'tenant').slice(0, 4), ['tenant:list', '查询租户', 'List tenants']],
  }),
  page('system-dict', '数据字典', 'Dictionaries', '/system/dict', 'system/DictList', {
    buttons: [
      ...crud('dict', '字典', 'dictionary'),
      ['dict:refresh', '刷新缓存', 'Refresh cache'],
      ['dict:list', '查询字典', 'List dictionaries'],
    ],
  }),
  page('system-log', '日志管理', 'Logs', '/system/log', 'system/LogList', {
    buttons: [['log:list', '查询日志', 'List logs'], ...crud('log', '日志', 'logs').slice(2, 4)],
  }),
  page('system-ledger', '记录完整性', 'Record integrity', '/system/ledger', 'system/LedgerVerify', {
    perms: 'ledger:verify',
  }),
  page('system-quartz', '定时任务', 'Scheduled jobs', '/system/quartz', 'system/QuartzJobList', {
    buttons: [
      ...crud('quartz', '任务', 'job'),
      ['quartz:list', '查询任务', 'List jobs'],
      ['quartz:pause', '暂停任务', 'Pause job'],
      ['quartz:resume', '启动任务', 'Start job'],
      ['quartz:execute', '执行一次', 'Run once'],
    ],
  }),
  page('system-category', '分类字典', 'Categories', '/system/category', 'system/CategoryList', {
    buttons: [...crud('category', '分类', 'category'), ['category:list', '查询分类', 'List categories']],
  }),
  page('system-checkrule', '校验规则', 'Check rules', '/system/checkrule', 'system/CheckRuleList', {
    buttons: [
      ...crud('checkrule', '校验规则', 'check rule').slice(0, 4),
      ['checkrule:list', '查询校验规则', 'List check rules'],
    ],
  }),
  page('system-fillrule', '填值规则', 'Fill rules', '/system/fillrule', 'system/FillRuleList', {
    buttons: [
      ...crud('fillrule', '填值规则', 'fill rule').slice(0, 4),
      ['fillrule:list', '查询填值规则', 'List fill rules'],
    ],
  }),
  page('system-datasource', '数据源管理', 'Data sources', '/system/datasource', 'system/DataSourceList', {
    buttons: [
      ...crud('datasource', '数据源', 'data source').slice(0, 5),
      ['datasource:list', '查询数据源', 'List data sources'],
      ['datasource:test', '测试连接', 'Test connection'],
    ],
  }),
  page('system-popupreport', '在线报表', 'Popup reports', '/system/popupreport', 'system/PopupReportList', {
    buttons: [...crud('onlreport', '报表', 'report').slice(0, 4), ['onlreport:list', '查询报表', 'List reports']],
  }),
  page('system-gateway', '网关路由', 'Gateway routes', '/system/gatewayroute', 'system/GatewayRouteList', {
    buttons: [...crud('gateway', '路由', 'route').slice(0, 5), ['gateway:list', '查询路由', 'List routes']],
  }),
  page('system-position', '职务管理', 'Positions', '/system/position', 'system/PositionList', {
    buttons: [...crud('position', '职务', 'position'), ['position:list', '查询职务', 'List positions']],
  }),
  page('system-addresslist', '通讯录', 'Address list', '/system/addresslist', 'system/AddressList', {
    buttons: [['addresslist:list', '查询通讯录', 'List address book']],
  }),
  page('system-announcement', '系统通告', 'Announcements', '/system/announcement', 'system/AnnouncementList', {
    buttons: [
      ...crud('announcement', '通告', 'announcement'),
      ['announcement:list', '查询通告', 'List announcements'],
      ['announcement:release', '发布通告', 'Publish announcement'],
      ['announcement:revoke', '撤销通告', 'Revoke announcement'],
    ],
  }),
]);

/** Monitoring (系统监控). */
export const MODULES_MENU: MenuSeed = area('modules', '系统监控', 'Monitoring', 'MonitorOutlined', '/modules/message', [
  page('modules-message', '系统消息', 'System messages', '/modules/message', 'modules/SystemMessageList'),
  page('modules-monitor', '监控信息', 'Monitoring info', '/modules/monitor', 'modules/MonitorInfo', {
    perms: 'monitor:view',
  }),
  page('modules-files', '文件存储', 'File storage', '/modules/files', 'modules/FileList', {
    buttons: [
      ...crud('file', '文件', 'file').slice(2, 4),
      ['file:list', '查询文件', 'List files'],
      ['file:download', '下载文件', 'Download file'],
    ],
  }),
]);

/** Account (个人页). */
export const ACCOUNT_MENU: MenuSeed = area(
  'account',
  '个人页',
  'Account',
  'UserOutlined',
  '/account/center',
  [
    page('account-center', '个人中心', 'Account center', '/account/center', 'account/Center'),
    page('account-settings', '个人设置', 'Account settings', '/account/settings', 'account/Settings'),
    page('account-downcenter', '下载中心', 'Download center', '/account/downcenter', 'account/DownloadCenter'),
    page('account-announcement', '我的消息', 'My messages', '/account/announcement', 'account/Announcement'),
  ],
  { hidden: true },
);
