import type { ReactNode } from 'react';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { toLanguage } from '../platform/i18n/i18n';
import { handleTitle, isRouteHandle } from '../platform/router/routeHandle';
import { HOME_PATH } from '../platform/settings/appConfig';

/** Breadcrumb trail of the current route and the current page's title text. */
export function useRouteTrail(): { title: string; path?: string }[] {
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  const trail: { title: string; path?: string }[] = [{ title: t('routes.home'), path: HOME_PATH }];
  for (const match of matches) {
    if (!isRouteHandle(match.handle) || match.handle.name === 'index') continue;
    const title = handleTitle(match.handle, lang, t);
    if (title === trail[trail.length - 1].title) continue;
    trail.push({ title, path: match.handle.path });
  }
  return trail;
}

/**
 * Breadcrumbs of SPEC §2: always starting with home (→ /dashboard/analysis); earlier entries are
 * links, the current route is plain text.
 */
export function PageBreadcrumb(): ReactNode {
  const trail = useRouteTrail();
  const items = trail.map((entry, index) => ({
    key: `${index}:${entry.title}`,
    title: index < trail.length - 1 && entry.path ? <Link to={entry.path}>{entry.title}</Link> : entry.title,
  }));
  return <Breadcrumb items={items} data-testid="breadcrumb" />;
}
