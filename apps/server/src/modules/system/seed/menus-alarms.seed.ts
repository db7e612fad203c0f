import { area, crud, HIDDEN, page, type MenuSeed } from './menu-builders';

/** Menu areas of alarms and their delivery: alarms, push, sharing, subscriptions, settings. */

/** Alarms (告警管理). */
export const ALARM_MENU: MenuSeed = area('alarm', '告警管理', 'Alarms', 'AlertOutlined', '/alarm/list', [
  page('alarm-list', '告警列表', 'Alarm list', '/alarm/list', 'alarm/AlarmList', {
    perms: 'alarm:list',
    buttons: [
      ['alarm:process', '处理告警', 'Process alarm'],
      ['alarm:export', '导出告警', 'Export alarms'],
    ],
  }),
  page('alarm-gateway', '网关告警', 'Gateway alarms', '/alarm/gateway', 'alarm/GatewayAlarmList', {
    perms: 'alarm:gateway:list',
  }),
  page('alarm-process', '处理记录', 'Process records', '/alarm/process', 'alarm/ProcessRecordList', {
    perms: 'alarm:record:list',
    buttons: [['alarm:record:export', '导出处理记录', 'Export process records']],
  }),
]);

/** Pushes (推送记录). */
export const PUSH_MENU: MenuSeed = area('push', '推送记录', 'Pushes', 'NotificationOutlined', '/push/list', [
  page('push-list', '推送列表', 'Push list', '/push/list', 'push/PushList', {
    perms: 'push:list',
    buttons: [['push:export', '导出推送记录', 'Export pushes']],
  }),
]);

/** Shares (共享管理). */
export const SHARE_MENU: MenuSeed = area('share', '共享管理', 'Shares', 'ShareAltOutlined', '/share/devices', [
  page('share-devices', '共享设备', 'Shared devices', '/share/devices', 'share/SharedDeviceList', {
    perms: 'share:received',
  }),
  page('share-list', '共享列表', 'Share list', '/share/list', 'share/ShareList', {
    perms: 'share:list',
    buttons: [...crud('share', '共享', 'share').slice(0, 2), ['share:unbind', '解除共享', 'End share']],
  }),
]);

/** Subscriptions (订阅管理). */
export const SUBSCRIBE_MENU: MenuSeed = area(
  'subscribe',
  '订阅管理',
  'Subscriptions',
  'ShoppingCartOutlined',
  '/subscribe/orders',
  [
    page('subscribe-orders', '订单列表', 'Orders', '/subscribe/orders', 'subscribe/OrderList', {
      perms: 'subscribe:list',
      buttons: [
        ['subscribe:renew', '续费', 'Renew'],
        ['subscribe:cancel', '取消订单', 'Cancel order'],
        ['subscribe:confirmPay', '确认收款', 'Confirm payment'],
        ['subscribe:export', '导出订单', 'Export orders'],
      ],
    }),
    page('subscribe-detail', '订单详情', 'Order detail', '/subscribe/detail/:id', 'subscribe/OrderDetail', HIDDEN),
  ],
);

/** Settings (设置). */
export const SETTINGS_MENU: MenuSeed = area('settings', '设置', 'Settings', 'ToolOutlined', '/settings/paths', [
  page('settings-paths', '路线设置', 'Routes', '/settings/paths', 'settings/PathList', {
    perms: 'path:list',
    buttons: [...crud('path', '路线', 'route').slice(0, 3)],
  }),
  page('settings-points', '常用地点', 'Locations', '/settings/points', 'settings/PointList', {
    perms: 'point:list',
    buttons: [...crud('point', '地点', 'location').slice(0, 3)],
  }),
  page('settings-templates', '规则模板', 'Rule templates', '/settings/templates', 'settings/RuleTemplateList', {
    perms: 'template:list',
    buttons: [
      ...crud('template', '规则模板', 'rule template').slice(0, 3),
      ['template:bind', '绑定设备', 'Bind devices'],
    ],
  }),
  page('settings-usergroups', '用户组', 'User groups', '/settings/usergroups', 'settings/UserGroupList', {
    perms: 'usergroup:list',
    buttons: [...crud('usergroup', '用户组', 'user group').slice(0, 3)],
  }),
]);
