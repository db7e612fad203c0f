import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Menu component name of the record-integrity page and its lazily loaded screen. */
export const LEDGER_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'system/LedgerVerify': lazy(() => import('./LedgerVerifyPage').then((m) => ({ default: m.LedgerVerifyPage }))),
};
