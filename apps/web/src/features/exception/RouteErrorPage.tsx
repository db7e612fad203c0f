import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ExceptionPage } from './ExceptionPage';

/** Shown when a route fails to render or a screen chunk fails to load (SPEC §8). */
export function RouteErrorPage(): ReactNode {
  const error = useRouteError();
  const { t } = useTranslation('exception');
  if (isRouteErrorResponse(error) && error.status === 404) return <ExceptionPage type="404" />;
  const chunkFailed =
    error instanceof Error && /dynamically imported module|Importing a module script failed|chunk/i.test(error.message);
  return <ExceptionPage type="500" detail={chunkFailed ? t('chunkLoadFailed') : t('500.description')} />;
}
