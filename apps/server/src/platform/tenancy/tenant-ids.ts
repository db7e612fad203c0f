/**
 * The two tenants every installation has: the platform tenant (server-wide administration, shared
 * data such as menus, dictionaries and categories) and the demo tenant the first start seeds.
 * Many modules need these ids, so they belong to the platform, not to the seed that creates the rows.
 */
export const PLATFORM_TENANT_ID = 1000;
export const DEMO_TENANT_ID = 1001;

/** Username of the administrator the first start creates in both tenants. */
export const ADMIN_USERNAME = 'admin';
