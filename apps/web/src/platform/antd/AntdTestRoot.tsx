import type { ReactNode } from 'react';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';

/**
 * Test-only root of antd for component tests in jsdom: motion off, and antd's CSS-in-JS styles
 * computed but kept out of the document (`mock="server"`, as when rendering on a server). jsdom lays
 * nothing out, so the styles decide nothing a test asserts here; in the document they make every
 * `getComputedStyle` call walk all their rules, and antd's table measures itself with it while
 * Testing Library's role queries call it for each element they look at (issue 35: the user dialog's
 * test went from 7 s to 1.7 s on a quiet machine). Not for a test that relies on antd's stylesheet
 * hiding an element (`display: none` by class).
 */
export function AntdTestRoot({ children }: { children: ReactNode }): ReactNode {
  return (
    <StyleProvider mock="server">
      <ConfigProvider theme={{ token: { motion: false } }}>{children}</ConfigProvider>
    </StyleProvider>
  );
}
