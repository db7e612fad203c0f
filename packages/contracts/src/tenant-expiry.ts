import { z } from 'zod';
import { defineRoute } from './route';

/** Days before a tenant's end date the expiry reminder is sent by default. */
export const TENANT_EXPIRY_REMINDER_DAYS = 7;

/** `PUT /sys/tenant/renew` body: the tenant and its new end date (ISO date-time, in the future). */
export const TenantRenewSchema = z.object({
  id: z.coerce.number().int().min(1),
  endDate: z.iso.datetime({ offset: true }),
});
export type TenantRenew = z.infer<typeof TenantRenewSchema>;

/** Tenant renewal (SPEC §6 "tenant expired, contact platform administrator to renew"). */
export const TenantExpiryRoutes = {
  renew: defineRoute({
    method: 'PUT',
    path: '/sys/tenant/renew',
    access: 'tenant:edit',
    tag: 'system-tenant',
    summary: 'Renew a tenant: set a new end date in the future (platform tenant only); its users can sign in again',
    body: TenantRenewSchema,
    result: z.object({ endDate: z.string() }),
  }),
} as const;
