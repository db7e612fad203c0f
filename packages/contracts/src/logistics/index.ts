/** Logistics contracts (SPEC §2-§5, §7, §9): routes, locations, waybills. */
export * from './places-api';
export * from './messages';
export * from './waybills-api';
export * from './waybill-messages';
export * from './warehouses-api';
export * from './shares-api';
export * from './share-messages';
export * from './subscriptions-api';
export * from './subscription-messages';
