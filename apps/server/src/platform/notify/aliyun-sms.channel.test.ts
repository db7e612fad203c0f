import { afterEach, describe, expect, it } from 'vitest';
import { percentEncode, rpcSignature } from './aliyun-rpc-signature';
import { startAliyunSmsPeer, type AliyunSmsPeer } from './aliyun-sms.fixture';
import { createAliyunSmsChannel, type AliyunSmsConfig } from './aliyun-sms.channel';
import type { PushMessage } from './channel';
import { deadPort } from './http-peer.fixture';

const MSG: PushMessage = {
  title: '【紧急】SIM-VH-001 温度告警',
  text: '设备 SIM-VH-001\n温度 -12.4 °C',
  severity: 'H',
  deviceId: 'SIM-VH-001',
  deviceName: '冷藏车 沪A·12345 后厢温区一号探头',
  alarmType: 'P003',
  value: '-12.4 °C',
  time: '2026-01-05 08:00:00',
};
const ACCOUNT = {
  accessKeyId: 'LTAI-test-id',
  accessKeySecret: 'test/secret+=*',
  signName: '冷链监控',
  templateCode: 'SMS_123456789',
};

let peer: AliyunSmsPeer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

async function channelWith(over: Partial<AliyunSmsConfig> = {}, deps: { now?: () => number; timeoutMs?: number } = {}) {
  peer = await startAliyunSmsPeer(ACCOUNT);
  return createAliyunSmsChannel({ ...ACCOUNT, endpoint: peer.base, ...over }, deps);
}

