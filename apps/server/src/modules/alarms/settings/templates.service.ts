import type { Language, RuleTemplateAddSchema, RuleTemplateRecord, TemplateBind } from '@ztj/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db, Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { checkNotifyGroups } from './tenant-refs';
import { deviceGroupsNotInTenant, devicesNotInTenant } from '../../../platform/tenancy/tenant-refs';
import { splitIds } from '../../../platform/list/split-ids';
import { fieldFailure, nameTaken } from '../../../platform/http/field-errors';
import { TEMPLATE_SELECT, templateRecordOf } from './templates.list';

/**
 * Rule templates and their bindings (SPEC §7 parameter templates add, update,
 * delete, importDevs). Every call is scoped to the caller's tenant: a template of another tenant
 * is "not found". Writes go through the server's Db, so the alarm runtime's rule cache sees them
 * (a binding takes effect on the next reading).
 */

/** A parsed template body (add: without id). */
type TemplateBody = z.output<typeof RuleTemplateAddSchema>;
/** Bindings of one template (API shape of `TemplateBindingsSchema`). */
export interface TemplateBindings {
  id: string;
  devices: { id: string; name: string }[];
  groups: { id: string; name: string }[];
}

/**
 * One template of the tenant.
 * @throws AppError notFound (templateNotFound) when missing or of another tenant.
 */
export async function viewTemplate(q: Queryable, tenantId: number, id: string): Promise<RuleTemplateRecord> {
  const [row] = await q.query(
    `SELECT ${TEMPLATE_SELECT} FROM alarm_rule_template t WHERE t.tenant_id = $1 AND t.id = $2`,
    [tenantId, id],
  );
  if (!row) throw new AppError('notFound', 'templateNotFound');
  return templateRecordOf(row);
}

async function checkBody(
  q: Queryable,
  auth: AuthContext,
  lang: Language,
  body: TemplateBody,
  exceptId: string | null,
): Promise<void> {
  const taken = await q.query(
    'SELECT 1 FROM alarm_rule_template WHERE tenant_id = $1 AND name = $2 AND id IS DISTINCT FROM $3',
    [auth.tenantId, body.name, exceptId],
  );
  if (taken.length) throw nameTaken(lang, 'templateNameExists');
  await checkNotifyGroups(q, lang, auth.tenantId, body.notify);
}

/** The stored content: the template as parsed by the contract, without `enabled`. */
function contentOf(body: TemplateBody): string {
  const { enabled: _enabled, ...content } = body;
  return JSON.stringify(content);
}

/**
 * Adds a template (body already validated by `RuleTemplateAddSchema`).
 * @throws AppError conflict templateNameExists; badRequest userGroupNotFound on `notify.*`.
 */
