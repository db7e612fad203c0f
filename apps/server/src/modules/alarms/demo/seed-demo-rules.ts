import { RuleTemplateSchema, SceneAddSchema } from '@ztj/contracts';
import type { Db, Queryable } from '../../../platform/db/db';
import { insertScene } from '../scenes/scenes.service';
import { insertBindings } from '../settings/templates.service';
import { ADMIN_USERNAME, DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { DEMO_TEMPLATES, DEMO_VEHICLE_GROUP, DEMO_VEHICLES, DUTY_GROUP, WAREHOUSE_SCENE } from './demo-rules';

/** Who the seeded rows are created by. */
const SEED_BY = 'system';

/** Id of the demo vehicle group, created when missing; vehicles without a group join it. */
async function vehicleGroup(q: Queryable): Promise<string> {
  const [found] = await q.query<{ id: string }>('SELECT id FROM device_group WHERE tenant_id = $1 AND name = $2', [
    DEMO_TENANT_ID,
    DEMO_VEHICLE_GROUP,
  ]);
  const id =
    found?.id ??
    (
      await q.query<{ id: string }>(
        "INSERT INTO device_group (tenant_id, name, org_code, create_by) VALUES ($1,$2,'B01',$3) RETURNING id",
        [DEMO_TENANT_ID, DEMO_VEHICLE_GROUP, SEED_BY],
      )
    )[0]!.id;
  await q.query(
    'UPDATE device SET group_id = $2 WHERE tenant_id = $1 AND group_id IS NULL AND dev_no = ANY($3::text[])',
    [DEMO_TENANT_ID, id, [...DEMO_VEHICLES]],
  );
  return id;
}

/** Id of the duty recipient group (created with the administrator as member when missing). */
async function dutyGroup(q: Queryable): Promise<string> {
  const [found] = await q.query<{ id: string }>('SELECT id FROM alarm_user_group WHERE tenant_id = $1 AND name = $2', [
    DEMO_TENANT_ID,
    DUTY_GROUP.name,
  ]);
  if (found) return found.id;
  const [g] = await q.query<{ id: string }>(
    'INSERT INTO alarm_user_group (tenant_id, name, description, create_by) VALUES ($1,$2,$3,$4) RETURNING id',
    [DEMO_TENANT_ID, DUTY_GROUP.name, DUTY_GROUP.description, SEED_BY],
  );
  await q.query(
    `INSERT INTO alarm_user_group_member (group_id, user_id, push_mode)
     SELECT $1, u.id, 4 FROM sys_user u JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = $2 WHERE lower(u.username) = $3`,
    [g!.id, DEMO_TENANT_ID, ADMIN_USERNAME],
  );
  return g!.id;
}

/**
 * Seeds the demo tenant's alarm rules (see `demo-rules.ts` for which real series
 * raise which alarms): the duty recipient group with the administrator, the vehicle device group,
 * the four rule templates with their bindings and the warehouse scene. Idempotent: does nothing
 * when the demo tenant already has a rule template (an administrator's edits are never
 * overwritten). Only bindings to devices that exist are written (the fleet is seeded first).
 * @returns true when it seeded, false when the tenant already had templates.
 */
export async function seedDemoRules(db: Db): Promise<boolean> {
  return db.tx(async (q) => {
    // one seeder at a time (two servers starting on one PostgreSQL)
    await q.query('SELECT pg_advisory_xact_lock(90091006)');
    const [has] = await q.query('SELECT 1 FROM alarm_rule_template WHERE tenant_id = $1 LIMIT 1', [DEMO_TENANT_ID]);
    if (has) return false;
    const duty = await dutyGroup(q);
    const vehicles = await vehicleGroup(q);
    const existing = new Set(
      (await q.query<{ dev_no: string }>('SELECT dev_no FROM device WHERE tenant_id = $1', [DEMO_TENANT_ID])).map(
        (r) => r.dev_no,
      ),
    );
    for (const t of DEMO_TEMPLATES) {
      const content = RuleTemplateSchema.parse({
        ...t.template,
        notify: { groupIds: t.notifyDuty ? [duty] : [], escalateGroupIds: [], robots: false },
      });
      const [row] = await q.query<{ id: string }>(
        'INSERT INTO alarm_rule_template (tenant_id, name, category, severity, content, enabled, create_by) VALUES ($1,$2,$3,$4,$5::jsonb,true,$6) RETURNING id',
        [DEMO_TENANT_ID, content.name, content.category, content.severity, JSON.stringify(content), SEED_BY],
      );
      await insertBindings(
        q,
        DEMO_TENANT_ID,
        row!.id,
        'device',
        t.devices.filter((d) => existing.has(d)),
        SEED_BY,
      );
      await insertBindings(q, DEMO_TENANT_ID, row!.id, 'group', t.groups.length ? [vehicles] : [], SEED_BY);
    }
    const [scene] = await q.query('SELECT 1 FROM alarm_scene WHERE tenant_id = $1 AND name = $2', [
      DEMO_TENANT_ID,
      WAREHOUSE_SCENE.name,
    ]);
    const deviceIds = WAREHOUSE_SCENE.deviceIds.filter((d) => existing.has(d));
    if (!scene && deviceIds.length) {
      const body = SceneAddSchema.parse({
        ...WAREHOUSE_SCENE,
        deviceIds,
        actions: {
          ...WAREHOUSE_SCENE.actions,
          push: { users: true, notify: { groupIds: [duty], escalateGroupIds: [], robots: false } },
        },
      });
      await insertScene(q, DEMO_TENANT_ID, SEED_BY, body);
    }
    return true;
  });
}
