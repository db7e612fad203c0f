import { z } from 'zod';

/**
 * A menu item as the server sends it in `getUserPermissionByToken` (SPEC §2 "Dynamic routes").
 * `route` '0' means the item is shown in the menu but no route is registered for it.
 * `component` names a web screen (e.g. `dashboard/Analysis`); a name the web does not know yet
 * opens the "not available yet" result page.
 */
export interface MenuItem {
  id: string;
  path: string;
  name: string;
  component: string;
  redirect?: string;
  hidden: boolean;
  alwaysShow?: boolean;
  route: '0' | '1';
  meta: MenuMeta;
  children?: MenuItem[];
}

export interface MenuMeta {
  /** Chinese title. */
  title: string;
  /** English title. */
  titleEn: string;
  icon?: string;
  /** External or iframe address; set when `internalOrExternal` or the path is a URL. */
  url?: string;
  keepAlive: boolean;
  /** true opens outside the console (new window). */
  internalOrExternal: boolean;
  componentName: string;
  /** Permission codes under this menu that route filtering may look at. */
  permissionList?: { action: string; type: string }[];
  /** Permission a route needs (route filter of SPEC §2). */
  permission?: string[];
}

export const MenuMetaSchema = z.object({
  title: z.string(),
  titleEn: z.string(),
  icon: z.string().optional(),
  url: z.string().optional(),
  keepAlive: z.boolean(),
  internalOrExternal: z.boolean(),
  componentName: z.string(),
  permissionList: z.array(z.object({ action: z.string(), type: z.string() })).optional(),
  permission: z.array(z.string()).optional(),
});

export const MenuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    path: z.string(),
    name: z.string(),
    component: z.string(),
    redirect: z.string().optional(),
    hidden: z.boolean(),
    alwaysShow: z.boolean().optional(),
    route: z.enum(['0', '1']),
    meta: MenuMetaSchema,
    children: z.array(MenuItemSchema).optional(),
  }),
);

/**
 * One entry of the `auth` / `allAuth` lists (SPEC §3 "Permission", §6).
 * `type` '1' menu-level, '2' button; `status` '1' enabled, '0' disabled.
 */
export const AuthEntrySchema = z.object({
  action: z.string(),
  describe: z.string(),
  type: z.enum(['1', '2']),
  status: z.enum(['0', '1']),
});
export type AuthEntry = z.infer<typeof AuthEntrySchema>;

export const UserPermissionResultSchema = z.object({
  menu: z.array(MenuItemSchema),
  auth: z.array(AuthEntrySchema),
  allAuth: z.array(AuthEntrySchema),
});
export type UserPermissionResult = z.infer<typeof UserPermissionResultSchema>;
