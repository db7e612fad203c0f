import type { TFunction } from 'i18next';
import type { Language } from '@ztj/contracts';

/**
 * What each route carries in `handle` for tabs, breadcrumbs and the document title.
 * Menu routes have server titles; static routes a translation key.
 */
export interface RouteHandle {
  /** Route name (menu `name`), key of scroll restoration. */
  name: string;
  title?: string;
  titleEn?: string;
  /** i18n key (common namespace) for static routes. */
  titleKey?: string;
  keepAlive?: boolean;
  /** Menu path of the route (breadcrumb link target). */
  path?: string;
}

/** True when `value` looks like a `RouteHandle`. */
export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string';
}

/** The route's title in `lang`. */
export function handleTitle(handle: RouteHandle, lang: Language, t: TFunction): string {
  if (handle.titleKey) return t(handle.titleKey, { ns: 'common' });
  return (lang === 'en-US' ? handle.titleEn || handle.title : handle.title || handle.titleEn) ?? handle.name;
}
