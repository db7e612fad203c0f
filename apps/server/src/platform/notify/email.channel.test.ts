import { afterEach, describe, expect, it } from 'vitest';
import type { PushChannel, PushMessage } from './channel';
import { createEmailChannel } from './email.channel';
import { deadPort } from './http-peer.fixture';
import { startSilentServer, startSmtpPeer } from './smtp.fixture';

const MSG: PushMessage = {
  title: '【紧急】SIM-VH-001 温度告警',
  text: '设备:冷藏车一号 (SIM-VH-001)\n数值:-12.4 °C\n时间:2026-01-05 08:00:00',
  severity: 'H',
  deviceId: 'SIM-VH-001',
  deviceName: '冷藏车一号',
  alarmType: 'P003',
  value: '-12.4 °C',
  time: '2026-01-05 08:00:00',
  url: 'https://iot.example.com/ztj-iot/#/alarm/list?id=42',
};
const USER = 'alarm@ztj.example';
const PASS = 'p@ss:word/1';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function track(channel: PushChannel): PushChannel {
  cleanups.push(async () => channel.close?.());
  return channel;
}

async function peer(opts: { rejectRecipients?: string[]; deferRecipients?: string[]; implicitTls?: boolean } = {}) {
  const p = await startSmtpPeer({ user: USER, pass: PASS, ...opts });
  cleanups.push(() => p.close());
  return p;
}

describe('e-mail channel (real SMTP server)', () => {
  it('authenticates and delivers the alarm: encoded subject, envelope, body with the value and link', async () => {
    const smtp = await peer();
    const mail = track(createEmailChannel({ smtpUrl: smtp.url, from: `"冷链告警" <${USER}>` }));
    expect(mail).toMatchObject({ code: 'email', pushType: 4 });
    const r = await mail.send('ops@customer.example', MSG);
    expect(r).toMatchObject({ ok: true, retryable: false });
    expect(r.answer).toMatch(/^250 .*Message queued as Q1/);
    expect(smtp.received).toHaveLength(1);
    const { from, to, raw, user } = smtp.received[0];
    expect(user).toBe(USER);
    expect(from).toBe(USER);
    expect(to).toEqual(['ops@customer.example']);
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
    // A non-ASCII subject travels as RFC 2047 encoded words, never raw UTF-8.
    expect(headers).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m);
    expect(headers).not.toContain('温度告警');
    expect(headers).toMatch(/^To: ops@customer\.example$/m);
    expect(headers).toMatch(/^X-Priority: 1/m);
    const decoded = decodeBody(raw);
    expect(decoded).toContain('数值:-12.4 °C');
    expect(decoded).toContain(MSG.url);
  });

  it('speaks implicit TLS for an smtps:// URL', async () => {
    const smtp = await peer({ implicitTls: true });
    expect(smtp.url).toMatch(/^smtps:/);
    const mail = track(createEmailChannel({ smtpUrl: smtp.url, from: USER }));
    expect(await mail.send('ops@customer.example', MSG)).toMatchObject({ ok: true });
    expect(smtp.received[0].to).toEqual(['ops@customer.example']);
  });

  it('a recipient the server refuses with 550 is a permanent failure carrying the server reply', async () => {
    const smtp = await peer({ rejectRecipients: ['left@customer.example'] });
    const mail = track(createEmailChannel({ smtpUrl: smtp.url, from: USER }));
    const r = await mail.send('left@customer.example', MSG);
    expect(r).toMatchObject({ ok: false, retryable: false });
    expect(r.answer).toContain('550');
    expect(r.answer).toContain('mailbox unavailable');
    expect(smtp.received).toHaveLength(0);
    // The pooled connection is still usable for the next recipient.
    expect((await mail.send('ops@customer.example', MSG)).ok).toBe(true);
  });

  it('a 451 (try later) refusal is retryable; a wrong password (535) is not', async () => {
    const smtp = await peer({ deferRecipients: ['busy@customer.example'] });
    const mail = track(createEmailChannel({ smtpUrl: smtp.url, from: USER }));
    const deferred = await mail.send('busy@customer.example', MSG);
    expect(deferred).toMatchObject({ ok: false, retryable: true });
    expect(deferred.answer).toContain('451');
    const badUrl = smtp.url.replace(encodeURIComponent(PASS), 'wrong');
    const bad = track(createEmailChannel({ smtpUrl: badUrl, from: USER }));
    const refused = await bad.send('ops@customer.example', MSG);
    expect(refused).toMatchObject({ ok: false, retryable: false });
    expect(refused.answer).toContain('535');
  });

  it('a server that is down, or one that never greets, is a retryable failure within the bound', async () => {
    const down = track(
      createEmailChannel({ smtpUrl: `smtp://${encodeURIComponent(USER)}:x@127.0.0.1:${await deadPort()}`, from: USER }),
    );
    const r = await down.send('ops@customer.example', MSG);
    expect(r).toMatchObject({ ok: false, retryable: true });
    expect(r.answer).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/);
    const silent = await startSilentServer();
    cleanups.push(() => silent.close());
    const mute = track(
      createEmailChannel({ smtpUrl: `smtp://127.0.0.1:${silent.port}`, from: USER }, { timeoutMs: 300 }),
    );
    const started = Date.now();
    const hung = await mute.send('ops@customer.example', MSG);
    expect(hung).toMatchObject({ ok: false, retryable: true });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('addresses a recipient by e-mail', () => {
    const mail = track(createEmailChannel({ smtpUrl: 'smtp://127.0.0.1:1', from: USER }));
    expect(mail.addressOf({ email: ' ops@customer.example ' })).toBe('ops@customer.example');
    expect(mail.addressOf({ email: null, phone: '13800138000' })).toBeNull();
    expect(mail.addressOf({ email: 'not-an-address' })).toBeNull();
  });
});

/** Decodes the text part of a single-part message (quoted-printable or base64) for assertions. */
function decodeBody(raw: string): string {
  const sep = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, sep);
  const body = raw.slice(sep + 4);
  if (/^Content-Transfer-Encoding: base64/im.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/^Content-Transfer-Encoding: quoted-printable/im.test(headers)) {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
