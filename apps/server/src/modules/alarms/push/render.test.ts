import { describe, expect, it } from 'vitest';
import { smsTemplateParam, SMS_VARIABLE_MAX_CHARS } from '../../../platform/notify/aliyun-sms.channel';
import { dingtalkMarkdown } from '../../../platform/notify/dingtalk.channel';
import { emailText } from '../../../platform/notify/email.channel';
import { wechatTemplateBody } from '../../../platform/notify/wechat.channel';
import { wecomMarkdown } from '../../../platform/notify/wecom.channel';
import { renderPushMessage, type RenderInput } from './render';

/** 2026-12-02 06:03 UTC = 14:03 in Shanghai. */
const START = Date.UTC(2026, 11, 2, 6, 3, 0);
const URL = 'https://iot.example.com/#/alarm/list?alarmId=a1';

const input: RenderInput = {
  alarm: {
    deviceId: 'SIM-VH-001',
    deviceName: '冷藏车一号',
    ruleName: '疫苗',
    conditionType: 'duration',
    alarmType: 'T001',
    severity: 'H',
    startTs: START,
    raisedTs: START + 60_000,
    endTs: null,
    value: 10.7,
  },
  event: 'raised',
  condition: {
    type: 'duration',
    minutes: 1,
    condition: {
      type: 'range',
      param: 'P003',
      effect: 2,
      min: 2,
      max: 8,
      hysteresis: { margin: 0, clearDelayMinutes: 0 },
    },
  },
};

const SUMMARY_ZH = '温度 10.7 °C，超出 2.0–8.0 °C，持续 1 分钟';
const TIME = '2026-12-02 14:03 (UTC+08:00)';

describe('push messages of every channel come from the one builder', () => {
  it('a duration alarm says the parameter, the value in °C (never min), the limits and the time with zone', () => {
    const m = renderPushMessage(input, { url: URL });
    expect(m).toMatchObject({
      title: '【紧急】冷藏车一号 温度告警',
      parameter: '温度',
      summary: SUMMARY_ZH,
      value: '10.7 °C',
      limit: '2.0–8.0 °C',
      time: TIME,
      shortTime: '12-02 14:03 UTC+8',
      url: URL,
    });
    expect(m.text).not.toContain('min');
  });

  it('e-mail, WeCom and DingTalk carry the text and the link; WeChat and SMS fill their fields', () => {
    const m = renderPushMessage(input, { url: URL });
    const mail = emailText(m);
    expect(mail).toContain(SUMMARY_ZH);
    expect(mail).toContain(`开始时间：${TIME}`);
    expect(mail).toContain('设备：冷藏车一号（SIM-VH-001）');
    expect(mail.endsWith(URL)).toBe(true);
    for (const body of [wecomMarkdown(m), dingtalkMarkdown(m).text]) {
      expect(body).toContain(SUMMARY_ZH);
      expect(body).toContain(TIME);
      expect(body).toContain(URL);
    }
    const wx = wechatTemplateBody('open-1', 'tpl', m) as { url: string; data: Record<string, { value: string }> };
    expect(wx.url).toBe(URL);
    expect(wx.data.keyword2.value).toBe(SUMMARY_ZH);
    expect(wx.data.keyword3.value).toBe('10.7 °C');
    expect(wx.data.keyword4.value).toBe(TIME);
    const sms = JSON.parse(smsTemplateParam(m)) as Record<string, string>;
    expect(sms).toEqual({
      device: '冷藏车一号',
      type: '温度',
      value: '10.7 °C(2.0–8.0 °C)',
      time: '12-02 14:03 UTC+8',
    });
    for (const v of Object.values(sms)) expect([...v].length).toBeLessThanOrEqual(SMS_VARIABLE_MAX_CHARS);
  });

  it('renders English, the tenant zone carried by the input over the default, and the reminder number', () => {
    const en = renderPushMessage(
      { ...input, event: 'reminder', reminder: 3, timeZone: 'Europe/Berlin' },
      { lang: 'en-US', timeZone: 'Asia/Shanghai' },
    );
    expect(en.title).toBe('[Urgent] 冷藏车一号 Temperature alarm (Reminder 3)');
    expect(en.text).toContain('Reminder 3: Temperature 10.7 °C, outside 2.0–8.0 °C for 1 minute');
    expect(en.text).toContain('Started: 2026-12-02 07:03 (UTC+01:00)');
    const sms = JSON.parse(smsTemplateParam(en)) as Record<string, string>;
    expect(sms.type).toBe('Temperature');
    expect(sms.time).toBe('12-02 07:03 UTC+1');
  });

  it('an offline alarm has no value; SMS sends "-" for it', () => {
    const m = renderPushMessage({
      alarm: { ...input.alarm, alarmType: 'offline', conditionType: 'offline', value: null, severity: 'L' },
      event: 'raised',
      condition: { type: 'offline', minutes: 10 },
    });
    expect(m.title).toBe('【一般】冷藏车一号 设备离线告警');
    expect(m.value).toBe('');
    expect(m.text.split('\n')[0]).toBe('告警产生：设备离线：超过 10 分钟没有数据');
    expect(JSON.parse(smsTemplateParam(m))).toMatchObject({ type: '设备离线', value: '-' });
  });
});
