import fs from 'node:fs';
import path from 'node:path';
import type { Db, Queryable } from '../../../platform/db/db';
import { generatePassword, hashPassword } from '../../../platform/auth/tokens';
import { DICT_SEED } from './dicts.seed';
import { ADMIN_USERNAME, DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { MENU_SEED, OPERATOR_MENUS, VIEWER_MENUS, type MenuSeed } from './menus.seed';

export interface SeedOptions {
  /** First administrator password; generated when undefined. */
  adminPassword?: string;
  /** Where a generated password is written (mode 0600). */
  dataDir: string;
  /** Called once with a generated password so start-up can print it. */
  onGeneratedPassword?: (password: string, file: string) => void;
}

/**
 * Seeds what a fresh installation needs. Idempotent: the menu tree and
 * dictionaries are upserted on every start so new releases add their entries; tenants,
 * departments, roles and the administrator are created only when missing, so nothing an
 * administrator changed is overwritten.
 */
export async function seed(db: Db, opts: SeedOptions): Promise<void> {
  await db.tx(async (q) => {
    const added = await seedMenus(q);
    await seedDicts(q);
    await seedTenants(q);
    // Menus added by a newer release go to every existing administrator role, and to the seeded
    // operator and viewer roles as a fresh installation would give them (see grantRole).
    if (added.length) {
      await q.query(
        `INSERT INTO sys_role_permission (role_id, permission_id)
         SELECT r.id, p FROM sys_role r, unnest($1::text[]) AS p WHERE r.role_code = 'admin' ON CONFLICT DO NOTHING`,
        [added],
      );
      for (const code of ['operator', 'viewer'] as const) await grantRole(q, null, code, added);
    }
  });
  const admin = await db.one<{ id: string }>('SELECT id FROM sys_user WHERE lower(username) = $1', [ADMIN_USERNAME]);
  if (!admin) await seedAdmin(db, opts);
}

/** Upserts the menu tree; returns the ids inserted by this call. */
async function seedMenus(q: Queryable): Promise<string[]> {
  const added: string[] = [];
  const upsert = async (sql: string, params: unknown[]): Promise<void> => {
    const [row] = await q.query<{ id: string; inserted: boolean }>(
      `${sql} RETURNING id, (xmax = 0) AS inserted`,
      params,
    );
    if (row?.inserted) added.push(row.id);
  };
  const walk = async (items: MenuSeed[], parent: string | null, level: number): Promise<void> => {
    for (const [index, m] of items.entries()) {
      const isLeaf = !m.children?.length && !m.buttons?.length;
      await upsert(
        `INSERT INTO sys_permission (id, parent_id, name, name_en, url, component, component_name, redirect, menu_type,
                                     perms, sort_no, icon, is_leaf, hidden, keep_alive, always_show)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16)
         ON CONFLICT (id) DO UPDATE SET name_en = EXCLUDED.name_en, component = EXCLUDED.component, is_leaf = EXCLUDED.is_leaf,
           -- a release that puts a code on an existing menu reaches old installations; a code an
           -- administrator set stays
           perms = COALESCE(sys_permission.perms, EXCLUDED.perms)`,
        [
          m.id,
          parent,
          m.name,
          m.nameEn,
          m.path ?? null,
          m.component ?? null,
          componentName(m),
          m.redirect ?? null,
          level === 0 ? 0 : 1,
          m.perms ?? null,
          index + 1,
          m.icon ?? null,
          isLeaf,
          m.hidden ?? false,
          m.keepAlive ?? false,
          false,
        ],
      );
      for (const [bIndex, [code, zh, en]] of (m.buttons ?? []).entries()) {
        await upsert(
          `INSERT INTO sys_permission (id, parent_id, name, name_en, menu_type, perms, perms_type, sort_no, is_route, is_leaf)
           VALUES ($1,$2,$3,$4,2,$5,'1',$6,false,true) ON CONFLICT (id) DO UPDATE SET name_en = EXCLUDED.name_en`,
          [`btn:${code}`, m.id, zh, en, code, bIndex + 1],
        );
      }
      if (m.children) await walk(m.children, m.id, level + 1);
    }
  };
  await walk(MENU_SEED, null, 0);
  return added;
}

function componentName(m: MenuSeed): string | null {
  return m.path
    ? m.path
        .replace(/^\//, '')
        .replace(/\/:.*$/, '')
        .replace(/\//g, '-')
    : null;
}

async function seedDicts(q: Queryable): Promise<void> {
  for (const d of DICT_SEED) {
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO sys_dict (dict_code, dict_name, dict_name_en) VALUES ($1,$2,$3)
       ON CONFLICT (dict_code) DO UPDATE SET dict_name_en = EXCLUDED.dict_name_en RETURNING id`,
      [d.code, d.name, d.nameEn],
    );
    for (const [i, [value, zh, en]] of d.items.entries()) {
      await q.query(
        `INSERT INTO sys_dict_item (dict_id, item_value, item_text, item_text_en, sort_order) VALUES ($1,$2,$3,$4,$5)
         ON CONFLICT (dict_id, item_value) DO NOTHING`,
        [row!.id, value, zh, en, i + 1],
      );
    }
  }
}

interface DepartSeed {
  code: string;
  name: string;
  nameEn: string;
  category: '1' | '2';
  children?: DepartSeed[];
}

const TENANTS: { id: number; name: string; nameEn: string; departs: DepartSeed }[] = [
  {
    id: PLATFORM_TENANT_ID,
    name: '智慧冷链平台',
    nameEn: 'ZTJ Platform',
    departs: {
      code: 'A01',
      name: '平台总部',
      nameEn: 'Platform HQ',
      category: '1',
      children: [
        { code: 'A01A01', name: '技术部', nameEn: 'Engineering', category: '2' },
        { code: 'A01A02', name: '运营部', nameEn: 'Operations', category: '2' },
      ],
    },
  },
  {
    id: DEMO_TENANT_ID,
    name: '演示冷链物流有限公司',
    nameEn: 'Demo Cold Chain Logistics Co.',
    departs: {
      code: 'B01',
      name: '演示冷链物流有限公司',
      nameEn: 'Demo Cold Chain Logistics Co.',
      category: '1',
      children: [
        {
          code: 'B01A01',
          name: '运输部',
          nameEn: 'Transport',
          category: '2',
          children: [{ code: 'B01A01A01', name: '冷藏车队', nameEn: 'Reefer fleet', category: '2' }],
        },
        { code: 'B01A02', name: '仓储部', nameEn: 'Warehousing', category: '2' },
        { code: 'B01A03', name: '质量部', nameEn: 'Quality', category: '2' },
      ],
    },
  },
];

const ROLES = [
  { code: 'admin', name: '管理员', desc: 'Administrator: every menu and button' },
  { code: 'operator', name: '操作员', desc: 'Operator: monitoring and operations, no administration' },
  { code: 'viewer', name: '访客', desc: 'Viewer: read-only monitoring' },
] as const;

async function seedTenants(q: Queryable): Promise<void> {
  for (const t of TENANTS) {
    const exists = await q.query('SELECT 1 FROM sys_tenant WHERE id = $1', [t.id]);
    if (exists.length) continue;
    await q.query('INSERT INTO sys_tenant (id, name, name_en, status, begin_date) VALUES ($1,$2,$3,1,now())', [
      t.id,
      t.name,
      t.nameEn,
    ]);
    const insertDepart = async (d: DepartSeed, parent: string | null, order: number): Promise<void> => {
      const [row] = await q.query<{ id: string }>(
        `INSERT INTO sys_depart (tenant_id, parent_id, depart_name, depart_name_en, org_code, org_category, depart_order, create_by)
         VALUES ($1,$2,$3,$4,$5,$6,$7,'system') RETURNING id`,
        [t.id, parent, d.name, d.nameEn, d.code, d.category, order],
      );
      for (const [i, c] of (d.children ?? []).entries()) await insertDepart(c, row!.id, i + 1);
    };
    await insertDepart(t.departs, null, 1);
    for (const r of ROLES) {
      const [role] = await q.query<{ id: string }>(
        `INSERT INTO sys_role (tenant_id, role_name, role_code, description, create_by) VALUES ($1,$2,$3,$4,'system') RETURNING id`,
        [t.id, r.name, r.code, r.desc],
      );
      await grantRole(q, role!.id, r.code);
    }
  }
}

/**
 * Grants a seeded role its permissions: admin all, operator all but system, viewer menus only.
 * `roleId` null: every role of that code (all tenants); `only`: just these permission ids (a
 * release's new menus and buttons on an existing installation).
 */
async function grantRole(
  q: Queryable,
  roleId: string | null,
  code: 'admin' | 'operator' | 'viewer',
  only?: readonly string[],
): Promise<void> {
  if (code === 'admin') {
    await q.query(
      'INSERT INTO sys_role_permission (role_id, permission_id) SELECT $1, id FROM sys_permission ON CONFLICT DO NOTHING',
      [roleId],
    );
    return;
  }
  const tops = code === 'operator' ? OPERATOR_MENUS : VIEWER_MENUS;
  await q.query(
    `WITH RECURSIVE tree AS (
       SELECT id, menu_type FROM sys_permission WHERE id = ANY($2::text[])
       UNION ALL SELECT p.id, p.menu_type FROM sys_permission p JOIN tree ON p.parent_id = tree.id)
     INSERT INTO sys_role_permission (role_id, permission_id)
     SELECT r.id, tree.id FROM tree JOIN sys_role r ON ($1::text IS NOT NULL AND r.id = $1) OR ($1::text IS NULL AND r.role_code = $5)
      WHERE ($3 OR tree.menu_type <> 2) AND ($4::text[] IS NULL OR tree.id = ANY($4::text[])) ON CONFLICT DO NOTHING`,
    [roleId, tops, code === 'operator', only ?? null, code],
  );
}

async function seedAdmin(db: Db, opts: SeedOptions): Promise<void> {
  let password = opts.adminPassword;
  let generated = false;
  if (!password) {
    password = generatePassword();
    generated = true;
  }
  const hash = await hashPassword(password);
  await db.tx(async (q) => {
    const [user] = await q.query<{ id: string }>(
      `INSERT INTO sys_user (username, realname, password_hash, org_code, login_tenant_id, status, user_identity, create_by)
       VALUES ($1, $1, $2, 'A01', $3, 1, 2, 'system') RETURNING id`,
      [ADMIN_USERNAME, hash, PLATFORM_TENANT_ID],
    );
    for (const [tenantId, orgCode] of [
      [PLATFORM_TENANT_ID, 'A01'],
      [DEMO_TENANT_ID, 'B01'],
    ] as const) {
      await q.query('INSERT INTO sys_user_tenant (user_id, tenant_id) VALUES ($1,$2)', [user!.id, tenantId]);
      await q.query('INSERT INTO sys_user_depart (user_id, dep_id) SELECT $1, id FROM sys_depart WHERE org_code = $2', [
        user!.id,
        orgCode,
      ]);
      await q.query(
        `INSERT INTO sys_user_role (user_id, role_id) SELECT $1, id FROM sys_role WHERE tenant_id = $2 AND role_code = 'admin'`,
        [user!.id, tenantId],
      );
    }
  });
  if (generated) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    const file = path.join(opts.dataDir, 'admin-password.txt');
    fs.writeFileSync(file, `${ADMIN_USERNAME}\n${password}\n`, { mode: 0o600 });
    fs.chmodSync(file, 0o600);
    opts.onGeneratedPassword?.(password, file);
  }
}
