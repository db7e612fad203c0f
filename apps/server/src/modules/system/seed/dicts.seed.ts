/** Dictionaries named by the spec (SPEC §3, §4, §9), seeded once: code → [value, zh, en]. */
export interface DictSeed {
  code: string;
  name: string;
  nameEn: string;
  items: [value: string, zh: string, en: string][];
}

export const DICT_SEED: DictSeed[] = [
  {
    code: 'sex',
    name: '性别',
    nameEn: 'Sex',
    items: [
      ['1', '男', 'Male'],
      ['2', '女', 'Female'],
    ],
  },
  {
    code: 'user_status',
    name: '用户状态',
    nameEn: 'User status',
    items: [
      ['1', '正常', 'Normal'],
      ['2', '冻结', 'Frozen'],
    ],
  },
  {
    code: 'user_identity',
    name: '用户身份',
    nameEn: 'User identity',
    items: [
      ['1', '普通用户', 'Normal user'],
      ['2', '上级', 'Upper level'],
    ],
  },
  {
    code: 'priority',
    name: '通告优先级',
    nameEn: 'Announcement priority',
    items: [
      ['L', '一般', 'General'],
      ['M', '重要', 'Important'],
      ['H', '紧急', 'Urgent'],
    ],
  },
  {
    code: 'msg_category',
    name: '消息类型',
    nameEn: 'Message category',
    items: [
      ['1', '通知公告', 'Notice'],
      ['2', '系统消息', 'System message'],
    ],
  },
  {
    code: 'send_status',
    name: '发布状态',
    nameEn: 'Send status',
    items: [
      ['0', '未发布', 'Unpublished'],
      ['1', '已发布', 'Published'],
      ['2', '已撤销', 'Revoked'],
    ],
  },
  {
    code: 'alarm_flag',
    name: '告警标识',
    nameEn: 'Alarm flag',
    items: [
      ['0', '非告警', 'Non-alarm'],
      ['1', '告警', 'Alarm'],
      ['3', '忽略', 'Ignore'],
    ],
  },
  {
    code: 'push_type',
    name: '推送类型',
    nameEn: 'Push type',
    items: [
      ['1', '短信', 'SMS'],
      ['2', '微信', 'WeChat'],
      ['4', '邮件', 'Email'],
    ],
  },
  {
    code: 'waybill_status',
    name: '运单状态',
    nameEn: 'Waybill status',
    items: [
      ['0', '未开始', 'Un-started'],
      ['1', '运输中', 'Ongoing'],
      ['2', '已完成', 'Completed'],
    ],
  },
  {
    code: 'export_file_status',
    name: '导出文件状态',
    nameEn: 'Export file status',
    items: [
      ['0', '生成中', 'Generating'],
      ['1', '生成成功', 'Generated'],
      ['2', '生成失败', 'Generation failed'],
    ],
  },
  {
    code: 'device_work_status',
    name: '设备工作状态',
    nameEn: 'Device work status',
    items: [
      ['1', '工作', 'Working'],
      ['0', '空闲', 'Idle'],
    ],
  },
  {
    code: 'bind_status',
    name: '绑定状态',
    nameEn: 'Binding state',
    items: [
      ['1', '已绑定', 'Bound'],
      ['0', '未绑定', 'Unbound'],
    ],
  },
  {
    code: 'device_event_type',
    name: '设备事件',
    nameEn: 'Device event',
    items: [
      ['power_on', '开机', 'Power on'],
      ['power_off', '关机', 'Power off'],
      ['flight_on', '开启飞行模式', 'Flight mode on'],
      ['flight_off', '关闭飞行模式', 'Flight mode off'],
      ['low_power_on', '开启低功耗', 'Low-power mode on'],
      ['low_power_off', '关闭低功耗', 'Low-power mode off'],
      ['charging_on', '开始充电', 'Charging'],
      ['charging_off', '停止充电', 'Not charging'],
    ],
  },
  {
    code: 'rule_template_category',
    name: '规则模板类别',
    nameEn: 'Rule template category',
    items: [
      ['1', '环境', 'Environment'],
      ['2', '运动', 'Motion'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    nameEn: 'Organization type',
    items: [
      ['1', '公司', 'Company'],
      ['2', '部门', 'Department'],
      ['3', '岗位', 'Post'],
    ],
  },
  {
    code: 'menu_type',
    name: '菜单类型',
    nameEn: 'Menu type',
    items: [
      ['0', '一级菜单', 'Top menu'],
      ['1', '子菜单', 'Sub menu'],
      ['2', '按钮/权限', 'Button'],
    ],
  },
  {
    code: 'valid_status',
    name: '有效状态',
    nameEn: 'Valid status',
    items: [
      ['1', '有效', 'Valid'],
      ['0', '无效', 'Invalid'],
    ],
  },
  {
    code: 'tenant_status',
    name: '租户状态',
    nameEn: 'Tenant status',
    items: [
      ['1', '正常', 'Normal'],
      ['0', '冻结', 'Frozen'],
    ],
  },
  {
    code: 'yn',
    name: '是否',
    nameEn: 'Yes/No',
    items: [
      ['Y', '是', 'Yes'],
      ['N', '否', 'No'],
    ],
  },
  {
    code: 'log_type',
    name: '日志类型',
    nameEn: 'Log type',
    items: [
      ['1', '登录日志', 'Login log'],
      ['2', '操作日志', 'Operation log'],
    ],
  },
  {
    code: 'locate_mode',
    name: '定位方式',
    nameEn: 'Locate mode',
    items: [
      ['1', 'GPS', 'GPS'],
      ['2', '基站', 'Cell tower'],
      ['3', 'WIFI', 'Wi-Fi'],
    ],
  },
  {
    code: 'quartz_status',
    name: '任务状态',
    nameEn: 'Job status',
    items: [
      ['0', '正常', 'Running'],
      ['-1', '停止', 'Stopped'],
    ],
  },
  {
    code: 'export_file_type',
    name: '导出文件类型',
    nameEn: 'Export file type',
    items: [
      ['1', '单终端PDF', 'Single terminal PDF'],
      ['2', '单终端Excel', 'Single terminal Excel'],
      ['3', '多终端PDF', 'Multiple terminal PDF'],
      ['4', '多终端Excel', 'Multiple terminal Excel'],
      ['5', '仓库日报', 'Warehouse daily report'],
      ['6', '运单ZIP', 'Waybill ZIP'],
      ['7', '便携式报告', 'Portable report'],
      ['8', '车载报告', 'Vehicle report'],
      ['9', '蓝牙报告', 'Bluetooth report'],
      ['a', '医药报告', 'Medical report'],
      ['b', '电表报告', 'Meter report'],
      ['c', 'V4报告', 'V4 report'],
      ['d', '定制报告', 'Customised report'],
      ['ga', '网关告警', 'Gateway alarms'],
    ],
  },
];
