import { z } from 'zod';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { PATTERNS } from '../validation';
import { IdQuerySchema, IdsQuerySchema, ImportResultSchema, ListQuerySchema } from './list';

/** `POST /sys/role/add` body (SPEC §3 role; §5 role code without Chinese). */
export const RoleCreateSchema = z.object({
  roleName: z
    .string()
    .min(2, 'validation.tooShort')
    .max(30, 'validation.tooLong')
    .regex(PATTERNS.noSlash, 'validation.noSlash'),
  roleCode: z
    .string()
    .min(2, 'validation.tooShort')
    .max(30, 'validation.tooLong')
    .regex(PATTERNS.noChinese, 'validation.noChinese')
    .regex(/^[A-Za-z0-9_:-]+$/, 'validation.invalid'),
  description: z.string().max(200).nullish(),
});
export type RoleCreate = z.infer<typeof RoleCreateSchema>;
export const RoleEditSchema = RoleCreateSchema.extend({ id: z.string().min(1).max(64) });
export type RoleEdit = z.infer<typeof RoleEditSchema>;

export const RoleRecordSchema = z.object({
  id: z.string(),
  roleName: z.string(),
  roleCode: z.string(),
  description: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type RoleRecord = z.infer<typeof RoleRecordSchema>;
export const ROLE_LIST_FIELDS = [
  'roleName',
  'roleCode',
  'description',
  'createTime',
  'updateTime',
  'createBy',
] as const;

/** `POST /sys/permission/saveRolePermission` body: the full new set of permission ids. */
export const RolePermissionSaveSchema = z.object({
  roleId: z.string().min(1).max(64),
  permissionIds: z.string().max(40000),
  lastpermissionIds: z.string().max(40000).optional(),
});
export type RolePermissionSave = z.infer<typeof RolePermissionSaveSchema>;

/** `POST /sys/role/datarule` body: data rules of one permission a role applies. */
export const RoleDataRuleSaveSchema = z.object({
  roleId: z.string().min(1).max(64),
  permissionId: z.string().min(1).max(64),
  dataRuleIds: z.string().max(20000),
});
export type RoleDataRuleSave = z.infer<typeof RoleDataRuleSaveSchema>;

/**
 * Data rules of one permission in the current tenant and the ids (comma-joined, JeecgBoot's
 * `drChecked`) a role applies: the answer of `GET /sys/role/datarule/…` and of the department
 * role equivalent `GET /sys/sysDepartPermission/datarule/…`.
 */
export const RoleDataRuleChoiceSchema = z.object({
  datarule: z.array(z.object({ id: z.string(), ruleName: z.string() })),
  drChecked: z.string(),
});
export type RoleDataRuleChoice = z.infer<typeof RoleDataRuleChoiceSchema>;

const tag = 'system-role';
const ok = z.null();

/** Route table of roles (SPEC §7 "role"). */
export const RoleRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/sys/role/list',
    access: 'role:list',
    tag,
    summary: 'Roles of the current tenant (generic list)',
    query: ListQuerySchema,
    result: pageResultOf(RoleRecordSchema),
  }),
  queryall: defineRoute({
    method: 'GET',
    path: '/sys/role/queryall',
    access: 'role:list',
    tag,
    summary: 'All roles of the current tenant',
    result: z.array(RoleRecordSchema),
  }),
  add: defineRoute({
    method: 'POST',
    path: '/sys/role/add',
    access: 'role:add',
    tag,
    summary: 'Create a role',
    body: RoleCreateSchema,
    result: z.object({ id: z.string() }),
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/sys/role/edit',
    access: 'role:edit',
    tag,
    summary: 'Edit a role',
    body: RoleEditSchema,
    result: ok,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/sys/role/delete',
    access: 'role:delete',
    tag,
    summary: 'Delete a role',
    query: IdQuerySchema,
    result: ok,
  }),
  deleteBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/role/deleteBatch',
    access: 'role:batch_delete',
    tag,
    summary: 'Delete roles',
    query: IdsQuerySchema,
    result: ok,
  }),
  exportXls: defineRoute({
    method: 'GET',
    path: '/sys/role/exportXls',
    access: 'role:export',
    tag,
    summary: 'Export roles as .xls',
    query: ListQuerySchema,
    result: z.unknown(),
  }),
  importExcel: defineRoute({
    method: 'POST',
    path: '/sys/role/importExcel',
    access: 'role:import',
    tag,
    summary: 'Import roles from .xls/.xlsx',
    result: ImportResultSchema,
  }),
  queryRolePermission: defineRoute({
    method: 'GET',
    path: '/sys/permission/queryRolePermission',
    access: 'role:list',
    tag,
    summary: 'Permission ids granted to a role',
    query: z.object({ roleId: z.string().min(1).max(64) }),
    result: z.array(z.string()),
  }),
  saveRolePermission: defineRoute({
    method: 'POST',
    path: '/sys/permission/saveRolePermission',
    access: 'role:auth',
    tag,
    summary: 'Replace the permissions of a role',
    body: RolePermissionSaveSchema,
    result: ok,
  }),
  queryDataRule: defineRoute({
    method: 'GET',
    path: '/sys/role/datarule/:permissionId/:roleId',
    access: 'role:list',
    tag,
    summary: 'Data rules of a permission and the ones the role applies',
    params: z.object({ permissionId: z.string().max(64), roleId: z.string().max(64) }),
    result: RoleDataRuleChoiceSchema,
  }),
  saveDataRule: defineRoute({
    method: 'POST',
    path: '/sys/role/datarule',
    access: 'role:auth',
    tag,
    summary: 'Choose the data rules a role applies for a permission',
    body: RoleDataRuleSaveSchema,
    result: ok,
  }),
} as const;
