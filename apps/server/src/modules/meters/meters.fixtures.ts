import { EQUIPMENT_BUTTONS } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';

/**
 * Test fixtures of the equipment calls: the equipment buttons (EQUIPMENT_BUTTONS of contracts) as
 * permissions held by the administrator roles — the same rows menus.seed.ts writes for buttons
 * (`btn:<code>`), added here when the menu seed does not carry them yet, so the tests do not depend
 * on which release of the seed they run with.
 */
export async function grantEquipmentButtons(q: Queryable): Promise<void> {
  for (const [i, [code, zh, en]] of EQUIPMENT_BUTTONS.entries()) {
    await q.query(
      `INSERT INTO sys_permission (id, parent_id, name, name_en, menu_type, perms, perms_type, sort_no, is_route, is_leaf)
       SELECT $1, 'warehouse-ammeter', $2, $3, 2, $4, '1', $5, false, true
        WHERE NOT EXISTS (SELECT 1 FROM sys_permission WHERE perms = $4) ON CONFLICT (id) DO NOTHING`,
      [`btn:${code}`, zh, en, code, 100 + i],
    );
    await q.query(
      `INSERT INTO sys_role_permission (role_id, permission_id)
       SELECT r.id, p.id FROM sys_role r, sys_permission p WHERE r.role_code = 'admin' AND p.perms = $1 ON CONFLICT DO NOTHING`,
      [code],
    );
  }
}
