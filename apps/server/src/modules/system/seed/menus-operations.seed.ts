import { area, crud, HIDDEN, page, type MenuSeed } from './menu-builders';

/** Menu areas of the daily work: dashboard, devices, waybills, scenes, warehouses. */

/** Dashboard (首页). */
export const DASHBOARD_MENU: MenuSeed = area(
  'dashboard',
  '首页',
  'Dashboard',
  'DashboardOutlined',
  '/dashboard/analysis',
  [
    page('dashboard-analysis', '分析页', 'Analysis', '/dashboard/analysis', 'dashboard/Analysis'),
    page('dashboard-bigscreen', '数据大屏', 'Big-data screen', '/dashboard/bigscreen', 'dashboard/BigScreen', HIDDEN),
  ],
);

/** Devices (设备管理). */
export const DEVICE_MENU: MenuSeed = area('device', '设备管理', 'Devices', 'ClusterOutlined', '/device/list', [
  page('device-list', '设备列表', 'Device list', '/device/list', 'device/DeviceList', {
    perms: 'device:list',
    buttons: [
      ['device:edit', '编辑设备', 'Edit device'],
      ['device:shutdown', '远程关机', 'Remote shutdown'],
      ['device:alias', '修改别名', 'Change alias'],
      ['device:export', '导出设备数据', 'Export device data'],
    ],
  }),
  page('device-lawson', '罗森设备列表', 'Lawson device list', '/device/lawson', 'device/LawsonDeviceList'),
  page('device-detail', '设备详情', 'Device detail', '/device/detail/:id', 'device/DeviceDetail', HIDDEN),
  page('device-edit', '编辑设备', 'Edit device', '/device/edit/:id', 'device/DeviceEdit', HIDDEN),
  page('device-history', '历史数据', 'History', '/device/history/:id', 'device/DeviceHistory', HIDDEN),
  page('device-event', '设备事件', 'Events', '/device/event/:id', 'device/DeviceEvent', HIDDEN),
  page('device-log', '设备日志', 'Device log', '/device/log/:id', 'device/DeviceLog', HIDDEN),
  page('device-map', '设备地图', 'Device map', '/device/map', 'device/DeviceMap'),
  page('device-chart', '设备图表', 'Device chart', '/device/chart/:id', 'device/DeviceChart', HIDDEN),
  page('device-group', '设备分组', 'Device groups', '/device/group', 'device/DeviceGroupList', {
    perms: 'device:group:list',
    buttons: [...crud('device:group', '分组', 'group').slice(0, 3)],
  }),
  page('device-gateway', '网关列表', 'Gateways', '/device/gateway', 'device/GatewayList', {
    perms: 'device:gateway:list',
  }),
  page('device-loglist', '设备日志列表', 'Device logs', '/device/loglist', 'device/DeviceLogList'),
]);

/** Waybills (运单管理). */
export const TASK_MENU: MenuSeed = area('task', '运单管理', 'Waybills', 'CarOutlined', '/task/list', [
  page('task-list', '运单列表', 'Waybill list', '/task/list', 'task/TaskList', {
    perms: 'task:list',
    buttons: [
      ...crud('task', '运单', 'waybill').slice(0, 3),
      ['task:start', '开始运单', 'Start waybill'],
      ['task:stop', '结束运单', 'Stop waybill'],
      ['task:copy', '复制运单', 'Copy waybill'],
      ['task:export', '导出运单报告', 'Export waybill report'],
    ],
  }),
  page('task-detail', '运单详情', 'Waybill detail', '/task/detail/:id', 'task/TaskDetail', HIDDEN),
  page('task-edit', '编辑运单', 'Edit waybill', '/task/edit/:id', 'task/TaskEdit', HIDDEN),
  page('task-chart', '运单图表', 'Waybill chart', '/task/chart/:id', 'task/TaskChart', HIDDEN),
  page('task-maplist', '运单地图', 'Waybill map', '/task/maplist', 'task/TaskMapList', { perms: 'task:list' }),
  page('task-maphistory', '轨迹回放', 'Track history', '/task/maphistory/:id', 'task/TaskMapHistory', HIDDEN),
  page('task-speed', '速度曲线', 'Speed', '/task/speed/:id', 'task/TaskSpeed', HIDDEN),
]);

