import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { AlarmRecord } from '@ztj/contracts';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../../../platform/db/db';
import type { PushAttemptResult, PushChannel, PushChannelCode, PushMessage } from '../../../platform/notify/channel';

/** A delivered mail, decoded: envelope recipient, subject and plain-text body. */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server (smtp-server) whose answers to RCPT TO can be scripted per address. */
export interface Mailbox {
  url: string;
  mails: Mail[];
  /** Codes the next RCPT TO of `address` gets, in order (451 try later, 550 refused); then accepted. */
  script(address: string, codes: number[]): void;
  /** RCPT TO commands seen per address. */
  tries: Map<string, number>;
  close(): Promise<void>;
}

function decodeWords(s: string): string {
  return s.replace(/\s*=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : qp(data.replace(/_/g, ' ')),
  );
}

function qp(s: string): string {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Subject and text of a single-part text mail as nodemailer writes it. */
export function decodeMail(raw: string): { subject: string; text: string } {
  const sep = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, sep).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(sep + 4);
  const subject = decodeWords(/^Subject: (.*)$/im.exec(headers)?.[1] ?? '');
  const cte = /^Content-Transfer-Encoding: (.*)$/im.exec(headers)?.[1]?.trim().toLowerCase();
  const text =
    cte === 'base64'
      ? Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
      : cte === 'quoted-printable'
        ? qp(body)
        : body;
  return { subject, text: text.replace(/\r\n/g, '\n') };
}

