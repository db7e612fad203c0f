import { z } from 'zod';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { PasswordSchema, PATTERNS } from '../validation';
import { IdQuerySchema, IdsQuerySchema, ImportResultSchema, ListQuerySchema } from './list';

const isoDate = z.iso
  .datetime({ offset: true })
  .or(z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, 'validation.invalid'));

/** Fields of a tenant shared by add and edit (SPEC §6 tenants): status 1 normal, 0 frozen; validity begin/end. */
const TenantFieldsSchema = z.object({
  name: z.string().min(2, 'validation.tooShort').max(60, 'validation.tooLong'),
  nameEn: z.string().max(100).nullish(),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  beginDate: isoDate.nullish(),
  endDate: isoDate.nullish(),
});

/**
 * `POST /sys/tenant/add` body (SPEC §6 tenants): status 1 normal, 0 frozen; validity
 * begin/end (an ended tenant is refused at sign-in with the spec's message).
 *
 * The new tenant's first administrator is part of the call: the creator does
 * not join the tenant, so without this account nobody could administer it. `adminUsername`,
 * `adminRealname` and `adminPassword` are therefore required and follow the same SPEC §5 rules as
 * a user's account name, name and password; the account is created in the new tenant with its
 * `admin` role and root department. A name that cannot be used is answered as a field error on
 * `adminUsername`.
 */
export const TenantCreateSchema = TenantFieldsSchema.extend({
  id: z.coerce.number().int().min(1).max(2_000_000_000).optional(),
  adminUsername: z.string().regex(PATTERNS.username, 'validation.username'),
  adminRealname: z.string().regex(PATTERNS.realname, 'validation.realname'),
  adminPassword: PasswordSchema,
});
export type TenantCreate = z.infer<typeof TenantCreateSchema>;
/** `PUT /sys/tenant/edit` body: the tenant's own fields; its users are administered inside it. */
export const TenantEditSchema = TenantFieldsSchema.extend({ id: z.coerce.number().int().min(1) });
export type TenantEdit = z.infer<typeof TenantEditSchema>;
export const TenantRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullable(),
  status: z.number().int(),
  beginDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type TenantRecord = z.infer<typeof TenantRecordSchema>;
export const TENANT_LIST_FIELDS = ['id', 'name', 'nameEn', 'status', 'beginDate', 'endDate', 'createTime'] as const;

/** Title / position (SPEC §3): code, name, rank. */
export const PositionCreateSchema = z.object({
  code: z
    .string()
    .min(1)
    .max(30)
    .regex(/^[A-Za-z0-9_-]+$/, 'validation.invalid'),
  name: z
    .string()
    .min(1)
    .max(60)
    .regex(/^[^/\\]*$/, 'validation.noSlash'),
  postRank: z.string().max(30).nullish(),
});
export type PositionCreate = z.infer<typeof PositionCreateSchema>;
export const PositionEditSchema = PositionCreateSchema.extend({ id: z.string().min(1).max(64) });
export type PositionEdit = z.infer<typeof PositionEditSchema>;
export const PositionRecordSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  postRank: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type PositionRecord = z.infer<typeof PositionRecordSchema>;
export const POSITION_LIST_FIELDS = ['code', 'name', 'postRank', 'createTime'] as const;

const ok = z.null();

/** Route table of tenants (SPEC §7 "tenant"). Changes need the platform tenant. */
export const TenantRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/sys/tenant/list',
    access: 'tenant:list',
    tag: 'system-tenant',
    summary: 'Tenants (all in the platform tenant, else only the current one)',
    query: ListQuerySchema,
    result: pageResultOf(TenantRecordSchema),
  }),
  queryById: defineRoute({
    method: 'GET',
    path: '/sys/tenant/queryById',
    access: 'tenant:list',
    tag: 'system-tenant',
    summary: 'One tenant',
    query: IdQuerySchema,
    result: TenantRecordSchema,
  }),
  add: defineRoute({
    method: 'POST',
    path: '/sys/tenant/add',
    access: 'tenant:add',
    tag: 'system-tenant',
    summary:
      'Create a tenant with a root department, an administrator role and its first administrator account (the creator does not join it)',
    body: TenantCreateSchema,
    result: z.object({ id: z.number().int() }),
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/sys/tenant/edit',
    access: 'tenant:edit',
    tag: 'system-tenant',
    summary: 'Edit a tenant (status, validity)',
    body: TenantEditSchema,
    result: ok,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/sys/tenant/delete',
    access: 'tenant:delete',
    tag: 'system-tenant',
    summary: 'Delete a tenant whose only user left is its own administrator (that account goes with it)',
    query: IdQuerySchema,
    result: ok,
  }),
} as const;

/** Route table of positions (SPEC §2 positions). */
export const PositionRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/sys/position/list',
    access: 'position:list',
    tag: 'system-position',
    summary: 'Positions of the current tenant',
    query: ListQuerySchema,
    result: pageResultOf(PositionRecordSchema),
  }),
  add: defineRoute({
    method: 'POST',
    path: '/sys/position/add',
    access: 'position:add',
    tag: 'system-position',
    summary: 'Create a position',
    body: PositionCreateSchema,
    result: z.object({ id: z.string() }),
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/sys/position/edit',
    access: 'position:edit',
    tag: 'system-position',
    summary: 'Edit a position',
    body: PositionEditSchema,
    result: ok,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/sys/position/delete',
    access: 'position:delete',
    tag: 'system-position',
    summary: 'Delete a position',
    query: IdQuerySchema,
    result: ok,
  }),
  deleteBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/position/deleteBatch',
    access: 'position:batch_delete',
    tag: 'system-position',
    summary: 'Delete positions',
    query: IdsQuerySchema,
    result: ok,
  }),
  exportXls: defineRoute({
    method: 'GET',
    path: '/sys/position/exportXls',
    access: 'position:export',
    tag: 'system-position',
    summary: 'Export positions as .xls',
    query: ListQuerySchema,
    result: z.unknown(),
  }),
  importExcel: defineRoute({
    method: 'POST',
    path: '/sys/position/importExcel',
    access: 'position:import',
    tag: 'system-position',
    summary: 'Import positions from .xls/.xlsx',
    result: ImportResultSchema,
  }),
} as const;
