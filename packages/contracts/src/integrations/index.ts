/** Modbus TCP devices, register maps, third-party integrations and the external device list (issue 14 items 2-3). */
export * from './register-maps';
export * from './integrations-api';
export * from './messages';
