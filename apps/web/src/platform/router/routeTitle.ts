import type { BilingualText, Language } from '@ztj/contracts';
import { readStored, writeStored } from '../storage/localStore';
import { STORAGE_KEYS } from '../storage/storageKeys';
import { APP_CONFIG, HOME_PATH } from '../settings/appConfig';

type StoredTitle = string | BilingualText;

/** Storage key of the title override of `path` (SPEC §2). */
export function routeTitleKey(path: string): string {
  return `${STORAGE_KEYS.routeTitlePrefix}${path}`;
}

/** Stores the title shown for `path` (selecting a menu stores its page title in both languages). */
export function storeRouteTitle(path: string, title: StoredTitle): void {
  writeStored(routeTitleKey(path), title);
}

/** The stored title override of `path` in `lang`, or null. */
export function readRouteTitle(path: string, lang: Language): string | null {
  const stored = readStored<StoredTitle | null>(routeTitleKey(path), null);
  if (stored === null) return null;
  return typeof stored === 'string' ? stored : stored[lang] || null;
}

/**
 * Document title of SPEC §2: page title + ' - ' + product title; only the product title on the
 * dashboard (home) or when the page has no title.
 */
export function documentTitle(
  pathname: string,
  pageTitle: string | null,
  productTitle = APP_CONFIG.productTitle,
): string {
  if (pathname === HOME_PATH || !pageTitle) return productTitle;
  return `${pageTitle} - ${productTitle}`;
}
