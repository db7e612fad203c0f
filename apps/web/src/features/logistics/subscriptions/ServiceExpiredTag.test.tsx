import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { formatFen, renewalAmount } from '@ztj/contracts';

const callApi = vi.fn();
vi.mock('../../../platform/http/callApi', () => ({ callApi: (...a: unknown[]) => callApi(...a) }));

const { ServiceExpiredTag } = await import('./ServiceExpiredTag');

afterEach(() => {
  cleanup();
  callApi.mockReset();
});

function renderTags(ids: string[]): void {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      {ids.map((id) => (
        <div key={id} data-testid={`row-${id}`}>
          <ServiceExpiredTag deviceId={id} />
        </div>
      ))}
    </QueryClientProvider>,
  );
}

describe('ServiceExpiredTag', () => {
  it('tags only the devices whose service has ended, with one call for all rows', async () => {
    callApi.mockResolvedValue([{ deviceId: 'DEV-OLD', serviceEnd: Date.UTC(2026, 0, 1) }]);
    renderTags(['DEV-OLD', 'DEV-NEW', 'DEV-NONE']);
    await waitFor(() => expect(screen.getAllByTestId('service-expired-tag')).toHaveLength(1));
    expect(screen.getByTestId('row-DEV-OLD').querySelector('[data-testid="service-expired-tag"]')).not.toBeNull();
    expect(screen.getByTestId('row-DEV-NEW').textContent).toBe('');
    expect(callApi).toHaveBeenCalledTimes(1);
  });

  it('shows nothing when the call fails (no permission, network)', async () => {
    callApi.mockRejectedValue(new Error('refused'));
    renderTags(['DEV-OLD']);
    await waitFor(() => expect(callApi).toHaveBeenCalled());
    expect(screen.queryByTestId('service-expired-tag')).toBeNull();
  });
});

describe('renewal amount', () => {
  it('devices × months × unit price in fen, shown in yuan', () => {
    expect(renewalAmount(3, 12, 3000)).toBe(108_000);
    expect(formatFen(108_000)).toBe('1,080.00');
    expect(formatFen(5)).toBe('0.05');
    expect(formatFen(123_456_789)).toBe('1,234,567.89');
  });
});
