/**
 * The permission/menu tree seeded for every area of SPEC §2. Screens not built yet keep their
 * component name; the console opens its "not available yet" page for any component it does not
 * know, so no menu leads to a blank route. Ids are stable so later releases can add to the tree.
 */
export interface MenuSeed {
  id: string;
  name: string;
  nameEn: string;
  /** Route path; buttons have none. */
  path?: string;
  component?: string;
  icon?: string;
  hidden?: boolean;
  redirect?: string;
  /** Button permission codes under this menu: [code, Chinese name, English name]. */
  buttons?: [string, string, string][];
  /** Permission code of the menu itself (route filter, menu-level auth). */
  perms?: string;
  children?: MenuSeed[];
  keepAlive?: boolean;
}

const crud = (prefix: string, zh: string, en: string): [string, string, string][] => [
  [`${prefix}:add`, `新增${zh}`, `Add ${en}`],
  [`${prefix}:edit`, `编辑${zh}`, `Edit ${en}`],
  [`${prefix}:delete`, `删除${zh}`, `Delete ${en}`],
  [`${prefix}:batch_delete`, `批量删除${zh}`, `Batch delete ${en}`],
  [`${prefix}:export`, `导出${zh}`, `Export ${en}`],
  [`${prefix}:import`, `导入${zh}`, `Import ${en}`],
];