/** Starts the mailbox on 127.0.0.1 (AUTH PLAIN/LOGIN with `user`/`pass`, no TLS). */
export async function startMailbox(user = 'alarm@ztj.test', pass = 'secret'): Promise<Mailbox> {
  const mails: Mail[] = [];
  const scripts = new Map<string, number[]>();
  const tries = new Map<string, number>();
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _s, cb) {
      if (auth.username === user && auth.password === pass) cb(null, { user });
      else cb(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }));
    },
    onRcptTo(address, _s, cb) {
      tries.set(address.address, (tries.get(address.address) ?? 0) + 1);
      const code = scripts.get(address.address)?.shift();
      if (code === 451)
        return cb(Object.assign(new Error('4.2.0 mailbox busy, try again later'), { responseCode: 451 }));
      if (code === 550) return cb(Object.assign(new Error('5.1.1 mailbox unavailable'), { responseCode: 550 }));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          ...decodeMail(Buffer.concat(chunks).toString('utf8')),
        });
        cb(null, `Message queued as Q${mails.length}`);
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    const s = server.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port));
  });
  return {
    url: `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`,
    mails,
    tries,
    script: (address, codes) => void scripts.set(address, [...codes]),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A WeChat-like channel that never answers until released (a silent provider). */
export function silentChannel(code: PushChannelCode = 'wechat'): PushChannel & { calls: number; release(): void } {
  const waiting: ((r: PushAttemptResult) => void)[] = [];
  let released = false;
  const ch = {
    code,
    pushType: 2 as const,
    calls: 0,
    addressOf: (r: { wechatOpenId?: string | null }) => r.wechatOpenId ?? null,
    send(_address: string, _msg: PushMessage): Promise<PushAttemptResult> {
      ch.calls++;
      if (released) return Promise.resolve({ ok: false, retryable: true, answer: 'released' });
      return new Promise<PushAttemptResult>((resolve) => waiting.push(resolve));
    },
    release() {
      released = true;
      for (const w of waiting.splice(0)) w({ ok: false, retryable: false, answer: 'released by the test' });
    },
  };
  return ch;
}

/** A tenant of its own (id `tenantId`) with a role holding `alarm:list` (the push audience). */
export async function addTenant(db: Db, tenantId: number): Promise<string> {
  await db.query('INSERT INTO sys_tenant (id, name) VALUES ($1, $2)', [tenantId, `push-${tenantId}`]);
  const [role] = await db.query<{ id: string }>(
    `INSERT INTO sys_role (tenant_id, role_name, role_code) VALUES ($1, 'push', $2) RETURNING id`,
    [tenantId, `push${tenantId}`],
  );
  await db.query(
    `INSERT INTO sys_role_permission (role_id, permission_id) SELECT $1, id FROM sys_permission WHERE perms = 'alarm:list'`,
    [role!.id],
  );
  return role!.id;
}

/** A user of the tenant with the audience role and SPEC §3 push settings; returns the id. */
export async function addUser(
  db: Db,
  tenantId: number,
  roleId: string,
  u: { name: string; phone?: string; email?: string; openId?: string; pushMode?: string; onlyMulti?: boolean },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO sys_user (username, realname, password_hash, phone, email, wechat_open_id, alarm_push_mode, only_multi_alarm)
     VALUES ($1, $2, 'x', $3, $4, $5, $6, $7) RETURNING id`,
    [
      `${u.name}-${crypto.randomBytes(3).toString('hex')}`,
      u.name,
      u.phone ?? null,
      u.email ?? null,
      u.openId ?? null,
      u.pushMode ?? '',
      u.onlyMulti ?? false,
    ],
  );
  await db.query('INSERT INTO sys_user_tenant (user_id, tenant_id) VALUES ($1, $2)', [row!.id, tenantId]);
  await db.query('INSERT INTO sys_user_role (user_id, role_id) VALUES ($1, $2)', [row!.id, roleId]);
  return row!.id;
}

/** A recipient group with members; returns its id. */
export async function addGroup(
  db: Db,
  tenantId: number,
  members: { userId?: string; name?: string; phone?: string; email?: string; pushMode: number }[],
): Promise<string> {
  const [g] = await db.query<{ id: string }>(
    'INSERT INTO alarm_user_group (tenant_id, name) VALUES ($1, $2) RETURNING id',
    [tenantId, `g-${crypto.randomBytes(3).toString('hex')}`],
  );
  for (const m of members) {
    await db.query(
      'INSERT INTO alarm_user_group_member (group_id, user_id, name, phone, email, push_mode) VALUES ($1, $2, $3, $4, $5, $6)',
      [g!.id, m.userId ?? null, m.name ?? null, m.phone ?? null, m.email ?? null, m.pushMode],
    );
  }
  return g!.id;
}

/** A stored alarm of the tenant (P003 temperature on `deviceId`), as the runtime would announce it. */
export async function addAlarm(db: Db, tenantId: number, over: Partial<AlarmRecord> = {}): Promise<AlarmRecord> {
  const a: AlarmRecord = {
    id: '',
    deviceId: `PUSH-${crypto.randomBytes(3).toString('hex')}`,
    deviceName: '冷藏车一号',
    gatewayId: null,
    ruleSource: 'template',
    ruleId: crypto.randomUUID(),
    ruleName: '冷冻品温度上限',
    conditionIndex: 0,
    conditionType: 'threshold',
    alarmType: 'P003',
    severity: 'H',
    startTs: Date.UTC(2026, 0, 5, 0, 0, 0),
    raisedTs: Date.UTC(2026, 0, 5, 0, 0, 0),
    endTs: null,
    value: -12.4,
    peak: -12.4,
    status: 'active',
    processed: false,
    flag: 1,
    backfill: false,
    reminders: 0,
    escalated: false,
    processedBy: null,
    processedAt: null,
    createdAt: Date.now(),
    ...over,
  };
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO alarm (tenant_id, device_id, rule_source, rule_id, rule_name, condition_index, condition_type, alarm_type, severity, start_ts, raised_ts, value, peak, reminders, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [
      tenantId,
      a.deviceId,
      a.ruleSource,
      a.ruleId,
      a.ruleName,
      a.conditionIndex,
      a.conditionType,
      a.alarmType,
      a.severity,
      a.startTs,
      a.raisedTs,
      a.value,
      a.peak,
      a.reminders,
      a.createdAt,
    ],
  );
  return { ...a, id: row!.id };
}

/** A group-robot channel that accepts every message and keeps it (stands in for a configured robot webhook). */
export function acceptingRobot(code: 'wecom' | 'dingtalk', webhook: string): PushChannel & { sent: PushMessage[] } {
  const sent: PushMessage[] = [];
  return {
    code,
    pushType: 0,
    sent,
    addressOf: () => webhook,
    send: async (_address, msg) => {
      sent.push(msg);
      return { ok: true, retryable: false, answer: '{"errcode":0,"errmsg":"ok"}' };
    },
  };
}
