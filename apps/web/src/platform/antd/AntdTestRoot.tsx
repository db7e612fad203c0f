import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';

/**
 * Test-only root of antd for component tests in jsdom: motion off, and antd's zero-runtime mode
 * (`theme.zeroRuntime`: no styles generated at run time; the app would load antd's CSS file, a test
 * loads none). jsdom lays nothing out, so the styles decide nothing a test asserts here; generated
 * and put into the document they cost most of a render, and every `getComputedStyle` call walked
 * their rules — antd's table measures itself with it, Testing Library's role queries call it for
 * each element they look at (the user dialog's test went from 7 s to under 2 s on a
 * quiet machine). Not for a test that relies on antd's stylesheet hiding an element (`display:
 * none` by class).
 */
export function AntdTestRoot({ children }: { children: ReactNode }): ReactNode {
  return <ConfigProvider theme={{ zeroRuntime: true, token: { motion: false } }}>{children}</ConfigProvider>;
}
