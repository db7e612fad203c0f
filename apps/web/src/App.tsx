import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { useFeedbackHostWanted } from './platform/feedback/feedback';
import { toLanguage } from './platform/i18n/i18n';
import { router } from './platform/router/router';
import { useSettingsStore } from './platform/settings/settingsStore';

const FeedbackHost = lazy(() => import('./platform/feedback/FeedbackHost').then((m) => ({ default: m.FeedbackHost })));

/**
 * Providers of the console: antd theme and locale, feedback host (loaded on first use), router.
 * Server state (TanStack Query) is provided by the basic layout, so the login page does not carry it.
 */
export function App(): ReactNode {
  const { i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  const colour = useSettingsStore((s) => s.colour);
  const colourWeak = useSettingsStore((s) => s.colourWeak);
  const feedbackWanted = useFeedbackHostWanted((s) => s.wanted);

  useEffect(() => {
    document.documentElement.classList.toggle('colour-weak', colourWeak);
    document.documentElement.style.setProperty('--ztj-primary', colour);
  }, [colour, colourWeak]);

  return (
    <ConfigProvider locale={lang === 'en-US' ? enUS : zhCN} theme={{ token: { colorPrimary: colour } }}>
      {feedbackWanted && (
        <Suspense fallback={null}>
          <FeedbackHost />
        </Suspense>
      )}
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
