export * from './envelope';
export * from './i18n';
export * from './messages';
export * from './menu';
export * from './permission-rule';
export * from './validation';
export * from './auth';
export * from './route';
export * from './json-limits';
export * from './json-messages';
export * from './coerce';
export * from './auth.routes';
export * from './dict.routes';
export * from './dashboard';
export * from './ws';
export * from './devices';
export * from './devices-api';
export * from './meters';
export * from './integrations';
export * from './system';
export * from './alarms';
export * from './logistics';
export * from './reports';

/** API base path (SPEC §7); the server's `BASE_PATH` may change it. */
export const API_BASE = '/ztj-iot';
/** HTTP headers of SPEC §7. */
export const HEADER_TOKEN = 'X-Access-Token';
export const HEADER_TENANT = 'tenant-id';
/** Client request timeout (SPEC §9), ms. */
export const REQUEST_TIMEOUT_MS = 50_000;
export * from './self-service';
export * from './tenant-expiry';
export * from './sso';
export * from './branding';
export * from './announcements';
