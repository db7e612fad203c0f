import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { toLanguage } from '../i18n/i18n';
import { useReducedMotion } from '../responsive/useReducedMotion';
import { useSettingsStore } from '../settings/settingsStore';

/**
 * antd's theme (the user's primary colour; no motion when the system asks for reduced motion, see
 * `useReducedMotion`) and locale around `children`. Every screen but the login page renders inside
 * it; the login page is plain markup, so antd's runtime (CSS-in-JS, components) is neither
 * downloaded nor evaluated before its form is usable.
 */
export function AntdRoot({ children }: { children: ReactNode }): ReactNode {
  const { i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  const colour = useSettingsStore((s) => s.colour);
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider
      locale={lang === 'en-US' ? enUS : zhCN}
      theme={{ token: { colorPrimary: colour, motion: !reducedMotion } }}
    >
      {children}
    </ConfigProvider>
  );
}

/** The pathless layout route of every antd screen (see `router.tsx`). */
export function AntdOutlet(): ReactNode {
  return (
    <AntdRoot>
      <Outlet />
    </AntdRoot>
  );
}
