/** The pure alarm engine of issue 9: `evaluate`, `tick`, `markProcessed`, its state and events. */
export { evaluate, tick, markProcessed } from './evaluate';
export * from './engine.types';
