import { z } from 'zod';
import { defineRoute } from './route';

const Color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'brandingInvalid');
/** A logo: an uploaded file's relative path or an http(s) URL; empty = none. */
const Logo = z
  .string()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\//.test(v) || /^[\w./-]+$/.test(v), 'brandingInvalid');

/**
 * A tenant's branding of the customer monitoring screen /yakult/index (SPEC §1):
 * the screen's name in both languages, a logo and two colours. Stored per tenant on the server.
 */
export const BrandingSchema = z.object({
  nameZh: z.string().trim().min(1).max(40),
  nameEn: z.string().trim().min(1).max(60),
  logo: Logo,
  primaryColor: Color,
  backgroundColor: Color,
});
export type Branding = z.infer<typeof BrandingSchema>;

/** The branding of a tenant that never set one: the tenant's name and the console's colours. */
export const DEFAULT_BRAND_COLORS = { primaryColor: '#1677ff', backgroundColor: '#0b1d33' } as const;

export const BrandingResultSchema = BrandingSchema.extend({ tenantId: z.number().int(), custom: z.boolean() });
export type BrandingResult = z.infer<typeof BrandingResultSchema>;

/** Branding of the session's tenant (read by every signed-in user; edited by holders of user:edit). */
export const BrandingRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/sys/branding',
    access: 'session',
    tag: 'branding',
    summary: "Branding of the session's tenant for the customer monitoring screen (defaults when none is set)",
    result: BrandingResultSchema,
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/sys/branding',
    access: 'user:edit',
    tag: 'branding',
    summary: "Save the session tenant's branding (tenant administrators)",
    body: BrandingSchema,
    result: BrandingResultSchema,
  }),
} as const;
