import { HEADER_DEVICE_SECRET, RuleTemplateSchema, type AlarmRecord, type RuleTemplateInput } from '@ztj/contracts';
import WebSocket from 'ws';
import type { TestApp } from '../../../../test/test-app';
import { hashPassword } from '../../../platform/auth/tokens';
import type { AlarmRow } from './alarm-row';

/**
 * Test helpers of the alarm runtime and handling: rule templates and bindings written with SQL
 * (their API belongs to the settings module), readings through the real HTTP ingest, console users
 * with their WebSocket, and bounded waits on the alarm table.
 */

/** Inserts an enabled rule template of `tenantId` (content parsed by the contract); returns its id. */
export async function insertTemplate(
  app: TestApp,
  tenantId: number,
  t: Partial<RuleTemplateInput> & Pick<RuleTemplateInput, 'conditions'>,
): Promise<string> {
  const parsed = RuleTemplateSchema.parse({
    name: `Rule ${Math.random().toString(36).slice(2, 8)}`,
    category: 'environment',
    severity: 'H',
    ...t,
  });
  const [r] = await app.db.query<{ id: string }>(
    'INSERT INTO alarm_rule_template (tenant_id, name, category, severity, content) VALUES ($1,$2,$3,$4,$5) RETURNING id',
    [tenantId, parsed.name, parsed.category, parsed.severity, JSON.stringify(parsed)],
  );
  return r!.id;
}

/** Binds template `templateId` to a device (or a group with `type` 'group'). */
export async function bind(
  app: TestApp,
  tenantId: number,
  templateId: string,
  targetId: string,
  type: 'device' | 'group' = 'device',
): Promise<void> {
  await app.db.query(
    'INSERT INTO alarm_rule_binding (template_id, tenant_id, target_type, target_id) VALUES ($1,$2,$3,$4)',
    [templateId, tenantId, type, targetId],
  );
}

/** Posts readings through the HTTP ingest (committed when it answers). */
export async function postReadings(
  app: TestApp,
  deviceId: string,
  secret: string,
  readings: { ts: number; values: Record<string, number | boolean> }[],
): Promise<void> {
  for (const r of readings) {
    const res = await app.fastify.inject({
      method: 'POST',
      url: `/ztj-iot/ingest/devices/${deviceId}/telemetry`,
      headers: { [HEADER_DEVICE_SECRET]: secret, 'content-type': 'application/json' },
      payload: JSON.stringify(r),
    });
    const body = res.json() as { success: boolean; result?: { accepted: number } };
    if (!body.success || body.result?.accepted !== 1) throw new Error(`ingest refused: ${res.body}`);
  }
}

/** Alarms of a device, oldest start first. */
export function alarmsOf(app: TestApp, deviceId: string): Promise<AlarmRow[]> {
  return app.db.query<AlarmRow>('SELECT * FROM alarm WHERE device_id = $1 ORDER BY start_ts, condition_index', [
    deviceId,
  ]);
}

/** Waits (bounded, default 10 s) until `probe` holds. */
export async function until<T>(
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  ms = 10_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 30));
  }
}

/** A console user of one tenant with role `role` there; `alarmMessage` false switches live alarm notices off. */
export async function userOf(
  app: TestApp,
  tenantId: number,
  username: string,
  role: 'viewer' | 'operator' | 'admin' = 'operator',
  alarmMessage = true,
): Promise<{ userId: string; token: string }> {
  const hash = await hashPassword('Alarm#Pass2026');
  const [u] = await app.db.query<{ id: string }>(
    'INSERT INTO sys_user (username, realname, password_hash, login_tenant_id) VALUES ($1, $1, $2, $3) RETURNING id',
    [username, hash, tenantId],
  );
  await app.db.query('INSERT INTO sys_user_tenant (user_id, tenant_id) VALUES ($1, $2)', [u!.id, tenantId]);
  await app.db.query(
    'INSERT INTO sys_user_role (user_id, role_id) SELECT $1, id FROM sys_role WHERE tenant_id = $2 AND role_code = $3',
    [u!.id, tenantId, role],
  );
  if (!alarmMessage)
    await app.db.query('INSERT INTO sys_user_notification (user_id, alarm_message) VALUES ($1, false)', [u!.id]);
  return { userId: u!.id, token: await app.login(username, 'Alarm#Pass2026') };
}

/** An open console socket and the frames it received. */
export interface FrameLog {
  ws: WebSocket;
  frames: { cmd?: string; event?: string; alarm?: Partial<AlarmRecord> & { deviceId: string; id: string } }[];
}

/** Opens the console WebSocket of a user on a listening app (`base` = ws://host:port/ztj-iot/websocket). */
export function openConsole(base: string, user: { userId: string; token: string }): Promise<FrameLog> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/${user.userId}`, [user.token]);
    const log: FrameLog = { ws, frames: [] };
    ws.on('message', (m) => log.frames.push(JSON.parse(m.toString()) as FrameLog['frames'][number]));
    ws.once('open', () => resolve(log));
    ws.once('error', reject);
  });
}

/** The alarm frames of `deviceId` a socket received. */
export const alarmFrames = (log: FrameLog, deviceId: string): FrameLog['frames'] =>
  log.frames.filter((f) => f.cmd === 'alarm' && f.alarm?.deviceId === deviceId);