/** Scenes (场景管理). */
export const SCENE_MENU: MenuSeed = area('scene', '场景管理', 'Scenes', 'AppstoreOutlined', '/scene/list', [
  page('scene-list', '场景列表', 'Scene list', '/scene/list', 'scene/SceneList', {
    perms: 'scene:list',
    buttons: [...crud('scene', '场景', 'scene').slice(0, 3), ['scene:export', '导出场景报告', 'Export scene report']],
  }),
  page('scene-detail', '场景详情', 'Scene detail', '/scene/detail/:id', 'scene/SceneDetail', HIDDEN),
  page('scene-edit', '编辑场景', 'Edit scene', '/scene/edit/:id', 'scene/SceneEdit', HIDDEN),
  page('scene-params', '场景参数', 'Scene parameters', '/scene/params/:id', 'scene/SceneParams', HIDDEN),
]);

/** Warehouses (仓库管理). */
export const WAREHOUSE_MENU: MenuSeed = area('warehouse', '仓库管理', 'Warehouses', 'HomeOutlined', '/warehouse/list', [
  page('warehouse-list', '仓库列表', 'Warehouses', '/warehouse/list', 'warehouse/WarehouseList', {
    perms: 'warehouse:list',
    buttons: [
      ...crud('warehouse', '仓库', 'warehouse').slice(0, 3),
      ['warehouse:export', '导出仓库', 'Export warehouses'],
    ],
  }),
  page('warehouse-detail', '仓库视图', 'Warehouse view', '/warehouse/detail/:id', 'warehouse/WarehouseDetail', HIDDEN),
  page('warehouse-edit', '编辑仓库', 'Edit warehouse', '/warehouse/edit/:id', 'warehouse/WarehouseEdit', HIDDEN),
  page('warehouse-create', '新建仓库', 'New warehouse', '/warehouse/create', 'warehouse/WarehouseCreate', HIDDEN),
  page('warehouse-ammeter', '电表列表', 'Ammeters', '/warehouse/ammeter', 'warehouse/AmmeterList', {
    buttons: [
      ['ammeter:read', '抄表', 'Read meters'],
      ['ammeter:config', '电表配置', 'Configure ammeters'],
      ['ammeter:export', '导出电量', 'Export energy'],
    ],
  }),
  page('warehouse-plug', '插座列表', 'Plugs', '/warehouse/plug', 'warehouse/PlugList', {
    buttons: [['plug:switch', '插座开关', 'Switch plugs']],
  }),
  page('warehouse-tag', '标签列表', 'Tags', '/warehouse/tag', 'warehouse/TagList'),
  page('warehouse-boilpot', '煮锅', 'Boil pots', '/warehouse/boilpot', 'warehouse/BoilPot'),
  page('warehouse-oden', '关东煮机', 'Oden cookers', '/warehouse/oden', 'warehouse/OdenCooker', {
    buttons: [['cooker:setPoint', '设定温度', 'Set cooker temperature']],
  }),
  page('warehouse-external', '外接设备', 'External devices', '/warehouse/external', 'warehouse/ExternalDeviceList', {
    buttons: [
      ['external:list', '查询外接设备', 'List external devices'],
      ...crud('modbus', 'Modbus设备', 'Modbus devices').slice(0, 3),
      ['modbus:list', '查询Modbus设备', 'List Modbus devices'],
      ...crud('thirdParty', '第三方集成', 'integrations').slice(0, 3),
      ['thirdParty:list', '查询第三方集成', 'List integrations'],
    ],
  }),
  page(
    'warehouse-ammeter-config',
    '电表配置',
    'Ammeter configuration',
    '/warehouse/ammeter/config/:id',
    'warehouse/AmmeterConfig',
    HIDDEN,
  ),
  page(
    'warehouse-ammeter-chart',
    '电表图表',
    'Ammeter chart',
    '/warehouse/ammeter/chart/:id',
    'warehouse/AmmeterChart',
    HIDDEN,
  ),
  page('warehouse-plug-chart', '插座图表', 'Plug chart', '/warehouse/plug/chart/:id', 'warehouse/PlugChart', HIDDEN),
  page(
    'warehouse-plug-history',
    '插座历史',
    'Plug history',
    '/warehouse/plug/history/:id',
    'warehouse/PlugHistory',
    HIDDEN,
  ),
  page(
    'warehouse-external-chart',
    '外接设备图表',
    'External device chart',
    '/warehouse/external/chart/:id',
    'warehouse/ExternalDeviceChart',
    HIDDEN,
  ),
]);
