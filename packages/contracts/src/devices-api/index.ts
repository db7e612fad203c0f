/**
 * Device platform API (SPEC §7 `/wlx/...` devices, groups, gateways), HTTP ingest and the live
 * telemetry WebSocket message (ARCHITECTURE §1, §5).
 */
export * from './messages';
export * from './live';
export * from './schemas';
export * from './routes';
export * from './device-log';
export * from './ingest-refusals';
