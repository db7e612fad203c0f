import { z } from 'zod';
import { defineRoute } from '../route';
import { RefIdSchema } from '../validation';
import { TenantRecordSchema } from './tenants';
import { UserRecordSchema } from './users';

/**
 * System-admin calls JeecgBoot's own console makes besides the ones of the area route tables
 * (SPEC §3 duplicate check, §7 system admin): each with its permission, scoped
 * to the caller's tenant by the server, with JeecgBoot's parameter names and answer shapes.
 */

const ok = z.null();
const Id = RefIdSchema;
const Ids = z.string().min(1).max(20000);

/**
 * `GET /sys/duplicate/check` (SPEC §3 "duplicate check: tableName, fieldName, fieldVal, dataId"):
 * success when the value may be saved, `success: false` with the entity's "already exists"
 * message otherwise. Only allow-listed table/field pairs are understood (never SQL from a client);
 * another pair is refused with code 400 naming it.
 */
export const DuplicateCheckQuerySchema = z.object({
  tableName: z.string().min(1).max(64),
  fieldName: z.string().min(1).max(64),
  fieldVal: z.string().max(200).optional(),
  /** The record being edited: its own value does not count as a duplicate. */
  dataId: z.string().max(64).optional(),
});
export type DuplicateCheckQuery = z.infer<typeof DuplicateCheckQuerySchema>;

/** Users of a role or department, JeecgBoot's `SysUserRoleVO` / `SysDepartUsersVO` bodies. */
export const RoleUsersSchema = z.object({ roleId: Id, userIdList: z.array(Id).min(1).max(1000) });
export const DepartUsersSchema = z.object({ depId: Id, userIdList: z.array(Id).min(1).max(1000) });

export const DuplicateCheckRoutes = {
  check: defineRoute({
    method: 'GET',
    path: '/sys/duplicate/check',
    access: 'session',
    tag: 'common',
    summary: 'Whether a value is free (allow-listed table/field pairs of the current tenant only)',
    query: DuplicateCheckQuerySchema,
    result: ok,
  }),
} as const;

const u = 'system-user';
/** User calls of the role-user and department-user screens (SPEC §7 user). */
export const UserMembershipRoutes = {
  generateUserId: defineRoute({
    method: 'GET',
    path: '/sys/user/generateUserId',
    access: 'user:add',
    tag: u,
    summary: 'A new user id for the add form',
    result: z.string(),
  }),
  queryUserByDepId: defineRoute({
    method: 'GET',
    path: '/sys/user/queryUserByDepId',
    access: 'user:list',
    tag: u,
    summary: 'Users of a department of the current tenant (id = department id; optional realname filter)',
    query: z.object({ id: Id, realname: z.string().max(64).optional() }),
    result: z.array(UserRecordSchema),
  }),
  addSysUserRole: defineRoute({
    method: 'POST',
    path: '/sys/user/addSysUserRole',
    access: 'user:edit',
    tag: u,
    summary: 'Give a role of the current tenant to users',
    body: RoleUsersSchema,
    result: ok,
  }),
  deleteUserRole: defineRoute({
    method: 'DELETE',
    path: '/sys/user/deleteUserRole',
    access: 'user:edit',
    tag: u,
    summary: 'Take a role from a user',
    query: z.object({ roleId: Id, userId: Id }),
    result: ok,
  }),
  deleteUserRoleBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/user/deleteUserRoleBatch',
    access: 'user:edit',
    tag: u,
    summary: 'Take a role from users (comma-joined userIds)',
    query: z.object({ roleId: Id, userIds: Ids }),
    result: ok,
  }),
  editSysDepartWithUser: defineRoute({
    method: 'POST',
    path: '/sys/user/editSysDepartWithUser',
    access: 'user:edit',
    tag: u,
    summary: 'Add users to a department of the current tenant',
    body: DepartUsersSchema,
    result: ok,
  }),
  deleteUserInDepart: defineRoute({
    method: 'DELETE',
    path: '/sys/user/deleteUserInDepart',
    access: 'user:edit',
    tag: u,
    summary: 'Remove a user from a department',
    query: z.object({ depId: Id, userId: Id }),
    result: ok,
  }),
  deleteUserInDepartBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/user/deleteUserInDepartBatch',
    access: 'user:edit',
    tag: u,
    summary: 'Remove users from a department (comma-joined userIds)',
    query: z.object({ depId: Id, userIds: Ids }),
    result: ok,
  }),
} as const;

/** Role and tenant calls of JeecgBoot's role and tenant screens. */
export const RoleTenantCallRoutes = {
  checkRoleCode: defineRoute({
    method: 'GET',
    path: '/sys/role/checkRoleCode',
    access: 'role:list',
    tag: 'system-role',
    summary: 'Whether a role code is free in the current tenant (id: the role being edited)',
    query: z.object({ roleCode: z.string().min(1).max(64), id: z.string().max(64).optional() }),
    result: ok,
  }),
  tenantDeleteBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/tenant/deleteBatch',
    access: 'tenant:delete',
    tag: 'system-tenant',
    summary: 'Delete tenants (comma-joined ids), each under the rules of delete, stopping at the first refusal',
    query: z.object({ ids: Ids }),
    result: ok,
  }),
  tenantQueryList: defineRoute({
    method: 'GET',
    path: '/sys/tenant/queryList',
    access: 'tenant:list',
    tag: 'system-tenant',
    summary: 'Tenants by comma-joined ids (all visible ones without ids)',
    query: z.object({ ids: z.string().max(20000).optional() }),
    result: z.array(TenantRecordSchema),
  }),
} as const;
