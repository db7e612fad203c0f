/** The pure alarm engine: `evaluate`, `tick`, `markProcessed`, its state and events. */
export { evaluate, tick, markProcessed } from './evaluate';
export * from './engine.types';
