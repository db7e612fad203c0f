/**
 * Administration back-office contracts (SPEC §2 system views, §3 entities, §5 rules, §6
 * permissions, §7 system calls, generic list, import/export). One file per domain.
 */
export * from './list';
export * from './users';
export * from './departs';
export * from './depart-roles';
export * from './depart-calls';
export * from './roles';
export * from './permissions';
export * from './permission-calls';
export * from './tenants';
export * from './dicts';
export * from './dict-calls';
export * from './logs';
export * from './download-center';
export * from './quartz';
export * from './ledger';
export * from './admin-calls';
export * from './gateway-routes';
export * from './check-rules';
export * from './fill-rules';
export * from './datasources';
export * from './monitor';
export * from './stored-files';
export * from './popup-reports';
export * from './popup-report-sql';
