import type { TestApp } from '../../../../test/test-app';
import { provisionDevice } from '../../devices/device-provision';

/** Test helpers of the settings and scene tests: devices and device groups written directly. */

let seq = 0;
const RUN = Math.random().toString(36).slice(2, 7).toUpperCase();

/** A unique id with `kind` in it. */
export const sid = (kind: string): string => `S${RUN}-${kind}-${++seq}`;

/** Registers a device of `tenantId` (model P23-2IN1 unless given); returns its number. */
export async function device(
  app: TestApp,
  tenantId: number,
  model = 'P23-2IN1',
  groupId: string | null = null,
): Promise<string> {
  const id = sid('DEV');
  await provisionDevice(app.db, { id, tenantId, model });
  if (groupId) await app.db.query('UPDATE device SET group_id = $2 WHERE dev_no = $1', [id, groupId]);
  return id;
}

/** Creates a device group of `tenantId`; returns its id. */
export async function deviceGroup(app: TestApp, tenantId: number): Promise<string> {
  const [g] = await app.db.query<{ id: string }>(
    'INSERT INTO device_group (tenant_id, name) VALUES ($1, $2) RETURNING id',
    [tenantId, sid('GRP')],
  );
  return g!.id;
}

/** Inserts an alarm row of a rule (template or scene), active or cleared; returns its id. */
export async function alarmOf(
  app: TestApp,
  tenantId: number,
  deviceId: string,
  source: 'template' | 'scene',
  ruleId: string,
  status: 'active' | 'cleared' = 'active',
): Promise<string> {
  const now = Date.now();
  const [a] = await app.db.query<{ id: string }>(
    `INSERT INTO alarm (tenant_id, device_id, rule_source, rule_id, rule_name, condition_index, condition_type, alarm_type, severity, start_ts, raised_ts, status, created_at)
     VALUES ($1,$2,$3,$4,'r',0,'threshold','P003','H',$5,$5,$6,$5) RETURNING id`,
    [tenantId, deviceId, source, ruleId, now - Math.floor(Math.random() * 1e6), status],
  );
  return a!.id;
}