export async function addTemplate(
  db: Db,
  auth: AuthContext,
  lang: Language,
  body: TemplateBody,
): Promise<RuleTemplateRecord> {
  await checkBody(db, auth, lang, body, null);
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO alarm_rule_template (tenant_id, name, category, severity, content, enabled, create_by)
     VALUES ($1,$2,$3,$4,$5::jsonb,$6,$7) RETURNING id`,
    [auth.tenantId, body.name, body.category, body.severity, contentOf(body), body.enabled, auth.username],
  );
  return viewTemplate(db, auth.tenantId, row!.id);
}

/**
 * Replaces a template; takes effect on the next reading (the runtime reloads its rules).
 * @throws AppError notFound templateNotFound; conflict templateNameExists; badRequest on `notify.*`.
 */
export async function updateTemplate(
  db: Db,
  auth: AuthContext,
  lang: Language,
  body: TemplateBody & { id: string },
): Promise<RuleTemplateRecord> {
  await viewTemplate(db, auth.tenantId, body.id);
  const { id, ...rest } = body;
  await checkBody(db, auth, lang, rest, id);
  await db.query(
    `UPDATE alarm_rule_template SET name = $3, category = $4, severity = $5, content = $6::jsonb, enabled = $7, update_by = $8, update_time = now()
      WHERE tenant_id = $1 AND id = $2`,
    [auth.tenantId, id, rest.name, rest.category, rest.severity, contentOf(rest), rest.enabled, auth.username],
  );
  return viewTemplate(db, auth.tenantId, id);
}

/**
 * Deletes templates and their bindings (alarms they raised stay).
 * @throws AppError notFound when any id is not a template of the tenant (nothing is deleted).
 */
export async function deleteTemplates(db: Db, auth: AuthContext, ids: string): Promise<void> {
  const list = splitIds(ids);
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM alarm_rule_template WHERE tenant_id = $1 AND id = ANY($2::text[])',
    [auth.tenantId, list],
  );
  if (list.length === 0 || rows.length !== list.length) throw new AppError('notFound', 'templateNotFound');
  await db.query('DELETE FROM alarm_rule_template WHERE tenant_id = $1 AND id = ANY($2::text[])', [
    auth.tenantId,
    list,
  ]);
}

/** Devices and device groups a template is bound to. */
export async function templateBindings(q: Queryable, tenantId: number, id: string): Promise<TemplateBindings> {
  await viewTemplate(q, tenantId, id);
  const devices = await q.query<{ id: string; name: string }>(
    `SELECT d.dev_no AS id, d.name FROM alarm_rule_binding b JOIN device d ON d.dev_no = b.target_id AND d.tenant_id = b.tenant_id
      WHERE b.template_id = $1 AND b.tenant_id = $2 AND b.target_type = 'device' ORDER BY d.dev_no`,
    [id, tenantId],
  );
  const groups = await q.query<{ id: string; name: string }>(
    `SELECT g.id, g.name FROM alarm_rule_binding b JOIN device_group g ON g.id = b.target_id AND g.tenant_id = b.tenant_id
      WHERE b.template_id = $1 AND b.tenant_id = $2 AND b.target_type = 'group' ORDER BY g.name`,
    [id, tenantId],
  );
  return { id, devices, groups };
}

/**
 * Replaces the bindings of a template with `deviceIds` and `groupIds` (importDevs), in one
 * transaction.
 * @throws AppError notFound templateNotFound; badRequest deviceNotInTenant / groupNotInTenant with the id.
 */
export async function bindTemplate(
  db: Db,
  auth: AuthContext,
  lang: Language,
  body: TemplateBind,
): Promise<TemplateBindings> {
  await viewTemplate(db, auth.tenantId, body.id);
  const [badDevice] = await devicesNotInTenant(db, auth.tenantId, body.deviceIds);
  if (badDevice !== undefined) throw fieldFailure(lang, 'deviceIds', 'deviceNotInTenant', { id: badDevice });
  const [badGroup] = await deviceGroupsNotInTenant(db, auth.tenantId, body.groupIds);
  if (badGroup !== undefined) throw fieldFailure(lang, 'groupIds', 'groupNotInTenant', { id: badGroup });
  await db.tx(async (q) => {
    await q.query('DELETE FROM alarm_rule_binding WHERE template_id = $1 AND tenant_id = $2', [body.id, auth.tenantId]);
    await insertBindings(q, auth.tenantId, body.id, 'device', body.deviceIds, auth.username);
    await insertBindings(q, auth.tenantId, body.id, 'group', body.groupIds, auth.username);
  });
  return templateBindings(db, auth.tenantId, body.id);
}

/** Inserts bindings of one target type (duplicates ignored). */
export async function insertBindings(
  q: Queryable,
  tenantId: number,
  templateId: string,
  type: 'device' | 'group',
  ids: readonly string[],
  by: string,
): Promise<void> {
  if (ids.length === 0) return;
  await q.query(
    `INSERT INTO alarm_rule_binding (template_id, tenant_id, target_type, target_id, create_by)
     SELECT $1, $2, $3, x, $5 FROM unnest($4::text[]) AS x ON CONFLICT DO NOTHING`,
    [templateId, tenantId, type, [...new Set(ids)], by],
  );
}

/**
 * Templates in effect on a device: bound to it directly or to its device group (enabled or not;
 * the record says which).
 * @throws AppError notFound deviceNotInTenant when the device is not one of the tenant.
 */
export async function deviceTemplates(q: Queryable, tenantId: number, deviceId: string): Promise<RuleTemplateRecord[]> {
  const [dev] = await q.query<{ group_id: string | null }>(
    'SELECT group_id FROM device WHERE tenant_id = $1 AND dev_no = $2',
    [tenantId, deviceId],
  );
  if (!dev) throw new AppError('notFound', 'deviceNotInTenant', { id: deviceId });
  const rows = await q.query(
    `SELECT ${TEMPLATE_SELECT} FROM alarm_rule_template t
      WHERE t.tenant_id = $1 AND EXISTS (SELECT 1 FROM alarm_rule_binding b WHERE b.template_id = t.id
        AND ((b.target_type = 'device' AND b.target_id = $2) OR (b.target_type = 'group' AND b.target_id = $3)))
      ORDER BY t.name`,
    [tenantId, deviceId, dev.group_id],
  );
  return rows.map(templateRecordOf);
}
