import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { BigScreenData, DashboardStats } from '@ztj/contracts';
import { setupEnglishUi, stubLayoutApis, withProviders } from '../../test/jsdom';
import type { DashChartOption } from './DashChart';
import { BigScreenPage } from './BigScreenPage';

/**
 * The big screen prints the temperature compliance rate twice, as the KPI's text and inside the
 * gauge: both show the one figure of the server's `compliance.rate`. The chart is replaced by its
 * option's centre text, asked for a value an animation would pass through.
 */

const data = vi.hoisted(() => ({ current: undefined as BigScreenData | undefined }));

vi.mock('./api', () => ({
  useBigScreenData: () => ({
    data: data.current,
    isLoading: false,
    isError: false,
    isFetching: false,
    refetch: () => undefined,
  }),
  useDashboardTrend: () => ({ data: undefined }),
}));
vi.mock('./useLiveDashboard', () => ({ useLiveDashboard: () => undefined }));
vi.mock('../../platform/websocket/telemetrySocket', () => ({ useTelemetrySocket: () => undefined }));
vi.mock('./BigScreenMap', () => ({ BigScreenMap: () => <div data-testid="bigscreen-map" /> }));
vi.mock('./AlarmTicker', () => ({ default: () => <div /> }));
vi.mock('./DashChart', () => ({
  default: ({ option, testId }: { option: DashChartOption; testId?: string }): ReactNode => {
    const series = (option.series as { type: string; detail?: { formatter?: (v: number) => string } }[])[0];
    return <div data-testid={testId}>{series?.detail?.formatter?.(2)}</div>;
  },
}));

const stats = {
  devices: { total: 4, online: 3, offline: 1 },
  alarms: null,
  waybills: null,
  pushes: null,
  warehousesOutOfLimits: null,
  latestAlarms: [],
} as unknown as DashboardStats;

const bigScreen = (rate: number | null, inLimits: number, total: number): BigScreenData => ({
  stats,
  devices: [],
  warehouses: null,
  compliance: { windowHours: 24, total, inLimits, rate },
  now: 0,
});

stubLayoutApis();
setupEnglishUi(['dashboard', 'alarms']);

function renderScreen(d: BigScreenData): void {
  data.current = d;
  render(
    withProviders(
      <MemoryRouter>
        <BigScreenPage />
      </MemoryRouter>,
    ),
  );
}

describe('big screen temperature compliance', () => {
  it('shows the same figure in the KPI text and in the gauge', async () => {
    renderScreen(bigScreen(0.75, 3, 4));
    const gauge = await screen.findByTestId('bigscreen-compliance-gauge');
    expect(screen.getByTestId('kpi-compliance').textContent).toBe('75.0%');
    expect(gauge.textContent).toBe('75.0%');
    expect(screen.getByTestId('bigscreen-compliance').textContent).toContain('3 / 4');
  });

  it('shows a dash in both places without readings', async () => {
    renderScreen(bigScreen(null, 0, 0));
    const gauge = await screen.findByTestId('bigscreen-compliance-gauge');
    expect(screen.getByTestId('kpi-compliance').textContent).toBe('—');
    expect(gauge.textContent).toBe('—');
  });
});
