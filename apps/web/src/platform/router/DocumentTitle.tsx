import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { toLanguage } from '../i18n/i18n';
import { handleTitle, isRouteHandle } from './routeHandle';
import { documentTitle, readRouteTitle } from './routeTitle';

/** Keeps `document.title` in line with the current route and language (SPEC §2). */
export function DocumentTitle(): null {
  const matches = useMatches();
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  const handle = [...matches]
    .reverse()
    .map((m) => m.handle)
    .find(isRouteHandle);
  const pageTitle = readRouteTitle(pathname, lang) ?? (handle ? handleTitle(handle, lang, t) : null);
  useEffect(() => {
    document.title = documentTitle(pathname, pageTitle);
  }, [pathname, pageTitle]);
  return null;
}
