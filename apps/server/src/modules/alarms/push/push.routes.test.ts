import crypto from 'node:crypto';
import type { PageResult, PushRecord } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { decodeRow } from '../../../platform/list/sheet-parse';
import { readSheet } from '../../../platform/list/xls';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { maskAddress } from './push.list';
import { exportAndWait } from '../../../platform/exports/exports.fixtures';

/** Push list, export and channels calls (SPEC §7 push list/export): masking, filters, tenant scope. */

let t: TestApp;
let admin: string;
const tag = `PUSHDEV-${crypto.randomBytes(3).toString('hex')}`;
const headers = (tenantId: number, lang = 'zh-CN'): Record<string, string> => ({
  'tenant-id': String(tenantId),
  'accept-language': lang,
});

async function addPush(
  tenantId: number,
  p: {
    channel: string;
    pushType: number;
    recipient: string;
    address: string | null;
    status: string;
    attempts?: number;
    answer?: string;
  },
): Promise<void> {
  await t.db.query(
    `INSERT INTO alarm_push (tenant_id, device_id, event, channel, push_type, recipient, address, status, attempts, answer, title, created_at)
     VALUES ($1, $2, 'raised', $3, $4, $5, $6, $7, $8, $9, '【紧急】冷藏车一号 温度告警', $10)`,
    [
      tenantId,
      tag,
      p.channel,
      p.pushType,
      p.recipient,
      p.address,
      p.status,
      p.attempts ?? 0,
      p.answer ?? null,
      Date.now(),
    ],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await addPush(PLATFORM_TENANT_ID, {
    channel: 'sms',
    pushType: 1,
    recipient: '司机张三',
    address: '13812340000',
    status: 'notConfigured',
  });
  await addPush(PLATFORM_TENANT_ID, {
    channel: 'email',
    pushType: 4,
    recipient: '王运营',
    address: 'alice@example.com',
    status: 'sent',
    attempts: 1,
    answer: '250 OK',
  });
  await addPush(PLATFORM_TENANT_ID, {
    channel: 'dingtalk',
    pushType: 0,
    recipient: '钉钉群机器人',
    address: 'https://oapi.dingtalk.com/robot/send?access_token=secret',
    status: 'failed',
    attempts: 6,
    answer: '{"errcode":310000}',
  });
  await addPush(DEMO_TENANT_ID, {
    channel: 'email',
    pushType: 4,
    recipient: 'other tenant',
    address: 'bob@example.com',
    status: 'sent',
    attempts: 1,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const list = (tenantId: number, query: string) =>
  t.call<PageResult<PushRecord>>('GET', `/wlx/push/list?deviceId=${tag}&${query}`, {
    token: admin,
    headers: headers(tenantId),
  });

describe('push list API', () => {
  it('masks addresses: phone 138****0000, e-mail a***@example.com, webhook host only', async () => {
    const res = await list(PLATFORM_TENANT_ID, 'column=recipient&order=asc');
    expect(res.body.success).toBe(true);
    const byRecipient = Object.fromEntries(res.body.result.records.map((r) => [r.recipient, r]));
    expect(byRecipient['司机张三']).toMatchObject({
      channel: 'sms',
      status: 'notConfigured',
      address: '138****0000',
      attempts: 0,
    });
    expect(byRecipient['王运营']).toMatchObject({
      channel: 'email',
      status: 'sent',
      address: 'a***@example.com',
      answer: '250 OK',
    });
    expect(byRecipient['钉钉群机器人']).toMatchObject({
      channel: 'dingtalk',
      pushType: 0,
      address: 'oapi.dingtalk.com',
      status: 'failed',
    });
    expect(JSON.stringify(res.body.result)).not.toContain('secret');
    expect(JSON.stringify(res.body.result)).not.toContain('13812340000');
  });

  it('filters by status (one or a comma list)', async () => {
    expect((await list(PLATFORM_TENANT_ID, 'status=failed')).body.result.records.map((r) => r.recipient)).toEqual([
      '钉钉群机器人',
    ]);
    const two = await list(PLATFORM_TENANT_ID, 'status=sent,notConfigured');
    expect(two.body.result.records.map((r) => r.status).sort()).toEqual(['notConfigured', 'sent']);
  });

  it('is tenant-scoped', async () => {
    const other = await list(DEMO_TENANT_ID, '');
    expect(other.body.result.records.map((r) => r.recipient)).toEqual(['other tenant']);
    const mine = await list(PLATFORM_TENANT_ID, '');
    expect(mine.body.result.total).toBe(3);
    expect(mine.body.result.records.map((r) => r.recipient)).not.toContain('other tenant');
  });

  it('exports .xls with dictionary texts in the caller language and masked addresses', async () => {
    for (const [lang, notConfigured, header] of [
      ['en-US', 'Not configured', 'Status'],
      ['zh-CN', '未配置', '状态'],
    ] as const) {
      const res = await exportAndWait(
        t,
        admin,
        `/wlx/push/exportXls?deviceId=${tag}&status=notConfigured`,
        headers(PLATFORM_TENANT_ID, lang),
      );
      expect(res.file).toMatchObject({
        status: 'success',
        fileType: 'list',
        fileName: lang === 'en-US' ? 'push-records.xls' : '推送记录.xls',
      });
      const sheet = await readSheet(res.body!);
      expect(sheet.headers).toContain(header);
      expect(sheet.rows).toHaveLength(1);
      const cells = decodeRow(sheet.rows[0]!).cells;
      expect(cells).toContain(notConfigured);
      expect(cells).toContain('138****0000');
      expect(cells.join('|')).not.toContain('13812340000');
    }
  });

  it('answers which channels are configured (none in this environment)', async () => {
    const res = await t.call<{ channel: string; configured: boolean }[]>('GET', '/wlx/push/channels', {
      token: admin,
      headers: headers(PLATFORM_TENANT_ID),
    });
    expect(res.body.result.map((c) => c.channel)).toEqual(['sms', 'wechat', 'email', 'wecom', 'dingtalk']);
    expect(
      res.body.result.every(
        (c) =>
          c.configured ===
          !!process.env[
            {
              sms: 'ALIYUN_SMS_ACCESS_KEY_ID',
              wechat: 'WECHAT_APP_ID',
              email: 'SMTP_URL',
              wecom: 'WECOM_WEBHOOK_URL',
              dingtalk: 'DINGTALK_WEBHOOK_URL',
            }[c.channel]!
          ],
      ),
    ).toBe(true);
  });
});

describe('maskAddress', () => {
  it('masks each kind of address', () => {
    expect(maskAddress('sms', '13800000000')).toBe('138****0000');
    expect(maskAddress('email', 'alice@example.com')).toBe('a***@example.com');
    expect(maskAddress('wecom', 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=abc')).toBe(
      'qyapi.weixin.qq.com',
    );
    expect(maskAddress('wechat', 'oABCDEFGHIJK')).toBe('oABC***');
    expect(maskAddress('sms', null)).toBeNull();
  });
});
