import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MonitorSnapshotSchema, type MonitorSnapshot } from '@ztj/contracts';
import { initI18n } from '../../platform/i18n/i18n';

const callApi = vi.fn();
vi.mock('../../platform/http/callApi', () => ({ callApi: (...a: unknown[]) => callApi(...a) }));

// antd's responsive grid asks the viewport (jsdom has no matchMedia): a phone-sized, static answer
vi.stubGlobal('matchMedia', (query: string) => ({
  matches: false,
  media: query,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
}));

const { MonitorInfoPage } = await import('./MonitorInfoPage');

const SNAPSHOT: MonitorSnapshot = MonitorSnapshotSchema.parse({
  time: '2026-05-01T08:00:00.000Z',
  process: {
    uptimeSeconds: 90_061,
    rssBytes: 150 * 1024 ** 2,
    heapUsedBytes: 60 * 1024 ** 2,
    heapTotalBytes: 80 * 1024 ** 2,
    eventLoopDelaySeconds: 0.0105,
    eventLoopDelayP99Seconds: 0.02,
    nodeVersion: 'v20.19.0',
    appVersion: '0.1.0',
    pid: 42,
  },
  database: {
    engine: 'postgresql',
    serverVersion: '16.4',
    sizeBytes: 3 * 1024 ** 3,
    connections: 12,
    largestTables: [{ name: 'telemetry', bytes: 2 * 1024 ** 3, rows: 4_000_000 }],
    telemetryRows: 4_000_000,
    telemetryRowsEstimated: true,
  },
  broker: {
    mode: 'embedded',
    connectedClients: 7,
    messagesInPerSecond: 3.5,
    messagesOutPerSecond: 0,
    messagesInTotal: 1000,
    messagesOutTotal: 2,
    external: null,
  },
  ingest: {
    readingsPerSecond: 3.5,
    messagesReceivedTotal: 1000,
    readingsStoredTotal: 990,
    batchesTotal: 100,
    batchLatencyMeanSeconds: 0.05,
    deadLettersTotal: 1,
    queueDepth: 0,
  },
  jobs: { waiting: 1, active: 0, failed: 2, completed: 10 },
  websocketClients: 3,
});

beforeAll(async () => {
  const i18n = initI18n('en-US');
  await i18n.changeLanguage('en-US');
  await i18n.loadNamespaces('monitor');
});
afterEach(() => {
  cleanup();
  callApi.mockReset();
});

function renderPage(): void {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MonitorInfoPage />
    </QueryClientProvider>,
  );
}

describe('MonitorInfoPage', () => {
  it('shows every section of the snapshot in human units', async () => {
    callApi.mockResolvedValue(SNAPSHOT);
    renderPage();
    expect(screen.getByTestId('monitor-loading')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('monitor-page')).toBeTruthy());
    for (const id of ['process', 'database', 'broker', 'ingest', 'jobs'])
      expect(screen.getByTestId(`monitor-${id}`)).toBeTruthy();
    expect(screen.getByTestId('monitor-uptime').textContent).toBe('Uptime1d 1h 1m');
    expect(screen.getByTestId('monitor-db-size').textContent).toBe('Size3 GB');
    expect(screen.getByTestId('monitor-telemetry-rows').textContent).toBe('Telemetry rows≈ 4,000,000');
    expect(screen.getByTestId('monitor-mqtt-in').textContent).toBe('Messages in3.5/s');
    expect(screen.getByTestId('monitor-rss').textContent).toContain('150 MB');
    expect(screen.getByTestId('monitor-tables').textContent).toContain('telemetry');
  });

  it('says on the embedded broker that no broker queue applies', async () => {
    callApi.mockResolvedValue(SNAPSHOT);
    renderPage();
    await waitFor(() => expect(screen.getByTestId('monitor-broker-queue')).toBeTruthy());
    expect(screen.getByTestId('monitor-broker-queue').textContent).toContain('no broker queue to size');
    expect(screen.queryByTestId('monitor-broker-dropped')).toBeNull();
  });

  it("shows an external broker's drops in red with the fix, and the queue an outage needs", async () => {
    callApi.mockResolvedValue({
      ...SNAPSHOT,
      broker: {
        mode: 'external',
        connectedClients: null,
        messagesInPerSecond: 5_000,
        messagesOutPerSecond: null,
        messagesInTotal: 20_000,
        messagesOutTotal: null,
        external: {
          state: 'reporting',
          kind: 'mosquitto',
          droppedTotal: 11_310,
          storeMessages: 1_053,
          storeBytes: 2_048,
          ingestClientId: 'ztj-ingest-host-3000',
        },
      },
    } satisfies MonitorSnapshot);
    renderPage();
    await waitFor(() => expect(screen.getByTestId('monitor-broker-dropped')).toBeTruthy());
    expect(screen.getByTestId('monitor-broker-state').textContent).toBe('reported · Mosquitto');
    expect(screen.getByTestId('monitor-broker-dropped').textContent).toBe('11,310');
    expect(screen.getByTestId('monitor-broker-dropped').className).toContain('danger');
    const fix = screen.getByTestId('monitor-broker-drop-fix').textContent;
    expect(fix).toContain('max_queued_messages / max_queued_bytes');
    expect(fix).toContain('ztj-ingest-host-3000-<i>');
    expect(screen.getByTestId('monitor-broker-outage').textContent).toContain(
      'at the current 5,000 msg/s, 60 s → 300,000 messages, 300 s → 1,500,000 messages',
    );
  });

  it('says so when the server cannot be read', async () => {
    callApi.mockRejectedValue(new Error('refused'));
    renderPage();
    await waitFor(() => expect(screen.getByTestId('monitor-error')).toBeTruthy());
  });
});
