/** Pure geometry and timing of logistics (issue 10 items 2–3): fences, route progress, ETA, timing, AI start/stop, dwell. */
export * from './fence';
export * from './route-progress';
export * from './eta';
export * from './timing';
export * from './dwell';
export * from './ai-transitions';
export * from './corridor';
