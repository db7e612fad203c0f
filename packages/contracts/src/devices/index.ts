/**
 * Device-side contracts (SPEC §3 models and parameter codes, §4 device events, §5 acquisition
 * limits, §7 device calls; ARCHITECTURE §4-5 telemetry and ingestion).
 */
export * from './parameters';
export * from './models';
export * from './model-lookup';
export * from './periods';
export * from './topics';
export * from './telemetry';
export * from './gcj02';
export * from './map-tiles';
