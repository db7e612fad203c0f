import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';

const get = vi.fn();
vi.mock('./httpClient', () => ({ http: { get: (...a: unknown[]) => get(...a) } }));

const { storedFileRequest, useStoredFileUrl } = await import('./storedFile');

afterEach(() => {
  cleanup();
  get.mockReset();
  vi.restoreAllMocks();
});

describe('stored files (fetched with the session headers)', () => {
  it('requests a stored path through the static route under the API base', () => {
    expect(storedFileRequest('avatar/a.png')).toBe('/sys/common/static/avatar/a.png');
    expect(storedFileRequest('/sys/common/static/import/e.xls')).toBe('/sys/common/static/import/e.xls');
    expect(storedFileRequest('/ztj-iot/sys/common/static/import/e.xls')).toBe('/sys/common/static/import/e.xls');
    expect(storedFileRequest('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(storedFileRequest(null)).toBeUndefined();
  });

  it('shows the file through an object URL fetched by the HTTP client and revokes it on unmount', async () => {
    const blob = new Blob(['png'], { type: 'image/png' });
    get.mockResolvedValue({ data: blob });
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:avatar-1');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    function Probe(): React.ReactNode {
      return <span data-testid="src">{useStoredFileUrl('avatar/a.png') ?? 'none'}</span>;
    }
    const view = render(<Probe />);
    await waitFor(() => expect(screen.getByTestId('src').textContent).toBe('blob:avatar-1'));
    expect(get).toHaveBeenCalledWith(
      '/sys/common/static/avatar/a.png',
      expect.objectContaining({ responseType: 'blob' }),
    );
    expect(create).toHaveBeenCalledWith(blob);
    view.unmount();
    expect(revoke).toHaveBeenCalledWith('blob:avatar-1');
  });
});
