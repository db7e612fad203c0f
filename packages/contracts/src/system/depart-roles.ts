import { z } from 'zod';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { IdQuerySchema, IdsQuerySchema, ListQuerySchema } from './list';
import { RoleCreateSchema, RoleDataRuleChoiceSchema, RoleDataRuleSaveSchema } from './roles';

/**
 * Department roles (SPEC §6 "departments have role
 * rights"). A department role belongs to one department; it may only be granted permissions the
 * department holds (saveDepartPermission), and only members of the department are given it.
 * A member holds the permissions of the department roles given to them, besides those of their
 * tenant roles; taking a permission from the department takes it from its roles. For each
 * permission it is granted, a department role may carry data rules of that permission
 * (`/sys/sysDepartRole/datarule`, within the ones the department offers), applied to the member's lists together with those of
 * their tenant roles.
 */
export const DepartRoleCreateSchema = RoleCreateSchema.extend({ departId: z.string().min(1).max(64) });
export type DepartRoleCreate = z.infer<typeof DepartRoleCreateSchema>;
export const DepartRoleEditSchema = RoleCreateSchema.extend({ id: z.string().min(1).max(64) });
export type DepartRoleEdit = z.infer<typeof DepartRoleEditSchema>;

export const DepartRoleRecordSchema = z.object({
  id: z.string(),
  departId: z.string(),
  roleName: z.string(),
  roleCode: z.string(),
  description: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type DepartRoleRecord = z.infer<typeof DepartRoleRecordSchema>;
export const DEPART_ROLE_LIST_FIELDS = ['roleName', 'roleCode', 'description', 'createTime'] as const;

/** `POST /sys/sysDepartPermission/saveDeptRolePermission`: the full new set, within the department's permissions. */
export const DepartRolePermissionSaveSchema = z.object({
  roleId: z.string().min(1).max(64),
  permissionIds: z.string().max(40000),
  lastpermissionIds: z.string().max(40000).optional(),
});
export type DepartRolePermissionSave = z.infer<typeof DepartRolePermissionSaveSchema>;

/**
 * `POST /sys/sysDepartRole/deptRoleUserAdd`: replaces the roles of a department a member holds
 * with `newRoleId` (comma-joined). JeecgBoot's DeptRoleUserModal sends no `departId`: the
 * department is then the one of the roles in `newRoleId` and `oldRoleId` (all of one department).
 */
export const DepartRoleUserSaveSchema = z.object({
  departId: z.string().min(1).max(64).optional(),
  oldRoleId: z.string().max(20000).optional(),
  userId: z.string().min(1).max(64),
  newRoleId: z.string().max(20000),
});
export type DepartRoleUserSave = z.infer<typeof DepartRoleUserSaveSchema>;

/**
 * `POST /sys/sysDepartRole/datarule` (JeecgBoot): the data rules (SPEC §6) a department
 * role applies for one permission, `{permissionId, roleId, dataRuleIds}` with `dataRuleIds`
 * comma-joined (empty clears them). The department must hold the permission and the role must
 * have been granted it; every id must be a rule of that permission in the current tenant.
 */
export const DepartRoleDataRuleSaveSchema = RoleDataRuleSaveSchema;
export type DepartRoleDataRuleSave = z.infer<typeof DepartRoleDataRuleSaveSchema>;

const tag = 'system-depart';
const ok = z.null();

/**
 * Route table of department roles (JeecgBoot-style paths, SPEC §7 "sysDepart" family). Reading
 * needs `depart:list`; every change is department authorisation, `depart:auth`.
 */
export const DepartRoleRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/sys/sysDepartRole/list',
    access: 'depart:list',
    tag,
    summary: 'Roles of a department (generic list + deptId)',
    query: ListQuerySchema,
    result: pageResultOf(DepartRoleRecordSchema),
  }),
  add: defineRoute({
    method: 'POST',
    path: '/sys/sysDepartRole/add',
    access: 'depart:auth',
    tag,
    summary: 'Create a role of a department',
    body: DepartRoleCreateSchema,
    result: z.object({ id: z.string() }),
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/sys/sysDepartRole/edit',
    access: 'depart:auth',
    tag,
    summary: 'Edit a department role',
    body: DepartRoleEditSchema,
    result: ok,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/sys/sysDepartRole/delete',
    access: 'depart:auth',
    tag,
    summary: 'Delete a department role',
    query: IdQuerySchema,
    result: ok,
  }),
  deleteBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/sysDepartRole/deleteBatch',
    access: 'depart:auth',
    tag,
    summary: 'Delete department roles',
    query: IdsQuerySchema,
    result: ok,
  }),
  queryPermission: defineRoute({
    method: 'GET',
    path: '/sys/sysDepartPermission/queryDeptRolePermission',
    access: 'depart:list',
    tag,
    summary: 'Permission ids granted to a department role',
    query: z.object({ roleId: z.string().min(1).max(64) }),
    result: z.array(z.string()),
  }),
  savePermission: defineRoute({
    method: 'POST',
    path: '/sys/sysDepartPermission/saveDeptRolePermission',
    access: 'depart:auth',
    tag,
    summary: "Replace a department role's permissions (within the department's)",
    body: DepartRolePermissionSaveSchema,
    result: ok,
  }),
  userRoles: defineRoute({
    method: 'GET',
    path: '/sys/sysDepartRole/getDeptRoleByUserId',
    access: 'depart:list',
    tag,
    summary: 'Department roles a member holds in a department (JeecgBoot SysDepartRoleUser rows: droleId)',
    query: z.object({ userId: z.string().min(1).max(64), departId: z.string().min(1).max(64) }),
    result: z.array(z.object({ droleId: z.string(), userId: z.string(), departId: z.string() })),
  }),
  queryDataRule: defineRoute({
    method: 'GET',
    path: '/sys/sysDepartRole/datarule/:permissionId/:departId/:roleId',
    access: 'depart:list',
    tag,
    summary: 'Data rules of a permission and the ones the department role applies',
    params: z.object({
      permissionId: z.string().min(1).max(64),
      departId: z.string().min(1).max(64),
      roleId: z.string().min(1).max(64),
    }),
    result: RoleDataRuleChoiceSchema,
  }),
  saveDataRule: defineRoute({
    method: 'POST',
    path: '/sys/sysDepartRole/datarule',
    access: 'depart:auth',
    tag,
    summary:
      'Choose the data rules a department role applies for a permission it holds (within the ones its department offers)',
    body: DepartRoleDataRuleSaveSchema,
    result: ok,
  }),
  saveUserRoles: defineRoute({
    method: 'POST',
    path: '/sys/sysDepartRole/deptRoleUserAdd',
    access: 'depart:auth',
    tag,
    summary: 'Replace the department roles of a member',
    body: DepartRoleUserSaveSchema,
    result: ok,
  }),
} as const;
