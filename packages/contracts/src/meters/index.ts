/** Meters, plugs, tags and store equipment (SPEC §2 warehouse area, §7 third-party endpoints). */
export * from './families';
export * from './api';
export * from './meters.routes';
export * from './messages';
export * from './quality';