export const MENU_SEED: MenuSeed[] = [
  {
    id: 'dashboard', name: '首页', nameEn: 'Dashboard', path: '/dashboard', component: 'layouts/RouteView', icon: 'DashboardOutlined', redirect: '/dashboard/analysis',
    children: [
      { id: 'dashboard-analysis', name: '分析页', nameEn: 'Analysis', path: '/dashboard/analysis', component: 'dashboard/Analysis' },
      { id: 'dashboard-bigscreen', name: '数据大屏', nameEn: 'Big-data screen', path: '/dashboard/bigscreen', component: 'dashboard/BigScreen', hidden: true },
    ],
  },
  {
    id: 'device', name: '设备管理', nameEn: 'Devices', path: '/device', component: 'layouts/RouteView', icon: 'ClusterOutlined', redirect: '/device/list',
    children: [
      {
        id: 'device-list', name: '设备列表', nameEn: 'Device list', path: '/device/list', component: 'device/DeviceList', perms: 'device:list',
        buttons: [
          ['device:edit', '编辑设备', 'Edit device'],
          ['device:shutdown', '远程关机', 'Remote shutdown'],
          ['device:alias', '修改别名', 'Change alias'],
          ['device:export', '导出设备数据', 'Export device data'],
        ],
      },
      { id: 'device-lawson', name: '罗森设备列表', nameEn: 'Lawson device list', path: '/device/lawson', component: 'device/LawsonDeviceList' },
      { id: 'device-detail', name: '设备详情', nameEn: 'Device detail', path: '/device/detail/:id', component: 'device/DeviceDetail', hidden: true },
      { id: 'device-edit', name: '编辑设备', nameEn: 'Edit device', path: '/device/edit/:id', component: 'device/DeviceEdit', hidden: true },
      { id: 'device-history', name: '历史数据', nameEn: 'History', path: '/device/history/:id', component: 'device/DeviceHistory', hidden: true },
      { id: 'device-event', name: '设备事件', nameEn: 'Events', path: '/device/event/:id', component: 'device/DeviceEvent', hidden: true },
      { id: 'device-log', name: '设备日志', nameEn: 'Device log', path: '/device/log/:id', component: 'device/DeviceLog', hidden: true },
      { id: 'device-map', name: '设备地图', nameEn: 'Device map', path: '/device/map', component: 'device/DeviceMap' },
      { id: 'device-chart', name: '设备图表', nameEn: 'Device chart', path: '/device/chart/:id', component: 'device/DeviceChart', hidden: true },
      {
        id: 'device-group', name: '设备分组', nameEn: 'Device groups', path: '/device/group', component: 'device/DeviceGroupList', perms: 'device:group:list',
        buttons: crud('device:group', '分组', 'group').slice(0, 3),
      },
      { id: 'device-gateway', name: '网关列表', nameEn: 'Gateways', path: '/device/gateway', component: 'device/GatewayList', perms: 'device:gateway:list' },
      { id: 'device-loglist', name: '设备日志列表', nameEn: 'Device logs', path: '/device/loglist', component: 'device/DeviceLogList' },
    ],
  },
  {
    id: 'task', name: '运单管理', nameEn: 'Waybills', path: '/task', component: 'layouts/RouteView', icon: 'CarOutlined', redirect: '/task/list',
    children: [
      {
        id: 'task-list', name: '运单列表', nameEn: 'Waybill list', path: '/task/list', component: 'task/TaskList', perms: 'task:list',
        buttons: [
          ...crud('task', '运单', 'waybill').slice(0, 3),
          ['task:start', '开始运单', 'Start waybill'],
          ['task:stop', '结束运单', 'Stop waybill'],
          ['task:copy', '复制运单', 'Copy waybill'],
          ['task:export', '导出运单报告', 'Export waybill report'],
        ],
      },
      { id: 'task-detail', name: '运单详情', nameEn: 'Waybill detail', path: '/task/detail/:id', component: 'task/TaskDetail', hidden: true },
      { id: 'task-edit', name: '编辑运单', nameEn: 'Edit waybill', path: '/task/edit/:id', component: 'task/TaskEdit', hidden: true },
      { id: 'task-chart', name: '运单图表', nameEn: 'Waybill chart', path: '/task/chart/:id', component: 'task/TaskChart', hidden: true },
      { id: 'task-maplist', name: '运单地图', nameEn: 'Waybill map', path: '/task/maplist', component: 'task/TaskMapList', perms: 'task:list' },
      { id: 'task-maphistory', name: '轨迹回放', nameEn: 'Track history', path: '/task/maphistory/:id', component: 'task/TaskMapHistory', hidden: true },
      { id: 'task-speed', name: '速度曲线', nameEn: 'Speed', path: '/task/speed/:id', component: 'task/TaskSpeed', hidden: true },
    ],
  },
  {
    id: 'scene', name: '场景管理', nameEn: 'Scenes', path: '/scene', component: 'layouts/RouteView', icon: 'AppstoreOutlined', redirect: '/scene/list',
    children: [
      {
        id: 'scene-list', name: '场景列表', nameEn: 'Scene list', path: '/scene/list', component: 'scene/SceneList', perms: 'scene:list',
        buttons: [...crud('scene', '场景', 'scene').slice(0, 3), ['scene:export', '导出场景报告', 'Export scene report']],
      },
      { id: 'scene-detail', name: '场景详情', nameEn: 'Scene detail', path: '/scene/detail/:id', component: 'scene/SceneDetail', hidden: true },
      { id: 'scene-edit', name: '编辑场景', nameEn: 'Edit scene', path: '/scene/edit/:id', component: 'scene/SceneEdit', hidden: true },
      { id: 'scene-params', name: '场景参数', nameEn: 'Scene parameters', path: '/scene/params/:id', component: 'scene/SceneParams', hidden: true },
    ],
  },
  {
    id: 'warehouse', name: '仓库管理', nameEn: 'Warehouses', path: '/warehouse', component: 'layouts/RouteView', icon: 'HomeOutlined', redirect: '/warehouse/list',
    children: [
      {
        id: 'warehouse-list', name: '仓库列表', nameEn: 'Warehouses', path: '/warehouse/list', component: 'warehouse/WarehouseList', perms: 'warehouse:list',
        buttons: [...crud('warehouse', '仓库', 'warehouse').slice(0, 3), ['warehouse:export', '导出仓库', 'Export warehouses']],
      },
      { id: 'warehouse-detail', name: '仓库视图', nameEn: 'Warehouse view', path: '/warehouse/detail/:id', component: 'warehouse/WarehouseDetail', hidden: true },
      { id: 'warehouse-edit', name: '编辑仓库', nameEn: 'Edit warehouse', path: '/warehouse/edit/:id', component: 'warehouse/WarehouseEdit', hidden: true },
      { id: 'warehouse-create', name: '新建仓库', nameEn: 'New warehouse', path: '/warehouse/create', component: 'warehouse/WarehouseCreate', hidden: true },
      // issue 14: EQUIPMENT_PERMS buttons of contracts (reads need device:list)
      {
        id: 'warehouse-ammeter', name: '电表列表', nameEn: 'Ammeters', path: '/warehouse/ammeter', component: 'warehouse/AmmeterList',
        buttons: [['ammeter:read', '抄表', 'Read meters'], ['ammeter:config', '电表配置', 'Configure ammeters'], ['ammeter:export', '导出电量', 'Export energy']],
      },
      { id: 'warehouse-plug', name: '插座列表', nameEn: 'Plugs', path: '/warehouse/plug', component: 'warehouse/PlugList', buttons: [['plug:switch', '插座开关', 'Switch plugs']] },
      { id: 'warehouse-tag', name: '标签列表', nameEn: 'Tags', path: '/warehouse/tag', component: 'warehouse/TagList' },
      { id: 'warehouse-boilpot', name: '煮锅', nameEn: 'Boil pots', path: '/warehouse/boilpot', component: 'warehouse/BoilPot' },
      // one set-point button for pots and cookers (the boil pot page checks the same code)
      { id: 'warehouse-oden', name: '关东煮机', nameEn: 'Oden cookers', path: '/warehouse/oden', component: 'warehouse/OdenCooker', buttons: [['cooker:setPoint', '设定温度', 'Set cooker temperature']] },
      {
        id: 'warehouse-external', name: '外接设备', nameEn: 'External devices', path: '/warehouse/external', component: 'warehouse/ExternalDeviceList',
        // issue 14 items 2-3: INTEGRATION_PERMS of contracts (Modbus configs, third-party integrations)
        buttons: [['external:list', '查询外接设备', 'List external devices'], ...crud('modbus', 'Modbus设备', 'Modbus devices').slice(0, 3), ['modbus:list', '查询Modbus设备', 'List Modbus devices'],
          ...crud('thirdParty', '第三方集成', 'integrations').slice(0, 3), ['thirdParty:list', '查询第三方集成', 'List integrations']],
      },
      // hidden routes of the equipment screens (issue 14 item 4), opened from their lists
      { id: 'warehouse-ammeter-config', name: '电表配置', nameEn: 'Ammeter configuration', path: '/warehouse/ammeter/config/:id', component: 'warehouse/AmmeterConfig', hidden: true },
      { id: 'warehouse-ammeter-chart', name: '电表图表', nameEn: 'Ammeter chart', path: '/warehouse/ammeter/chart/:id', component: 'warehouse/AmmeterChart', hidden: true },
      { id: 'warehouse-plug-chart', name: '插座图表', nameEn: 'Plug chart', path: '/warehouse/plug/chart/:id', component: 'warehouse/PlugChart', hidden: true },
      { id: 'warehouse-plug-history', name: '插座历史', nameEn: 'Plug history', path: '/warehouse/plug/history/:id', component: 'warehouse/PlugHistory', hidden: true },
      { id: 'warehouse-external-chart', name: '外接设备图表', nameEn: 'External device chart', path: '/warehouse/external/chart/:id', component: 'warehouse/ExternalDeviceChart', hidden: true },
    ],
  },
  {
    id: 'alarm', name: '告警管理', nameEn: 'Alarms', path: '/alarm', component: 'layouts/RouteView', icon: 'AlertOutlined', redirect: '/alarm/list',
    children: [
      { id: 'alarm-list', name: '告警列表', nameEn: 'Alarm list', path: '/alarm/list', component: 'alarm/AlarmList', perms: 'alarm:list', buttons: [['alarm:process', '处理告警', 'Process alarm'], ['alarm:export', '导出告警', 'Export alarms']] },
      { id: 'alarm-gateway', name: '网关告警', nameEn: 'Gateway alarms', path: '/alarm/gateway', component: 'alarm/GatewayAlarmList', perms: 'alarm:gateway:list' },
      { id: 'alarm-process', name: '处理记录', nameEn: 'Process records', path: '/alarm/process', component: 'alarm/ProcessRecordList', perms: 'alarm:record:list', buttons: [['alarm:record:export', '导出处理记录', 'Export process records']] },
    ],
  },
  {
    id: 'push', name: '推送记录', nameEn: 'Pushes', path: '/push', component: 'layouts/RouteView', icon: 'NotificationOutlined', redirect: '/push/list',
    children: [{ id: 'push-list', name: '推送列表', nameEn: 'Push list', path: '/push/list', component: 'push/PushList', perms: 'push:list', buttons: [['push:export', '导出推送记录', 'Export pushes']] }],
  },
  {
    id: 'share', name: '共享管理', nameEn: 'Shares', path: '/share', component: 'layouts/RouteView', icon: 'ShareAltOutlined', redirect: '/share/devices',
    children: [
      { id: 'share-devices', name: '共享设备', nameEn: 'Shared devices', path: '/share/devices', component: 'share/SharedDeviceList', perms: 'share:received' },
      {
        id: 'share-list', name: '共享列表', nameEn: 'Share list', path: '/share/list', component: 'share/ShareList', perms: 'share:list',
        buttons: [['share:add', '新增共享', 'Add share'], ['share:edit', '编辑共享', 'Edit share'], ['share:unbind', '解除共享', 'End share']],
      },
    ],
  },
  {
    id: 'subscribe', name: '订阅管理', nameEn: 'Subscriptions', path: '/subscribe', component: 'layouts/RouteView', icon: 'ShoppingCartOutlined', redirect: '/subscribe/orders',
    children: [
      {
        id: 'subscribe-orders', name: '订单列表', nameEn: 'Orders', path: '/subscribe/orders', component: 'subscribe/OrderList', perms: 'subscribe:list',
        buttons: [['subscribe:renew', '续费', 'Renew'], ['subscribe:cancel', '取消订单', 'Cancel order'], ['subscribe:confirmPay', '确认收款', 'Confirm payment'], ['subscribe:export', '导出订单', 'Export orders']],
      },
      { id: 'subscribe-detail', name: '订单详情', nameEn: 'Order detail', path: '/subscribe/detail/:id', component: 'subscribe/OrderDetail', hidden: true },
    ],
  },
  {
    id: 'settings', name: '设置', nameEn: 'Settings', path: '/settings', component: 'layouts/RouteView', icon: 'ToolOutlined', redirect: '/settings/paths',
    children: [
      { id: 'settings-paths', name: '路线设置', nameEn: 'Routes', path: '/settings/paths', component: 'settings/PathList', perms: 'path:list', buttons: crud('path', '路线', 'route').slice(0, 3) },
      { id: 'settings-points', name: '常用地点', nameEn: 'Locations', path: '/settings/points', component: 'settings/PointList', perms: 'point:list', buttons: crud('point', '地点', 'location').slice(0, 3) },
      { id: 'settings-templates', name: '规则模板', nameEn: 'Rule templates', path: '/settings/templates', component: 'settings/RuleTemplateList', perms: 'template:list', buttons: [...crud('template', '规则模板', 'rule template').slice(0, 3), ['template:bind', '绑定设备', 'Bind devices']] },
      { id: 'settings-usergroups', name: '用户组', nameEn: 'User groups', path: '/settings/usergroups', component: 'settings/UserGroupList', perms: 'usergroup:list', buttons: crud('usergroup', '用户组', 'user group').slice(0, 3) },
    ],
  },
  {
    id: 'system', name: '系统管理', nameEn: 'System', path: '/system', component: 'layouts/RouteView', icon: 'SettingOutlined', redirect: '/system/user',
    children: [
      { id: 'system-user', name: '用户管理', nameEn: 'Users', path: '/system/user', component: 'system/UserList', buttons: [...crud('user', '用户', 'user'), ['user:list', '查询用户', 'List users'], ['user:freeze', '冻结用户', 'Freeze user'], ['user:recycle', '回收站', 'Recycle bin'], ['user:password', '重置密码', 'Reset password']] },
      { id: 'system-depart', name: '部门管理', nameEn: 'Departments', path: '/system/depart', component: 'system/DepartList', buttons: [...crud('depart', '部门', 'department'), ['depart:list', '查询部门', 'List departments'], ['depart:auth', '部门授权', 'Department permissions']] },
      { id: 'system-role', name: '角色管理', nameEn: 'Roles', path: '/system/role', component: 'system/RoleList', buttons: [...crud('role', '角色', 'role'), ['role:auth', '角色授权', 'Assign permissions'], ['role:list', '查询角色', 'List roles']] },
      { id: 'system-permission', name: '菜单管理', nameEn: 'Permissions', path: '/system/permission', component: 'system/PermissionList', buttons: [...crud('permission', '菜单', 'menu').slice(0, 4), ['permission:list', '查询菜单', 'List menus']] },
      { id: 'system-datarule', name: '数据规则', nameEn: 'Data rules', path: '/system/datarule', component: 'system/DataRuleList' },
      { id: 'system-tenant', name: '租户管理', nameEn: 'Tenants', path: '/system/tenant', component: 'system/TenantList', buttons: [...crud('tenant', '租户', 'tenant').slice(0, 4), ['tenant:list', '查询租户', 'List tenants']] },
      { id: 'system-dict', name: '数据字典', nameEn: 'Dictionaries', path: '/system/dict', component: 'system/DictList', buttons: [...crud('dict', '字典', 'dictionary'), ['dict:refresh', '刷新缓存', 'Refresh cache'], ['dict:list', '查询字典', 'List dictionaries']] },
      { id: 'system-log', name: '日志管理', nameEn: 'Logs', path: '/system/log', component: 'system/LogList', buttons: [['log:list', '查询日志', 'List logs'], ['log:delete', '删除日志', 'Delete logs'], ['log:batch_delete', '批量删除日志', 'Batch delete logs']] },
      { id: 'system-ledger', name: '记录完整性', nameEn: 'Record integrity', path: '/system/ledger', component: 'system/LedgerVerify', perms: 'ledger:verify' },
      { id: 'system-quartz', name: '定时任务', nameEn: 'Scheduled jobs', path: '/system/quartz', component: 'system/QuartzJobList', buttons: [...crud('quartz', '任务', 'job'), ['quartz:list', '查询任务', 'List jobs'], ['quartz:pause', '暂停任务', 'Pause job'], ['quartz:resume', '启动任务', 'Start job'], ['quartz:execute', '执行一次', 'Run once']] },
      { id: 'system-category', name: '分类字典', nameEn: 'Categories', path: '/system/category', component: 'system/CategoryList', buttons: [...crud('category', '分类', 'category'), ['category:list', '查询分类', 'List categories']] },
      { id: 'system-checkrule', name: '校验规则', nameEn: 'Check rules', path: '/system/checkrule', component: 'system/CheckRuleList', buttons: [...crud('checkrule', '校验规则', 'check rule').slice(0, 4), ['checkrule:list', '查询校验规则', 'List check rules']] },
      { id: 'system-fillrule', name: '填值规则', nameEn: 'Fill rules', path: '/system/fillrule', component: 'system/FillRuleList', buttons: [...crud('fillrule', '填值规则', 'fill rule').slice(0, 4), ['fillrule:list', '查询填值规则', 'List fill rules']] },
      { id: 'system-datasource', name: '数据源管理', nameEn: 'Data sources', path: '/system/datasource', component: 'system/DataSourceList', buttons: [...crud('datasource', '数据源', 'data source').slice(0, 5), ['datasource:list', '查询数据源', 'List data sources'], ['datasource:test', '测试连接', 'Test connection']] },
      { id: 'system-popupreport', name: '在线报表', nameEn: 'Popup reports', path: '/system/popupreport', component: 'system/PopupReportList', buttons: [...crud('onlreport', '报表', 'report').slice(0, 4), ['onlreport:list', '查询报表', 'List reports']] },
      { id: 'system-gateway', name: '网关路由', nameEn: 'Gateway routes', path: '/system/gatewayroute', component: 'system/GatewayRouteList', buttons: [...crud('gateway', '路由', 'route').slice(0, 5), ['gateway:list', '查询路由', 'List routes']] },
      { id: 'system-position', name: '职务管理', nameEn: 'Positions', path: '/system/position', component: 'system/PositionList', buttons: [...crud('position', '职务', 'position'), ['position:list', '查询职务', 'List positions']] },
      { id: 'system-addresslist', name: '通讯录', nameEn: 'Address list', path: '/system/addresslist', component: 'system/AddressList', buttons: [['addresslist:list', '查询通讯录', 'List address book']] },
      { id: 'system-announcement', name: '系统通告', nameEn: 'Announcements', path: '/system/announcement', component: 'system/AnnouncementList', buttons: [...crud('announcement', '通告', 'announcement'), ['announcement:list', '查询通告', 'List announcements'], ['announcement:release', '发布通告', 'Publish announcement'], ['announcement:revoke', '撤销通告', 'Revoke announcement']] },
    ],
  },
  {
    id: 'modules', name: '系统监控', nameEn: 'Monitoring', path: '/modules', component: 'layouts/RouteView', icon: 'MonitorOutlined', redirect: '/modules/message',
    children: [
      { id: 'modules-message', name: '系统消息', nameEn: 'System messages', path: '/modules/message', component: 'modules/SystemMessageList' },
      { id: 'modules-monitor', name: '监控信息', nameEn: 'Monitoring info', path: '/modules/monitor', component: 'modules/MonitorInfo', perms: 'monitor:view' },
      { id: 'modules-files', name: '文件存储', nameEn: 'File storage', path: '/modules/files', component: 'modules/FileList', buttons: [...crud('file', '文件', 'file').slice(2, 4), ['file:list', '查询文件', 'List files'], ['file:download', '下载文件', 'Download file']] },
    ],
  },
  {
    id: 'account', name: '个人页', nameEn: 'Account', path: '/account', component: 'layouts/RouteView', icon: 'UserOutlined', hidden: true, redirect: '/account/center',
    children: [
      { id: 'account-center', name: '个人中心', nameEn: 'Account center', path: '/account/center', component: 'account/Center' },
      { id: 'account-settings', name: '个人设置', nameEn: 'Account settings', path: '/account/settings', component: 'account/Settings' },
      { id: 'account-downcenter', name: '下载中心', nameEn: 'Download center', path: '/account/downcenter', component: 'account/DownloadCenter' },
      { id: 'account-announcement', name: '我的消息', nameEn: 'My messages', path: '/account/announcement', component: 'account/Announcement' },
    ],
  },
];

/** Top-level menu ids the operator role gets (everything but administration). */
export const OPERATOR_MENUS = ['dashboard', 'device', 'task', 'scene', 'warehouse', 'alarm', 'push', 'share', 'subscribe', 'settings', 'account'];
/** Top-level menu ids the viewer role gets; viewers get no buttons. */
export const VIEWER_MENUS = ['dashboard', 'device', 'task', 'alarm', 'account'];
