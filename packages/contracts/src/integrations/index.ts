/** Modbus TCP devices, register maps, third-party integrations and the external device list. */
export * from './register-maps';
export * from './integrations-api';
export * from './messages';
