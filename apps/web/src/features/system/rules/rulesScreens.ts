import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Menu components of check rules and fill rules (SPEC §2 system), each its own chunk. */
export const RULES_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'system/CheckRuleList': lazy(() => import('./CheckRuleListPage').then((m) => ({ default: m.CheckRuleListPage }))),
  'system/FillRuleList': lazy(() => import('./FillRuleListPage').then((m) => ({ default: m.FillRuleListPage }))),
};
