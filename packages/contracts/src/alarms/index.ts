/** Alarm contracts (SPEC §2-§4, §7, §9): rule templates, alarms, scenes, push. */
export * from './rule-conditions';
export * from './rule-template';
export * from './alarms-api';
export * from './settings-api';
export * from './scenes-api';
export * from './push-api';
export * from './messages';
export * from './notice-messages';
export * from './alarm-message';
