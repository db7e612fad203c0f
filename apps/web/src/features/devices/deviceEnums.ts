import type { DeviceRecord } from '@ztj/contracts';

/**
 * Enumerations of device rows for selects and radios, checked against the contracts' record type
 * (a value added there is a compile error here). Kept local instead of importing the contracts'
 * arrays: their module also defines zod schemas that would follow them into the bundle.
 */
const STATUS: Readonly<Record<DeviceRecord['status'], true>> = { online: true, offline: true };
const WORK: Readonly<Record<DeviceRecord['workStatus'], true>> = { working: true, idle: true };

/** Online status values of the list filter. */
export const DEVICE_STATUSES = Object.keys(STATUS) as DeviceRecord['status'][];
/** Work status values (SPEC §4: working or idle). */
export const WORK_STATUS_VALUES = Object.keys(WORK) as DeviceRecord['workStatus'][];
