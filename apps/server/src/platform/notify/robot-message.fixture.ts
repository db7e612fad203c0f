import type { PushMessage } from './channel';

/** An alarm as the dispatcher would hand it to a group robot. */
export const ROBOT_MSG: PushMessage = {
  title: '【紧急】SIM-VH-001 温度告警',
  text: '设备:冷藏车一号 (SIM-VH-001)\n类型:温度 P003\n数值:-12.4 °C\n时间:2026-01-05 08:00:00',
  severity: 'H',
  deviceId: 'SIM-VH-001',
  deviceName: '冷藏车一号',
  alarmType: 'P003',
  value: '-12.4 °C',
  time: '2026-01-05 08:00:00',
  url: 'https://iot.example.com/ztj-iot/#/alarm/list?id=42',
};
