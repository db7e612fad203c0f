/** Alarm contracts (issue 9; SPEC §2-§4, §9): rule templates and their typed conditions. */
export * from './rule-conditions';
export * from './rule-template';
