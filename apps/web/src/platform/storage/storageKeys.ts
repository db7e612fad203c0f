/**
 * Every local-storage key of the console (SPEC §3 "Local storage keys"), in one place.
 * Values are written by `localStore` as `{"value": …, "expire": ms|null}` under `pro__<key>`.
 */
export const STORAGE_KEYS = {
  accessToken: 'Access-Token',
  tenantId: 'TENANT_ID',
  language: 'LANGUAGE',
  dictCache: 'UI_CACHE_DB_DICT_DATA',
  userInfo: 'Login_Userinfo',
  userName: 'Login_Username',
  /** Login info of third-party entry (at, guid, id). */
  loginInfo: 'LOGIN_INFO',
  /** The user's button permissions (`auth`) and all button permissions (`allAuth`). */
  userButtonAuth: 'LOGIN_USER_BUTTON_AUTH',
  sysButtonAuth: 'SYS_BUTTON_AUTH',
  tenantList: 'TENANT_LIST',
  department: 'LOGIN_DEPART',
  sidebarOpened: 'SIDEBAR_TYPE',
  theme: 'DEFAULT_THEME',
  layoutMode: 'DEFAULT_LAYOUT_MODE',
  fixedHeader: 'DEFAULT_FIXED_HEADER',
  fixedSidebar: 'DEFAULT_FIXED_SIDEMENU',
  autoHideHeader: 'DEFAULT_FIXED_HEADER_HIDDEN',
  contentWidth: 'DEFAULT_CONTENT_WIDTH_TYPE',
  colour: 'DEFAULT_COLOR',
  colourWeak: 'DEFAULT_COLOR_WEAK',
  multipage: 'DEFAULT_MULTI_PAGE',
  /** Tile source of the maps chosen in their layer switch (`offline`, `osm`, `gaode`, `custom`). */
  mapTileSource: 'MAP_TILE_SOURCE',
  /** Prefix of per-path title overrides (SPEC §2 document title). */
  routeTitlePrefix: 'ROUTE_TITLE:',
  /** Prefix of the remembered list page size, plus the list's source key (SPEC §3). */
  pageSizePrefix: 'PAGE_SIZE:',
  /** Prefix of saved advanced queries, plus the list's route or code (SPEC §3). */
  savedQueryPrefix: 'SUPER_QUERY:',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Namespace every key is written under, so the console's entries are easy to tell apart. */
export const STORAGE_NAMESPACE = 'pro__';
