import type { ReactNode } from 'react';
import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AntdTestRoot } from '../platform/antd/AntdTestRoot';
import { initI18n } from '../platform/i18n/i18n';

/**
 * Stubs the browser APIs jsdom lacks and antd calls while rendering: `ResizeObserver` (a
 * do-nothing observer) and `matchMedia` (every query answers "does not match", so antd's
 * responsive grid sees the smallest screen). Call once at the top of a component test file,
 * before the component under test renders.
 */
export function stubLayoutApis(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    },
  );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

/**
 * Registers the hooks of a component test file in English: before all its tests the console's
 * i18n starts in en-US with the message namespaces `namespaces` loaded (for example `'widgets'`
 * or `['system', 'list', 'widgets']`); after each test the rendered tree is unmounted and
 * `afterEachTest` (a mock reset, say) runs.
 */
export function setupEnglishUi(namespaces: string | string[], afterEachTest?: () => void): void {
  beforeAll(async () => {
    const i18n = initI18n('en-US');
    await i18n.changeLanguage('en-US');
    await i18n.loadNamespaces(namespaces);
  });
  afterEach(() => {
    cleanup();
    afterEachTest?.();
  });
}

/**
 * `node` inside the providers a console component expects: a React Query client (a new one
 * unless `client` is given) and, unless `antd` is false, the test root of antd (motion off, no
 * run-time styles; see {@link AntdTestRoot}).
 */
export function withProviders(node: ReactNode, options: { antd?: boolean; client?: QueryClient } = {}): ReactNode {
  const inQuery = <QueryClientProvider client={options.client ?? new QueryClient()}>{node}</QueryClientProvider>;
  return options.antd === false ? inQuery : <AntdTestRoot>{inQuery}</AntdTestRoot>;
}
