import type { BilingualText } from '../i18n';

/** Envelope messages of the equipment calls, merged into `MESSAGES`. */
export const EQUIPMENT_MESSAGES = {
  equipmentNotFound: { 'zh-CN': '设备不存在', 'en-US': 'Device not found' },
  equipmentNotMeter: { 'zh-CN': '该设备不是电表或插座', 'en-US': 'This device is not an ammeter or plug' },
  equipmentOffline: { 'zh-CN': '设备离线，无法下发指令', 'en-US': 'The device is offline; the command was not sent' },
  equipmentCommandUnsupported: {
    'zh-CN': '该类设备不支持此指令',
    'en-US': 'This kind of device does not accept this command',
  },
  equipmentSetPointRange: {
    'zh-CN': '设定温度必须在{min}到{max}°C之间',
    'en-US': 'The set-point must be between {min} and {max} °C',
  },
  equipmentWellRange: { 'zh-CN': '该设备只有{wells}个锅位', 'en-US': 'This device has {wells} wells' },
  meterReportTitle: { 'zh-CN': '电表日电量', 'en-US': 'Daily meter energy' },
} as const satisfies Record<string, BilingualText>;

/** Field-error texts of the equipment schemas (`validation.*`), merged into `VALIDATION_MESSAGES`. */
export const EQUIPMENT_VALIDATION_MESSAGES = {
  'validation.timeOfDay': { 'zh-CN': '请输入时间 HH:mm（00:00-24:00）', 'en-US': 'Enter a time HH:mm (00:00-24:00)' },
  'validation.priceRange': {
    'zh-CN': '电价必须在0到100元/kWh之间',
    'en-US': 'The price must be between 0 and 100 yuan/kWh',
  },
  'validation.tariffOverlap': { 'zh-CN': '时段与其他时段重叠', 'en-US': 'This period overlaps another one' },
  'validation.tariffGap': { 'zh-CN': '时段未覆盖全天24小时', 'en-US': 'The periods do not cover the whole day' },
  'validation.tariffEmpty': { 'zh-CN': '开始时间和结束时间不能相同', 'en-US': 'The start and end must differ' },
  'validation.ratioRange': { 'zh-CN': '变比必须在1到10000之间', 'en-US': 'The ratio must be between 1 and 10000' },
  'validation.positive': { 'zh-CN': '必须大于0', 'en-US': 'Must be greater than 0' },
  'validation.voltageMinMax': {
    'zh-CN': '最高电压必须大于最低电压',
    'en-US': 'The maximum voltage must exceed the minimum',
  },
  'validation.endBeforeBegin': {
    'zh-CN': '结束日期不能早于开始日期',
    'en-US': 'The end date must not be before the begin date',
  },
  'validation.commandUnsupported': {
    'zh-CN': '该类设备不支持此指令',
    'en-US': 'This kind of device does not accept this command',
  },
  'validation.ruleNotBoolean': { 'zh-CN': '该参数不是开关量', 'en-US': 'This parameter is not an on/off value' },
  'validation.setPointRange': {
    'zh-CN': '设定温度超出该设备的范围',
    'en-US': "The set-point is outside the device's range",
  },
} as const satisfies Record<string, BilingualText>;
