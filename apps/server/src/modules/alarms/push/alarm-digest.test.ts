import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../../platform/notify/smtp.fixture';
import { createTestApp, type TestApp } from '../../../../test/test-app';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

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

describe('alarm digest e-mail job (real SMTP server)', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  let token: string;
  beforeAll(async () => {
    smtp = await startSmtpPeer({ user: 'digest@ztj.example', pass: 'secret-1' });
    t = await createTestApp({ SMTP_URL: smtp.url, SMTP_FROM: 'digest@ztj.example' });
    token = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails the last 24 h of the tenant alarms to the e-mail recipients and the parameter addresses', async () => {
    const add = await t.call<{ id: string }>('POST', '/sys/quartzJob/add', {
      token,
      body: {
        jobClassName: 'alarmDigestEmail',
        cronExpression: '0 0 8 * * ? *',
        parameter: '{"lang":"en-US","to":["ops@customer.example"]}',
        description: 'daily digest',
        status: -1,
      },
    });
    expect(add.body.success).toBe(true);
    const [job] = await t.db.query<{ tenant_id: number }>('SELECT tenant_id FROM quartz_job WHERE id = $1', [
      add.body.result.id,
    ]);
    const tenantId = job!.tenant_id;
    // the administrator chose e-mail pushes
    await t.db.query(
      `UPDATE sys_user SET email = 'admin@customer.example', alarm_push_mode = '4' WHERE username = 'admin'`,
    );
    const now = Date.now();
    const alarm = (dev: string, sev: string, ago: number) =>
      t.db.query(
        `INSERT INTO alarm (tenant_id, device_id, rule_source, rule_id, rule_name, condition_index, condition_type, alarm_type, severity, start_ts, raised_ts, status, created_at, value)
         VALUES ($1,$2,'template','r1','Cold room',0,'threshold','P003',$3,$4,$4,'active',$4, 9.5)`,
        [tenantId, dev, sev, now - ago],
      );
    await alarm('DIG-001', 'H', 3_600_000);
    await alarm('DIG-001', 'M', 7_200_000);
    await alarm('DIG-002', 'L', 10_000);
    await alarm('DIG-OLD', 'H', 2 * 86_400_000); // older than 24 h: left out

    expect((await t.call('GET', `/sys/quartzJob/execute?id=${add.body.result.id}`, { token })).body.success).toBe(true);
    const end = Date.now() + 15_000;
    while (smtp.received.length < 2 && Date.now() < end) await sleep(100);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['admin@customer.example', 'ops@customer.example']);
    const text = decodeBody(smtp.received[0]!.raw);
    expect(text).toContain('Alarms: 3 (urgent 1, important 1, general 1)');
    expect(text).toContain('DIG-001 (2)');
    expect(text).toContain('9.5 °C');
    // times carry their zone (the tenant has none: Asia/Shanghai)
    expect(text).toMatch(/Period: \S+ \S+ \(UTC\+08:00\) – \S+ \S+ \(UTC\+08:00\)/);
    expect(text).not.toContain('DIG-OLD');
    expect(smtp.received[0]!.raw).toMatch(/^Subject: Alarm digest: .*3 alarms in the last 24 h/m);
    const end2 = Date.now() + 5000;
    let rec: { last_run_status: string; last_run_message: string } | undefined;
    while (Date.now() < end2) {
      [rec] = await t.db.query('SELECT last_run_status, last_run_message FROM quartz_job WHERE id = $1', [
        add.body.result.id,
      ]);
      if (rec?.last_run_status === 'success') break;
      await sleep(100);
    }
    expect(rec).toMatchObject({ last_run_status: 'success' });
    expect(JSON.parse(rec!.last_run_message)).toMatchObject({ alarms: 3, sent: 2, failed: 0 });
  });
});
