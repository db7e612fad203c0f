import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { useFeedbackHostWanted } from '../platform/feedback/feedback';
import { router } from './router';
import { useSettingsStore } from '../platform/settings/settingsStore';

const FeedbackRoot = lazy(() => import('../platform/feedback/FeedbackRoot').then((m) => ({ default: m.FeedbackRoot })));

/**
 * Root of the console: colour settings on the document, the feedback host (loaded on first use)
 * and the router. antd's theme and locale are provided by the `AntdOutlet` layout route around
 * every screen but the login page, and by the feedback host around itself; server state
 * (TanStack Query) by the basic layout, so the login page carries neither.
 */
export function App(): ReactNode {
  const colour = useSettingsStore((s) => s.colour);
  const colourWeak = useSettingsStore((s) => s.colourWeak);
  const feedbackWanted = useFeedbackHostWanted((s) => s.wanted);

  useEffect(() => {
    document.documentElement.classList.toggle('colour-weak', colourWeak);
    document.documentElement.style.setProperty('--ztj-primary', colour);
  }, [colour, colourWeak]);

  return (
    <>
      {feedbackWanted && (
        <Suspense fallback={null}>
          <FeedbackRoot />
        </Suspense>
      )}
      <RouterProvider router={router} />
    </>
  );
}
