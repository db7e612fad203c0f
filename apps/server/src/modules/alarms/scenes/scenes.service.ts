import {
  DEVICE_VALIDATION_MESSAGES,
  validateDevicePeriods,
  type Language,
  type SceneAddSchema,
  type SceneRecord,
} from '@ztj/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db, Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { checkNotifyGroups } from '../settings/tenant-refs';
import { devicesNotInTenant } from '../../../platform/tenancy/tenant-refs';
import { splitIds } from '../../../platform/list/split-ids';
import { fieldFailure, nameTaken } from '../../../platform/http/field-errors';
import { SCENE_SELECT, sceneRecordOf } from './scenes.list';

/**
 * Scenes (SPEC §2 scene list, detail, edit steps 1-3): step 1 devices of the
 * caller's tenant, step 2 the rule, step 3 actions whose device command must fit the model limits
 * of EVERY selected device (SPEC §5 periods, `validateDevicePeriods`). Tenant-scoped; a scene of
 * another tenant is "not found". Written through the server's Db so the alarm runtime reloads.
 */

type SceneBody = z.output<typeof SceneAddSchema>;

/**
 * One scene of the tenant.
 * @throws AppError notFound sceneNotFound.
 */
export async function viewScene(q: Queryable, tenantId: number, id: string): Promise<SceneRecord> {
  const [row] = await q.query(`SELECT ${SCENE_SELECT} FROM alarm_scene s WHERE s.tenant_id = $1 AND s.id = $2`, [
    tenantId,
    id,
  ]);
  if (!row) throw new AppError('notFound', 'sceneNotFound');
  return sceneRecordOf(row);
}

/** "field: message" of the first period error, in `lang`, `{min}`/`{max}` filled. */
function periodDetail(lang: Language, e: ReturnType<typeof validateDevicePeriods>[number]): string {
  const text = DEVICE_VALIDATION_MESSAGES[e.message][lang].replace(/\{(\w+)\}/g, (_, k: string) =>
    String((e.params as Record<string, number> | undefined)?.[k] ?? ''),
  );
  return `${e.field}: ${text}`;
}

/**
 * Checks a scene body against the tenant: unique name, devices of the tenant, recipient groups of
 * the tenant, and the command's periods against each device's model.
 * @throws AppError conflict sceneNameExists; badRequest deviceNotInTenant (`deviceIds`),
 *   userGroupNotFound (`actions.push.notify.*`), sceneCommandOutOfLimits (`actions.command.periods.<field>`).
 */
async function checkBody(
  q: Queryable,
  tenantId: number,
  lang: Language,
  body: SceneBody,
  exceptId: string | null,
): Promise<void> {
  const taken = await q.query(
    'SELECT 1 FROM alarm_scene WHERE tenant_id = $1 AND name = $2 AND id IS DISTINCT FROM $3',
    [tenantId, body.name, exceptId],
  );
  if (taken.length) throw nameTaken(lang, 'sceneNameExists');
  const [bad] = await devicesNotInTenant(q, tenantId, body.deviceIds);
  if (bad !== undefined) throw fieldFailure(lang, 'deviceIds', 'deviceNotInTenant', { id: bad });
  if (body.actions.push) await checkNotifyGroups(q, lang, tenantId, body.actions.push.notify, 'actions.push.notify.');
  const command = body.actions.command;
  if (command) {
    const devices = await q.query<{ dev_no: string; model: string }>(
      'SELECT dev_no, model FROM device WHERE tenant_id = $1 AND dev_no = ANY($2::text[]) ORDER BY dev_no',
      [tenantId, body.deviceIds],
    );
    for (const d of devices) {
      const [e] = validateDevicePeriods(d.model, command.periods);
      if (e)
        throw fieldFailure(lang, `actions.command.periods.${e.field}`, 'sceneCommandOutOfLimits', {
          device: d.dev_no,
          detail: periodDetail(lang, e),
        });
    }
  }
}

async function writeDevices(q: Queryable, sceneId: string, deviceIds: readonly string[]): Promise<void> {
  await q.query('DELETE FROM alarm_scene_device WHERE scene_id = $1', [sceneId]);
  await q.query(
    'INSERT INTO alarm_scene_device (scene_id, device_id) SELECT $1, x FROM unnest($2::text[]) AS x ON CONFLICT DO NOTHING',
    [sceneId, [...new Set(deviceIds)]],
  );
}

/**
 * Adds a scene (body validated by `SceneAddSchema`). See {@link checkBody} for the errors.
 */
export async function addScene(db: Db, auth: AuthContext, lang: Language, body: SceneBody): Promise<SceneRecord> {
  await checkBody(db, auth.tenantId, lang, body, null);
  const id = await db.tx((q) => insertScene(q, auth.tenantId, auth.username, body));
  return viewScene(db, auth.tenantId, id);
}

/** Inserts a checked scene with its devices (run it in a transaction); returns its id (also used by the demo seed). */
export async function insertScene(q: Queryable, tenantId: number, by: string, body: SceneBody): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    'INSERT INTO alarm_scene (tenant_id, name, description, enabled, rule, actions, create_by) VALUES ($1,$2,$3,$4,$5::jsonb,$6::jsonb,$7) RETURNING id',
    [tenantId, body.name, body.description, body.enabled, JSON.stringify(body.rule), JSON.stringify(body.actions), by],
  );
  await writeDevices(q, row!.id, body.deviceIds);
  return row!.id;
}

/**
 * Replaces a scene; takes effect on the next reading.
 * @throws AppError notFound sceneNotFound, and the errors of {@link checkBody}.
 */
export async function updateScene(
  db: Db,
  auth: AuthContext,
  lang: Language,
  body: SceneBody & { id: string },
): Promise<SceneRecord> {
  await viewScene(db, auth.tenantId, body.id);
  await checkBody(db, auth.tenantId, lang, body, body.id);
  await db.tx(async (q) => {
    await q.query(
      `UPDATE alarm_scene SET name = $3, description = $4, enabled = $5, rule = $6::jsonb, actions = $7::jsonb, update_by = $8, update_time = now()
        WHERE tenant_id = $1 AND id = $2`,
      [
        auth.tenantId,
        body.id,
        body.name,
        body.description,
        body.enabled,
        JSON.stringify(body.rule),
        JSON.stringify(body.actions),
        auth.username,
      ],
    );
    await writeDevices(q, body.id, body.deviceIds);
  });
  return viewScene(db, auth.tenantId, body.id);
}

/**
 * Deletes scenes (their alarms stay).
 * @throws AppError notFound when any id is not a scene of the tenant (nothing is deleted).
 */
export async function deleteScenes(db: Db, auth: AuthContext, ids: string): Promise<void> {
  const list = splitIds(ids);
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM alarm_scene WHERE tenant_id = $1 AND id = ANY($2::text[])',
    [auth.tenantId, list],
  );
  if (list.length === 0 || rows.length !== list.length) throw new AppError('notFound', 'sceneNotFound');
  await db.query('DELETE FROM alarm_scene WHERE tenant_id = $1 AND id = ANY($2::text[])', [auth.tenantId, list]);
}
