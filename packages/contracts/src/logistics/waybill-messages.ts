import type { BilingualText } from '../i18n';

/** Server messages of the waybill area, merged into `MESSAGES`. */
export const WAYBILL_MESSAGES = {
  waybillNotFound: { 'zh-CN': '运单不存在', 'en-US': 'Waybill not found' },
  waybillNumberExists: { 'zh-CN': '运单编号已存在', 'en-US': 'A waybill with this number already exists' },
  waybillRouteNotFound: { 'zh-CN': '预设路线不存在', 'en-US': 'Preset route not found' },
  waybillDeviceAlreadyOn: {
    'zh-CN': '该设备已开启：{device}（运单 {waybill}）',
    'en-US': 'This device is already on: {device} (waybill {waybill})',
  },
  waybillNotUnstarted: { 'zh-CN': '只有未开始的运单可以执行此操作', 'en-US': 'Only an un-started waybill allows this' },
  waybillNotOngoing: { 'zh-CN': '只有进行中的运单可以结束', 'en-US': 'Only an ongoing waybill can be stopped' },
  waybillCompleted: { 'zh-CN': '运单已完成，不能修改', 'en-US': 'The waybill is completed and cannot be changed' },
  waybillLastDevice: { 'zh-CN': '运单至少需要关联一个设备', 'en-US': 'A waybill keeps at least one device' },
  waybillOutsideDivision: {
    'zh-CN': '该运单的车辆不属于您的部门：{waybill}',
    'en-US': "This waybill's vehicle is not in your division: {waybill}",
  },
  deviceOutsideDivision: { 'zh-CN': '设备不属于您的部门：{id}', 'en-US': 'Device not in your division: {id}' },
} as const satisfies Record<string, BilingualText>;