describe('Aliyun RPC signature', () => {
  it('reproduces the documented example (DescribeRegions, testid/testsecret → CT9X0VtwR86fNWSnsc6v8YGOjuE=)', () => {
    const params = {
      TimeStamp: '2016-02-23T12:46:24Z',
      Format: 'XML',
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      Version: '2014-05-26',
      SignatureVersion: '1.0',
    };
    expect(rpcSignature(params, 'testsecret')).toBe('CT9X0VtwR86fNWSnsc6v8YGOjuE=');
  });

  it('percent-encodes space as %20, * as %2A, keeps ~, and encodes UTF-8 bytes', () => {
    expect(percentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
    expect(percentEncode('温')).toBe('%E6%B8%A9');
  });
});

describe('Aliyun SMS channel', () => {
  it('sends a SendSms request the gateway verifies, with the template variables cut to 20 characters', async () => {
    const sms = await channelWith();
    const r = await sms.send('13800138000', MSG);
    expect(r).toMatchObject({ ok: true, retryable: false });
    expect(JSON.parse(r.answer)).toMatchObject({ Code: 'OK', Message: 'OK' });
    expect(peer!.sent).toHaveLength(1);
    const { phone, params, template } = peer!.sent[0];
    expect(phone).toBe('13800138000');
    expect(params).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      SignName: '冷链监控',
      TemplateCode: 'SMS_123456789',
    });
    expect(template).toEqual({
      device: '冷藏车 沪A·12345 后厢温区一号…',
      type: 'P003',
      value: '-12.4 °C',
      time: '2026-01-05 08:00:00',
    });
    expect(peer!.requests[0].method).toBe('GET');
  });

  it('uses a fresh SignatureNonce and a second-precision UTC Timestamp on every request', async () => {
    peer = await startAliyunSmsPeer({ ...ACCOUNT, now: () => Date.parse('2026-01-05T00:01:00Z') });
    const sms = createAliyunSmsChannel(
      { ...ACCOUNT, endpoint: peer.base },
      { now: () => Date.parse('2026-01-05T00:00:00.789Z') },
    );
    const results = await Promise.all(Array.from({ length: 5 }, () => sms.send('+8613800138000', MSG)));
    expect(results.every((r) => r.ok)).toBe(true);
    const nonces = new Set(peer.sent.map((s) => s.params.SignatureNonce));
    expect(nonces.size).toBe(5);
    expect(peer.sent.map((s) => s.params.Timestamp)).toEqual(Array(5).fill('2026-01-05T00:00:00Z'));
  });

  it('the peer refuses a replayed nonce (SignatureNonceUsed), so nonce uniqueness is really checked', async () => {
    await channelWith();
    const sms = createAliyunSmsChannel({ ...ACCOUNT, endpoint: peer!.base });
    await sms.send('13800138000', MSG);
    const replay = await fetch(`${peer!.base}${peer!.requests[0].rawUrl}`);
    expect(await replay.json()).toMatchObject({ Code: 'SignatureNonceUsed' });
  });

  it('a wrong AccessKey secret is refused with SignatureDoesNotMatch: failed, not retryable', async () => {
    const sms = await channelWith({ accessKeySecret: 'wrong' });
    const r = await sms.send('13800138000', MSG);
    expect(r).toMatchObject({ ok: false, retryable: false });
    expect(r.answer).toContain('SignatureDoesNotMatch');
    expect(r.answer.length).toBeLessThanOrEqual(500);
    expect(peer!.sent).toHaveLength(0);
  });

  it('a clock 20 minutes off is refused with InvalidTimeStamp.Expired: not retryable', async () => {
    const sms = await channelWith({}, { now: () => Date.now() - 20 * 60_000 });
    const r = await sms.send('13800138000', MSG);
    expect(r).toMatchObject({ ok: false, retryable: false });
    expect(r.answer).toContain('InvalidTimeStamp.Expired');
  });

  it('an illegal mobile number (isv.MOBILE_NUMBER_ILLEGAL) is not retryable', async () => {
    const sms = await channelWith();
    const r = await sms.send('12345', MSG);
    expect(r).toMatchObject({ ok: false, retryable: false });
    expect(r.answer).toContain('isv.MOBILE_NUMBER_ILLEGAL');
  });

  it('flow control (isv.BUSINESS_LIMIT_CONTROL, Throttling.User) is retryable; an exhausted balance is not', async () => {
    const sms = await channelWith();
    peer!.forced.push(
      { json: { RequestId: 'x', Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发小时级流控Permits:5' } },
      {
        status: 400,
        json: { RequestId: 'y', Code: 'Throttling.User', Message: 'Request was denied due to user flow control.' },
      },
      { json: { RequestId: 'z', Code: 'isv.AMOUNT_NOT_ENOUGH', Message: '账户余额不足' } },
    );
    expect(await sms.send('13800138000', MSG)).toMatchObject({ ok: false, retryable: true });
    expect(await sms.send('13800138000', MSG)).toMatchObject({ ok: false, retryable: true });
    expect(await sms.send('13800138000', MSG)).toMatchObject({ ok: false, retryable: false });
  });

  it('HTTP 503, a gateway that never answers and a gateway that is down are retryable failures within the bound', async () => {
    const sms = await channelWith({}, { timeoutMs: 300 });
    peer!.forced.push({ status: 503, text: 'Service Unavailable' }, 'hang');
    expect(await sms.send('13800138000', MSG)).toMatchObject({
      ok: false,
      retryable: true,
      answer: 'HTTP 503: Service Unavailable',
    });
    const started = Date.now();
    const hung = await sms.send('13800138000', MSG);
    expect(hung).toMatchObject({ ok: false, retryable: true });
    expect(hung.answer).toMatch(/timeout/);
    expect(Date.now() - started).toBeLessThan(5000);
    const down = createAliyunSmsChannel(
      { ...ACCOUNT, endpoint: `http://127.0.0.1:${await deadPort()}` },
      { timeoutMs: 2000 },
    );
    const r = await down.send('13800138000', MSG);
    expect(r).toMatchObject({ ok: false, retryable: true });
    expect(r.answer).toMatch(/network error/);
  });

  it('reads the address from the recipient phone', async () => {
    const sms = await channelWith();
    expect(sms.addressOf({ phone: ' 13800138000 ' })).toBe('13800138000');
    expect(sms.addressOf({ phone: null })).toBeNull();
    expect(sms.addressOf({ phone: '  ' })).toBeNull();
    expect(sms).toMatchObject({ code: 'sms', pushType: 1 });
  });
});
