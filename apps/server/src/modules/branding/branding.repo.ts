import { DEFAULT_BRAND_COLORS, type Branding, type BrandingResult } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';

/** Branding queries (CONVENTIONS §1 repo): one `tenant_branding` row per tenant, read and written by tenant id. */

interface BrandingRow {
  name_zh: string;
  name_en: string;
  logo: string;
  primary_color: string;
  background_color: string;
}

/**
 * The branding of tenant `tenantId` for the customer monitoring screen: the
 * stored one, else the tenant's own name (Chinese and English) with the console's colours and
 * no logo (`custom: false`).
 */
export async function tenantBranding(q: Queryable, tenantId: number): Promise<BrandingResult> {
  const [row] = await q.query<BrandingRow>(
    'SELECT name_zh, name_en, logo, primary_color, background_color FROM tenant_branding WHERE tenant_id = $1',
    [tenantId],
  );
  if (row) {
    return {
      tenantId,
      custom: true,
      nameZh: row.name_zh,
      nameEn: row.name_en,
      logo: row.logo,
      primaryColor: row.primary_color,
      backgroundColor: row.background_color,
    };
  }
  const [t] = await q.query<{ name: string; name_en: string | null }>(
    'SELECT name, name_en FROM sys_tenant WHERE id = $1',
    [tenantId],
  );
  const name = t?.name ?? '';
  return { tenantId, custom: false, nameZh: name, nameEn: t?.name_en || name, logo: '', ...DEFAULT_BRAND_COLORS };
}

/** Stores the branding of `tenantId` (one row per tenant, replaced). */
export async function saveBranding(q: Queryable, tenantId: number, b: Branding, by: string): Promise<void> {
  await q.query(
    `INSERT INTO tenant_branding (tenant_id, name_zh, name_en, logo, primary_color, background_color, update_by, update_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now())
     ON CONFLICT (tenant_id) DO UPDATE SET name_zh = $2, name_en = $3, logo = $4, primary_color = $5, background_color = $6, update_by = $7, update_time = now()`,
    [tenantId, b.nameZh, b.nameEn, b.logo, b.primaryColor.toLowerCase(), b.backgroundColor.toLowerCase(), by],
  );
}
