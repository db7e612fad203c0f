/** The pure alarm engine: `evaluate`, `tick`, `nextDeadline`, `markProcessed`, its state and events. */
export { evaluate, markProcessed } from './evaluate';
export { nextDeadline, tick } from './clock';
export * from './engine.types';
